"""The commands' text tables line up in a terminal, Japanese names included."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.text_table import columns, fit_text, table, wrap


def test_a_wide_character_takes_two_columns():
    assert columns("ab") == 2
    assert columns("機体") == 4
    assert columns("MS機") == 4


def test_columns_line_up_by_terminal_width_and_numbers_align_right():
    out = table(["name", "hp"], [["機体", "5"], ["gm", "12"]], right={1})
    assert out.splitlines() == [
        "name  hp",
        "----  --",
        "機体   5",
        "gm    12",
    ]


def test_trailing_blanks_are_cut():
    assert table(["a", "b"], [["x", ""]]).splitlines()[-1] == "x"


# --- 80 columns: wrapping prose and narrowing tables, never cutting a number ------------------


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet="abcアイ1.%", min_size=1, max_size=12), min_size=1, max_size=20),
    st.integers(min_value=4, max_value=80),
)
def test_wrap_keeps_every_word_in_order_and_within_width(words, width):
    lines = wrap(" ".join(words), width, "  ")
    assert all(columns(line) <= width for line in lines)
    assert "".join(line.replace(" ", "") for line in lines) == "".join(words)


def test_a_wrapped_number_never_stands_alone_on_its_line():
    text = "damage output per round vs. same exposure: all weapons 38.33, slot 2 alone 33.33"
    lines = wrap(text, 78, "  ")
    assert lines[-1] == "  2 alone 33.33" and all(columns(line) <= 78 for line in lines)


def test_a_located_problem_stays_one_line():
    problem = "examples/x.yaml:3:5: units[0].name: " + "word " * 30
    assert fit_text(problem) == problem
    warned = "warning: " + problem
    assert fit_text(warned) == warned


def test_a_wide_table_wraps_its_text_column_and_keeps_its_numbers_whole():
    rows = [["quick-booster", "12345678.25", "quick boost (side-step 2) and a long note here"]]
    text = table(["weapon", "value", "abilities"], rows, right={1}, width=40)
    assert all(columns(line) <= 40 for line in text.splitlines())
    assert "12345678.25" in text
    assert "side-step" in text and len(text.splitlines()) > 3


def test_a_number_columns_header_wraps_instead_of_widening_the_table():
    text = table(["#", "P≥1 wound taken"], [["1", "80.4%"]], right={0, 1}, width=8)
    assert text.splitlines()[0].split() == ["#", "P≥1"]
    assert "80.4%" in text


def test_japanese_wraps_never_split_an_id_or_a_katakana_word_or_start_with_a_closing_mark():
    """Help under --lang ja printed "lami/nim" and "soh/, artifact": a wide run is cut where
    it must, but not inside an ASCII word, a katakana word, or before 、。）."""
    text = (
        "カタログの想定攻撃の ID か、想定攻撃を1つ書いた YAML ファイル（既定：カタログの"
        "既定の想定攻撃。ゲーム：laminim, soh, artifact）"
    )
    for width in range(30, 60):
        lines = wrap(text, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(columns(line) <= width for line in lines), lines
        for a, b in itertools.pairwise(lines):
            assert not (a[-1].isascii() and a[-1].isalnum() and b[0].isascii() and b[0].isalnum())
            assert not ("\u30a0" <= a[-1] <= "\u30ff" and "\u30a0" <= b[0] <= "\u30ff"), (a, b)
            assert b[0] not in "、。）,", (a, b)


def test_japanese_help_wraps_between_phrases_only():
    """--help under --lang ja broke 「標本推/定」「順/位づけ」: a Japanese run without spaces
    is cut between BudouX phrases (builder.core.phrases), the same as the printouts."""
    from builder.core.phrases import phrases

    texts = [
        "被弾のしやすさ・生存の期待値（厳密計算の上限を超えると標本推定）・与ダメージ",
        "LAMINIM のカタログで組める適正な構成をすべて、想定攻撃に対して順位づけします"
        "（パレート前線に印）",
        "ファイルのカードとプレイシート、続いて名簿シートを印刷します（PDF）",
    ]
    for text in texts:
        cuts = {0}
        for phrase in phrases(text):
            cuts.add(max(cuts) + len(phrase))
        for width in range(24, 60):
            lines = wrap(text, width)
            assert all(columns(line) <= width for line in lines), lines
            at = 0
            for line in lines[:-1]:
                at = text.index(line.strip(), at) + len(line.strip())
                while at < len(text) and text[at] == " ":
                    at += 1
                assert at in cuts, (width, lines)


def test_a_phrase_too_wide_for_its_column_wraps_at_its_spaces_before_it_is_shortened():
    cells = [["quick-booster", "特殊 クイックブースト サイドステップ 2"], ["rifle", "通常"]]
    out = table(["id", "種別・能力"], cells, width=36)
    assert "…" not in out
    assert "特殊 クイックブースト" in out and "サイドステップ 2" in out
    assert all(columns(line) <= 36 for line in out.splitlines())


def test_a_phrase_moved_down_to_a_short_last_line_keeps_the_space_written_after_it():
    """Issue 34: the laminim compare title under ja wrapped as ``厳密計算。--interceptauto(D19)``:
    a short last line took the phrases before it along, and the spaces between them went."""
    text = "比較：想定攻撃 複合攻撃 [mixed-fire]、2 ラウンド、厳密計算。--intercept auto (D19)"
    lines = wrap(text, 80, "  ")
    assert len(lines) == 2 and lines[1] == "  厳密計算。--intercept auto (D19)"
    assert "".join(line.strip() for line in lines) == text
