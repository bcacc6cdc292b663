"""The roster sheet: one page summing up a team (force, crew, map) for the table and the organiser.

Every game fills the same :class:`Roster` with its own rows (each game's ``roster.py``); this
module turns it, with the catalog it was checked against, into the plain-data context of
``templates/common/roster.html``. Why one sheet for all games: an organiser checks legality and
the catalog's digest the same way whatever the game, and a player finds the force summary in
the same place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.core.i18n import Labels, Lang
from builder.core.problems import Problem
from builder.render.layout import PAPERS, check_choices

LABELS = Labels.load(__file__, "roster_labels.yaml")

MARGIN = 12.0
"""Page margin in mm: the text keeps well inside the 5 mm safe zone, the footer sits below it."""

Pairs = tuple[tuple[str, str], ...]
"""(label, value) pairs in the order printed."""


@dataclass(frozen=True)
class RosterTable:
    """A small table of numbers (a unit's survival against each threat, a crew's odds…)."""

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class RosterEntry:
    """One unit (mech, mobile suit, ship, character, map unit): what it is made of, the
    numbers a player reads, whether it is legal and why not."""

    name: str
    kind: str
    parts: tuple[str, ...] = ()
    numbers: Pairs = ()
    legal: bool | None = True
    """None: legality is not a question for this entry (a unit standing on a map)."""
    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    tables: tuple[RosterTable, ...] = ()


@dataclass(frozen=True)
class Roster:
    """A team as the roster sheet prints it (texts already in the sheet's language)."""

    team: str
    entries: tuple[RosterEntry, ...]
    legal: bool
    numbers: Pairs = ()
    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    tables: tuple[RosterTable, ...] = ()
    notes: tuple[str, ...] = ()
    entry_word: str = ""
    """What an entry is called in this game ("Unit", "Character"), for the column head."""


@dataclass(frozen=True)
class CatalogLine:
    """The catalog a roster was checked against: its name, ``version:`` and short digest."""

    name: str
    version: int | str | None
    digest: str
    extra: dict[str, Any] = field(default_factory=dict)
    name_ja: str | None = None
    """The name Japanese sheets print (the catalog's ``name_ja:``; None: ``name``)."""


def catalog_text(catalog: CatalogLine, lang: Lang, digest: bool = True) -> str:
    """``Test catalog · version 3 · digest 1a2b3c4d5e6f`` in ``lang`` (without the digest: a
    card's back)."""
    parts = [catalog.name_ja if lang == "ja" and catalog.name_ja else catalog.name]
    if catalog.version is not None:
        parts.append(LABELS.t("version", lang, version=catalog.version))
    if digest:
        parts.append(LABELS.t("digest", lang, digest=catalog.digest))
    return " · ".join(parts)


def _is_number(cell: str) -> bool:
    """A figure (``7.9``, ``83%``, ``5/6 (83%)``, ``+2``): digits and signs, no word."""
    return any(ch.isdigit() for ch in cell) and not any(ch.isalpha() for ch in cell)


def _numeric(t: RosterTable) -> list[bool]:
    """Which columns hold figures (right-aligned, so their digits line up); a column of words
    (a weapon's type) reads from the left. A blank or a dash is neither."""
    out = []
    for i in range(len(t.head)):
        cells = [str(r[i]).strip() for r in t.rows if i < len(r)]
        filled = [c for c in cells if c.strip("-–—−") != ""]
        out.append(i > 0 and bool(filled) and all(_is_number(c) for c in filled))
    return out


def _table(t: RosterTable) -> dict[str, Any]:
    return {
        "title": t.title,
        "head": list(t.head),
        "rows": [list(r) for r in t.rows],
        "numeric": _numeric(t),
        "note": t.note,
    }


def roster_context(
    roster: Roster, catalog: CatalogLine, *, game: str, lang: Lang, paper: str
) -> dict[str, Any]:
    """The roster sheet's context (``templates/common/roster.html``): plain data only;
    ``game`` is the game's name in ``lang``."""
    check_choices(paper, lang)
    labels = LABELS.in_lang(lang)
    page_w, page_h = PAPERS[paper]
    status = labels["legal"] if roster.legal else labels["not_legal"]
    title = f"{roster.team} — {labels['doc_roster']}"
    return {
        "system": "common",
        "kind": "roster",
        "lang": lang,
        "labels": labels,
        "title": title,
        "page": {"width": page_w, "height": page_h, "paper": paper, "margin": MARGIN},
        "team": roster.team,
        "game": game,
        "legal": roster.legal,
        "status": status,
        "catalog": catalog_text(catalog, lang),
        "entry_word": roster.entry_word or labels["unit"],
        "numbers": [list(p) for p in roster.numbers],
        "problems": list(roster.problems),
        "warnings": list(roster.warnings),
        "notes": list(roster.notes),
        "tables": [_table(t) for t in roster.tables],
        "entries": [
            {
                "name": e.name,
                "kind": e.kind,
                "parts": list(e.parts),
                "numbers": [list(p) for p in e.numbers],
                "legal": e.legal,
                "status": ""
                if e.legal is None
                else labels["legal"]
                if e.legal
                else labels["not_legal"],
                "problems": list(e.problems),
                "warnings": list(e.warnings),
                "tables": [_table(t) for t in e.tables],
            }
            for e in roster.entries
        ],
    }


def problem_text(problem: Problem, lang: Lang) -> str:
    """What a finding says, for a player: its message without the file position and field
    path (the sheet is read at the table, away from the file), in the sheet's language."""
    return problem.text(lang)


def split_findings(problems: list[Problem], lang: Lang) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(errors, warnings) of ``problems`` as printed texts."""
    errors = tuple(problem_text(p, lang) for p in problems if p.severity != "warning")
    warnings = tuple(problem_text(p, lang) for p in problems if p.severity == "warning")
    return errors, warnings
