"""Parts written by the names the tool shows (builder/core/names.py): the id, or the English or
Japanese name after NFKC and case folding; an ambiguous name refused with its candidates; a
miss answered with a name in the player's language; files keep what the player wrote; --json
gives ids. The same rules in every game."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass

import pytest

from builder.core.names import Names, fold
from tests.docs.readme_examples import ROOT


@dataclass(frozen=True)
class Part:
    id: str
    name: str
    name_ja: str


PARTS = Names(
    [
        Part("striker", "Striker", "射撃型"),
        Part("quick-booster", "Quick booster", "クイックブースター"),
        Part("missile", "Missile pod", "ミサイル"),
        Part("rocket", "Rocket pod", "ミサイル"),  # a Japanese name two parts share
    ]
)


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("striker", "striker"),
        ("Striker", "striker"),
        ("STRIKER", "striker"),
        ("ｓｔｒｉｋｅｒ", "striker"),  # full-width letters
        ("射撃型", "striker"),
        ("quick_booster", "quick-booster"),
        ("Quick Booster", "quick-booster"),
        ("ｸｲｯｸﾌﾞｰｽﾀｰ", "quick-booster"),  # half-width katakana
        ("クイック・ブースター", "quick-booster"),
        ("missile pod", "missile"),
        ("Ｍｉｓｓｉｌｅ　Ｐｏｄ", "missile"),  # full-width letters and space
    ],
)
def test_a_part_is_found_by_its_id_or_either_name_however_typed(written, meant):
    found = PARTS.get(written)
    assert found is not None and found.id == meant


def test_folding_is_nfkc_and_case_folding_without_separators():
    assert fold("ｸｲｯｸ・ﾌﾞｰｽﾀｰ") == fold("クイックブースター") == "クイックブースター"
    assert fold("Rick_Dias") == fold("rick-dias") == "rickdias"


def test_an_exact_id_always_means_itself():
    names = Names([Part("rifle", "Long rifle", "長銃"), Part("long-rifle", "Rifle", "ライフル")])
    assert names.get("rifle").id == "rifle"  # not the part whose English name is Rifle
    assert names.get("Rifle") is None and len(names.find("Rifle").several) == 2


def test_a_name_several_parts_share_is_refused_with_each_candidate():
    assert PARTS.get("ミサイル") is None
    said = PARTS.refusal("ミサイル", lambda hint: None)  # type: ignore[arg-type,return-value]
    assert said.ja == (
        "「ミサイル」という名前のものが複数あります：missile（ミサイル）、rocket（ミサイル）。"
        "どれかの ID を書いてください"
    )
    assert "missile (Missile pod), rocket (Rocket pod)" in said.en


def test_a_miss_is_answered_with_the_name_in_the_players_language():
    hint = PARTS.hint("strikr")
    assert (hint.en, hint.ja) == (" (did you mean 'Striker'?)", "（「射撃型」のことですか？）")
    assert PARTS.hint("射撃").ja == "（「射撃型」のことですか？）"  # a name cut short
    assert PARTS.hint("zzzzzz").en == ""


# --- every game, from its files and options ------------------------------------------------------

DEMOS = {
    "laminim": "parts_catalog/laminim/demo_team.yaml",
    "artifact": "parts_catalog/artifact/demo_force.yaml",
    "soh": "parts_catalog/soh/demo_crew.yaml",
}


@pytest.mark.parametrize("game", list(DEMOS))
@pytest.mark.parametrize("command", ["check", "analyze"])
def test_a_file_written_in_japanese_names_gives_the_id_files_json(cli, monkeypatch, game, command):
    """The examples write every part (and soh's skills) by its Japanese name, full- and
    half-width mixed; the JSON is the demo's, which writes ids."""
    monkeypatch.chdir(ROOT)
    named = cli(command, f"examples/{game}/japanese_names.yaml", "--json")
    ids = cli(command, DEMOS[game], "--json")
    assert named.code == ids.code == 0, named.err
    assert json.loads(named.out) == json.loads(ids.out)


def test_optimize_takes_a_frame_by_its_japanese_name(cli):
    named = cli("optimize", "--frame", "射撃型", "--top", "3", "--json")
    ids = cli("optimize", "--frame", "striker", "--top", "3", "--json")
    assert named.code == 0 and named.out == ids.out
    assert {row["frame"] for row in json.loads(named.out)["loadouts"]} == {"striker"}


def test_a_threat_is_taken_by_its_japanese_name(cli):
    named = cli("analyze", DEMOS["laminim"], "--threat", "ライフルの撃ち合い", "--json")
    ids = cli("analyze", DEMOS["laminim"], "--threat", "rifle-duel", "--json")
    assert named.code == 0 and named.out == ids.out


def test_soh_takes_an_opponent_and_a_weapon_by_name(cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = ["plan", DEMOS["soh"], "--unit", "Rook", "--json"]
    named = cli(*args, "--threat", "海賊ガンマン", "--weapon", "ｱｻﾙﾄﾗｲﾌﾙ")
    ids = cli(*args, "--threat", "pirate-gunman", "--weapon", "assault-rifle")
    assert named.code == 0 and named.out == ids.out


@pytest.fixture
def shared_name(tmp_path):
    """The bundled LAMINIM catalog with the rocket pod renamed ミサイル in Japanese: the name
    now names two weapons."""
    folder = tmp_path / "catalog"
    shutil.copytree(ROOT / "parts_catalog" / "laminim", folder)
    weapons = folder / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8")
    weapons.write_text(text.replace("name_ja: ロケット", "name_ja: ミサイル"), encoding="utf-8")
    team = tmp_path / "team.yaml"
    team.write_text(
        "system: laminim\nname: T\nunits:\n"
        "  - {name: A, frame: 射撃型, weapons: [ミサイル]}\n"
        "  - {name: B, frame: 重装型, weapons: [gatling]}\n"
        "  - {name: C, frame: lancer, weapons: [smg]}\n",
        encoding="utf-8",
    )
    return folder, team


def test_an_ambiguous_name_in_a_file_is_refused_with_the_candidates(cli, shared_name):
    folder, team = shared_name
    result = cli("check", team, "--catalog", folder, "--lang", "ja")
    assert result.code == 2
    assert (
        f"{team}:4:37: units[0].weapons[0]: 「ミサイル」という名前のものが複数あります："
        in result.err
    )
    assert "missile（ミサイル）、rocket（ミサイル）" in result.err


def test_a_did_you_mean_offers_the_name_in_the_players_language(cli, tmp_path):
    team = tmp_path / "team.yaml"
    team.write_text(
        "system: laminim\nname: T\nunits:\n  - {name: A, frame: 射撃形, weapons: [rifle]}\n",
        encoding="utf-8",
    )
    assert (
        "不明な本体「射撃形」（「射撃型」のことですか？）" in cli("check", team, "--lang", "ja").err
    )
    assert "unknown frame '射撃形' (did you mean 'Striker'?)" in cli("check", team).err


def test_a_save_keeps_the_names_the_player_wrote(tmp_path):
    """The TUI's save writes back what the file said: a part written by name stays a name,
    also in a unit the player renamed."""
    from builder.roster.team_file import load_team, save_team

    path = tmp_path / "team.yaml"
    shutil.copy(ROOT / "examples" / "laminim" / "japanese_names.yaml", path)
    before = path.read_text(encoding="utf-8")
    system, team = load_team(path)
    save_team(system, team, path)
    assert path.read_text(encoding="utf-8") == before
    renamed = team.model_copy(
        update={"units": [team.units[0].model_copy(update={"name": "Hawk"}), *team.units[1:]]}
    )
    save_team(system, renamed, path)
    after = path.read_text(encoding="utf-8")
    assert after == before.replace("name: Kestrel", "name: Hawk")
