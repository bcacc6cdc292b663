"""Interface labels of the TUI in English and Japanese (``key -> (english, japanese)``)."""

from __future__ import annotations

from builder.core.i18n import Labels
from builder.tui.labels import SHELL_LABELS

LABELS = Labels.load(__file__, "labels.yaml")

SOURCE_TEAM = "src_team"
SOURCE_EDITING = "src_editing"
"""Where a compared unit came from (label keys, shown in the current language)."""


t = Labels({**SHELL_LABELS, **LABELS}).t
"""The label ``key`` of this table or the shell's in ``lang`` (the shell's ``{noun}`` unfilled)."""
