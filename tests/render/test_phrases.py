"""Japanese lines break between phrases (builder.core.phrases), pinned on the words the
printouts used to split: 「移/動」「落/下先」「リス/ク+2」「（1/面」「負傷/= ダメージ」."""

from __future__ import annotations

import itertools
import re

import pytest

from builder.core.phrases import phrases


@pytest.mark.parametrize(
    "text",
    [
        "リスク+2の移動、落下先に発艦する",
        "負傷 = ダメージ ÷ 耐久度（1面あたり）",
        "ミサイル迎撃：5発のトークンを+2で撃つと平均",
        "照準+1：自身・目標それぞれズザートークンなし",
        "Wolfgang Maximilian 重装突撃機甲部隊第三小隊所属",
        "",
        "Submachine gun",
    ],
)
def test_phrases_joined_are_the_text(text):
    assert "".join(phrases(text)) == text


def _breaks(text: str) -> list[tuple[str, str]]:
    """(end of a phrase, start of the next) at every break opportunity."""
    cut = phrases(text)
    return [(a.rstrip()[-1:], b.lstrip()[:1]) for a, b in itertools.pairwise(cut)]


def test_no_break_inside_a_word_the_cards_used_to_split():
    cut = phrases("リスク+2の移動、落下先に発艦する")
    for word in ("リスク+2", "移動", "落下先", "発艦"):
        assert any(word in p for p in cut), (word, cut)


def test_a_formula_stays_on_one_line():
    cut = phrases("負傷 = ダメージ ÷ 耐久度（1面あたり）")
    assert any("負傷 = ダメージ ÷ 耐久度" in p for p in cut), cut


def test_a_number_stays_with_its_counter():
    for text in ("ミサイル迎撃：5発のトークンを+2で撃つと平均", "1面あたり3回まで攻撃できる"):
        for end, start in _breaks(text):
            assert not (end.isdigit() and start in "発面回"), (text, phrases(text))


def test_a_katakana_word_is_never_split():
    for text in ("サブマシンガンとガトリング砲", "クイックブースターでダッシュ"):
        for end, start in _breaks(text):
            assert not ("\u30a0" <= end <= "\u30ff" and "\u30a0" <= start <= "\u30ff"), text


def test_the_last_phrase_is_never_one_character():
    long_name = "重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機"
    for text in (long_name, "攻撃して移動し熱"):
        assert len(phrases(text)[-1].strip()) > 1, phrases(text)


def test_english_breaks_after_its_spaces():
    assert phrases("Submachine gun with scope") == ["Submachine ", "gun ", "with ", "scope"]


def test_a_long_english_name_in_japanese_text_may_still_wrap_between_its_words():
    cut = phrases("Wolfgang Maximilian 重装突撃")
    assert cut[0] == "Wolfgang " and "Maximilian " in cut


def test_a_mode_keeps_its_distance():
    assert phrases("ダッシュ 3") == ["ダッシュ 3"]


def test_a_name_may_wrap_between_its_parts_but_never_inside_one():
    """A katakana name is one word to the phrase breaker: the compare sheet's column heads ran
    「アメリア・オコンクォ＝リンドクヴィスト博士」 over the next column. ``name_phrases`` sets each
    part in its own unbreakable span, so the line may break after ・ or ＝ only (・ is set in the
    proportional face, as Latin is: its own span inside the part's)."""
    from builder.render.env import make_env

    html = make_env().from_string("{{ n | name_phrases }}").render(n="アメリア・オコンクォ＝リンド")
    assert html == (
        '<span class="kw">アメリア<span class="lat">・</span></span>'
        '<span class="kw">オコンクォ＝</span><span class="kw">リンド</span>'
    )
    hostile = make_env().from_string("{{ n | name_phrases }}").render(n="<b>Vex</b>")
    assert "<b>" not in hostile  # escaped: only our own spans are markup
    assert re.sub(r"</?span[^>]*>", "", hostile) == "&lt;b&gt;Vex&lt;/b&gt;"


@pytest.mark.parametrize(
    "text, whole",
    [
        ("期待残耐久：残りの耐久度（合計）の期待値。", "期待残耐久"),  # BudouX: 期待残 / 耐 / 久
        ("期待残耐久：残りの耐久度（合計）の期待値。", "耐久度（合計）"),  # a term and its note
        ("回避値 3（回避）、耐久 A 6", "回避値 3（回避）"),
        ("生存率：最終ラウンド後に生き残っている確率。", "生存率"),
    ],
)
def test_a_lone_kanji_and_a_short_note_stay_with_their_word(text, whole):
    assert any(whole in p for p in phrases(text)), phrases(text)


def test_a_katakana_words_kanji_suffix_may_still_end_a_phrase():
    cut = phrases("第十三独立機動艦隊旗艦ラーカイラム級二番艦「ネェル・アーガマ改」")
    assert any(p.endswith("ラーカイラム級") for p in cut), cut


def test_a_label_stays_with_its_short_latin_value():
    """ダイジェスト and the digest it labels never part (catalog diff under ja, a wrapped line)."""
    header = "新：ガンダムアーティファクト サンプルデータ、"
    found = phrases(header + "バージョン 2（ダイジェスト ffa79fe06731）")
    assert any("ダイジェスト ffa79fe06731" in p for p in found)
    long_path = "ファイル examples/artifact/a_very_long_force_file_name.yaml を読みます"
    assert not any("ファイル examples" in p for p in phrases(long_path))  # a path is no short value


def test_a_particle_stays_with_the_latin_word_before_it():
    """Issue 34: 「Enter で」 is one phrase (BudouX's), as 「そのまま」 is: the file dialog broke
    「（そのまま Enter」 / 「で同じチーム同士）」, a line starting on the particle. A long English
    name still wraps between its words, and a line may still break before the key name."""
    found = phrases("相手のチーム（そのまま Enter で同じチーム同士）")
    assert any(p.strip() == "Enter で" for p in found), found
    assert any("c で" in p for p in phrases("共有コード（c でコピー）"))
    assert "（laminim " in phrases("表示中の内容（laminim import で読み込めます）")
