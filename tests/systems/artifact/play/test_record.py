"""The artifact battle record through ``laminim play`` (docs/rules.md D22, docs/play.md
"Gundam Artifact"): the odds shown from a damaged state equal the existing commands started
from the same numbers; bad actions files exit 2 with every problem located, in English and in
Japanese, and leave the record unchanged; the record is replayed from its log."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.derive import all_units, find_threat, threat_stats, unit_stats
from builder.systems.artifact.rules import survival

ROOT = Path(__file__).parents[4]
SLEEVES = ROOT / "parts_catalog" / "artifact" / "demo_force.yaml"
LONDO = ROOT / "examples" / "artifact" / "londo_bell.yaml"

# 1 Rewloola, 2 Nightingale, 3 Rick Dias 1, 4 Rick Dias 2 | 5 Ra Cailum, 6 Hi-nu, 7 Byalant,
# 8 Rick Dias 3. Hi-nu's fin funnels hit Nightingale twice, one hit evaded: HP 12 -> 9, P 10 -> 9
# -> 8 after its own attack; Nightingale's funnels (near 1) hit Hi-nu twice: HP 10 -> 6, P 8.
ACTIONS = """\
- {do: initiative, dice: [2, 5]}
- {do: move, unit: 6, distance: 15}
- {do: attack, by: 6, weapon: fin-funnel, target: 2, hits: [5, 3], evade: [4, 2]}
- {do: attack, by: 2, weapon: funnel, target: 6, near: 1, hits: [6, 4, 3]}
"""


@pytest.fixture
def record(tmp_path: Path, cli, monkeypatch) -> Path:
    shutil.copy(SLEEVES, tmp_path / "sleeves.yaml")
    shutil.copy(LONDO, tmp_path / "londo.yaml")
    monkeypatch.chdir(tmp_path)
    assert cli("play", "sleeves.yaml", "londo.yaml", "--seed", "5").code == 0
    return tmp_path / "sleeves.battle.yaml"


def play(cli, record: Path, actions: str, *extra: str):
    do = record.parent / "do.yaml"
    do.write_text(actions, encoding="utf-8")
    return cli("play", record.name, "--do", do.name, *extra)


def shown(cli, record: Path, *extra: str) -> dict:
    result = cli("play", record.name, "--json", *extra)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_the_state_after_an_exchange(cli, record):
    assert play(cli, record, ACTIONS).code == 0
    units = {u["id"]: u for u in shown(cli, record)["units"]}
    assert (units[2]["hp"], units[2]["p"]) == (9, 8)
    assert (units[6]["hp"], units[6]["p"]) == (6, 8)
    state = shown(cli, record)
    assert state["active"] == {"unit": 2, "used": 1} and state["acted"] == [6]


def test_d22_odds_from_the_current_hp_and_p_are_d12s_chain_started_there(cli, record):
    assert play(cli, record, ACTIONS).code == 0
    catalog = load_catalog(None)
    units = all_units(catalog)
    threat = threat_stats(find_threat(None, catalog), catalog)
    for uid, type_id, hp, p in ((2, "nightingale", 9, 8), (6, "hi-nu-gundam", 6, 8)):
        got = next(u for u in shown(cli, record)["units"] if u["id"] == uid)["odds"]
        want = survival(unit_stats(units[type_id]), threat, 3, start_hp=hp, start_propellant=p)
        assert got["rounds"] == [r.as_json() for r in want.rounds]
        assert got["alive_next_round"] == want.rounds[0].alive
        assert got["alive_in_3_rounds"] == want.rounds[2].alive
        assert got["expected_hp_in_3_rounds"] == want.rounds[2].expected_hp


def test_at_full_health_the_odds_are_analyze_rounds_3(cli, record):
    state = shown(cli, record)
    analyzed = cli("analyze", "sleeves.yaml", "--rounds", "3", "--json")
    assert analyzed.code == 0, analyzed.err
    by_name = {u["name"]: u["rounds"] for u in json.loads(analyzed.out)["units"]}
    for unit in state["units"]:
        if unit["side"] == 1:
            assert unit["odds"]["rounds"] == by_name[unit["name"]], unit["name"]


def test_an_enemy_unit_as_the_threat_is_its_best_weapon_twice_a_round(cli, record, tmp_path):
    # Ra Cailum at an MS: main gun 4 x 1/3 x 3 = 4 expected beats machine gun 5 x 2/3 x 1
    (tmp_path / "ra.yaml").write_text(
        "attacks:\n  - {unit: ra-cailum, weapon: main-gun}\n"
        "  - {unit: ra-cailum, weapon: main-gun}\n",
        encoding="utf-8",
    )
    state = shown(cli, record, "--threat", "Ra Cailum")
    analyzed = cli("analyze", "sleeves.yaml", "--rounds", "3", "--threat", "ra.yaml", "--json")
    by_name = {u["name"]: u["rounds"] for u in json.loads(analyzed.out)["units"]}
    for unit in state["units"]:
        if unit["side"] == 1 and unit["kind"] == "ms":
            assert unit["odds"]["rounds"] == by_name[unit["name"]], unit["name"]
        if unit["side"] == 2:
            assert unit["odds"] is None  # its own side


@pytest.mark.parametrize("evade", [False, True])
def test_the_declared_attack_odds_are_odds_with_the_target_hp_now(cli, record, evade):
    declared = "- {do: declare, by: 2, weapon: funnel, target: 6, near: 1}\n"
    assert play(cli, record, ACTIONS + declared).code == 0
    got = shown(cli, record)["declared"]
    assert got["target_hp"] == 6
    args = ["odds", "--system", "artifact", "--attacker", "nightingale", "--weapon", "funnel"]
    args += ["--target", "hi-nu-gundam", "--near", "1", "--target-hp", "6", "--json"]
    result = cli(*args, *(["--evade"] if evade else []))
    assert result.code == 0, result.err
    assert got["odds_evading" if evade else "odds"] == json.loads(result.out)


def test_the_declared_attack_is_the_one_rolled_and_the_log_names_it(cli, record):
    declared = "- {do: declare, by: 2, weapon: funnel, target: 6, near: 1}\n"
    rolled = "- {do: attack, hits: [6, 1, 1]}\n"
    assert play(cli, record, ACTIONS + declared + rolled).code == 0
    units = {u["id"]: u for u in shown(cli, record)["units"]}
    assert units[6]["hp"] == 4 and shown(cli, record)["declared"] is None
    text = record.read_text(encoding="utf-8")
    assert "hits: [6, 1, 1], by: 2, weapon: funnel, target: 6, near: 1}" in text


BAD = """\
- {do: initiative, dice: [3, 4]}
- {do: move, unit: Zaku, distance: 5}
- {do: attack, by: 6, weapon: 9, target: 2, hits: [6, 6]}
- {do: attack, by: 6, weapon: fin-funnel, target: 5, hits: [6, 6]}
- {do: attack, by: 6, weapon: fin-funnel, target: 1, hits: [6, 6], evade: true}
- {do: land, unit: 5}
- {do: move, unit: 7, distance: 16}
- {do: launch, unit: 8, speed: 3}
- {do: attack, by: 7, weapon: claw-arm, target: 2, hits: [6, 7, 0]}
"""


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "do.yaml:2:20: [1].unit: no unit Zaku (units: 1 Rewloola, 2 Nightingale,",
                "do.yaml:3:31: [2].weapon: Hi-nu has no weapon 9 (it has 1 beam-rifle",
                "do.yaml:4:51: [3].target: Ra Cailum is on the attacker's own side",
                "do.yaml:5:75: [4].evade: Rewloola is a battleship: a ship never evades (D11)",
                "do.yaml:6:20: [5].unit: Ra Cailum is a battleship: only an MS lands",
                "do.yaml:7:33: [6].distance: Byalant moves at most 15 cm, not 16",
                "do.yaml:8:32: [7].speed: launch takes no speed (it takes unit, distance)",
                "do.yaml:9:62: [8].hits[1]: 7 is not a face of a 6-sided die",
            ],
        ),
        (
            "ja",
            [
                "do.yaml:2:20: [1].unit: 機体 Zaku はいません",
                "do.yaml:3:31: [2].weapon: Hi-nu に武装 9 はありません",
                "do.yaml:4:51: [3].target: Ra Cailum は攻撃側と同じ陣営です",
                "do.yaml:5:75: [4].evade: Rewloola は戦艦です。戦艦は回避しません（D11）",
                "do.yaml:6:20: [5].unit: Ra Cailum は戦艦です。着艦するのは MS だけです",
                "do.yaml:7:33: [6].distance: Byalant の移動は 15cm までで、16 は越えています",
                "do.yaml:8:32: [7].speed: launch に speed はありません",
                "do.yaml:9:62: [8].hits[1]: 7 は 6 面ダイスの出目ではありません",
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


def test_after_the_battleship_falls_only_undo_is_taken(cli, record):
    kill = (
        "- {do: initiative, dice: [1, 6]}\n"
        + "".join(
            f"- {{do: attack, by: 5, weapon: main-gun, target: 1, hits: [6, 6, 6, {f}]}}\n"
            for f in (6, 1)
        )
        + "- {do: end, unit: 2}\n"  # side 1's turn: Nightingale passes
        + "- {do: attack, by: 6, weapon: fin-funnel, target: 1, hits: [6, 6]}\n"
    )
    result = play(cli, record, kill)
    assert result.code == 0, result.err
    assert "the battleship is destroyed" in result.out
    state = shown(cli, record)
    assert state["over"] and state["winner"] == 2
    assert play(cli, record, "- {do: move, unit: 2}\n").code == 2
    assert play(cli, record, "- {do: undo}\n").code == 0
    assert not shown(cli, record)["over"]


def test_a_hand_edited_state_is_refused_at_its_place(cli, record):
    assert play(cli, record, ACTIONS).code == 0
    text = record.read_text(encoding="utf-8").replace("hp: 6, p: 8", "hp: 7, p: 8")
    record.write_text(text, encoding="utf-8")
    result = cli("play", record.name)
    assert result.code == 2 and "sleeves.battle.yaml:" in result.err


def test_the_text_fits_80_columns_in_both_languages(cli, record):
    from builder.core.text_table import columns

    declared = "- {do: declare, by: 2, weapon: funnel, target: 6, near: 1}\n"
    assert play(cli, record, ACTIONS + declared).code == 0
    for lang in ("en", "ja"):
        out = cli("play", record.name, "--lang", lang).out
        assert max(columns(line) for line in out.splitlines()) <= 80, lang
        if lang == "ja":
            assert "宣言中" in out and "ラウンド 1" in out


def test_cards_of_a_record_strike_hp_lost_p_spent_and_ms_aboard(cli, record):
    from builder.play.session import Session
    from builder.systems.artifact.play.printing import cards_context
    from builder.systems.base import PrintOptions

    landing = "- {do: end}\n- {do: land, unit: 8, distance: 1}\n"
    assert play(cli, record, ACTIONS + landing).code == 0
    session = Session.open(record)
    context = cards_context(session.state, session.catalog, PrintOptions(card_size="poker"))
    cards = [placed["item"] for page in context["pages"] for placed in page["items"]]
    marks: dict[str, list[int]] = {}  # a unit's cards in order: a continuation card's tracks
    for c in cards:  # follow its first card's (a ship's aboard may head its second card)
        name = c["name"].removesuffix(" (continued)")
        marks.setdefault(name, []).extend(t["struck"] for t in c["tracks"])
    assert marks["2 Nightingale"] == [3, 2]  # HP 9 of 12, P 8 of 10
    assert marks["6 Hi-nu"] == [4, 2]  # HP 6 of 10, P 8 of 10
    assert marks["5 Ra Cailum"] == [0, 1]  # Rick Dias 3 aboard
    assert marks["1 Rewloola"] == [0, 0]
    forces = {c["name"]: c["force_line"] for c in cards}
    assert "5 Ra Cailum (continued)" in forces  # the demo's ship takes two poker cards
    assert "Londo Bell" in forces["6 Hi-nu"] and "Sleeves vanguard" in forces["2 Nightingale"]


def test_laminim_cards_record_prints_the_marked_deck(cli, record, tmp_path):
    assert play(cli, record, ACTIONS).code == 0
    result = cli("cards", record.name, "-o", tmp_path / "out")
    assert result.code == 0, result.err
    pdf = tmp_path / "out" / "sleeves-battle-cards.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_key_left_empty_is_a_key_missing(cli, record):
    result = play(cli, record, "- {do: land, unit: null}\n- {do: attack, by: 2, weapon: ~}\n")
    assert result.code == 2
    assert "do.yaml:1:3: [0]: land needs unit" in result.err
    assert "do.yaml:2:3: [1]: attack needs weapon" in result.err


def test_the_play_screen_text_keeps_the_round_in_view_and_fits_80_columns(cli, record):
    from builder.core.text_table import columns
    from builder.play.session import Session
    from builder.systems import ShowsScreen
    from builder.systems.battle import ShowOptions

    assert play(cli, record, ACTIONS).code == 0
    session = Session.open(record)
    assert isinstance(session.battle, ShowsScreen)
    for lang, words in (("en", "Round 1"), ("ja", "ラウンド 1")):
        head, body = session.battle.screen(session.state, session.catalog, ShowOptions(), lang)
        assert head.startswith(words) and "Hi-nu" in body
        assert max(columns(line) for line in (head + "\n" + body).splitlines()) <= 80


def test_an_unknown_threat_is_refused_with_the_closest_name_the_threats_and_the_units(cli, record):
    result = cli("play", record.name, "--threat", "hi-nu-fin-funnel")
    assert result.code == 2
    assert "--threat: no threat or unit 'hi-nu-fin-funnel' (did you mean 'hi-nu-fin-funnels'?)" in (
        result.err
    )
    assert "threats: hi-nu-fin-funnels, " in result.err and "units: 1 Rewloola, 2 " in result.err
    ja = cli("play", record.name, "--threat", "hi-nu-fin-funnel", "--lang", "ja")
    assert ja.code == 2 and "機体：1 レウルーラ、2 ナイチンゲール" in ja.err


def test_a_broken_state_is_refused_with_every_problem_at_its_place(cli, record):
    text = record.read_text(encoding="utf-8")
    text = text.replace("active: null", "active: {unit: 2, used: 0, extra: 1}")
    text = text.replace("names: [Sleeves vanguard, Londo Bell]", "names: 5")
    record.write_text(text.replace("declared: null", "declared: [1, 2]"), encoding="utf-8")
    result = cli("play", record.name)
    assert result.code == 2
    for said in (
        "names: names is a list of the sides' names",
        "active.extra: unknown key extra (here: unit, used)",
        "declared: expected a mapping here",
    ):
        assert said in result.err, said
