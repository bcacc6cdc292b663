"""A second scripted soh game (docs/rules.md D13–D15, D23), played to its end with ``laminim play
--do`` and checked against states worked out by hand: the crew written in Japanese
(``examples/soh/japanese_names.yaml``, characters named in Japanese in the actions) against
pirates whose leader wins the initiative, whose mook's 1 AP raises everyone (D15), packed
targets, a bonus, free movement from evasion, a wait, a reload undone, a leader out of play (the
initiative passes to a side without tactics, which loses it) and the game's end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from tests.docs.test_play_doc import holds

ROOT = Path(__file__).parents[4]

PIRATES = """\
system: soh
name: Rust pirates
side: enemy
characters:
  - {name: Boss, leader: true, intellect: 6, agility: 4, dexterity: 5, strength: 3, size: 2,
     ap: 3, skills: {tactics: 4, guns: 1, evasion: 2}, armour: flak-jacket, weapons: [revolver]}
  - {name: Mook, intellect: 2, agility: 3, dexterity: 4, strength: 4, size: 2, ap: 1,
     skills: {guns: 1}, armour: space-suit, weapons: [laser-pistol]}
"""

# 1 Ines (hit 6 revolver, evasion 3, durability A 6 / B 4), 2 Rook (rifle hit 2, grenade hit 4,
# evasion 4, 22 / 20), 3 Mei (cannon hit 3, sword 7, evasion 3, 45 / 42) | 4 Boss (revolver hit
# 5, evasion 4, 6 / 4), 5 Mook (laser hit 3, evasion 0, 6 / 6). Boss's 6 + 4 = 10 beats Ines's
# 8: side 2 first, side 1 declares first. Mook's 1 AP raises all by 1: 4 4 5 | 4 2. Order: Mei
# (7), Boss (4, the initiative's side), Ines, Rook (4), Mook (2).
ROUND_1 = """\
- {do: evade, unit: イネス船長, ap: 2}
- {do: evade, unit: ルーク, ap: 0}
- {do: evade, unit: メイ, ap: 0}
- {do: evade, unit: Boss, ap: 1}
- {do: evade, unit: Mook, ap: 0}
# Mei: 3 + 1 (2 packed) + 5 = 9 against Boss 4 + 4 = 8: x1, 60 // 4 = 15
- {do: attack, by: メイ, weapon: ビームキャノン, target: Boss, ap: 3, targets: 2,
   dice: [2, 3, 5], evasion_dice: [4]}
# Mei: 3 + 1 = 4 against Mook's 0 alone: x1, 60 // 6 = 10 (the cannon's second, rate 2)
- {do: attack, by: 3, weapon: 1, target: Mook, ap: 2, dice: [1, 1]}
# Boss: 5 + 1 + 14 = 20 against Ines 3 + (6 + 1) = 10: margin 10, x3, 33 // 6 = 5
- {do: attack, by: Boss, weapon: revolver, target: 1, ap: 3, bonus: 1,
   dice: [6, 6, 2, 3, 1], evasion_dice: [6, 1, 2]}
# Ines: 1 free (2 AP in evasion) + 1 AP of movement; 6 + 5 = 11 against 8: x1, 11 // 6 = 1
- {do: move, unit: 1, ap: 2}
- {do: attack, by: 1, weapon: 1, target: 4, dice: [5]}
- {do: wait, unit: ルーク}
# Mook: 3 + 4 = 7 against Rook's 4 alone: x1, 8 // 20 = 0
- {do: attack, by: Mook, weapon: 1, target: 2, ap: 2, dice: [3, 4]}
# Rook, who waited: grenade 4 + 1 + 10 = 15 against Boss's 8: x2, 40 // 6 = 6: Boss 22, out
- {do: attack, by: 2, weapon: hand-grenade, target: 4, targets: 2, dice: [6, 4]}
# rifle 2 + 5 = 7 against Mook's 0: x2, 24 // 6 = 4
- {do: attack, by: 2, weapon: 1, target: 5, ap: 2, dice: [2, 5]}
- {do: end-round}
"""

AFTER_ROUND_1 = """\
round: 2
first: 1
acted: []
waiting: []
over: false
units:
  - {id: 1, wounds: 5, ap: 4, evasion: null, spent: 0, moved: 0, ammo: [5]}
  - {id: 2, wounds: 0, ap: 4, ammo: [29, 0], fired: [0, 0]}
  - {id: 3, wounds: 0, ap: 5, ammo: [10, null]}
  - {id: 4, wounds: 22, ap: 0, ammo: [5]}
  - {id: 5, wounds: 14, ap: 2, ammo: [19]}
"""

# Boss is out: side 2's first in play, Mook, has no tactics: side 1 has the initiative. D15 over
# those in play: Mook's 1 raises all by 1 again. Order: Mei, Ines, Rook (side 1 first), Mook.
ROUND_2 = """\
- {do: evade, unit: 5, ap: 0}
- {do: evade, unit: 1, ap: 0}
- {do: evade, unit: 2, ap: 0}
- {do: evade, unit: 3, ap: 0}
- {do: reload, unit: 3, weapon: 1}
- {do: undo}
- {do: end, unit: 3}
# Ines: 6 + 3 = 9 against 0: x2, 22 // 6 = 3: Mook 17
- {do: attack, by: 1, weapon: 1, target: 5, ap: 3, dice: [1, 2, 3]}
- {do: end}
# Rook: 2 + 4 = 6 against 0: x2, 24 // 6 = 4: Mook 21, out: side 2 has no one left
- {do: attack, by: 2, weapon: 1, target: 5, ap: 4, dice: [4, 4, 4, 4]}
"""

THE_END = """\
round: 2
over: true
winner: 1
units:
  - {id: 1, wounds: 5, ap: 4, spent: 3, ammo: [4]}
  - {id: 2, wounds: 0, ap: 4, spent: 4, ammo: [28, 0]}
  - {id: 3, wounds: 0, ap: 5, spent: 0, ammo: [10, null]}
  - {id: 4, wounds: 22, ap: 0}
  - {id: 5, wounds: 21, ap: 2}
"""


def test_a_second_scripted_game_replays_to_the_states_worked_out_by_hand(
    tmp_path, monkeypatch, cli
):
    shutil.copy(ROOT / "examples" / "soh" / "japanese_names.yaml", tmp_path / "comet.yaml")
    (tmp_path / "pirates.yaml").write_text(PIRATES, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli("play", "comet.yaml", "pirates.yaml", "--seed", "9").code == 0
    record = tmp_path / "comet.battle.yaml"
    start = json.loads(cli("play", record.name, "--json").out)
    assert start["first"] == 2 and start["to_declare"][:3] == [1, 2, 3]
    assert [u["ap"] for u in start["units"]] == [4, 4, 5, 4, 2]
    assert start["order"] == [3, 4, 1, 2, 5]
    for actions, state in ((ROUND_1, AFTER_ROUND_1), (ROUND_2, THE_END)):
        (tmp_path / "do.yaml").write_text(actions, encoding="utf-8")
        result = cli("play", record.name, "--do", "do.yaml", "--lang", "ja")
        assert result.code == 0, result.err
        written = yaml.safe_load(record.read_text(encoding="utf-8"))
        holds(written, yaml.safe_load(state), "record")
    shown = cli("play", record.name, "--lang", "ja").out
    assert "ゲーム終了（ラウンド 2）：陣営 1 Stray Comet crew の勝ち" in shown
