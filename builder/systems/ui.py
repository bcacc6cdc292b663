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

    first_screen: Callable[[], object]
    """Makes the screen the shell opens on a file of this system (a Textual ``Screen``)."""
    css_paths: list[Path] = field(default_factory=list)
    help: list[HelpSection] = field(default_factory=list)
    keys_ja: dict[str, str] = field(default_factory=dict)
    """Footer key descriptions (the English text of each Binding) in Japanese."""
    print_title: tuple[str, str] = ("Print “{name}”", "「{name}」を印刷")
    noun: tuple[str, str] = ("team", "チーム")
    """What the shell calls this game's file content (\"Open team file:\", \"demo map …\")."""
    state: object = None
    """The system's own session state (e.g. its chosen threat); the shell never reads it."""

    @classmethod
    def load(
        cls, beside: str, first_screen: Callable[[], object], state: object = None
    ) -> SystemUI:
        """The SystemUI that ``ui.yaml`` in the folder of ``beside`` (pass ``__file__``)
        describes, opening on ``first_screen``; its ``css:`` names style files of that folder."""
        path = Path(beside).resolve().with_name("ui.yaml")
        words = read_ui_file(path)
        return cls(
            first_screen=first_screen,
            css_paths=[path.with_name(name) for name in words.get("css", [])],
            state=state,
            **{k: v for k, v in words.items() if k != "css"},
        )


_UI_FIELDS = {"css", "help", "keys_ja", "print_title", "noun"}


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
    for name in ("print_title", "noun"):
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
    sections = _help(data.get("help", []), problems)
    if sections:
        out["help"] = sections
    if problems:
        raise ValueError(f"{path}: " + "; ".join(problems))
    return out


def _help(data: object, problems: list[str]) -> list[HelpSection]:
    """The help sections of a ui file; what is not one goes to ``problems``."""
    if not isinstance(data, list):
        problems.append("help: not a list of sections")
        return []
    sections: list[HelpSection] = []
    for n, section in enumerate(data, 1):
        if not (isinstance(section, dict) and set(section) == {"title", "keys"}):
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
    return sections
