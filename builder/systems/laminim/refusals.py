"""The rules core's refusals in the player's words.

The rules core is pure: a job beyond its budget raises :class:`~.rules.TooLarge` holding the
numbers, an interception it cannot run returns a :class:`~.rules.interception.Refusal` holding
a message key. This module turns both into :class:`~builder.core.messages.Message` s from the
messages table beside it, so ``analyze``, ``compare``, ``optimize``, ``balance`` and the cards
refuse in English or Japanese alike.
"""

from __future__ import annotations

from builder.core.messages import Message, MessageError, Messages
from builder.systems.laminim.rules.budget import TooLarge
from builder.systems.laminim.rules.interception import Refusal

MESSAGES = Messages.load(__file__)


def too_large(exc: TooLarge) -> Message:
    """What a job beyond the budget needs (states, work or dice) against its limit."""
    what = exc.what if exc.what in ("states", "work") else "dice"
    return MESSAGES(f"too-large-{what}", needed=f"{exc.needed:.3g}", limit=f"{exc.limit:.3g}")


def refusal(refused: Refusal) -> Message:
    """Why an interception cannot be used, in both languages."""
    kind = MESSAGES(f"kind-{refused.kind}") if refused.kind else ""
    return MESSAGES(
        refused.key, slot=refused.slot, slots=refused.slots, weapon=refused.weapon, kind=kind
    )


def said(exc: Exception) -> Message:
    """An exception's words as a message: a :class:`MessageError`'s own, a budget refusal's,
    else its text as it is (untranslated)."""
    if isinstance(exc, MessageError):
        return exc.said
    if isinstance(exc, TooLarge):
        return too_large(exc)
    return Message.untranslated(str(exc))
