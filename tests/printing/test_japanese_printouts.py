"""Every Japanese printout of every game is set as Japanese is read: no line breaks inside a
katakana word or between a number and its counter, and no catalog id (``rick-dias``,
``powered-suit``, ``full-barrage``) where a player reads words.

Measured on the PDFs of each game's demo file (cards, roster sheet, tokens and markers, the
kuroganen map and reference), on the compare sheet (``compare -o``) of each game that compares,
and on the balance reports (``balance -o``); the cards have their own, wider tests beside each
game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from builder import systems
from builder.catalogs.impact import identity_of
from builder.render.batch import render_html
from builder.render.pdf import write_pdf
from builder.render.printout import Printout
from builder.roster.team_file import read_team
from builder.systems.base import CompareEntry, CompareOptions, Compares, PrintOptions
from tests.printing.pdf_measure import bad_breaks, lines, open_pdf, printed_chars, rules
from tests.printing.printed import GAMES, demo, kinds, option_sets, printed

SLUG = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z0-9]+)+(?![\w-])")
"""A catalog id as files spell it: lowercase words joined by hyphens."""


def _ja_size(game: str) -> tuple[str, str]:
    """The (paper, card size) the shared printing tests render this game's A4 Japanese set at,
    so the render is shared with them."""
    return next((paper, size) for paper, lang, size in option_sets(game) if lang == "ja")


def _demo_kinds(game: str) -> list[str]:
    paper, size = _ja_size(game)
    return kinds(game, paper, "ja", size)  # at collection: the kinds, no render


def _compare(game: str) -> Printout:
    system = systems.get(game)
    assert isinstance(system, Compares)
    _, read = read_team(Path(system.demo_file()), expected=game)
    return system.compare_printout(
        [CompareEntry(read, None, "demo")],
        system.load_catalog(),
        CompareOptions(),
        PrintOptions(lang="ja"),
    )


def _balance(game: str) -> Printout:
    if game == "laminim":
        from builder.systems.laminim.balance import run_balance
        from builder.systems.laminim.balance_report import report_printout
        from builder.systems.laminim.system import SYSTEM

        catalog = SYSTEM.load_catalog()
        # one threat over two rounds: every part of the report, at a fraction of the run
        return report_printout(run_balance(catalog, ["full-barrage"], 2), catalog, "ja", "a4")
    from builder.systems.artifact.balance_text import matrix, matrix_context
    from builder.systems.artifact.catalog import load_catalog

    catalog = load_catalog()
    return Printout(
        "balance", "artifact/balance.html", matrix_context(matrix(catalog), catalog, "ja", "a4")
    )


COMPARES = [g for g in GAMES if isinstance(systems.get(g), Compares)]
BALANCES = [g for g in ("laminim", "artifact") if g in GAMES]
CASES = [
    *((g, kind) for g in GAMES for kind in _demo_kinds(g)),
    *((g, "compare") for g in COMPARES),
    *((g, "balance") for g in BALANCES),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("ja-printouts")


@cache
def _pdf(game: str, kind: str, folder: Path) -> Path:
    path = folder / f"{game}-{kind}.pdf"
    if kind == "compare":
        write_pdf(render_html(_compare(game)), path)
    elif kind == "balance":
        write_pdf(render_html(_balance(game)), path)
    else:
        paper, size = _ja_size(game)
        (doc,) = [d for d in printed(game, paper, "ja", size) if d.kind == kind]
        path.write_bytes(doc.data)
    return path


def _pages(game: str, kind: str, folder: Path) -> Iterator[Any]:
    with open_pdf(_pdf(game, kind, folder)) as pdf:
        yield from pdf.pages


def _catalog_ids(game: str) -> set[str]:
    """Every ``id`` the game's catalog gives, and every hyphenated id-like word in it."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "id" and isinstance(item, str):
                    found.add(item)
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in value:
                walk(item)
        elif isinstance(value, str) and SLUG.fullmatch(value):
            found.add(value)

    walk(systems.get(game).load_catalog().model_dump())
    return found


def _names(game: str) -> list[str]:
    """What the players named (the team, its units, the catalog): printed as given, in any
    script."""
    system = systems.get(game)
    team = demo(game)
    named = [team, *getattr(team, "units", ())]
    names = [getattr(x, key, None) or "" for x in named for key in ("name", "name_ja")]
    names.append(identity_of(system, system.catalog_dir()).name)
    return sorted((n for n in names if n), key=len, reverse=True)


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_no_japanese_line_breaks_inside_a_katakana_word_or_before_a_counter(game, kind, folder):
    found = []
    for n, page in enumerate(_pages(game, kind, folder), start=1):
        found += [
            f"page {n}: {w}"
            for w in bad_breaks(printed_chars(page), rules(page))
            if not _two_names(w.before.text, w.after.text, game)
        ]
    assert found == []


def _two_names(before: str, after: str, game: str) -> bool:
    """Two labels stacked, not one word wrapped: the line ends with a whole unit name and the
    next starts with one (a chart's line ends, ナイチンゲール over リックディアス 1)."""
    names = [n.replace(" ", "") for n in _names(game)]
    before, after = before.replace(" ", ""), after.replace(" ", "")
    return any(before.endswith(n) for n in names) and any(after.startswith(n) for n in names)


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_no_catalog_id_on_a_japanese_printout(game, kind, folder):
    ids = _catalog_ids(game)
    found = set()
    for page in _pages(game, kind, folder):
        text = " ".join(ln.text for ln in lines(printed_chars(page)))
        text = " ".join(line for line in page.extract_text().splitlines()) + " " + text
        for name in _names(game):
            text = text.replace(name, " ")
        found |= {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)}
        found |= set(SLUG.findall(text))
    assert found == set()
