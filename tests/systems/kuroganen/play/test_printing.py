"""``laminim cards RECORD`` for a kuroganen record (docs/play.md "Kuroganen Gauge", D24): the
elevation reference and the map as the battle stands — each unit's ID on its current cell, the
risk it carries boxed beside it, the units listed under the heading — read back from the PDF."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from builder.play.session import Session
from builder.systems.kuroganen.play.printing import record_map_context
from tests.printing.pdf_measure import printed_chars, smallest_size

ROOT = Path(__file__).resolve().parents[4]


def _record(folder: Path) -> Path:
    shutil.copy(ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml", folder / "block.yaml")
    record = folder / "block.battle.yaml"
    session = Session.begin([folder / "block.yaml"], record, seed=1)
    session.apply_data(
        [
            {"do": "move", "unit": 1, "path": [[2, 0], [3, 0], [4, 0], [4, 1]]},
            {"do": "move", "unit": 2, "path": [[5, 4], [4, 4], [3, 4]]},
            {"do": "set-risk", "unit": 3, "risk": 12},
        ]
    )
    return record


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> Path:
    from builder.cli import main

    folder = tmp_path_factory.mktemp("kuroganen-record")
    record = _record(folder)
    assert main(["cards", str(record), "-o", str(folder / "out")]) == 0
    return folder / "out" / "block-battle-map.pdf"


def test_the_map_prints_each_unit_where_it_stands_with_its_risk(printed):
    with pdfplumber.open(printed) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        chars = printed_chars(page)
    assert "Ruined block — round 1" in text
    assert "1 Unit 1 (4,1) risk 0 · 2 Unit 2 (3,4) risk 0 · 3 Unit 3 (8,7) risk 12" in text
    assert smallest_size(chars) >= 6.0


def test_the_marks_are_on_the_units_cells_now_in_both_languages(tmp_path):
    record = _record(tmp_path)
    field = Session.open(record).state
    for lang in ("en", "ja"):
        context = record_map_context(field, lang, "a4")
        item = context["pages"][0]["items"][0]["item"]
        marked = {}
        for j, row in enumerate(item["rows"]):
            for i, x in enumerate(item["columns"]):
                drawn = item["drawn"][j * len(item["columns"]) + i]
                if "mark" in drawn:
                    marked[(x, row["y"])] = (drawn["mark"], drawn["risk"])
        assert marked == {(4, 1): ("1", 0), (3, 4): ("2", 0), (8, 7): ("3", 12)}
    assert "ラウンド 1" in record_map_context(field, "ja", "a4")["title"]
