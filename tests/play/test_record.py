"""The battle record (builder/play, docs/play.md): starting, applying actions all or nothing,
undo by replay, seeded dice, a state that must follow from the log, comments kept."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[2]
DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
RIVALS = ROOT / "examples" / "laminim" / "rivals.yaml"


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder with two team files (demo: Kestrel, Bulwark, Swallow; rivals: Rook, Wren,
    Heron)."""
    shutil.copy(DEMO, tmp_path / "demo.yaml")
    shutil.copy(RIVALS, tmp_path / "rivals.yaml")
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def record(table: Path, cli) -> Path:
    result = cli("play", table / "demo.yaml", table / "rivals.yaml", "--seed", "11")
    assert result.code == 0, result.err
    return table / "demo.battle.yaml"


def test_play_starts_a_record_beside_the_team_and_prints_the_state(table, cli):
    result = cli("play", table / "demo.yaml", table / "rivals.yaml", "--seed", "5")
    assert result.code == 0, result.err
    path = table / "demo.battle.yaml"
    assert f"record started: {path}" in result.out
    assert "Round 1 of 6" in result.out
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(data)[:5] == ["system", "record", "teams", "catalog", "seed"]
    assert data["teams"] == ["demo.yaml", "rivals.yaml"]
    assert data["record"] == 1 and data["seed"] == 5 and data["log"] == []
    assert {"name", "version", "digest"} <= set(data["catalog"])
    assert [u["id"] for u in data["units"]] == [1, 2, 3, 4, 5, 6]
    assert [u["side"] for u in data["units"]] == [1, 1, 1, 2, 2, 2]


def test_a_record_is_never_overwritten(record, table, cli):
    before = record.read_bytes()
    result = cli("play", table / "demo.yaml", table / "rivals.yaml")
    assert result.code == 2
    assert "already exists" in result.err and "laminim play" in result.err
    assert record.read_bytes() == before
    other = cli("play", table / "demo.yaml", "-o", table / "second.battle.yaml")
    assert other.code == 0
    data = yaml.safe_load((table / "second.battle.yaml").read_text(encoding="utf-8"))
    assert data["teams"] == ["demo.yaml", "demo.yaml"]  # one file: both sides play it


def actions(table: Path, text: str, name: str = "a.yaml") -> Path:
    return write(table / name, text)


def state(record: Path, cli, *extra: str) -> dict:
    result = cli("play", record, "--json", *extra)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_do_applies_actions_and_appends_each_to_the_log_as_one_line(record, table, cli):
    do = actions(
        table,
        "- {do: attack, by: 1, weapon: 1, target: 4, hits: [6, 1, 4, 3], locations: [2, 4]}\n"
        "- {do: zuzzer, unit: Swallow, distance: 2, direction: left}\n",
    )
    result = cli("play", record, "--do", do)
    assert result.code == 0, result.err
    assert "1 Kestrel Rifle → 4 Rook at +2 (proposed +2), hit dice 6 1 4 3" in result.out
    text = record.read_text(encoding="utf-8")
    log = text[text.index("\nlog:") + 1 :].splitlines()
    assert log == [
        "log:",
        "  - {do: attack, round: 1, by: 1, weapon: 1, target: 4, hits: [6, 1, 4, 3],"
        " locations: [2, 4], bonus: 2}",
        "  - {do: zuzzer, round: 1, unit: Swallow, distance: 2, direction: left}",
    ]
    s = state(record, cli)
    rook = s["units"][3]
    assert rook["frame"]["durability"] == 37 and rook["slots"][0]["durability"] == 11
    assert s["units"][0]["slots"][0]["ammo"] == 9
    assert s["units"][2]["zuzzer"] == {"distance": 2, "direction": "left"}


def test_all_or_nothing_a_refused_action_leaves_the_record_byte_for_byte(record, table, cli):
    before = record.read_bytes()
    do = actions(
        table,
        "- {do: attack, by: 1, weapon: 1, target: 4, hits: [6, 1, 4, 3], locations: [2, 4]}\n"
        "- {do: attack, by: 1, weapon: 1, target: 4, hits: [6, 1, 7, 3], locations: [2]}\n"
        "- {do: atack, by: 1}\n",
    )
    result = cli("play", record, "--do", do)
    assert result.code == 2
    lines = result.err.strip().splitlines()
    assert lines[0].startswith(f"{do}:2:") and "7 is not a face of a 6-sided die" in lines[0]
    assert f"{do}:3:" in lines[1] and "unknown action 'atack'" in lines[1]
    assert "did you mean 'attack'" in lines[1]
    assert "Traceback" not in result.err
    assert record.read_bytes() == before


def test_refusals_are_translated(record, table, cli):
    do = actions(table, "- {do: launch, by: 1, weapon: 1, target: 4}\n")
    result = cli("play", record, "--do", do, "--lang", "ja")
    assert result.code == 2
    assert "ミサイル武装ではありません" in result.err
    assert "missile" not in result.err.split(":", 4)[-1]


def test_undo_takes_back_the_last_actions_any_number_of_times(record, table, cli):
    do = actions(
        table,
        "- {do: centre, unit: 1, distance: 3}\n"
        "- {do: centre, unit: 1, distance: 5}\n"
        "- {do: undo}\n"
        "- {do: undo}\n",
    )
    assert cli("play", record, "--do", do).code == 0
    assert state(record, cli)["units"][0]["centre"] is None
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert [e["do"] for e in data["log"]] == ["centre", "centre", "undo", "undo"]
    again = actions(table, "- {do: undo}\n", "b.yaml")
    result = cli("play", record, "--do", again)
    assert result.code == 2 and "nothing to undo" in result.err


def test_roll_true_rolls_the_missing_faces_seeded_and_writes_them(record, table, cli):
    do = actions(table, "- {do: attack, by: 2, weapon: 1, target: 5, roll: true}\n")
    copy = table / "copy.battle.yaml"
    shutil.copy(record, copy)
    assert cli("play", record, "--do", do).code == 0
    assert cli("play", copy, "--do", do).code == 0
    one = yaml.safe_load(record.read_text(encoding="utf-8"))["log"][0]
    two = yaml.safe_load(copy.read_text(encoding="utf-8"))["log"][0]
    assert one == two  # the same seed, the same place in the log: the same faces
    assert "roll" not in one and len(one["hits"]) == 8
    assert all(1 <= x <= 6 for x in one["hits"] + one["locations"])


def test_too_few_faces_without_roll_and_faces_left_over_are_refused(record, table, cli):
    few = actions(table, "- {do: attack, by: 1, weapon: 1, target: 4, hits: [6, 6]}\n")
    result = cli("play", record, "--do", few)
    assert result.code == 2 and "4 faces are needed under hits, 2 given" in result.err
    many = actions(
        table,
        "- {do: attack, by: 1, weapon: 1, target: 4, hits: [1, 1, 1, 1], locations: [3]}\n",
        "m.yaml",
    )
    result = cli("play", record, "--do", many)
    assert result.code == 2 and "1 face(s) more than the rules used" in result.err


def test_the_state_must_follow_from_the_log(record, table, cli):
    do = actions(table, "- {do: centre, unit: 1, distance: 3}\n")
    assert cli("play", record, "--do", do).code == 0
    text = record.read_text(encoding="utf-8")
    edited = text.replace("centre: 3\n", "centre: 1\n", 1)
    assert edited != text
    write(record, edited)
    result = cli("play", record)
    assert result.code == 2
    assert "the state says 1, its log gives 3" in result.err
    assert f"{record}:" in result.err.splitlines()[0]
    assert record.read_text(encoding="utf-8") == edited


def test_a_record_without_its_state_is_rebuilt_from_its_teams_and_log(record, table, cli):
    do = actions(table, "- {do: centre, unit: 2, distance: 4.5}\n")
    assert cli("play", record, "--do", do).code == 0
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    head = {k: data[k] for k in ("system", "record", "teams", "catalog", "seed", "log")}
    write(record, yaml.safe_dump(head, sort_keys=False))
    assert state(record, cli)["units"][1]["centre"] == 4.5
    # and a later action writes the state back
    assert (
        cli("play", record, "--do", actions(table, "- {do: done, unit: 2}\n", "b.yaml")).code == 0
    )
    assert "units" in yaml.safe_load(record.read_text(encoding="utf-8"))


def test_comments_in_the_record_are_kept(record, table, cli):
    do = actions(table, "- {do: centre, unit: 1, distance: 3}\n")
    assert cli("play", record, "--do", do).code == 0
    text = record.read_text(encoding="utf-8")
    text = text.replace("seed: 11\n", "seed: 11  # friday night game\n")
    text = text.replace("distance: 3}\n", "distance: 3}  # measured twice\n")
    write(record, "# the club league, table 2\n" + text)
    more = actions(table, "- {do: centre, unit: 2, distance: 2}\n", "b.yaml")
    assert cli("play", record, "--do", more).code == 0
    after = record.read_text(encoding="utf-8")
    for comment in ("# the club league, table 2", "# friday night game", "# measured twice"):
        assert comment in after
    assert yaml.safe_load(after)["log"][-1]["distance"] == 2


def test_another_catalog_is_refused(record, table, cli, catalog_copy):
    weapons = catalog_copy / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8").replace("power: 3", "power: 4", 1))
    result = cli("play", record, "--catalog", catalog_copy)
    assert result.code == 2
    assert "--catalog DIR" in result.err and "catalog.digest" in result.err


def test_a_record_of_a_newer_format_is_refused(record, cli):
    text = record.read_text(encoding="utf-8").replace("record: 1", "record: 2")
    write(record, text)
    result = cli("play", record)
    assert result.code == 2 and "record format 2" in result.err


def test_an_over_game_takes_only_undo(record, table, cli):
    rounds = "".join("- {do: end-round}\n" for _ in range(6))
    assert cli("play", record, "--do", actions(table, rounds)).code == 0
    assert state(record, cli)["over"] is True
    late = actions(table, "- {do: centre, unit: 1, distance: 1}\n", "late.yaml")
    result = cli("play", record, "--do", late)
    assert result.code == 2 and "the game is over" in result.err
    assert cli("play", record, "--do", actions(table, "- {do: undo}\n", "u.yaml")).code == 0
    assert state(record, cli)["over"] is False


def test_do_needs_a_record_and_a_record_takes_no_second_file(record, table, cli):
    do = actions(table, "- {do: undo}\n")
    assert cli("play", table / "demo.yaml", "--do", do).code == 2
    assert cli("play", record, table / "rivals.yaml").code == 2


def test_a_bad_actions_file_is_located(record, table, cli):
    result = cli("play", record, "--do", actions(table, "- {do: attack, by: [\n"))
    assert result.code == 2 and f"{table / 'a.yaml'}:" in result.err
    result = cli("play", record, "--do", actions(table, "just words\n", "w.yaml"))
    assert result.code == 2 and "a list of actions" in result.err


def test_json_follows_the_documented_shape(record, cli):
    s = state(record, cli)
    assert {"round", "units", "tokens", "over", "score"} <= set(s)
    unit = s["units"][0]
    assert {"id", "side", "name", "alive", "frame", "slots", "zuzzer", "centre", "odds"} <= set(
        unit
    )
    assert {"durability", "max", "destroyed"} <= set(unit["frame"])
    assert all(
        slot is None or {"weapon", "durability", "max", "destroyed", "ammo"} <= set(slot)
        for slot in unit["slots"]
    )
    assert s["score"] is None and s["standing"]["leader"] in (1, 2, None)
    odds = unit["odds"]
    assert odds["method"] == "exact" and odds["threat"] == "rifle-duel"
    assert {"alive_this_round", "alive_end", "expected_remaining_end", "cook_off_from_now"} <= set(
        odds
    )


def test_a_record_with_its_sides_written_out_and_no_state_starts_from_them(table, cli):
    data = {
        "system": "laminim",
        "record": 1,
        "sides": [
            {"name": "Blue", "units": [{"name": "A", "frame": "striker", "weapons": ["rifle"]}]},
            {"name": "Red", "units": [{"name": "B", "frame": "lancer", "weapons": ["blade"]}]},
        ],
        "log": [{"do": "centre", "unit": 2, "distance": 3}],
    }
    record = write(table / "inline.battle.yaml", yaml.safe_dump(data, sort_keys=False))
    s = state(record, cli)
    assert [u["name"] for u in s["units"]] == ["A", "B"] and s["units"][1]["centre"] == 3
    assert [x["name"] for x in s["sides"]] == ["Blue", "Red"]


def test_actions_made_in_memory_are_applied_and_refused_alike(record):
    from builder.core.problems import InputError
    from builder.play.session import Session

    session = Session.open(record)
    session.apply_data([{"do": "centre", "unit": 1, "distance": 2}])
    assert session.show().json["units"][0]["centre"] == 2
    with pytest.raises(InputError) as exc:
        session.apply_data([{"do": "centre", "unit": 9, "distance": 2}], "<screen>")
    assert str(exc.value.problems[0]).startswith("<screen>: [0].unit: no unit 9")
    session.apply_data([{"do": "undo"}])
    assert Session.open(record).show().json["units"][0]["centre"] is None


def test_a_symlinked_record_stays_a_link_and_a_read_only_one_is_refused(record, table, cli):
    import os
    import stat

    link = table / "link.battle.yaml"
    link.symlink_to(record.name)
    do = actions(table, "- {do: centre, unit: 1, distance: 3}\n")
    assert cli("play", link, "--do", do).code == 0
    assert link.is_symlink() and "centre: 3" in record.read_text(encoding="utf-8")
    before = record.read_bytes()
    os.chmod(record, stat.S_IRUSR)
    try:
        more = actions(table, "- {do: centre, unit: 2, distance: 1}\n", "b.yaml")
        result = cli("play", record, "--do", more)
        assert result.code == 2 and "cannot save the record" in result.err  # the owner's bit
        assert record.read_bytes() == before
    finally:
        os.chmod(record, stat.S_IRUSR | stat.S_IWUSR)
