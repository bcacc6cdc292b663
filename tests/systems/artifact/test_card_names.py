"""A unit's name in the head of its card: at most two lines, broken between phrases where the
two lines are most even, each line within the card's width, and cut with … only when even the
floor size cannot hold it (builder/systems/artifact/card_name.py)."""

from __future__ import annotations

import pytest

from builder.render.measure import PT_MM, font_em
from builder.systems.artifact.card_name import NAME_FLOOR_PT, fit_name
from builder.systems.artifact.print_fit import FACES, Scale

HEADS = [
    pytest.param(FACES[size].inner, Scale.at(FACES[size], FACES[size].ladder[0]).name, lang)
    for size in ("poker", "large")
    for lang in ("en", "ja")
]
"""(width mm, name pt) of each card size's head, in each language."""

NAMES = [
    "試験運用母艦ラーカイラム改二番艦",
    "ガンダムMk-V（ニュータイプ研究所仕様）",
    "リックディアス・クワトロ・バジーナ大尉専用機（赤）",
    "ナイチンゲール（シャア・アズナブル専用機）重装型",
    "第十三独立機動艦隊旗艦ラーカイラム級二番艦「ネェル・アーガマ改」",
    "フルアーマー・ダブルゼータガンダム試作重装強襲型一号機",
    "Nightingale Commander Custom",
    "Hi-ν Gundam (Amuro Ray)",
    "Supercalifragilisticexpialidocious",
]


@pytest.mark.parametrize(("width", "pt", "lang"), HEADS)
@pytest.mark.parametrize("name", NAMES)
def test_a_name_prints_whole_on_at_most_two_lines_each_within_the_card(width, pt, lang, name):
    title = fit_name(name, width, pt, lang)
    assert title.text == name
    assert 1 <= title.lines <= 2
    assert NAME_FLOOR_PT <= title.pt <= pt
    for row in title.rows:
        assert font_em(row.rstrip(), lang, bold=True) * title.pt * PT_MM <= width


WORDS = ["番艦", "研究所", "ラーカイラム", "ニュータイプ", "大尉", "専用機", "一号機"]
"""Words a break once split (「改二/番艦」 and 「研/究所」 on an English card)."""


@pytest.mark.parametrize(("width", "pt", "lang"), HEADS)
@pytest.mark.parametrize("name", NAMES[:6])
def test_a_japanese_name_never_breaks_inside_a_word(width, pt, lang, name):
    title = fit_name(name, width, pt, lang)
    for word in WORDS:
        if word in name:
            assert any(word in row for row in title.rows), (word, title.rows)


@pytest.mark.parametrize(("width", "pt", "lang"), HEADS)
def test_a_long_katakana_name_breaks_after_a_middle_dot_not_before_its_last_word(width, pt, lang):
    """「…大尉専用機/（赤）」 left three characters alone on the second line, at 7 pt."""
    title = fit_name("リックディアス・クワトロ・バジーナ大尉専用機（赤）", width, pt, lang)
    assert title.rows[-1] != "（赤）"
    assert title.pt >= 10.0


@pytest.mark.parametrize(("width", "pt", "lang"), HEADS)
def test_a_name_in_brackets_stays_whole(width, pt, lang):
    title = fit_name("ナイチンゲール（シャア・アズナブル専用機）重装型", width, pt, lang)
    assert not any(row.endswith("シャア・") for row in title.rows)


def test_two_english_lines_are_evened_rather_than_filled():
    title = fit_name("Nightingale Commander Custom", FACES["poker"].inner, 11.0, "en")
    assert [r.strip() for r in title.rows] == ["Nightingale", "Commander Custom"]


def test_a_name_that_fits_one_line_at_full_size_takes_one():
    assert fit_name("Rick Dias Quattro", FACES["poker"].inner, 11.0, "en").rows == (
        "Rick Dias Quattro",
    )


def test_a_name_too_long_for_two_lines_at_the_floor_is_cut_with_an_ellipsis():
    name = "ネオ・ジオン総帥親衛隊第一機動打撃群" * 4
    title = fit_name(name, FACES["poker"].inner, 11.0, "ja")
    assert title.pt == NAME_FLOOR_PT and title.lines == 2
    assert title.rows[-1].endswith("…") and name.startswith(title.text[:-1])
    for row in title.rows:
        assert font_em(row, "ja", bold=True) * title.pt * PT_MM <= FACES["poker"].inner


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ship_marker_prints_a_long_name_whole_on_two_lines(lang):
    """The marker once cut 「第十三独立機動艦隊旗艦ラーカイラム級二番艦…」 to one line at 7 pt."""
    from pathlib import Path

    from builder.roster.team_file import load_team
    from builder.systems.artifact.printouts import MARKER_NAME, markers_context

    system, force = load_team(Path(__file__).with_name("forces") / "long_names.yaml")
    (marker,) = markers_context(force, system.load_catalog(), lang=lang, paper="a4")["markers"]
    assert "".join(marker["name_rows"]) == force.ship.name
    assert len(marker["name_rows"]) == 2 and marker["name_pt"] >= NAME_FLOOR_PT
    for row in marker["name_rows"]:
        assert font_em(row, lang, bold=True) * marker["name_pt"] * PT_MM <= MARKER_NAME[0]
