"""soh character cards keep every gear name whole, measured on the PDF (issue 13's rule, as the
LAMINIM cards: English breaks at spaces, Japanese never inside a katakana word).

Before: poker cards broke the weapon table's headers inside words (``ダメー / ジ``, ``レー / ト``),
a name a little longer than the bundled ones broke inside its katakana word
(``ハイパーレーザーピス / トル``) or at a hyphen and printed over the next table, a name too long
for its column widened the table past the card's edge (the number columns were clipped), and a
character with six weapons ran off the bottom of a poker card (clipped). Every case at both card
sizes and in both languages: names and headers whole, every character inside its card, body
text at least 6 pt, every weapon printed once.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest

from builder.core.i18n import part_name
from builder.render.batch import render_printouts
from builder.render.measure import box_piece, count_lines, pieces, segments
from builder.systems.base import PrintOptions
from builder.systems.soh.derive import derive_all
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.print_fit import (
    SIZES,
    fit_line,
    fit_name,
    fit_title,
    name_segments,
    split_rows,
)
from builder.systems.soh.printouts import character_cards, labels_for
from builder.systems.soh.system import SYSTEM
from tests.printing.pdf_measure import open_pdf

MM = 72 / 25.4
LANGS = ("en", "ja")
CARD_SIZES = ("poker", "large")
LONGER = {  # a user catalog (--catalog) may name its gear longer than the bundled one does
    "laser-pistol": ("Supercalifragilisticexpialidocious laser", "ハイパーレーザーピストル"),
    "beam-cannon": ("Long-range heavy support beam cannon", "メガビームキャノンカスタム"),
    "energy-sword": ("Energy sword", "超重量級試作型長距離支援用エナジーソード"),
    "trooper-suit": ("Trooper powered suit custom", "トルーパー・パワードスーツカスタム"),
    "valiant": ("Valiant Custom Extra Deluxe", "ヴァリアントカスタムエクストラスーパーデラックス"),
}


def _character(name: str, **gear) -> dict:
    skills = {"guns": 2, "melee": 1, "gunnery": 1, "throwing": 1, "piloting": 1}
    abilities = dict(intellect=4, agility=4, dexterity=4, strength=4, size=2, ap=3)
    return {"name": name, "name_ja": name, "skills": skills, **abilities, **gear}


def _crew(catalog: Catalog) -> Crew:
    """Every weapon, armour and vehicle of ``catalog``; the first character carries every
    weapon (six: more than a poker card holds)."""
    weapons = [w.id for w in catalog.weapons]
    characters = [_character("Ace", armour=catalog.armour[-1].id, weapons=weapons, leader=True)]
    for i, part in enumerate(catalog.armour[:-1]):
        characters.append(_character(f"Armour {i}", armour=part.id, weapons=weapons[i : i + 2]))
    for i, part in enumerate(catalog.vehicles):
        characters.append(_character(f"Pilot {i}", vehicle=part.id, weapons=weapons[-2 - i :]))
    return Crew.model_validate({"system": "soh", "name": "Words", "characters": characters})


def _longer(catalog: Catalog) -> Catalog:
    def rename(parts):
        return tuple(
            p.model_copy(update=dict(zip(("name", "name_ja"), LONGER[p.id], strict=True)))
            if p.id in LONGER
            else p
            for p in parts
        )

    return catalog.model_copy(
        update={k: rename(getattr(catalog, k)) for k in ("weapons", "armour", "vehicles")}
    )


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    bundled = SYSTEM.load_catalog()
    return {"bundled": bundled, "longer": _longer(bundled)}


class _Pdfs(dict):
    """The crew's cards for a (catalog, language, size), laid out when a test first asks: the
    suite runs a covering few of the cases (``tests/conftest.py`` ``SWEEPS``), not all eight."""

    def __init__(self, tmp_path_factory, catalogs: dict[str, Catalog]) -> None:
        super().__init__()
        self._tmp = tmp_path_factory
        self._catalogs = catalogs

    def __missing__(self, key: tuple[str, str, str]) -> Path:
        which, lang, size = key
        catalog = self._catalogs[which]
        crew = _crew(catalog)
        options = PrintOptions(paper="a4", lang=lang, card_size=size)
        cards = [p for p in SYSTEM.printouts(crew, catalog, options) if p.kind == "cards"]
        folder = self._tmp.mktemp(f"{which}-{lang}-{size}")
        (path,) = render_printouts(cards, folder, crew.name)
        self[key] = path
        return path


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory, catalogs) -> dict[tuple[str, str, str], Path]:
    return _Pdfs(tmp_path_factory, catalogs)


def _cards(page, size: str) -> list[dict]:
    """The card outlines (the cut lines of the grid are the same size, drawn as items)."""
    w, h = SIZES[size].width, SIZES[size].height
    found = [
        r for r in page.rects if abs(r["width"] / MM - w) < 0.6 and abs(r["height"] / MM - h) < 0.6
    ]
    unique: list[dict] = []
    for r in sorted(found, key=lambda r: (r["top"], r["x0"])):
        if not any(abs(r["x0"] - u["x0"]) < 2 and abs(r["top"] - u["top"]) < 2 for u in unique):
            unique.append(r)
    return unique


@functools.cache
def _card_lines(path: Path, size: str) -> list[list[str]]:
    """Each card's lines of words (``extract_words``), card by card, page by page."""
    cards = []
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            for r in _cards(page, size):
                words = page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_words()
                lines: dict[int, list[dict]] = {}
                for w in words:
                    lines.setdefault(round(w["top"]), []).append(w)
                cards.append(
                    [
                        " ".join(w["text"] for w in sorted(ws, key=lambda w: w["x0"]))
                        for _, ws in sorted(lines.items())
                    ]
                )
    return cards


def _gear_names(catalog: Catalog, lang: str) -> list[str]:
    return [part_name(p, lang) for p in (*catalog.weapons, *catalog.armour, *catalog.vehicles)]


@pytest.mark.parametrize("size", CARD_SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_bundled_gear_name_prints_whole_on_one_line(pdfs, catalogs, lang, size):
    lines = [line for card in _card_lines(pdfs[("bundled", lang, size)], size) for line in card]
    for name in _gear_names(catalogs["bundled"], lang):
        assert any(name in line for line in lines), f"{name!r} is not printed whole: {lines}"


@pytest.mark.parametrize("size", CARD_SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_weapon_tables_headers_print_whole(pdfs, lang, size):
    labels = labels_for(lang)
    heads = [labels[k] for k in ("weapon", "hit", "type", "damage", "rate")]
    for which in ("bundled", "longer"):
        for card in _card_lines(pdfs[(which, lang, size)], size):
            assert any(all(h in line.split() for h in heads) for line in card), card


@pytest.mark.parametrize("size", CARD_SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_longer_gear_names_never_break_inside_a_word(pdfs, catalogs, lang, size):
    """English may break at spaces and Japanese between kanji, never inside a word."""
    lines = [line for card in _card_lines(pdfs[("longer", lang, size)], size) for line in card]
    names = [n for n in _gear_names(catalogs["longer"], lang) if n in set(_all(LONGER))]
    assert len(names) == len(LONGER)
    for name in names:
        for piece in (p.strip() for p in segments(name)):
            assert any(piece in line for line in lines), f"{piece!r} of {name!r} is cut"
            for a, b in itertools.pairwise(lines):
                for cut in range(1, len(piece)):
                    assert not (a.endswith(piece[:cut]) and b.startswith(piece[cut:])), (
                        f"{piece!r} split as {a!r} / {b!r}"
                    )


def _all(table: dict[str, tuple[str, str]]) -> list[str]:
    return [name for pair in table.values() for name in pair]


@pytest.mark.parametrize("which", ["bundled", "longer"])
@pytest.mark.parametrize("size", CARD_SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_character_stays_inside_its_card_at_6_5pt_or_more(pdfs, which, lang, size):
    """Nothing runs past a card's edge or bottom (clipped text stays in the PDF, outside the
    card), and nothing on a card is under 6.5 pt (the page footer is outside every card)."""
    with open_pdf(pdfs[(which, lang, size)]) as pdf:
        for page in pdf.pages:
            cards = _cards(page, size)
            assert cards
            for c in page.chars:
                if not c["text"].strip():
                    continue
                home = [
                    r
                    for r in cards
                    if r["x0"] - 0.5 <= c["x0"] and c["x1"] <= r["x1"] + 0.5
                    and r["top"] - 0.5 <= c["top"] and c["bottom"] <= r["bottom"] + 0.5
                ]  # fmt: skip
                if not home:  # the footer line: below every card
                    assert c["top"] > max(r["bottom"] for r in cards), f"{c['text']!r} spills"
                    continue
                assert c["size"] >= 6.5 - 0.01, f"{c['text']!r} at {c['size']:.2f} pt"
                r = home[0]
                pad = SIZES[size].pad_y * MM
                assert c["bottom"] <= r["bottom"] - pad + 0.5, f"{c['text']!r} in the bottom edge"


@pytest.mark.parametrize("which", ["bundled", "longer"])
@pytest.mark.parametrize("size", CARD_SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_weapon_is_printed_once_in_order(catalogs, which, lang, size):
    catalog = catalogs[which]
    crew = _crew(catalog)
    for d in derive_all(crew.characters, catalog):
        cards = character_cards(d, crew, lang, size)
        printed = [w["name"] for card in cards for w in card["weapons"]]
        assert printed == [part_name(w.weapon, lang) for w in d.weapons]
        assert [c["continued"] for c in cards] == [False] + [True] * (len(cards) - 1)


def test_six_weapons_with_their_ammo_tracks_go_on_a_continuation_card(catalogs):
    catalog = catalogs["bundled"]
    ace = derive_all(_crew(catalog).characters, catalog)[0]
    assert len(ace.weapons) == 6
    crew = _crew(catalog)
    # on poker the six weapons' rows (78 mm with 3.5 mm ammo boxes) are more than the first
    # card (28 mm beside the abilities) and the last (35 mm above the wounds) hold: a third card
    for size, want in (("poker", 3), ("large", 2)):
        cards = character_cards(ace, crew, "ja", size)
        assert len(cards) == want
        assert all(card["weapons"] for card in cards)
    assert set(CARD_SIZES) == {"poker", "large"}


def test_a_name_too_long_for_its_column_gets_a_row_of_its_own(catalogs):
    catalog = catalogs["longer"]
    crew = _crew(catalog)
    ace = derive_all(crew.characters, catalog)[0]
    cards = character_cards(ace, crew, "ja", "poker")
    wide = {w["name"]: w["wide"] for card in cards for w in card["weapons"]}
    assert wide["ハイパーレーザーピストル"] is True
    assert wide["アサルトライフル"] is False


def test_fit_name_shrinks_then_splits_only_a_word_longer_than_the_box():
    fitted = fit_name("サブマシンガン", 12.0, 7.0)  # 7 em: fits 12 mm at 4.x pt, not 6.5
    assert fitted.split and fitted.size == 6.5
    fitted = fit_name("サブマシンガン", 20.0, 7.0)
    assert not fitted.split and fitted.words == ["サブマシンガン"] and fitted.size == 7.0


def test_lines_break_between_pieces_only():
    assert count_lines(pieces(6.5, "Hand grenade"), 100.0, "en") == 1
    assert count_lines(pieces(6.5, "Hand grenade"), 8.0, "en") == 2
    assert count_lines(pieces(6.0, "ハイパーレーザーピストル"), 10.0, "ja") == 1
    line = [*pieces(6.5, "装備: ", bold=True), box_piece(60.0)]
    assert count_lines(line, 57.0, "ja") == 2  # a box takes a line


def test_split_rows_keeps_at_least_one_row_per_card():
    assert split_rows([5.0, 5.0, 5.0], 10.0, 100.0) == [2, 1]
    assert split_rows([50.0, 5.0], 10.0, 20.0) == [1, 1]
    assert split_rows([], 10.0, 20.0) == [0]


def test_a_name_breaks_after_its_separators_and_where_a_title_meets_it():
    assert name_segments("砲術軍曹マクシミリアーナ・ハルトマン＝フォンシュタイン") == [
        "砲術軍曹",
        "マクシミリアーナ・",
        "ハルトマン＝",
        "フォンシュタイン",
    ]
    assert name_segments("アメリア・オコンクォ=リンドクヴィスト博士") == [
        "アメリア・",
        "オコンクォ=",
        "リンドクヴィスト",
        "博士",
    ]
    assert name_segments("Dr. Amelia Okonkwo-Lindqvist") == ["Dr. ", "Amelia ", "Okonkwo-Lindqvist"]


@pytest.mark.parametrize("size", CARD_SIZES)
def test_a_long_name_takes_two_lines_and_is_cut_only_past_them(size):
    card = SIZES[size]
    short = fit_title(card, "en", "Captain Ines", 0.0, 7.0)
    assert (short.words, short.size, short.lines) == (["Captain ", "Ines"], card.name_pt, 1)
    long = "砲術軍曹マクシミリアーナ・ハルトマン＝フォンシュタイン"
    title = fit_title(card, "ja", long, 12.0, 7.0)
    assert "".join(title.words) == long and title.lines == 2
    assert title.size >= 7.0
    endless = fit_title(card, "en", "Name " * 40, 0.0, 7.0)
    assert endless.words[-1].endswith("…") and endless.lines == 2


def test_a_continuation_tag_goes_under_a_name_rather_than_shrink_it():
    card = SIZES["poker"]
    alone = fit_title(card, "en", "Tank Commander Okonkwo", 0.0, 7.0)
    tagged = fit_title(card, "en", "Tank Commander Okonkwo", 14.0, 7.0)
    assert alone.lines == 1 and (tagged.size, tagged.lines) == (alone.size, 2)


def test_a_crew_line_too_long_is_cut_after_a_whole_word_or_phrase():
    card = SIZES["poker"]
    cut = fit_line("Crew: Bounty hunters of the Outer Rim Consortium", card.text_mm, 6.5, 6.5)
    assert cut.text == "Crew: Bounty hunters of the Outer…"
    cut = fit_line("クルー: 外縁星域独立傭兵団「暁の流星」第二強襲分隊", card.text_mm, 6.5, 6.5)
    assert cut.text == "クルー: 外縁星域独立傭兵団「暁の流星」…"
    whole = fit_line("Crew: Stray Comet crew", card.text_mm, 6.5, 6.5)
    assert whole.text == "Crew: Stray Comet crew"
