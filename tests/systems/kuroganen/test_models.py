"""The map file schema: good files load, each mistake is named by row and column."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from builder.systems.kuroganen.models import KuroganenMap
from builder.systems.kuroganen.rules import reach

CATALOG = Path(__file__).resolve().parents[3] / "parts_catalog" / "kuroganen"


def load(text: str) -> KuroganenMap:
    return KuroganenMap.model_validate(yaml.safe_load(text))


def test_design_example_loads_and_tilde_is_a_pit():
    got = load(
        "system: kuroganen\nname: Ruined block\nmap:\n  - [0, 0, 1, 2]\n  - [0, 0.5, ~, 2]\n"
        "units: [[3, 1]]\n"
    )
    hmap = got.height_map()
    assert hmap.levels == ((0, 0, 1, 2), (0, 0.5, None, 2))
    assert hmap.units == frozenset({(3, 1)})


def test_units_default_to_none():
    assert load("system: kuroganen\nname: Flat\nmap: [[0]]\n").units == ()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("map: [[0, 0], [0]]\n", "row 1 has 1 cells but row 0 has 2"),
        ("map: [[0, 0.3]]\n", "row 0, column 1: level 0.3 is not a multiple of 0.5"),
        ("map: [[0, yes]]\n", "row 0, column 1: true is not a level"),
        ("map: [[0, high]]\n", "row 0, column 1: 'high' is not a level"),
        ("map: []\n", "non-empty list of rows"),
        ("map: [[]]\n", "row 0 must be a non-empty list"),
        ("map: [[0]]\nunits: [[1, 0]]\n", r"units\[0\] \[1, 0\] is off the map"),
        ("map: [[0, ~]]\nunits: [[1, 0]]\n", "stands on a pit"),
        ("map: [[0, 0]]\nunits: [[1, 0], [1, 0]]\n", r"units\[1\] \[1, 0\] is listed twice"),
        ("map: [[0]]\ncolour: red\n", "Extra inputs are not permitted"),
        ("map: [" + ", ".join(["[0]"] * 101) + "]\n", "101 rows; at most 100"),
        ("map: [[" + ", ".join(["0"] * 101) + "]]\n", "row 0 has 101 cells; at most 100"),
    ],
)
def test_each_mistake_has_a_message_naming_the_place(body, message):
    with pytest.raises(ValidationError, match=message):
        load("system: kuroganen\nname: Bad\n" + body)


def test_another_system_is_refused():
    with pytest.raises(ValidationError, match="kuroganen"):
        load("system: laminim\nname: X\nmap: [[0]]\n")


def test_bundled_catalog_names_the_system():
    data = yaml.safe_load((CATALOG / "catalog.yaml").read_text(encoding="utf-8"))
    assert data["system"] == "kuroganen"
    assert data["name"] and data["name_ja"]


def test_bundled_demo_map_is_valid_and_plannable():
    demo = load((CATALOG / "demo_map.yaml").read_text(encoding="utf-8"))
    hmap = demo.height_map()
    levels = [v for row in hmap.levels for v in row]
    assert None in levels and any(v is not None and v % 1 == 0.5 for v in levels)
    assert 8 <= hmap.width <= 12 and 6 <= hmap.height <= 10 and len(hmap.units) >= 2
    found = reach(hmap, next(iter(sorted(hmap.units))), 6)
    assert len(found) > 10
    assert any(leg.kind == "jump" for r in found for leg in r.legs)


def test_plan_reads_from_move_risk_and_dumps_back_in_file_order():
    got = load("system: kuroganen\nname: P\nmap: [[0, 1.5, ~]]\nplan: {from: [1, 0], move: 4}\n")
    assert got.plan is not None
    assert (got.plan.start, got.plan.move, got.plan.risk) == ((1, 0), 4, 0)
    assert got.dump() == {
        "system": "kuroganen",
        "name": "P",
        "map": [[0, 1.5, None]],  # whole levels as integers, as a user writes them
        "units": [],
        "plan": {"from": [1, 0], "move": 4, "risk": 0},
    }
    assert isinstance(got.dump()["map"][0][0], int)


def test_with_plan_replaces_the_plan_only():
    got = load("system: kuroganen\nname: P\nmap: [[0, 0]]\nunits: [[1, 0]]\n")
    moved = got.with_plan((0, 0), 7, 2)
    assert moved.plan is not None and (moved.plan.start, moved.plan.move, moved.plan.risk) == (
        (0, 0),
        7,
        2,
    )
    assert moved.map == got.map and moved.units == got.units and got.plan is None


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        ("{from: [5, 0], move: 1}", r"plan.from \[5, 0\] is off the map"),
        ("{from: [1, 0], move: 1}", r"plan.from \[1, 0\] stands on a pit"),
        ("{from: [0, 0], move: 101}", "less than or equal to 100"),
        ("{from: [0, 0], move: 1, risk: -1}", "greater than or equal to 0"),
    ],
)
def test_a_bad_plan_is_refused(plan, message):
    with pytest.raises(ValidationError, match=message):
        load(f"system: kuroganen\nname: P\nmap: [[0, ~]]\nplan: {plan}\n")
