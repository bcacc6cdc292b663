"""The kuroganen play view (the play screen's per-game hook, ``KuroganenBattle.screen``): the
head kept in view and the body — the map with each unit as ``[id]`` on its cell, the units with
their reach — in 80 columns, both languages, the demo map whole within a 24-line terminal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.core.text_table import columns
from builder.play.session import Session
from builder.systems import ShowOptions

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture
def session(tmp_path) -> Session:
    shutil.copy(ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml", tmp_path / "block.yaml")
    session = Session.begin([tmp_path / "block.yaml"], seed=1)
    session.apply_data([{"do": "move", "unit": 1, "path": [[2, 0], [3, 0], [4, 0], [4, 1]]}])
    return session


@pytest.mark.parametrize(("lang", "round_word"), [("en", "Round 1"), ("ja", "ラウンド 1")])
def test_the_screen_fits_80_by_24_with_the_units_where_they_stand(session, lang, round_word):
    head, body = session.battle.screen(session.state, session.catalog, ShowOptions(), lang)
    lines = [*head.splitlines(), *body.splitlines()]
    assert head.startswith(round_word)
    assert all(columns(line) <= 80 for line in lines)
    assert len(lines) <= 24 - 4  # the screen's own lines: what was said, the keys
    row = next(line for line in body.splitlines() if line.startswith("1 "))
    assert row.split()[5] == "[1]"  # unit 1 on (4,1): row 1 (its label first), column 4
    assert "(4,1)" in body


def test_the_screen_ignores_what_the_odds_are_against(session):
    plain = session.battle.screen(session.state, session.catalog, ShowOptions(), "en")
    other = session.battle.screen(session.state, session.catalog, ShowOptions("2"), "en")
    assert plain == other


def test_a_map_too_wide_for_80_columns_is_named_not_drawn(tmp_path):
    wide = "system: kuroganen\nname: Wide\nmap:\n  - [" + ", ".join(["0"] * 30) + "]\n"
    (tmp_path / "wide.yaml").write_text(wide + "units: [[0, 0]]\n", encoding="utf-8")
    session = Session.begin([tmp_path / "wide.yaml"], seed=1)
    _, body = session.battle.screen(session.state, session.catalog, ShowOptions(), "en")
    assert "30 cells wide" in body
    assert all(columns(line) <= 80 for line in body.splitlines())
