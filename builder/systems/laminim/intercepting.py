"""``--intercept SLOT[:BONUS]`` (docs/rules.md D19): which weapon of each unit shoots missiles down.

``SLOT`` is 1-3 (the same slot for every unit analysed or compared; a unit whose slot holds no
normal weapon is bad input) or ``auto`` (each unit's normal weapon that stops the most of a
salvo at that bonus; a unit with none does not intercept). ``BONUS`` is the total hit bonus
(default +2, both aim bonuses).
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.core.messages import Message, MessageError, Messages
from builder.core.problems import InputError, Problem
from builder.systems.laminim.refusals import refusal
from builder.systems.laminim.rules.interception import (
    CARD_SALVO,
    DEFAULT_BONUS,
    Intercept,
    can_intercept,
    intercept_problem,
    mean_stopped,
)
from builder.systems.laminim.rules.model import UnitSpec

MESSAGES = Messages.load(__file__)

AUTO = "auto"
MAX_BONUS = 6  # B >= 5 already hits on every face


@dataclass(frozen=True)
class InterceptChoice:
    """A parsed ``--intercept``: ``slot`` 0-based, or None for ``auto``."""

    slot: int | None
    bonus: int = DEFAULT_BONUS

    def for_unit(self, unit: UnitSpec) -> Intercept | None:
        """The unit's interceptor; :class:`MessageError` (why, in both languages) when an
        explicit slot cannot shoot."""
        if self.slot is None:
            return best_interceptor(unit, self.bonus)
        intercept = Intercept(self.slot, self.bonus)
        refused = intercept_problem(unit, intercept)
        if refused is not None:
            raise MessageError(refusal(refused))
        return intercept


def _bad(message: Message) -> InputError:
    return InputError([Problem("--intercept", None, None, "", message)])


def parse_intercept(text: str | None) -> InterceptChoice | None:
    """``1``, ``2:3``, ``auto``, ``auto:4`` → an InterceptChoice; InputError (exit 2) if bad."""
    if text is None:
        return None
    slot_text, _, bonus_text = text.strip().partition(":")
    bonus = DEFAULT_BONUS
    if bonus_text:
        try:
            bonus = int(bonus_text)
        except ValueError:
            raise _bad(MESSAGES("intercept-bonus-not-number", got=bonus_text)) from None
        if not 0 <= bonus <= MAX_BONUS:
            raise _bad(MESSAGES("intercept-bonus-range", limit=MAX_BONUS, got=bonus))
    if slot_text.lower() == AUTO:
        return InterceptChoice(None, bonus)
    if slot_text not in ("1", "2", "3"):
        raise _bad(MESSAGES("intercept-slot", auto=AUTO, got=slot_text))
    return InterceptChoice(int(slot_text) - 1, bonus)


def best_interceptor(unit: UnitSpec, bonus: int = DEFAULT_BONUS) -> Intercept | None:
    """The normal weapon stopping the most of a 5-missile salvo (first slot on a tie)."""
    best: tuple[float, int] | None = None
    for slot, weapon in enumerate(unit.slots):
        if weapon is None or not can_intercept(weapon):
            continue
        stopped = mean_stopped(weapon, CARD_SALVO, bonus)
        if best is None or stopped > best[0] + 1e-12:
            best = (stopped, slot)
    return None if best is None else Intercept(best[1], bonus)
