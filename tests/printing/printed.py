"""Every printout of every game's demo file, rendered once per test process (pdfplumber pages).

The print measures (safe zone, type sizes, packing) run over all of them: a new printout a game
adds is measured without a new test.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from builder import systems
from builder.render.batch import render_html
from builder.render.layout import PAPERS
from builder.render.pdf import pdf_bytes
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions
from tests.printing.pdf_measure import MM, open_pdf_data

__all__ = [
    "GAMES",
    "LANGS",
    "MM",
    "Printed",
    "demo",
    "everything",
    "kinds",
    "printed",
    "printed_kind",
]

GAMES = systems.ids()
LANGS = ("en", "ja")


@dataclass(frozen=True)
class Printed:
    """One rendered printout: which game, options and kind, and its PDF."""

    game: str
    kind: str
    paper: str
    lang: str
    size: str
    data: bytes

    def __str__(self) -> str:
        return f"{self.game}-{self.kind} {self.paper}/{self.lang}/{self.size or '-'}"

    def pages(self) -> Iterator[Any]:
        with open_pdf_data(self.data) as doc:
            yield from doc.pages


def sizes(game: str) -> list[str]:
    return [c.id for c in systems.get(game).card_sizes] or [""]


def option_sets(game: str) -> list[tuple[str, str, str]]:
    """(paper, lang, card size): every paper and every card size, each language at least once."""
    out = []
    for i, (paper, size) in enumerate((p, s) for p in PAPERS for s in sizes(game)):
        out.append((paper, LANGS[i % 2], size))
        if len(sizes(game)) == 1:
            out.append((paper, LANGS[(i + 1) % 2], size))
    return out


@cache
def demo(game: str) -> Any:
    system = systems.get(game)
    return load_team(Path(system.demo_file()), expected=game)[1]


_RENDERED: dict[tuple[str, str, str, str, str], Printed] = {}
"""Every printout rendered so far, by (game, paper, lang, size, kind): :func:`printed` and
:func:`printed_kind` render each one once between them."""


def _printouts(game: str, paper: str, lang: str, size: str) -> list[Any]:
    system = systems.get(game)
    options = PrintOptions(paper=paper, lang=lang, card_size=size or None)  # type: ignore[arg-type]
    return system.printouts(demo(game), system.load_catalog(), options)


def _render(game: str, paper: str, lang: str, size: str, printout: Any) -> Printed:
    key = (game, paper, lang, size, printout.kind)
    if key not in _RENDERED:
        data = pdf_bytes(render_html(printout))
        _RENDERED[key] = Printed(game, printout.kind, paper, lang, size, data)
    return _RENDERED[key]


@cache
def printed(game: str, paper: str, lang: str, size: str) -> tuple[Printed, ...]:
    return tuple(_render(game, paper, lang, size, p) for p in _printouts(game, paper, lang, size))


def kinds(game: str, paper: str, lang: str, size: str) -> list[str]:
    """The kinds :func:`printed` gives, without rendering one (for test parameters)."""
    return [p.kind for p in _printouts(game, paper, lang, size)]


def printed_kind(game: str, paper: str, lang: str, size: str, kind: str) -> Printed:
    """The one printout of :func:`printed` of that kind, without rendering the others (a test
    of the roster sheet needs no cards)."""
    if (game, paper, lang, size, kind) not in _RENDERED:
        (printout,) = [p for p in _printouts(game, paper, lang, size) if p.kind == kind]
        _render(game, paper, lang, size, printout)
    return _RENDERED[(game, paper, lang, size, kind)]


def everything() -> list[tuple[str, str, str, str]]:
    """Parameters for a test over every printout option set of every game."""
    return [(g, *o) for g in GAMES for o in option_sets(g)]
