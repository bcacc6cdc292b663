"""The roster sheet: one page per team of every game, listing every unit, its legality and the
catalog (name and digest) it was checked against; LAMINIM's survival rows are the rules core's."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pytest

from builder import systems
from builder.catalogs.impact import identity_of
from builder.render.batch import render_html
from builder.render.pdf import pdf_bytes
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions
from builder.systems.laminim.analysis import analyze
from builder.systems.laminim.card_context import resolved_units
from tests.printing.printed import GAMES, demo, printed_kind

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

NAMES = {
    "laminim": ["Kestrel", "Bulwark", "Swallow"],
    "artifact": ["Rewloola", "Nightingale", "Rick Dias 1", "Rick Dias 2"],
    "soh": ["Captain Ines", "Rook", "Mei"],
    "kuroganen": ["Unit 1", "Unit 2", "Unit 3"],
}


def roster_text(game: str, lang: str, paper: str = "a4") -> tuple[int, str]:
    size = [c.id for c in systems.get(game).card_sizes][:1] or [""]
    doc = printed_kind(game, paper, lang, size[0], "roster")
    pages = list(doc.pages())
    return len(pages), "\n".join(p.extract_text() for p in pages)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_prints_a_one_page_roster_with_every_unit_and_the_catalog_digest(game):
    system = systems.get(game)
    identity = identity_of(system, system.catalog_dir())
    pages, text = roster_text(game, "en")
    assert pages == 1
    assert demo(game).name in text
    for name in NAMES[game]:
        assert name in text, name
    assert identity.digest in text
    assert identity.name in text
    assert "Legal" in text


@pytest.mark.parametrize("game", GAMES)
def test_the_japanese_roster_says_legal_and_names_the_digest_in_japanese(game):
    system = systems.get(game)
    _, text = roster_text(game, "ja", "letter")
    assert "適正" in text and "照合カタログ" in text and "ダイジェスト" in text
    identity = identity_of(system, system.catalog_dir())
    assert identity.digest in text
    assert "Legal" not in text and "Roster" not in text
    # the catalog's own Japanese name where catalog.yaml gives one (name_ja:), else its name
    if identity.name_ja:
        assert identity.name_ja.replace(" ", "") in text.replace(" ", "").replace("\n", "")
        assert identity.name not in text


def test_the_catalogs_with_a_japanese_name_are_read_with_it():
    named = {g for g in GAMES if identity_of(systems.get(g), systems.get(g).catalog_dir()).name_ja}
    assert named == set(GAMES)  # every bundled catalog has its Japanese name (issue 34 item 5)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_roster_carries_no_rule_number_file_name_or_catalog_id(game, lang):
    _, text = roster_text(game, lang)
    assert not re.search(r"\bD\d{1,2}\b", text), text
    assert ".yaml" not in text
    for word in ("quick-booster", "rick-dias", "flak-jacket", "trooper-suit", "rifle-duel"):
        assert word not in text


def _read(p: float) -> str:
    """A chance as docs/glossary.md says a player reads it: one decimal, and one that is not
    exactly 0 or 1 never as 0.0% or 100.0% (within floating-point noise, 1e-12, it is 0 or 1)."""
    if min(p, 1 - p) < 1e-12:
        p = round(p)
    if 0 < p < 1 and f"{100 * p:.1f}" == "100.0":
        return ">99.9%"
    if 0 < p < 1 and f"{100 * p:.1f}" == "0.0":
        return "<0.1%"
    return f"{100 * p:.1f}%"


def test_laminim_survival_rows_are_the_rules_core_figures_against_every_threat():
    system = systems.get("laminim")
    catalog = system.load_catalog()
    _, text = roster_text("laminim", "en")
    lines = text.splitlines()
    unit = resolved_units(demo("laminim"), catalog)[0]  # Kestrel: its table comes first
    for threat in catalog.threats:
        alive = [_read(r.alive) for r in analyze(unit, threat, catalog).survival.rounds]
        row = next(line for line in lines if line.startswith(threat.name))
        assert row.split()[-len(alive) - 1 : -1] == alive, row


def test_a_forced_illegal_team_prints_not_legal_and_why():
    system, team = load_team(FIXTURES / "illegal_teams/over_payload.yaml")
    options = PrintOptions(paper="a4", lang="en", card_size="poker")
    (sheet,) = [
        p for p in system.printouts(team, system.load_catalog(), options) if p.kind == "roster"
    ]
    with pdfplumber.open(io.BytesIO(pdf_bytes(render_html(sheet)))) as doc:
        text = "\n".join(p.extract_text() for p in doc.pages)
    assert "Not legal" in text
    assert "payload 9/8: over the limit by 1" in text
    assert re.search(r"Legal units\s*2/3", text), text


def test_a_forced_illegal_team_prints_why_in_japanese_on_a_japanese_roster():
    system, team = load_team(FIXTURES / "illegal_teams/over_payload.yaml")
    options = PrintOptions(paper="a4", lang="ja", card_size="poker")
    (sheet,) = [
        p for p in system.printouts(team, system.load_catalog(), options) if p.kind == "roster"
    ]
    problems = sheet.context["problems"] + [
        t for e in sheet.context["entries"] for t in e["problems"]
    ]
    assert problems
    assert all(not re.search(r"[A-Za-z]{4,}", t) for t in problems), problems
    assert "over the limit" not in " ".join(problems)
