"""The ``laminim`` command's own words (its refusals, what it says beside its output) and its
exit codes."""

from __future__ import annotations

from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2

MESSAGES = Messages.load(__file__)
"""The command's own words (its refusals, what it writes beside the output), both languages."""


def say(key: str, **params: object) -> str:
    """The command's message ``key`` in the language it reports in."""
    return MESSAGES(key, **params).text(current_lang())


def _refused(where: str, message: Message) -> InputError:
    """Bad input the command itself refuses (an option, an argument): exit 2, one line."""
    return InputError([Problem(where, None, None, "", message)])
