"""The operating system's reason for a failed file operation, in both languages.

``OSError.strerror`` is English whatever the player's language; a message that shows it under
``--lang ja`` would mix languages. The reasons a player meets (permissions, a full disk, a
folder where a file was expected …) come from a table by ``errno``; any other keeps the
system's own words in both languages.
"""

from __future__ import annotations

import errno

from builder.core.messages import Message, Messages

REASONS = Messages.load(__file__)  # the ``os-<ERRNO>`` keys of core's messages.yaml


def os_reason_words(exc: BaseException) -> Message:
    """Why ``exc`` happened, as the operating system says it, in English and in Japanese."""
    code = getattr(exc, "errno", None)
    name = errno.errorcode.get(code, "") if isinstance(code, int) else ""
    if name == "ENOTSUP":
        name = "EOPNOTSUPP"
    if f"os-{name}" in REASONS:
        return REASONS(f"os-{name}")
    text = str(getattr(exc, "strerror", None) or exc)
    return Message.untranslated(text)
