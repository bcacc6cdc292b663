"""What a game brings to the TUI shell, as data the kit can name without importing Textual.

The shell (``builder.tui``) consumes it; a game's own ``tui/`` package fills it in, from its
``tui/ui.yaml`` (:meth:`SystemUI.load`): the help, the footer's Japanese, the noun and the print
title are words, so they are data beside the screens, and the four games build their SystemUI
with one call. The first screen is a factory the shell calls and checks (it must give a Textual
screen), so the kit, the registry and every non-TUI part of a game stay free of Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.core.i18n import Pair, pair_problem, read_words_file

HelpSection = tuple[str, str, list[tuple[str, str, str]]]
"""(title in English, title in Japanese, [(keys, what in English, what in Japanese)])."""


@dataclass
class SystemUI:
    """What a game system brings to the TUI shell."""

    first_screen: Callable[[Any], object] | None = None
    """Makes the screen the shell opens a file of this game on, from the document's view (a
    Textual ``Screen``); None: the kit's list of the team's items, each edited field by field
    (``builder.systems.editing`` reads them from the team model)."""
    css_paths: list[Path] = field(default_factory=list)
    help: list[HelpSection] = field(default_factory=list)
    help_screens: dict[str, str] = field(default_factory=dict)
    """A screen's name -> the English title of its help section (F1 shows it first)."""
    keys_ja: dict[str, str] = field(default_factory=dict)
    """Footer key descriptions (the English text of each Binding) in Japanese."""
    print_title: tuple[str, str] = ("Print “{name}”", "「{name}」を印刷")
    noun: tuple[str, str] = ("team", "チーム")
    """What the shell calls this game's file content (\"Open team file:\", \"demo map …\")."""
    item: tuple[str, str] = ("item", "項目")
    """What one of the team's items is called; a new one is named after it (\"機体 2\")."""
    fields: dict[str, tuple[str, str]] = field(default_factory=dict)
    """The items' fields as the editor names them, in English and Japanese."""

    @classmethod
    def load(cls, beside: str, first_screen: Callable[[Any], object] | None = None) -> SystemUI:
        """The SystemUI that ``ui.yaml`` in the folder of ``beside`` (pass ``__file__``)
        describes, opening on ``first_screen``; its ``css:`` names style files of that folder.
        Without a ``ui.yaml`` there: the kit's defaults."""
        path = Path(beside).resolve().with_name("ui.yaml")
        if not path.is_file():
            return cls(first_screen=first_screen)
        words = read_ui_file(path)
        return cls(
            first_screen=first_screen,
            css_paths=[path.with_name(name) for name in words.get("css", [])],
            **{k: v for k, v in words.items() if k != "css"},
        )

    def field_name(self, name: str, lang: str) -> str:
        """The field ``name`` as the editor shows it (as written when the game gives none)."""
        pair = self.fields.get(name)
        if pair is None:
            return name
        return pair[1] if lang == "ja" else pair[0]


_UI_FIELDS = {"css", "help", "keys_ja", "print_title", "noun", "item", "fields"}


def read_ui_file(path: Path) -> dict[str, Any]:
    """The fields of a ``ui.yaml`` (``css``, ``help``, ``keys_ja``, ``print_title``, ``noun``),
    checked: every title, help line, noun and footer word in English and Japanese.

    ``help`` is a list of ``{title: [English, 日本語], keys: [[keys, English, 日本語] …]}``;
    ``keys_ja`` maps a footer key's English to its Japanese. Raises ValueError naming the file
    and every problem, so a broken file stops the import before any screen is shown."""
    data = read_words_file(path)
    problems: list[str] = []
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a ui file is a mapping of {sorted(_UI_FIELDS)}")
    if unknown := set(data) - _UI_FIELDS:
        problems.append(f"unknown fields {sorted(unknown)}")
    out: dict[str, Any] = {}
    for name in ("print_title", "noun", "item"):
        if name in data:
            if why := pair_problem(data[name]):
                problems.append(f"{name}: {why}")
            else:
                out[name] = tuple(data[name])
    css = data.get("css", [])
    if not (isinstance(css, list) and all(isinstance(c, str) for c in css)):
        problems.append("css: not a list of file names")
    elif css:
        out["css"] = css
    keys = data.get("keys_ja", {})
    if not isinstance(keys, dict) or any(
        not (isinstance(k, str) and isinstance(v, str) and k and v) for k, v in keys.items()
    ):
        problems.append("keys_ja: not a mapping of English key description: Japanese")
    else:
        out["keys_ja"] = dict(keys)
    fields = data.get("fields", {})
    if not isinstance(fields, dict):
        problems.append("fields: not a mapping of field: [English, 日本語]")
    else:
        for name, pair in fields.items():
            if why := pair_problem(pair):
                problems.append(f"fields: {name}: {why}")
        out["fields"] = {str(k): tuple(v) for k, v in fields.items() if not pair_problem(v)}
    screens: dict[str, str] = {}
    sections = _help(data.get("help", []), problems, screens)
    if sections:
        out["help"] = sections
        out["help_screens"] = screens
    if problems:
        raise ValueError(f"{path}: " + "; ".join(problems))
    return out


def _help(data: object, problems: list[str], screens: dict[str, str]) -> list[HelpSection]:
    """The help sections of a ui file; what is not one goes to ``problems``. A section's
    ``screen:`` (the screens it is about, by class name) goes to ``screens``."""
    if not isinstance(data, list):
        problems.append("help: not a list of sections")
        return []
    sections: list[HelpSection] = []
    for n, section in enumerate(data, 1):
        if not (isinstance(section, dict) and {"title", "keys"} <= set(section) <= _SECTION):
            problems.append(f"help section {n}: not {{title: [English, 日本語], keys: [...]}}")
            continue
        title: Pair = ("", "")
        if why := pair_problem(section["title"]):
            problems.append(f"help section {n} title: {why}")
        else:
            title = (section["title"][0], section["title"][1])
        rows: list[tuple[str, str, str]] = []
        for row in section["keys"] if isinstance(section["keys"], list) else [None]:
            if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str)):
                problems.append(f"help section {n}: {row!r} is not [keys, English, 日本語]")
            elif why := pair_problem(row[1:]):
                problems.append(f"help section {n}, {row[0]}: {why}")
            else:
                rows.append((row[0], row[1], row[2]))
        sections.append((*title, rows))
        named = section.get("screen", [])
        for screen in [named] if isinstance(named, str) else named:
            screens[str(screen)] = title[0]
    return sections


_SECTION = {"title", "keys", "screen"}
