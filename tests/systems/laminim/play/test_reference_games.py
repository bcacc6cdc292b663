"""Scripted games nobody wrote by hand: random teams, random legal actions with every face, played
by an independent reference of the rules (``reference_table.py``) and by the record
(``laminim play --do``, round by round); after every round the two tables must agree, and at
the end the score. A few games here; ``-m slow`` plays many more."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from systems.laminim.play.reference_table import ScriptedGame, random_team


def compare(shown: dict, game: ScriptedGame, where: str) -> None:
    ref = game.ref
    assert shown["round"] == ref.round and shown["over"] == ref.over, where
    for unit in shown["units"]:
        mine = ref.units[unit["id"]]
        at = f"{where}, unit {unit['id']}"
        assert unit["alive"] == (not mine["gone"]), at
        assert unit["frame"]["durability"] == mine["frame"], at
        for slot, theirs in zip(unit["slots"], mine["slots"], strict=True):
            assert (slot is None) == (theirs is None), at
            if slot is None:
                continue
            assert slot["durability"] == theirs["now"], f"{at} {slot['weapon']}"
            assert slot["destroyed"] == theirs["broken"], f"{at} {slot['weapon']}"
            assert slot["ammo"] == theirs["ammo"], f"{at} {slot['weapon']}"
    assert [(t["id"], t["count"], t["target"]) for t in shown["tokens"]] == [
        (t["id"], t["count"], t["target"]) for t in ref.tokens
    ], where
    if ref.over:
        scores = {
            u["id"]: s
            for side in shown["score"]["sides"]
            for u in side["units"]
            for s in [u["score"]]
        }
        assert scores == ref.score(), where


def play_one(seed: int, folder: Path, cli) -> int:
    rng = random.Random(seed)
    teams = [random_team(rng, "Blue"), random_team(rng, "Red")]
    for name, team in zip(("blue.yaml", "red.yaml"), teams, strict=True):
        (folder / name).write_text(yaml.safe_dump(team, sort_keys=False), encoding="utf-8")
    result = cli("play", folder / "blue.yaml", folder / "red.yaml", "--seed", str(seed))
    assert result.code == 0, result.err
    record = folder / "blue.battle.yaml"
    game = ScriptedGame(seed, teams)
    actions = 0
    while not game.ref.over:
        script = game.round_script()
        actions += len(script)
        do = folder / f"round{game.ref.round}.yaml"
        do.write_text(yaml.safe_dump(script, sort_keys=False), encoding="utf-8")
        applied = cli("play", record, "--do", do)
        where = f"seed {seed}, round {script[-1].get('round', game.ref.round)}"
        assert applied.code == 0, f"{where}: {applied.err}\n{do.read_text()}"
        shown = json.loads(cli("play", record, "--json").out)
        compare(shown, game, where)
    return actions


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_scripted_games_agree_with_the_reference(seed, tmp_path, cli):
    assert play_one(seed, tmp_path, cli) > 10


@pytest.mark.slow
def test_many_scripted_games_agree_with_the_reference(tmp_path, cli):
    total = 0
    for seed in range(100, 300):
        folder = tmp_path / str(seed)
        folder.mkdir()
        total += play_one(seed, folder, cli)
    assert total > 2000
