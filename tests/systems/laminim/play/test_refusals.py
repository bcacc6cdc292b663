"""Every refusal of a LAMINIM action (docs/rules.md D20): exit 2, the action's place in the
file, the reason in English and in Japanese, and the record unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[4]
DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
RIVALS = ROOT / "examples" / "laminim" / "rivals.yaml"

# Kestrel (1: rifle, missile, -), Bulwark (2: gatling, missile, missile), Swallow (3: smg,
# quick booster, blade); Rook (4: gatling, machine gun, shield), Wren (5: machine gun, rocket),
# Heron (6: autocannon). SETUP happens first (applied and saved), then the refused action.
SETUP = {
    "destroyed-weapon": (
        "- {do: attack, by: 6, weapon: 1, target: 1, hits: [6, 6], locations: [4, 4]}\n"
        "- {do: attack, by: 4, weapon: 1, target: 1, hits: [6, 1, 1, 1, 1, 1, 1, 1],"
        " locations: [4]}\n"
        "- {do: end-round, dice: [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]}\n"
    ),
    "dry": "".join(
        "- {do: launch, by: 5, weapon: 2, target: 1}\n- {do: end-round}\n" for _ in range(4)
    ),
    "dead": (
        "- {do: attack, by: 6, weapon: 1, target: 1, hits: [6, 6], locations: [1, 2]}\n"
        "- {do: attack, by: 4, weapon: 1, target: 1, hits: [6, 6, 6, 1, 1, 1, 1, 1],"
        " locations: [1, 2, 3]}\n"
        "- {do: end-round}\n"
    ),
}
CASES = [
    # (setup, action, English words, Japanese words)
    (
        "destroyed-weapon",
        "{do: attack, by: 1, weapon: 1, target: 4, hits: [6, 6, 6, 6], round: 2}",
        "Kestrel's Rifle is destroyed",
        "Kestrel の ライフル は破壊されています",
    ),
    (
        "dry",
        "{do: launch, by: 5, weapon: rocket, target: 1}",
        "Rocket pod has 0 ammo left, an attack takes 1",
        "ロケット の残弾は 0、1 回の攻撃に 1 要ります",
    ),
    (
        "dead",
        "{do: attack, by: 1, weapon: 1, target: 4, hits: [6, 6, 6, 6]}",
        "Kestrel is destroyed and out of play",
        "Kestrel は撃破されていて",
    ),
    (
        "dead",
        "{do: attack, by: 4, weapon: 1, target: Kestrel, hits: [6, 6, 6, 6, 6, 6, 6, 6]}",
        "Kestrel is destroyed and out of play",
        "Kestrel は撃破されていて",
    ),
    (
        None,
        "{do: attack, by: 3, weapon: blade, target: 6, distance: 2, hits: [6, 6, 6]}",
        "Blade is a melee weapon: distance 2 is beyond 1",
        "ブレード は白兵武装です",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 1, target: 4, hits: [6, 0, 6, 6]}",
        "0 is not a face of a 6-sided die",
        "0 は 6 面ダイスの出目ではありません",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 1, target: 4, hits: [6, 6, 6, 6], locations: [1, 2, 3, 9]}",
        "9 is not a face of a 6-sided die",
        "9 は 6 面ダイスの出目ではありません",
    ),
    (
        None,
        "{do: attack, by: 7, weapon: 1, target: 4}",
        "no unit 7 (units: 1 Kestrel, 2 Bulwark, 3 Swallow, 4 Rook, 5 Wren, 6 Heron)",
        "機体 7 はいません",
    ),
    (
        None,
        "{do: zuzzer, unit: Nobody, distance: 2}",
        "no unit Nobody",
        "機体 Nobody はいません",
    ),
    (
        None,
        "{do: centre, unit: 1, distance: 3, round: 2}",
        "this action is for round 2, the record is in round 1",
        "この行動はラウンド 2 のもので、記録はラウンド 1 です",
    ),
    (
        None,
        "{do: attack, by: 2, weapon: missile, target: 4}",
        "Bulwark has missile in slots 2, 3: give the slot",
        "番号で指定してください",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 2, target: 4}",
        "Missile pod is a missile weapon: it launches a token (do: launch)",
        "トークンを発射してください",
    ),
    (
        None,
        "{do: attack, by: 3, weapon: 2, target: 4}",
        "Quick booster makes no attack (a special part)",
        "クイックブースター は攻撃しません",
    ),
    (
        None,
        "{do: contact, token: T1, unit: 4, locations: [1, 2, 3, 4, 5]}",
        "no missile token T1 in flight (in flight: —)",
        "ミサイルトークン T1 は飛んでいません",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 1, target: 4, hits: [6, 6, 6, 6], blockers: [{unit: 9}]}",
        "no unit 9",
        "機体 9 はいません",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 1, target: 4, bonus: -1, hits: [6, 6, 6, 6]}",
        "bonus is a whole number from 0 to 99",
        "bonus は 0〜99 の整数にしてください",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 1, target: 4, hit: [6, 6, 6, 6]}",
        "attack takes no hit (did you mean 'hits'?)",
        "attack に hit はありません",
    ),
    (
        None,
        "{do: attack, by: 1, weapon: 1, hits: [6, 6, 6, 6]}",
        "an attack needs a target (a unit) or a token (a missile token)",
        "攻撃には target（機体）か token（ミサイルトークン）が要ります",
    ),
]


@pytest.fixture
def record(tmp_path: Path, cli):
    def make(setup: str | None) -> Path:
        shutil.copy(DEMO, tmp_path / "demo.yaml")
        shutil.copy(RIVALS, tmp_path / "rivals.yaml")
        assert cli("play", tmp_path / "demo.yaml", tmp_path / "rivals.yaml").code == 0
        path = tmp_path / "demo.battle.yaml"
        if setup is not None:
            do = tmp_path / "setup.yaml"
            do.write_text(SETUP[setup], encoding="utf-8")
            result = cli("play", path, "--do", do)
            assert result.code == 0, result.err
        return path

    return make


@pytest.mark.parametrize(("setup", "action", "en", "ja"), CASES, ids=[c[2][:40] for c in CASES])
def test_a_refused_action_says_why_where_and_changes_nothing(
    record, tmp_path, cli, setup, action, en, ja
):
    path = record(setup)
    before = path.read_bytes()
    do = tmp_path / "refused.yaml"
    do.write_text(f"- {action}\n", encoding="utf-8")
    result = cli("play", path, "--do", do)
    assert result.code == 2, result.out
    assert result.err.startswith(f"{do}:1:"), result.err
    assert en in result.err
    assert path.read_bytes() == before
    japanese = cli("play", path, "--do", do, "--lang", "ja")
    assert japanese.code == 2 and ja in japanese.err
    assert en not in japanese.err
    assert path.read_bytes() == before
