"""The soh battle record through ``laminim play`` (docs/rules.md D23, docs/play.md "Space Opera
Heroes"): the odds shown from a wounded state equal the existing commands started from the same
numbers (``odds --system soh --track``, ``plan``); bad actions files exit 2 with every problem
located, in English and in Japanese, and leave the record unchanged; the record replays from
its log; the screen, the text and the cards show the state."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from builder.systems.soh.rules import Combatant, plan
from builder.systems.soh.rules.play import WOUND_TRACK

ROOT = Path(__file__).parents[4]
COMET = ROOT / "parts_catalog" / "soh" / "demo_crew.yaml"
SALVAGE = ROOT / "examples" / "soh" / "my_crew.yaml"

# 1 Captain Ines, 2 Rook, 3 Mei | 4 Vera, 5 Doc, 6 Kit; side 1 has the initiative (8 against 6);
# acting order Mei, Kit, Ines, Rook, Vera, Doc. Mei's beam cannon at Kit: best 9 against
# -1 + 5 = 4, margin 8, x2, 2 wounds. Kit's at Mei: best 8 against 3 + 3, margin 2, x1, 1 wound.
EVADE = """\
- {do: evade, unit: 4, ap: 1}
- {do: evade, unit: 5, ap: 0}
- {do: evade, unit: 6, ap: 2}
- {do: evade, unit: 1, ap: 1}
- {do: evade, unit: 2, ap: 0}
- {do: evade, unit: 3, ap: 1}
"""
EXCHANGE = (
    EVADE
    + """\
- {do: attack, by: 3, weapon: 1, target: 6, ap: 2, dice: [4, 6, 3], evasion_dice: [2, 5]}
- {do: end}
- {do: attack, by: 6, weapon: 1, target: 3, ap: 2, dice: [6, 2, 4], evasion_dice: [3]}
"""
)


@pytest.fixture
def record(tmp_path: Path, cli, monkeypatch) -> Path:
    shutil.copy(COMET, tmp_path / "comet.yaml")
    shutil.copy(SALVAGE, tmp_path / "salvage.yaml")
    monkeypatch.chdir(tmp_path)
    assert cli("play", "comet.yaml", "salvage.yaml", "--seed", "5").code == 0
    return tmp_path / "comet.battle.yaml"


def play(cli, record: Path, actions: str, *extra: str):
    do = record.parent / "do.yaml"
    do.write_text(actions, encoding="utf-8")
    return cli("play", record.name, "--do", do.name, *extra)


def shown(cli, record: Path, *extra: str) -> dict:
    result = cli("play", record.name, "--json", *extra)
    assert result.code == 0, result.err
    return json.loads(result.out)


def units(state: dict) -> dict[int, dict]:
    return {u["id"]: u for u in state["units"]}


def test_the_state_after_an_exchange(cli, record):
    result = play(cli, record, EXCHANGE)
    assert result.code == 0, result.err
    state = shown(cli, record)
    u = units(state)
    assert (u[6]["wounds"], u[6]["evasion_roll"], u[6]["evasion_total"]) == (2, 5, 4)
    assert (u[3]["wounds"], u[3]["ap_left"], u[3]["weapons"][0]["ammo"]) == (1, 1, 11)
    assert u[6]["ap_left"] == 0 and u[6]["weapons"][0]["ammo"] == 11
    assert state["acted"] == [3, 6] and state["next"] == 1 and state["order"] == [3, 6, 1, 2, 4, 5]


@pytest.mark.parametrize("rolled", [False, True])
def test_d23_declared_odds_are_soh_odds_with_the_remaining_track(cli, record, rolled):
    # Ines's revolver (hit 6, damage 11, A) at Vera (evasion 4, durability A 5, 1 AP in evasion):
    # before Vera's roll, against 1 die; after Mei's blade made it (6 + 1: total 11), against 11.
    blade = "- {do: attack, by: 3, weapon: 2, target: 4, dice: [1], evasion_dice: [6, 1]}\n"
    mei = blade + "- {do: end}\n" if rolled else "- {do: end, unit: 3}\n"
    declare = "- {do: declare, by: 1, weapon: revolver, target: 4, ap: 2, bonus: 1}\n"
    actions = EVADE + mei + "- {do: end, unit: 6}\n" + declare
    assert play(cli, record, actions).code == 0
    got = shown(cli, record)["declared"]
    evasion, dice = (11, 0) if rolled else (4, 1)
    assert (got["hit"], got["evasion"], got["evasion_dice"]) == (7, evasion, dice)
    args = ["odds", "--system", "soh", "--hit", "7", "--attack-dice", "2", "--evasion"]
    args += [str(evasion), "--evasion-dice", str(dice), "--damage", "11", "--durability", "5"]
    args += ["--track", str(WOUND_TRACK), "--json"]
    result = cli(*args)
    assert result.code == 0, result.err
    want = json.loads(result.out)
    assert got["odds"] == {k: want[k] for k in ("p_hit", "multiplier", "wounds", "expected_wounds")}
    assert (got["track_left"], got["p_out"]) == (want["track_left"], want["p_out"])


def test_the_declared_odds_count_the_wounds_already_taken(cli, record, tmp_path):
    # Kit (2 wounds) under Mei's beam cannon (hit 3, damage 60, B) against durability 60: 18 left
    declare = "- {do: declare, by: 3, weapon: 1, target: 6, ap: 2}\n"
    assert play(cli, record, EXCHANGE.replace("- {do: end}\n", "") + declare).code == 2
    declare = declare.replace("ap: 2", "ap: 1")  # 4 AP, 1 in evasion, 2 spent
    first = EXCHANGE.split("- {do: end}\n")[0]  # Mei's attack only: Kit has 2, rolled 5
    assert play(cli, record, first + declare).code == 0
    got = shown(cli, record)["declared"]
    assert got["track_left"] == WOUND_TRACK - 2 and got["evasion"] == 4
    result = cli(
        *[
            "odds",
            "--system",
            "soh",
            "--hit",
            "3",
            "--attack-dice",
            "1",
            "--evasion",
            "4",
            "--evasion-dice",
            "0",
            "--damage",
            "60",
        ],
        *["--durability", "60", "--track", "18", "--json"],
    )
    assert got["p_out"] == json.loads(result.out)["p_out"]


def test_at_the_round_start_the_best_split_is_laminim_plan(cli, record, tmp_path):
    state = shown(cli, record, "--threat", "Vera")
    result = cli(
        "plan", "comet.yaml", "--unit", "Captain Ines", "--threat", "salvage.yaml:Vera", "--json"
    )
    assert result.code == 0, result.err
    table = json.loads(result.out)
    best = table["rows"][0]
    got = units(state)[1]["best_split"]
    assert got["against"] == 4 and got["opponent_evasion_dice"] == table["opponent_evasion_dice"]
    assert (got["weapon"], got["opponent_weapon"]) == (table["weapon"], table["opponent_weapon"])
    for key in ("evasion_dice", "attacks", "expected_dealt", "expected_taken", "p_wound_dealt"):
        assert got[key] == best[key], key


def test_mid_round_the_split_is_the_planner_from_the_ap_now(cli, record):
    # After the evasion: Ines has 1 of 3 AP in evasion (2 to attack); Vera put 1 of 3 in
    # evasion. Ines: revolver hit 6, damage 11 (A), rate 3; durability against Vera's laser (B)
    # 4. Vera: laser pistol hit 5, damage 8 (B), rate 3; durability against the revolver (A) 5.
    assert play(cli, record, EVADE).code == 0
    got = units(shown(cli, record, "--threat", "4"))[1]["best_split"]
    me = Combatant(ap=3, hit=6, evasion=3, damage=11, durability=4, max_attacks=3)
    vera = Combatant(ap=3, hit=5, evasion=4, damage=8, durability=5, max_attacks=3)
    rows = [r for r in plan(me, vera, 1).rows if r.split.evasion_dice == 1]
    assert got["evasion_declared"] and got["evasion_dice"] == 1
    assert got["attacks"] == list(rows[0].split.attacks)
    assert got["expected_dealt"] == rows[0].expected_dealt
    assert got["expected_taken"] == rows[0].expected_taken


BAD = (
    EVADE
    + """\
- {do: evade, unit: Zed, ap: 1}
- {do: evade, unit: 4, ap: 2}
- {do: attack, by: 3, weapon: 7, target: 6, dice: [4]}
- {do: attack, by: 3, weapon: 1, target: 2, dice: [4]}
- {do: move, unit: 5, speed: 3}
- {do: attack, by: 3, weapon: 1, target: 6, dice: [4, 0], ap: 2}
- {do: declare, by: 3, weapon: 1, target: 6, ap: 0}
- {do: attack, by: 1, weapon: 1, target: 4, dice: [4], evasion_dice: [3]}
- {do: evade, unit: 5, ap: -1}
"""
)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "do.yaml:7:21: [6].unit: no character Zed (characters: 1 Captain Ines, 2 Rook,",
                "do.yaml:8:21: [7].unit: Vera has declared 1 AP for evasion this round",
                "do.yaml:9:31: [8].weapon: Mei has no weapon 7 (it has 1 beam-cannon, 2",
                "do.yaml:10:42: [9].target: Rook is on the attacker's own side",
                "do.yaml:11:30: [10].speed: move takes no speed (it takes unit, ap)",
                "do.yaml:12:55: [11].dice[1]: 0 is not a face of a 6-sided die",
                "do.yaml:13:50: [12].ap: ap is AP (one die each): a whole number from 1 to 60",
                "do.yaml:14:20: [13].by: it is not Captain Ines's turn: 3 Mei acts first",
                "do.yaml:15:28: [14].ap: ap is AP: a whole number from 0 to 60",
            ],
        ),
        (
            "ja",
            [
                "do.yaml:7:21: [6].unit: キャラクター Zed はいません（キャラクター：1 イネス船長",
                "do.yaml:8:21: [7].unit: Vera はこのラウンドの回避 AP（1）を宣言済みです",
                "do.yaml:9:31: [8].weapon: メイ に武器 7 はありません",
                "do.yaml:10:42: [9].target: ルーク は攻撃側と同じ陣営です",
                "do.yaml:11:30: [10].speed: move に speed はありません",
                "do.yaml:12:55: [11].dice[1]: 0 は 6 面ダイスの出目ではありません",
                "do.yaml:13:50: [12].ap: ap は AP（1 つにつきダイス 1 個）です",
                "do.yaml:14:20: [13].by: イネス船長 の番ではありません。先に 3 メイ が行動します",
                "do.yaml:15:28: [14].ap: ap は AP です。0〜60 の整数にしてください",
            ],
        ),
    ],
)
def test_a_file_of_mistakes_gets_every_one_located_and_the_record_unchanged(
    cli, record, lang, words
):
    before = record.read_bytes()
    result = play(cli, record, BAD, "--lang", lang)
    assert result.code == 2
    assert "Traceback" not in result.err
    for said in words:
        assert said in result.err, (said, result.err)
    assert record.read_bytes() == before


def test_acting_before_the_evasion_or_out_of_order_is_refused_and_says_who(cli, record):
    early = play(cli, record, "- {do: attack, by: 3, weapon: 1, target: 6, dice: [4]}\n")
    assert early.code == 2 and "still to declare: 4 Vera, 5 Doc, 6 Kit" in early.err
    late = play(cli, record, EVADE + "- {do: attack, by: 1, weapon: 1, target: 4, dice: [4]}\n")
    assert late.code == 2 and "3 Mei acts first (agility 7" in late.err
    again = EVADE + "- {do: attack, by: 3, weapon: 2, target: 4, dice: [2], evasion_dice: [3]}\n"
    again += "- {do: attack, by: 3, weapon: 2, target: 4, dice: [2], evasion_dice: [3]}\n"
    refused = play(cli, record, again)
    assert refused.code == 2 and "[7].evasion_dice[0]" in refused.err  # rolled once a round


def test_rolled_dice_are_written_to_the_log_and_replay_the_same(cli, record):
    actions = EVADE + "- {do: attack, by: 3, weapon: 1, target: 6, ap: 2, roll: true}\n"
    assert play(cli, record, actions).code == 0
    text = record.read_text(encoding="utf-8")
    entry = next(line for line in text.splitlines() if "do: attack" in line)
    assert "dice: [" in entry and "evasion_dice: [" in entry and "roll" not in entry
    before = units(shown(cli, record))[6]
    assert play(cli, record, "- {do: undo}\n").code == 0
    assert units(shown(cli, record))[6]["wounds"] == 0
    assert before["evasion_roll"] is not None


def test_out_of_play_at_the_track_end(cli, record):
    # Mei's beam cannon at Vera (evasion 4 alone, durability B 5): 6 + 6 + 1 = 13, margin 12,
    # x3, 180 // 5 = 36 wounds: Vera is out of play; she can be neither attacked nor act.
    kill = (
        EVADE.replace("unit: 4, ap: 1", "unit: 4, ap: 0")
        + "- {do: attack, by: 3, weapon: 1, target: 4, dice: [6, 6, 1]}\n"
    )
    result = play(cli, record, kill)
    assert result.code == 0, result.err
    assert "4 Vera is out of play" in result.out
    vera = units(shown(cli, record))[4]
    assert not vera["alive"] and vera["wounds"] == 36 and vera["best_split"] is None
    refused = play(cli, record, "- {do: attack, by: 3, weapon: 2, target: 4, dice: [1]}\n")
    assert refused.code == 2 and "Vera is out of play (36 wounds)" in refused.err
    assert play(cli, record, "- {do: end-round}\n").code == 0
    state = shown(cli, record)
    assert units(state)[4]["ap"] == 0 and 4 not in state["to_declare"]
    from builder.play.session import Session
    from builder.systems.base import PrintOptions
    from builder.systems.soh.play.printing import cards_context

    session = Session.open(record)
    context = cards_context(
        session.state, session.catalog, PrintOptions(lang="ja", card_size="poker")
    )
    cards = {
        "".join(p["item"]["name"]).strip(): p["item"]
        for pg in context["pages"]
        for p in pg["items"]
    }
    assert cards["4 Vera"]["out"] and cards["4 Vera"]["wounds_struck"] == WOUND_TRACK
    assert not cards["3 メイ"]["out"]


DUEL = """\
system: soh
name: {name}
side: {side}
characters:
  - {{name: {who}, leader: true, intellect: 4, agility: 5, dexterity: 6, strength: 3, size: 2,
     ap: 2, skills: {{tactics: 1, gunnery: 2, piloting: 1, evasion: 1}}, {gear},
     weapons: [beam-cannon]}}
"""


def test_when_a_side_has_no_one_in_play_the_game_is_over_and_only_undo_is_taken(
    cli, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(
        DUEL.format(name="Reds", side="pc", who="Ann", gear="vehicle: lynx"), encoding="utf-8"
    )
    (tmp_path / "b.yaml").write_text(
        DUEL.format(name="Blues", side="enemy", who="Bo", gear="armour: flak-jacket"),
        encoding="utf-8",
    )
    assert cli("play", "a.yaml", "b.yaml", "--seed", "1").code == 0
    record = tmp_path / "a.battle.yaml"
    # Ann's beam cannon (hit 3, damage 60) at Bo (evasion 4, durability B 4 in a flak jacket):
    # 6 + 6 + 6 + 1 = 19, margin 18, x4, 240 // 4 = 60 wounds: Bo is out, side 2 has no one
    actions = (
        "- {do: evade, unit: Bo, ap: 0}\n- {do: evade, unit: Ann, ap: 0}\n"
        "- {do: attack, by: Ann, weapon: 1, target: Bo, ap: 2, dice: [6, 6, 6, 1, 1]}\n"
    )
    result = play(cli, record, actions)
    assert result.code == 0, result.err
    assert "Game over: side 1 Reds wins" in result.out
    state = shown(cli, record)
    assert state["over"] and state["winner"] == 1
    assert play(cli, record, "- {do: end-round}\n").code == 2
    assert play(cli, record, "- {do: undo}\n").code == 0
    assert not shown(cli, record)["over"]


def test_a_hand_edited_state_is_refused_at_its_place(cli, record):
    assert play(cli, record, EXCHANGE).code == 0
    text = record.read_text(encoding="utf-8")
    edited = text.replace("wounds: 2", "wounds: 1", 1)
    assert edited != text
    record.write_text(edited, encoding="utf-8")
    result = cli("play", record.name)
    assert result.code == 2 and "comet.battle.yaml:" in result.err


def test_a_record_replays_without_its_crew_files(cli, record):
    assert play(cli, record, EXCHANGE).code == 0
    (record.parent / "comet.yaml").unlink()
    (record.parent / "salvage.yaml").unlink()
    assert units(shown(cli, record))[6]["wounds"] == 2


def test_the_text_fits_80_columns_in_both_languages(cli, record):
    from builder.core.text_table import columns

    declare = "- {do: declare, by: 1, weapon: 1, target: 4, ap: 2}\n"
    assert play(cli, record, EXCHANGE + declare).code == 0
    for lang in ("en", "ja"):
        out = cli("play", record.name, "--lang", lang).out
        assert max(columns(line) for line in out.splitlines()) <= 80, lang
        if lang == "ja":
            assert "宣言中" in out and "ラウンド 1" in out and "イネス船長" in out


def test_the_play_screen_text_keeps_the_round_in_view_and_fits_80_columns(cli, record):
    from builder.core.text_table import columns
    from builder.play.session import Session
    from builder.systems import ShowsScreen
    from builder.systems.battle import ShowOptions
    from builder.systems.soh.play.view import SCREEN_WIDTH

    ines = "- {do: attack, by: 1, weapon: 1, target: 4, dice: [1], evasion_dice: [1]}\n"
    assert play(cli, record, EXCHANGE + ines).code == 0  # "Captain Ines (acting)"
    session = Session.open(record)
    assert isinstance(session.battle, ShowsScreen)
    for lang, words, name in (("en", "Round 1", "Mei"), ("ja", "ラウンド 1", "メイ")):
        head, body = session.battle.screen(session.state, session.catalog, ShowOptions(), lang)
        assert head.startswith(words) and name in body
        assert max(columns(line) for line in head.splitlines()) <= 80
        assert max(columns(line) for line in body.splitlines()) <= SCREEN_WIDTH  # a scroll bar


def test_cards_of_a_record_strike_the_wounds_and_the_rounds_spent(cli, record):
    from builder.play.session import Session
    from builder.systems.base import PrintOptions
    from builder.systems.soh.play.printing import cards_context

    assert play(cli, record, EXCHANGE).code == 0
    session = Session.open(record)
    context = cards_context(session.state, session.catalog, PrintOptions(card_size="poker"))
    cards = [placed["item"] for page in context["pages"] for placed in page["items"]]
    by_name = {"".join(c["name"]).strip(): c for c in cards if not c["continued"]}
    assert by_name["3 Mei"]["wounds_struck"] == 1 and by_name["6 Kit"]["wounds_struck"] == 2
    assert by_name["1 Captain Ines"]["wounds_struck"] == 0
    mei = by_name["3 Mei"]
    assert mei["weapons"][0]["ammo_struck"] == 1


def test_laminim_cards_record_prints_the_marked_deck(cli, record, tmp_path):
    assert play(cli, record, EXCHANGE).code == 0
    result = cli("cards", record.name, "-o", tmp_path / "out")
    assert result.code == 0, result.err
    pdf = tmp_path / "out" / "comet-battle-cards.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_written_state_that_cannot_be_read_is_refused_value_by_value(cli, record):
    assert play(cli, record, EXCHANGE).code == 0
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    data["units"][0]["ammo"] = [99]
    data["units"][1]["colour"] = "red"
    data["units"][2]["evasion"] = "lots"
    record.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = cli("play", record.name, "--lang", "ja")
    assert result.code == 2 and "Traceback" not in result.err
    for said in (
        "units[0].ammo[0]: revolver の残弾は 0〜6 にしてください",
        "units[1].colour: 不明なキー colour",
        "units[2].evasion: evasion は整数（0 以上）にしてください",
    ):
        assert said in result.err, (said, result.err)


def test_a_record_without_its_state_is_rebuilt_from_its_crews_and_its_log(cli, record):
    assert play(cli, record, EXCHANGE).code == 0
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    kept = {k: data[k] for k in ("system", "record", "teams", "catalog", "seed", "log")}
    record.write_text(yaml.safe_dump(kept, allow_unicode=True, sort_keys=False), encoding="utf-8")
    u = units(shown(cli, record))
    assert (u[6]["wounds"], u[3]["wounds"], u[3]["weapons"][0]["ammo"]) == (2, 1, 11)
