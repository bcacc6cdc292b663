"""Labels of the TUI shell (files, print, help) in English and Japanese.

A game system's screens keep their own table beside them; the shell's are shared by all. The
words are data: ``labels.yaml`` (labels) and ``ui.yaml`` (footer words and help) beside this.
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.core.i18n import Labels, Lang
from builder.systems import HelpSection, read_ui_file

Noun = tuple[str, str]
"""What a game calls its file's content, in English and Japanese (a team, a force, a map …)."""

FILE_NOUN: Noun = ("file", "ファイル")

SHELL_LABELS = Labels.load(__file__, "labels.yaml", noun=FILE_NOUN)

_SHELL_UI = read_ui_file(Path(__file__).resolve().with_name("ui.yaml"))
SHELL_KEYS_JA: dict[str, str] = _SHELL_UI["keys_ja"]
"""Footer key descriptions of the shell's own bindings in Japanese."""
SHELL_HELP: list[HelpSection] = _SHELL_UI["help"]
"""The help of the shell's own keys (every screen's) and of the kit's own screens."""
SHELL_HELP_SCREENS: dict[str, str] = _SHELL_UI.get("help_screens", {})
"""A kit screen's name -> the English title of its help section."""

HELP_TITLE = SHELL_LABELS["help_title"]
"""Formatted with the game system's name in the help's language."""
HELP_MOUSE = SHELL_LABELS["help_mouse"]


def t(key: str, lang: Lang, noun: Noun = FILE_NOUN) -> str:
    """The shell label ``key`` in ``lang``, naming the game's file content as ``noun``."""
    return SHELL_LABELS.t(key, lang, noun=noun)


KEY_NAMES = Labels.load(__file__, "key_labels.yaml")
"""Key names of the help's key column (``type``, ``space``, ``ctrl`` …) in both languages."""


def key_names(keys: str, lang: Lang) -> str:
    """A help line's keys (``shift+↑ ↓  K J``, ``type``) in ``lang``: in Japanese each key
    name of the table in Japanese or as on the key cap, whatever its case; single letters and
    arrows stay. English shows them as written."""

    if lang != "ja":
        return keys

    def name(found: re.Match[str]) -> str:
        word = found.group(0)
        return KEY_NAMES.t(word.lower(), lang) if word.lower() in KEY_NAMES else word

    named = re.sub(r"[A-Za-z]{2,}", name, keys)  # then Ctrl+T, as on the key cap
    return re.sub(r"(Ctrl|Shift)\+([a-z])\b", lambda m: f"{m[1]}+{m[2].upper()}", named)


def key_label(description: str, lang: Lang, system_keys: dict[str, str] | None = None) -> str:
    """A footer key's description in ``lang`` (unknown ones stay as written)."""
    if lang != "ja":
        return description
    return {**SHELL_KEYS_JA, **(system_keys or {})}.get(description, description)
