"""The odds beside each unit of a battle (docs/rules.md D21), as ``laminim play --json`` shows
them: for a damaged unit, exactly ``analyze`` of a unit built with the same remaining
durabilities and ammo; against an enemy unit of the record; sampled and marked beyond the budget."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from builder.systems.laminim.rules import UnitState, state_odds, unit_threat

ROOT = Path(__file__).parents[4]
DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
RIVALS = ROOT / "examples" / "laminim" / "rivals.yaml"

# Rook's gatling (8 dice, power 3) at Bulwark: hits 6 6 6 5 4 and three misses; locations
# 1 2 4 4 5: frame -6, gatling -6 (14 -> 8), missile pod (slot 2) -3 (10 -> 7). Bulwark then
# launches once from slot 3 (6 -> 5 ammo). Two rounds end with nothing to resolve.
ACTIONS = """\
- {do: attack, by: 4, weapon: 1, target: 2, hits: [6, 6, 6, 5, 4, 1, 2, 3],
   locations: [1, 2, 4, 4, 5]}
- {do: launch, by: 2, weapon: 3, target: 4}
- {do: end-round}
- {do: end-round}
"""


@pytest.fixture
def played(tmp_path: Path, cli) -> Path:
    shutil.copy(DEMO, tmp_path / "demo.yaml")
    shutil.copy(RIVALS, tmp_path / "rivals.yaml")
    assert cli("play", tmp_path / "demo.yaml", tmp_path / "rivals.yaml").code == 0
    do = tmp_path / "a.yaml"
    do.write_text(ACTIONS, encoding="utf-8")
    result = cli("play", tmp_path / "demo.battle.yaml", "--do", do)
    assert result.code == 0, result.err
    return tmp_path / "demo.battle.yaml"


def shown(cli, record: Path, *extra: str) -> dict:
    result = cli("play", record, "--json", *extra)
    assert result.code == 0, result.err
    return json.loads(result.out)


def built_catalog(source: Path, target: Path) -> Path:
    """The bundled catalog with a bastion of 34 and parts at what Bulwark has left: a gatling
    of 8, missile pods of 7 (ammo 6) and 10 (ammo 5)."""
    shutil.copytree(source, target)
    frames = yaml.safe_load((target / "frames.yaml").read_text(encoding="utf-8"))
    next(f for f in frames["frames"] if f["id"] == "bastion")["durability"] = 34
    (target / "frames.yaml").write_text(
        yaml.safe_dump(frames, allow_unicode=True), encoding="utf-8"
    )
    weapons = yaml.safe_load((target / "weapons.yaml").read_text(encoding="utf-8"))
    items = weapons["weapons"]
    gatling = next(w for w in items if w["id"] == "gatling")
    gatling["durability"] = 8
    pod = next(w for w in items if w["id"] == "missile")
    items.append({**pod, "id": "missile-hurt", "durability": 7})
    items.append({**pod, "id": "missile-spent", "ammo": 5})
    (target / "weapons.yaml").write_text(
        yaml.safe_dump(weapons, allow_unicode=True), encoding="utf-8"
    )
    return target


def test_odds_of_a_damaged_unit_equal_analyze_of_a_unit_built_like_it(played, tmp_path, cli):
    from builder.core.resources import bundled_catalog_dir

    s = shown(cli, played)
    assert s["round"] == 3
    bulwark = s["units"][1]
    assert bulwark["frame"]["durability"] == 34
    assert [x["durability"] for x in bulwark["slots"]] == [8, 7, 10]
    assert [x["ammo"] for x in bulwark["slots"]] == [12, 6, 5]
    catalog = built_catalog(bundled_catalog_dir("laminim"), tmp_path / "built")
    team = tmp_path / "built.yaml"
    team.write_text(
        "system: laminim\nname: Built\nunits:\n"
        "  - {name: Bulwark, frame: bastion, weapons: [gatling, missile-hurt, missile-spent]}\n",
        encoding="utf-8",
    )
    result = cli("analyze", team, "--catalog", catalog, "--rounds", "4", "--json")
    assert result.code == 0, result.err
    rounds = json.loads(result.out)["units"][0]["rounds"]
    odds = bulwark["odds"]
    assert odds["method"] == "exact" and odds["from_round"] == 3
    assert odds["alive_this_round"] == pytest.approx(rounds[0]["alive"], abs=1e-12)
    assert odds["alive_end"] == pytest.approx(rounds[-1]["alive"], abs=1e-12)
    assert odds["expected_remaining_end"] == pytest.approx(
        rounds[-1]["expected_remaining"], abs=1e-9
    )
    assert odds["cook_off_from_now"] == pytest.approx(rounds[-1]["cook_off"], abs=1e-12)


def test_odds_against_an_enemy_unit_of_the_record(played, cli, catalog):
    from builder.systems.laminim.derive import unit_spec
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.team import Unit

    s = shown(cli, played, "--threat", "4", "--bonus", "3")
    assert s["odds_against"]["id"] == "unit 4" and s["odds_against"]["bonus"] == 3
    assert all(u["odds"] is None for u in s["units"] if u["side"] == 2)  # Rook's own side
    bulwark = s["units"][1]
    rook = s["units"][3]
    spec = unit_spec(
        resolve_unit(
            Unit(name="B", frame="bastion", weapons=["gatling", "missile", "missile"]), catalog
        )
    )
    enemy = unit_spec(
        resolve_unit(
            Unit(name="R", frame="bastion", weapons=["gatling", "machine-gun", "shield"]), catalog
        )
    )
    enemy_state = UnitState(rook["frame"]["durability"], (14, 8, 12), ammo=(10, 12, None))
    threat = unit_threat(enemy, 3, enemy_state, True, "unit 4")
    mine = UnitState(34, (8, 7, 10), ammo=(12, 6, 5))
    want = state_odds(spec, mine, threat, 3)
    assert bulwark["odds"]["alive_end"] == pytest.approx(want.alive_end, abs=1e-12)
    assert bulwark["odds"]["cook_off_from_now"] == pytest.approx(want.cook_off, abs=1e-12)
    by_name = shown(cli, played, "--threat", "Rook", "--bonus", "3")
    assert by_name["units"][1]["odds"] == bulwark["odds"]


def test_attacks_done_resolve_only_what_is_recorded(played, tmp_path, cli):
    do = tmp_path / "done.yaml"
    do.write_text("- {do: done, unit: 2}\n", encoding="utf-8")
    assert cli("play", played, "--do", do).code == 0
    odds = shown(cli, played)["units"][1]["odds"]
    assert odds["attacks_done"] is True
    assert odds["alive_this_round"] == 1.0  # nothing of Bulwark is at 0


def test_bad_threats_are_refused(played, cli):
    result = cli("play", played, "--threat", "rifle-dual")
    assert result.code == 2 and "did you mean 'rifle-duel'" in result.err
    result = cli("play", played, "--threat", "rifle-duel", "--bonus", "3")
    assert result.code == 2 and "--bonus" in result.err


def test_beyond_the_budget_the_odds_are_sampled_and_marked(played, cli, monkeypatch):
    from builder.systems.laminim.play import odds
    from builder.systems.laminim.rules import TooLarge, sampled

    def refuse(*args, **kwargs):
        raise TooLarge(10, 1, "work")

    monkeypatch.setattr(sampled, "check_budget", refuse)
    odds._odds.cache_clear()
    try:
        s = shown(cli, played)
        found = s["units"][1]["odds"]
        assert found["method"] == "sampled" and "interval" in found
        text = cli("play", played).out
        assert "≈" in text and "sampled" in text
    finally:
        odds._odds.cache_clear()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_state_text_fits_80_columns(played, tmp_path, cli, lang):
    from builder.core.text_table import columns

    do = tmp_path / "more.yaml"
    do.write_text(
        "- {do: zuzzer, unit: 3, distance: 2, direction: left}\n"
        "- {do: attack, by: 2, weapon: 1, target: 6, blockers: [{unit: 5, line: centre},"
        " {obstacle: wall}], hits: [1, 2, 3, 6, 6, 5, 4, 6], locations: [1, 2, 3, 4, 5, 6, 1]}\n",
        encoding="utf-8",
    )
    result = cli("play", played, "--do", do, "--lang", lang)
    assert result.code == 0, result.err
    shown = cli("play", played, "--lang", lang, "--threat", "4").out
    for line in (result.out + shown).splitlines():
        if str(played) in line:  # where the record is: a path is never cut
            continue
        assert columns(line) <= 80, line
