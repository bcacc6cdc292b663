"""Fitting names into printed boxes: shrink first, then cut with an ellipsis."""

from __future__ import annotations

from builder.render.fit import fit
from builder.render.measure import text_em


def test_short_name_keeps_the_largest_size():
    fitted = fit("Kestrel", 46, 9, 6, lines=2)
    assert fitted.text == "Kestrel" and fitted.size == 9


def test_long_name_shrinks_before_it_is_cut():
    name = "Wolfgang Maximilian WWW Mk-IV Heavy Guard"
    fitted = fit(name, 46, 9, 6, lines=2)
    assert fitted.text == name and 6 <= fitted.size < 9


def test_very_long_name_is_cut_with_an_ellipsis_at_the_floor():
    fitted = fit("重装突撃機甲部隊" * 10, 36, 8, 5)
    assert fitted.size == 5 and fitted.text.endswith("…")
    assert text_em(fitted.text) * 5 <= 36 / (25.4 / 72)


def test_japanese_counts_full_width():
    assert text_em("雷電") == 2.0
    assert text_em("ab") < 2.0


def test_segments_keep_katakana_words_whole_and_break_english_at_spaces():
    from builder.render.measure import segments

    assert segments("Submachine gun") == ["Submachine ", "gun"]
    assert segments("サブマシンガン") == ["サブマシンガン"]
    assert segments("ガトリング砲") == ["ガトリング砲"]  # one word: a phrase, not two
    assert "".join(segments("増設スラスター 2")) == "増設スラスター 2"


def test_fit_words_shrinks_rather_than_split_a_word():
    from builder.render.fit import fit_words

    roomy = fit_words("サブマシンガン", 40, 6, 5)
    assert roomy.size == 6 and roomy.words == ["サブマシンガン"]
    tight = fit_words("サブマシンガン", 13.5, 6, 5)
    assert 5 <= tight.size < 6 and tight.words == ["サブマシンガン"]
    # beyond the floor (untrusted text) it is split between characters, never spilled
    assert fit_words("サブマシンガン", 5, 6, 5).words == list("サブマシンガン")
