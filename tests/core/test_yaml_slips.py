"""The slips a Japanese keyboard makes in YAML are named at their character, with the fix, before
YAML's own words (builder/core/yaml_slips): every slip of a file in one run, each at its
line:col; a mis-indented key is told as such; the player's own full-width text is left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core.problems import InputError, ReadingProblems
from builder.core.source import parse_yaml
from builder.core.yaml_slips import slips_in
from builder.core.yaml_slips.indentation import misindented
from tests.docs.readme_examples import ROOT


def _refused(text: str) -> list[tuple[int | None, int | None, str, str]]:
    """(line, col, message key, Japanese words) of each problem of a file that does not read."""
    with pytest.raises(InputError) as exc:
        parse_yaml(text, "t.yaml")
    return [(p.line, p.col, p.said.key, p.said.ja) for p in exc.value.problems]


def _slips(text: str) -> list[tuple[int, int, str]]:
    return [(s.line, s.col, s.message.key) for s in slips_in(text)]


TEAM_HEAD = "system: laminim\nname: 夜勤\n"


@pytest.mark.parametrize(
    ("text", "where", "key"),
    [
        ("units：\n  - name: A\n", (1, 6), "fw-colon"),
        ("units:\n  - name：A\n    frame: x\n", (2, 9), "fw-colon"),
        ("units:\n  - {name：A, frame: x}\n", (2, 10), "fw-colon"),
        ("w: [rifle，missile]\n", (1, 10), "fw-comma"),
        ("w: [rifle、missile]\n", (1, 10), "fw-comma"),
        ("w: ［rifle, missile]\n", (1, 4), "fw-bracket"),
        ("w: [rifle, missile］\n", (1, 19), "fw-bracket"),
        ("m: ｛a: 1}\n", (1, 4), "fw-bracket"),
        ("name: “Kestrel”\n", (1, 7), "fw-quote"),
        ("name: ＇Kestrel＇\n", (1, 7), "fw-quote"),
        ("units:\n  － name: A\n", (2, 3), "fw-hyphen"),
        ("units:\n  ー name: A\n", (2, 3), "fw-hyphen"),
        ("units:\n  − a\n", (2, 3), "fw-hyphen"),
        ("units:\n  - name: A\n　　frame: x\n", (3, 1), "fw-space-indent"),
        ("units:\n  - name: A\n \tframe: x\n", (3, 2), "tab-indent"),
        ("name:　Kestrel\n", (1, 6), "fw-space-after"),
        ("units:\n  -　a\n", (2, 4), "fw-space-after"),
        ("name: Kestrel　# 鷹\n", (1, 14), "fw-space-before-comment"),
        ("name: Kestrel ＃ 鷹\n", (1, 15), "fw-hash"),
        ("ap: ３\n", (1, 5), "fw-digits"),
        ("hp: －１２\n", (1, 5), "fw-digits"),
        ("map: [[0, １], [2, 3]]\n", (1, 11), "fw-digits"),
    ],
)
def test_each_slip_is_named_at_its_character(text, where, key):
    assert _slips(text) == [(*where, key)]


def test_corner_brackets_typed_for_a_list_are_told_at_both_ends():
    assert _slips("w: 「rifle, missile」\n") == [(1, 4, "fw-bracket"), (1, 19, "fw-bracket")]


def test_the_fix_is_said_in_both_languages():
    (slip,) = slips_in("units：\n")
    assert slip.message.ja == "全角の「：」があります。キーの後は半角の「:」にしてください"
    assert (
        slip.message.en == "a full-width '：' (Japanese input): type a half-width ':' after a key"
    )


@pytest.mark.parametrize(
    "text",
    [
        "name: 射撃型：改\n",  # a full-width colon inside a value
        "description: 「強い」、速い。ライフル：3発\n",
        "notes: |\n  　全角で始まる行\n  ー 長音で始まる行\n  key：value\n",
        "q: 'it''s: fine，really'\n",
        "# コメント：、「」［］\nname: x  # 注：全角\n",
        "x: 'a\n  ，b'\n",
        "units:\n  - {name: 鷹、改, frame: striker}\n  - name: 「隼」\n",
        "name: ［試作］ケストレル\n",
        "name: ケストレル２号\n",
        "units:\n- name: A\n  frame: x\nname: T\n",
    ],
)
def test_the_players_own_full_width_text_is_no_slip(text):
    assert slips_in(text) == []
    assert misindented(text) == []


def test_no_file_of_the_repository_has_a_slip_or_a_misindented_key():
    files = [
        p
        for folder in ("parts_catalog", "examples", "tests/fixtures", "tests/systems")
        for p in sorted((ROOT / folder).rglob("*.yaml"))
    ]
    assert len(files) > 50
    found = {}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        said = [(s.line, s.col, s.message.key) for s in slips_in(text)]
        said += [(s.line, s.col, s.message.key) for s in misindented(text)]
        if said:
            found[str(path.relative_to(ROOT))] = said
    shown = found.pop("examples/laminim/ime_slips.yaml")  # the README's example of the slips
    assert [key for _, _, key in shown] == ["fw-colon", "fw-comma", "fw-hyphen", "fw-space-indent"]
    assert found == {}


def test_a_full_width_colon_is_told_on_its_own_line_and_the_rest_is_read_as_meant():
    with pytest.raises(ReadingProblems) as exc:
        parse_yaml(TEAM_HEAD + "units：\n  - name: A\n    frame: striker\n", "t.yaml")
    said = [(p.line, p.col, p.said.key) for p in exc.value.problems]
    assert said == [(3, 6, "fw-colon")]  # YAML's own words were about the slip: not shown
    read = exc.value.partial
    assert read.mended and read.data["units"] == [{"name": "A", "frame": "striker"}]


def test_yamls_words_come_after_the_slips_when_the_mended_file_still_does_not_read():
    said = _refused(TEAM_HEAD + "units：\n  - name: [A\n")
    assert said[0][:3] == (3, 6, "fw-colon")
    assert said[-1][2].startswith("yaml-")


def test_the_mended_file_keeps_the_columns_as_written():
    """A full-width space in indentation stands for two spaces; what follows it on that line
    is still placed at its column in the file as written."""
    text = TEAM_HEAD + "units：\n  - name: A\n　  frame: striker\n"
    with pytest.raises(ReadingProblems) as exc:
        parse_yaml(text, "t.yaml")
    read = exc.value.partial
    assert read.data["units"][0]["frame"] == "striker"
    assert read.positions[("units", 0, "frame")] == (5, 11)  # 「　  frame: 」 is 10 characters


def test_check_tells_the_slips_and_the_legality_problems_behind_them_in_one_run(cli, tmp_path):
    team = tmp_path / "t.yaml"
    team.write_text(
        "system: laminim\nname： 夜勤\nunits:\n"
        "  - {name: A, frame: striker, weapons: [rifle， missile, gatling]}\n"
        "　- {name: B, frame: nosuch, weapons: [rifle]}\n",
        encoding="utf-8",
    )
    result = cli("check", team, "--lang", "ja")
    assert result.code == 2
    located = [line.split(": ", 1)[0].split(":", 1)[1] for line in result.err.splitlines()]
    assert located == ["2:5", "4:3", "4:40", "4:46", "5:1", "5:21"]
    assert "全角の「：」" in result.err and "不明な本体「nosuch」" in result.err
    assert "積載 13/8" in result.err
    assert team.read_text(encoding="utf-8").count("：") == 1  # the file is never changed


def test_the_tui_does_not_edit_a_file_read_only_with_its_slips_mended(tmp_path):
    from builder import systems
    from builder.tui.document import open_file

    team = tmp_path / "t.yaml"
    team.write_text(TEAM_HEAD + "units：\n  - name: A\n    frame: nosuch\n", encoding="utf-8")
    opened = open_file(team, fallback=systems.get("laminim"))
    assert opened.document is None and opened.unreadable is not None
    keys = [p.said.key for p in opened.unreadable.problems]
    assert "fw-colon" in keys and any("frame" in p.field for p in opened.unreadable.problems)


def test_indentation_with_full_width_spaces_is_not_told_as_a_quoting_problem():
    said = _refused(TEAM_HEAD + "units:\n　- name: A\n    frame: striker\n")
    assert said[0][:3] == (4, 1, "fw-space-indent")
    assert "全角スペースで字下げ" in said[0][3]


def test_a_tab_yaml_refuses_is_told_once():
    said = _refused(TEAM_HEAD + "units:\n  - name: A\n\tframe: striker\n")
    assert [s[:3] for s in said] == [(5, 1, "tab-indent")]


MIXED = [
    (
        TEAM_HEAD
        + "units：\n"
        + "  - name: ケストレル\n"
        + "    frame: 射撃型\n"
        + "    weapons: ［ライフル，ミサイル］\n"
        + "  ー name: B\n"
        + "　  frame: bastion\n",
        [
            (3, 6, "fw-colon"),
            (6, 14, "fw-bracket"),
            (6, 19, "fw-comma"),
            (6, 24, "fw-bracket"),
            (7, 3, "fw-hyphen"),
            (8, 1, "fw-space-indent"),
        ],
    ),
    (
        TEAM_HEAD.replace("夜勤", "夜勤　# チーム名")
        + "units:\n"
        + "  - name: A\n"
        + "    frame: striker\n"
        + "    weapons: [rifle、missile]\n"
        + "  - name：B\n"
        + "    frame: bastion\n"
        + "     weapons: [gatling]\n",
        [
            (2, 9, "fw-space-before-comment"),
            (6, 20, "fw-comma"),
            (7, 9, "fw-colon"),
            (9, 6, "indent-deeper"),
        ],
    ),
    (
        "system: soh\nname: 乗組員\ncharacters:\n"
        + "  - name: イネス\n"
        + "    ap: ３\n"
        + "    skills: ｛射撃: 2, 回避: 1｝\n"
        + "    weapons: 「リボルバー」\n"
        + "\tarmour: 防弾ジャケット\n"
        + "  - name：ルーク\n",
        [
            (5, 9, "fw-digits"),
            (6, 13, "fw-bracket"),
            (6, 26, "fw-bracket"),
            (8, 1, "tab-indent"),
            (9, 9, "fw-colon"),
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), MIXED, ids=["laminim", "comments", "soh"])
def test_every_slip_of_a_file_comes_out_in_one_run(text, expected):
    said = _refused(text)
    slips = [s[:3] for s in said if not s[2].startswith("yaml-")]
    assert slips == expected


@pytest.mark.parametrize(
    ("text", "where", "key", "words"),
    [
        (
            "units:\n  - name: A\n    frame: striker\n     weapons: [rifle]\n",
            (4, 6),
            "indent-deeper",
            "「weapons」が 6 桁目まで字下げされ、値のある 3 行目の「frame」より深くなっています。"
            "「frame」と同じ 5 桁目にそろえてください",
        ),
        (
            "units:\n  - name: A\n    frame: striker\n   weapons: [rifle]\n",
            (4, 4),
            "indent-between",
            "「weapons」が 4 桁目まで字下げされ、上のどのキーともそろっていません。"
            "2 行目のリストの項目のキーは 5 桁目です",
        ),
        (
            "units:\n  - name: A\n    frame: striker\n  weapons: [rifle]\n",
            (4, 3),
            "indent-between",
            None,
        ),
        ("system: laminim\n name: T\n", (2, 2), "indent-deeper", None),
        ("units:\n  - name: A\n    frame: x\n - name: B\n", (4, 2), "indent-item-between", None),
        (
            "units:\n  - name: A\n    frame: x\n   - name: B\n",
            (4, 4),
            "indent-item-between",
            "このリストの項目の「-」が 4 桁目にあり、上の項目とそろっていません。"
            "1 行目の「units」の項目は 3 桁目から始まります",
        ),
        ("a:\n  b:\n    c: 1\n   d: 2\n", (4, 4), "indent-between", None),
    ],
)
def test_a_misindented_key_is_told_with_its_column_and_neighbours(text, where, key, words):
    said = _refused(text)
    assert said[0][:3] == (*where, key)
    if words is not None:
        assert said[0][3] == words


def test_a_block_of_lines_off_by_the_same_columns_is_told_at_its_first_line():
    text = "units:\n  - name: A\n    frame: x\n     weapons: [a]\n     more: 1\n"
    assert [(s.line, s.key) for s in _keyed(misindented(text))] == [(4, "indent-deeper")]


def _keyed(slips):
    from types import SimpleNamespace

    return [SimpleNamespace(line=s.line, key=s.message.key) for s in slips]


def test_a_file_that_reads_warns_of_its_slips_beside_what_goes_wrong(cli, tmp_path):
    team = tmp_path / "t.yaml"
    team.write_text(
        TEAM_HEAD
        + "units:\n"
        + "  - {name: A, frame: striker, weapons: [rifle、missile]}\n"
        + "  - {name: B, frame: bastion, weapons: ［gatling］}\n"
        + "  - {name: C, frame: lancer, weapons: [smg]}\n",
        encoding="utf-8",
    )
    result = cli("check", team, "--lang", "ja", "--json")
    import json

    doc = json.loads(result.out)
    warned = [(w["line"], w["col"], w["code"]) for w in doc["warnings"]]
    assert warned == [(4, 46, "fw-comma"), (5, 40, "fw-bracket"), (5, 48, "fw-bracket")]
    assert result.code == 2  # the unknown weapon 'rifle、missile' and the string are still errors


def test_a_clean_file_is_read_without_walking_its_lines():
    """Most files have no character a slip could be: they cost one regular expression."""
    text = Path(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml").read_text(encoding="utf-8")
    assert parse_yaml(text, "demo.yaml").notes == []
