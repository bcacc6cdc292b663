"""Artifact's rows on the roster sheet, read at the table: a finding names a unit type by its
name (never its catalog id or its place in the file), sits on the unit it is about, and units
of one type share the first one's weapons table (builder/systems/artifact/roster.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.roster.team_file import load_team
from builder.systems.artifact.derive import all_units
from builder.systems.artifact.roster import roster

ROOT = Path(__file__).resolve().parents[3]
ILLEGAL = ROOT / "examples" / "artifact" / "illegal_force.yaml"
CROWDED = Path(__file__).with_name("forces") / "crowded.yaml"


def _roster(path: Path, lang: str):
    system, force = load_team(path)
    catalog = system.load_catalog()
    return roster(force, catalog, lang), catalog  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("path", [ILLEGAL, CROWDED], ids=["illegal", "crowded"])
def test_a_printed_finding_names_the_type_not_its_id_or_its_place_in_the_file(path, lang):
    sheet, catalog = _roster(path, lang)
    findings = [*sheet.problems, *sheet.warnings]
    findings += [p for e in sheet.entries for p in (*e.problems, *e.warnings)]
    assert findings
    ids = {u.id for u in all_units(catalog).values()}
    text = " ".join(findings)
    assert [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)] == []
    assert "units[" not in text and "ship に" not in text


def test_a_unit_is_marked_illegal_only_for_a_finding_of_its_own():
    """An MS where the ship goes, a name used twice, a second ship: each on its unit; too few
    MS is the force's (its Rick Dias of the first name is a legal unit)."""
    sheet, _ = _roster(ILLEGAL, "en")
    assert not sheet.legal
    assert [(e.name, e.legal, len(e.problems)) for e in sheet.entries] == [
        ("Flag", False, 1),
        ("Rick Dias", True, 0),
        ("Rick Dias", False, 1),
        ("Escort", False, 1),
    ]
    assert sheet.problems == ("A force needs at least 3 MS; this one has 2",)
    assert "Ra Cailum is a battleship" in sheet.entries[3].problems[0]


def test_units_of_one_type_share_the_first_ones_weapons_table():
    """Thirteen Rick Dias once printed thirteen weapons tables alike, on three pages."""
    sheet, _ = _roster(CROWDED, "en")
    tabled = [e.name for e in sheet.entries if e.tables]
    assert tabled == ["Ra Cailum", "Jegan 1"]
    assert all("weapons as Jegan 1" in e.kind for e in sheet.entries[2:])
    assert dict(sheet.numbers)["Fit aboard"] == "12 of 13 MS"


def test_the_japanese_sheet_says_how_many_ms_fit_aboard_in_japanese():
    sheet, _ = _roster(CROWDED, "ja")
    assert dict(sheet.numbers)["搭載できるMS"] == "13機中12機"
    assert sheet.warnings == ("MSが13機、ラーカイラムの搭載数は12機：全機は乗れません",)
