"""Card sheets as a player cuts and plays them (issue "Print kit II"), read back from the PDFs.

Over the demo deck and held-out decks of every card game, in English and Japanese, A4 and
Letter, poker and large: every card keeps 3 mm of blank inside its own cut (its outline
aside), neighbouring cards' cut lines are 3 mm apart, no text is under 6.5 pt, tick boxes are
at least 3.5 mm and 0.6 mm apart, and every card carries its kind's rules reminder.

Each PDF is rendered once per test process (the ``decks`` fixture); the demo decks run every
case, a held-out deck Japanese poker on A4 and English large on Letter (the others ``slow``).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from builder import systems
from builder.render.backs import not_legal_word
from builder.render.batch import render_html
from builder.render.layout import CUT_MARGIN, GUTTER
from builder.render.pdf import pdf_bytes
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions
from tests.printing.pdf_measure import (
    MM,
    card_boxes,
    chars_in,
    gutters_mm,
    ink_to_cut_mm,
    marks,
    open_pdf_data,
    printed_chars,
)

ROOT = Path(__file__).resolve().parents[2]
DECKS_DIR = Path(__file__).with_name("decks")

DECKS = {
    "laminim-demo": ROOT / "parts_catalog/laminim/demo_team.yaml",
    "laminim-heavy": DECKS_DIR / "laminim_heavy.yaml",
    "laminim-rivals": ROOT / "examples/laminim/rivals.yaml",
    "artifact-demo": ROOT / "parts_catalog/artifact/demo_force.yaml",
    "artifact-long": ROOT / "tests/systems/artifact/forces/long_names.yaml",
    "artifact-arsenal": ROOT / "tests/systems/artifact/forces/arsenal.yaml",
    "artifact-latin": DECKS_DIR / "artifact_latin.yaml",
    "soh-demo": ROOT / "parts_catalog/soh/demo_crew.yaml",
    "soh-heavy": ROOT / "tests/systems/soh/crews/heavy_crew.yaml",
    "soh-big": ROOT / "tests/systems/soh/crews/big_crew.yaml",
    "soh-long": DECKS_DIR / "soh_long.yaml",
}
"""Every card game's demo deck and held-out decks (long names, many weapons, heavy loadouts)."""

FORCED = {
    "laminim": DECKS_DIR / "laminim_forced.yaml",
    "artifact": ROOT / "examples/artifact/illegal_force.yaml",
    "soh": ROOT / "examples/soh/illegal_crew.yaml",
}
"""An illegal file of each card game, printed as ``--force`` prints it."""

SLACK_MM = 0.05
"""Rounding of coordinates in the PDF (mm to pt and back)."""

_PDFS: dict[tuple, bytes] = {}


def cards_pdf(path: Path, lang: str, paper: str, size: str, **options: object) -> bytes:
    """The cards PDF of the file at ``path``, rendered once per process."""
    key = (str(path), lang, paper, size, tuple(sorted(options.items())))
    if key not in _PDFS:
        system, team = load_team(path)
        print_options = PrintOptions(paper, lang, size, **options)  # type: ignore[arg-type]
        (printout,) = [
            p
            for p in system.printouts(team, system.load_catalog(), print_options)
            if p.kind == "cards"
        ]
        _PDFS[key] = pdf_bytes(render_html(printout))
    return _PDFS[key]


def card_cases() -> list:
    out = []
    for deck, lang, paper, size in itertools.product(
        DECKS, ("en", "ja"), ("a4", "letter"), ("poker", "large")
    ):
        default = deck.endswith("-demo") or (lang, paper, size) in (
            ("ja", "a4", "poker"),
            ("en", "letter", "large"),
        )
        marks_ = () if default else (pytest.mark.slow,)
        out.append(
            pytest.param(deck, lang, paper, size, id=f"{deck}-{lang}-{paper}-{size}", marks=marks_)
        )
    return out


CARD_MM = {"poker": (63.0, 88.0), "large": (89.0, 127.0)}
"""Every card game's two sizes (docs/design.md "Printouts")."""


def card_size_mm(deck: str, size: str) -> tuple[float, float]:
    assert size in {c.id for c in systems.get(deck.split("-")[0]).card_sizes}
    return CARD_MM[size]


def _pages(deck: str, lang: str, paper: str, size: str):
    with open_pdf_data(cards_pdf(DECKS[deck], lang, paper, size)) as doc:
        yield from doc.pages


def _words(text: str) -> str:
    return re.sub(r"\s+", "", text)


REMINDERS = {
    "laminim": ("hit_on", "bonuses"),
    "artifact": ("actions", "ship_rules"),
    "soh": ("rules_line",),
}
"""The reminder a card of each game carries: the label keys of its print labels (any one of
them: a LAMINIM unit card prints the hit table, its reference card the bonuses too; an
artifact MS card the actions, a ship card the ship's rules)."""


def reminders(game: str, lang: str) -> list[str]:
    from importlib import import_module

    module = "printouts" if game == "soh" else "print_labels"  # soh keeps its words there
    labels = import_module(f"builder.systems.{game}.{module}").LABELS
    return [_words(labels.t(k, lang))[:10] for k in REMINDERS[game]]


@pytest.mark.parametrize(("deck", "lang", "paper", "size"), card_cases())
def test_every_card_keeps_3mm_inside_its_cut_and_3mm_from_its_neighbours(deck, lang, paper, size):
    card = card_size_mm(deck, size)
    problems, boxes_seen = [], 0
    for n, page in enumerate(_pages(deck, lang, paper, size), start=1):
        boxes = card_boxes(page, card)
        boxes_seen += len(boxes)
        objs = marks(page)
        for box in boxes:
            near, what = ink_to_cut_mm(page, box, objs)
            if near < CUT_MARGIN - SLACK_MM:
                label = what.get("text") or what.get("object_type") if what else "?"
                problems.append(f"page {n}: {label!r} {near:.2f} mm from its card's cut")
        problems += [
            f"page {n}: cut lines {g:.2f} mm apart"
            for g in gutters_mm(boxes)
            if g < GUTTER - SLACK_MM
        ]
    assert boxes_seen
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize(("deck", "lang", "paper", "size"), card_cases())
def test_no_text_on_a_card_sheet_is_under_6_5pt(deck, lang, paper, size):
    for page in _pages(deck, lang, paper, size):
        small = [c for c in printed_chars(page) if c["size"] < 6.5 - 0.01]
        assert not small, "".join(c["text"] for c in small[:30])


def _tick_boxes(page) -> list[dict]:
    """Squares of 2.5–6 mm: the tick boxes (a card's ID box is larger), each its outer edge (a
    CSS border prints as a square of the border's colour under a white one)."""
    squares = [
        r
        for r in page.rects
        if 2.5 <= r["width"] / MM <= 6.0 and abs(r["width"] - r["height"]) < 0.1 * MM
    ]
    return [
        r
        for r in squares
        if not any(
            o is not r
            and o["width"] > r["width"]
            and o["x0"] <= r["x0"]
            and o["x1"] >= r["x1"]
            and o["top"] <= r["top"]
            and o["bottom"] >= r["bottom"]
            for o in squares
        )
    ]


@pytest.mark.parametrize(("deck", "lang", "paper", "size"), card_cases())
def test_tick_boxes_are_3_5mm_and_0_6mm_apart(deck, lang, paper, size):
    found = 0
    for page in _pages(deck, lang, paper, size):
        ticks = _tick_boxes(page)
        found += len(ticks)
        for t in ticks:
            assert t["width"] / MM >= 3.5 - SLACK_MM, f"a {t['width'] / MM:.2f} mm tick box"
            right = [
                o["x0"] - t["x1"]
                for o in ticks
                if o is not t and abs(o["top"] - t["top"]) < 0.5 and o["x0"] >= t["x1"] - 0.5
            ]
            below = [
                o["top"] - t["bottom"]
                for o in ticks
                if o is not t and abs(o["x0"] - t["x0"]) < 0.5 and o["top"] >= t["bottom"] - 0.5
            ]
            for gap in [min(right)] if right else []:
                assert gap / MM >= 0.6 - SLACK_MM, f"tick boxes {gap / MM:.2f} mm apart"
            for gap in [min(below)] if below else []:
                assert gap / MM >= 0.6 - SLACK_MM, f"tick-box rows {gap / MM:.2f} mm apart"
    assert found


@pytest.mark.parametrize(("deck", "lang", "paper", "size"), card_cases())
def test_every_card_carries_its_kinds_reminder(deck, lang, paper, size):
    game = deck.split("-")[0]
    wanted = reminders(game, lang)
    card = card_size_mm(deck, size)
    missing = []
    for n, page in enumerate(_pages(deck, lang, paper, size), start=1):
        chars = printed_chars(page)
        for box in card_boxes(page, card):
            text = _words("".join(c["text"] for c in sorted(chars_in(chars, box), key=_order)))
            if not any(w in text for w in wanted):
                missing.append(f"page {n}: {text[:40]}")
    assert not missing, f"no reminder ({wanted}) on:\n" + "\n".join(missing)


def _order(c: dict) -> tuple[float, float]:
    return (round(c["bottom"] - c["size"] * 0.2, 0), c["x0"])


# --- backs ---------------------------------------------------------------------------------


OFFSET = (1.5, -0.8)


def _duplex_pages(game: str, lang: str):
    path = DECKS[f"{game}-demo"]
    size = systems.get(game).card_sizes[0].id
    sheet = _sheet("duplex", OFFSET)
    with open_pdf_data(cards_pdf(path, lang, "a4", size, sheet=sheet)) as doc:
        return list(doc.pages), card_size_mm(f"{game}-demo", size)


def _sheet(backs: str, offset: tuple[float, float] = (0.0, 0.0), bleed: bool = False):
    from builder.render.layout import Sheet

    return Sheet(backs=backs, offset=offset, bleed=bleed)


@pytest.mark.parametrize("game", ["laminim", "artifact", "soh"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_duplex_backs_lie_behind_their_fronts_mirrored_about_the_long_edge(game, lang):
    pages, card = _duplex_pages(game, lang)
    assert len(pages) % 2 == 0, "a back page after every front page"
    for i in range(0, len(pages), 2):
        front, back = pages[i], pages[i + 1]
        fronts, backs = card_boxes(front, card), card_boxes(back, card)
        assert fronts and len(fronts) == len(backs)
        width = float(front.width)
        for f in fronts:
            want_x0 = width - f["x1"] + OFFSET[0] * MM
            want_top = f["top"] + OFFSET[1] * MM
            near = min(max(abs(b["x0"] - want_x0), abs(b["top"] - want_top)) / MM for b in backs)
            assert near <= 0.2, f"page {i + 2}: no back within 0.2 mm of its place ({near:.2f})"


@pytest.mark.parametrize("game", ["laminim", "artifact", "soh"])
def test_a_back_carries_the_name_the_team_the_reminder_and_the_share_codes_qr(game):
    """Every back of a demo deck carries the team, the catalog line and the team's share code
    as a QR that a phone camera reads (zxing-cpp on a 200 dpi render) to the roster sheet's
    code, with modules of 0.5 mm or more; the kind's reminder is on the page."""
    import pypdfium2
    import zxingcpp

    from builder.render.backs import MODULE_MM

    pages, card = _duplex_pages(game, "en")
    back = pages[1]
    chars = printed_chars(back)
    system, team = load_team(DECKS[f"{game}-demo"])
    catalog = system.load_catalog()
    share = system.share_qr(team, catalog)  # type: ignore[attr-defined]
    assert share is not None
    line = _words(system.back_catalog(catalog, "en"))[:12]
    boxes = card_boxes(back, card)
    for box in boxes:
        text = _words("".join(c["text"] for c in sorted(chars_in(chars, box), key=_order)))
        assert TEAM_WORD[game] + _words(team.name)[:8] in text  # the fronts' word for a team
        assert line in text
        assert "Sharecode" not in text  # the QR, not the empty slot
    assert any(w in _words(back.extract_text()) for w in reminders(game, "en"))
    size = systems.get(game).card_sizes[0].id
    data = cards_pdf(DECKS[f"{game}-demo"], "en", "a4", size, sheet=_sheet("duplex", OFFSET))
    image = pypdfium2.PdfDocument(data)[1].render(scale=200 / 72).to_pil()
    found = zxingcpp.read_barcodes(image)
    codes = [r.text for r in found if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert codes == [share.code] * len(boxes)
    backs = [p["item"] for page in _back_items(game) for p in page]
    assert {b["qr_mm"] / share.modules >= MODULE_MM for b in backs} == {True}


TEAM_WORD = {"laminim": "Team:", "artifact": "Force:", "soh": "Crew:"}
"""How each game's fronts and backs name the team (an artifact force, a soh crew)."""


def _back_items(game: str) -> list[list[dict]]:
    """The back pages' placed backs of ``game``'s demo deck, from the printout's context."""
    system, team = load_team(DECKS[f"{game}-demo"])
    size = systems.get(game).card_sizes[0].id
    options = PrintOptions("a4", "en", size, sheet=_sheet("duplex", OFFSET))  # type: ignore[arg-type]
    (printout,) = [
        p for p in system.printouts(team, system.load_catalog(), options) if p.kind == "cards"
    ]
    pages = printout.context["pages"]
    return [
        [p for p in page["items"] if p.get("back")] for page in pages if page.get("side") == "back"
    ]


def test_a_back_keeps_an_empty_slot_for_a_code_too_long_for_it():
    """A QR that needs modules under 0.5 mm on the back, or leaves the reminder no room,
    is not drawn: the back keeps the slot (the roster sheet carries the code)."""
    from builder.render.backs import card_back

    class Long:
        modules = 200

        def svg(self, size_mm: float) -> str:
            raise AssertionError("drawn")

    back = card_back(
        name="Kestrel",
        team="T",
        kind="Unit",
        reminder=["A rule."],
        catalog="C",
        lang="en",
        card_mm=(63.0, 88.0),
        qr=Long(),
    )
    assert back["qr"] is None and back["qr_mm"] == 20.0


def test_fold_backs_sit_beside_their_fronts_with_a_fold_line():
    path = DECKS["laminim-demo"]
    with open_pdf_data(cards_pdf(path, "en", "a4", "poker", sheet=_sheet("fold"))) as doc:
        pages = list(doc.pages)
    card = card_size_mm("laminim-demo", "poker")
    for page in pages:
        pairs = card_boxes(page, (2 * card[0], card[1]))
        folds = [
            ln
            for ln in page.lines + page.curves
            if ln.get("dash") or (abs(ln["x1"] - ln["x0"]) < 0.5 and ln["height"] > 80 * MM)
        ]
        assert pairs
        for p in pairs:
            middle = (p["x0"] + p["x1"]) / 2
            assert any(abs(f["x0"] - middle) < 0.3 for f in folds), "no fold line in a pair"
        assert all(g >= GUTTER - SLACK_MM for g in gutters_mm(pairs))


def test_bleed_prints_one_card_a_page_with_3mm_around_it():
    import io

    from pypdf import PdfReader

    data = cards_pdf(DECKS["laminim-demo"], "en", "a4", "poker", sheet=_sheet("none", bleed=True))
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        trim = [float(v) / MM for v in page.trimbox]
        media = [float(v) / MM for v in page.mediabox]
        assert abs((trim[2] - trim[0]) - 63.0) < 0.1 and abs((trim[3] - trim[1]) - 88.0) < 0.1
        assert abs((media[2] - media[0]) - 69.0) < 0.1


def test_the_calibration_sheet_has_a_front_with_crosses_and_a_back_with_scales(tmp_path):
    from builder.render.calibration import calibration_printout

    data = pdf_bytes(render_html(calibration_printout("a4", "en")))
    with open_pdf_data(data) as doc:
        front, back = doc.pages
        middle = float(front.width) / 2
        crosses = [
            ln
            for ln in front.lines
            if abs(ln["x0"] - middle) < 0.2 and abs(ln["x1"] - middle) < 0.2
        ]
        assert len(crosses) == 3
        text = back.extract_text()
        assert "--offset X,Y" in text and "+6" in text and "-6" in text
        ticks = [ln for ln in back.lines if abs(ln["x0"] - middle) < 6.1 * MM]
        assert len(ticks) > 3 * 25


# --- forced prints -------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(FORCED))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_of_a_forced_print_carries_the_not_legal_band(game, lang):
    size = systems.get(game).card_sizes[0].id
    data = cards_pdf(FORCED[game], lang, "a4", size, legal=False)
    word = _words(not_legal_word(lang))
    card = card_size_mm(f"{game}-demo", size)
    with open_pdf_data(data) as doc:
        for page in doc.pages:
            chars = printed_chars(page)
            boxes = card_boxes(page, card)
            assert boxes
            for box in boxes:
                band = "".join(c["text"] for c in chars_in(chars, box) if c["size"] > 12)
                assert word in _words(band), f"no {word} band on a card"


def test_a_legal_print_carries_no_band():
    data = cards_pdf(DECKS["laminim-demo"], "en", "a4", "poker")
    with open_pdf_data(data) as doc:
        assert "NOTLEGAL" not in _words(doc.pages[0].extract_text())


# --- Japanese names ------------------------------------------------------------------------


def test_latin_names_and_nakaguro_on_japanese_cards_are_proportional():
    """A name's Latin letters and 「・」 print in BIZ UDPGothic: an "i" narrower than an "m", and
    no full-width gap around 「・」 (BIZ UDGothic sets both at fixed widths)."""
    with open_pdf_data(cards_pdf(DECKS["laminim-heavy"], "ja", "a4", "poker")) as doc:
        chars = [c for page in doc.pages for c in printed_chars(page)]
    latin = [c for c in chars if c["text"] in "iImM" and "UDPGothic" in c["fontname"]]
    assert latin, "no Latin letter of a name in BIZ UDPGothic"
    i_w = min((c["x1"] - c["x0"]) / c["size"] for c in latin if c["text"] in "iI")
    m_w = max((c["x1"] - c["x0"]) / c["size"] for c in latin if c["text"] in "mM")
    assert i_w < 0.5 * m_w
    dots = [c for c in chars if c["text"] == "・" and c["size"] >= 7]
    assert dots and all((c["x1"] - c["x0"]) / c["size"] <= 0.55 for c in dots)


def test_the_latin_filter_wraps_latin_words_and_nakaguro_only():
    from builder.render.env import latin_spans

    out = str(latin_spans("重装型ハウラー・Max O'Neil-Smith改<i>"))
    assert out.startswith('重装型ハウラー<span class="lat">・</span>')
    assert '<span class="lat">Max O&#39;Neil-Smith</span>改' in out
    assert "<i>" not in out  # escaped, as every name is


def test_mixed_names_and_a_catalog_line_set_their_latin_proportional():
    from builder.render.env import name_spans, phrase_spans

    lat = '<span class="lat">Bulwark</span>'
    assert lat in str(name_spans("Bulwark（続き）", 40.0, 11.0))
    assert lat in str(name_spans("Bulwark", 40.0, 11.0))
    line = "Bulwark カタログ · 版 2"
    assert lat in str(phrase_spans(line, latin=True))
    assert "lat" not in str(phrase_spans(line))  # rules text keeps its face


def test_a_japanese_back_sets_a_continued_name_and_the_catalog_line_proportional(tmp_path):
    """「Bulwark (続き)」 on a continuation card's back (the demo team without its Japanese
    names) and a catalog line with Latin words (a catalog with no Japanese name): their Latin
    letters in BIZ UDPGothic, not BIZ UDGothic's fixed half width."""
    demo = DECKS["laminim-demo"].read_text(encoding="utf-8")
    team = tmp_path / "latin.yaml"
    team.write_text(re.sub(r"(?m)^\s*name_ja:.*\n|,\s*name_ja:[^,}]*", "", demo), "utf-8")
    catalog = "Home-built catalog · 版 2"
    data = cards_pdf(team, "ja", "a4", "poker", sheet=_sheet("duplex"), catalog=catalog)
    with open_pdf_data(data) as doc:
        back = doc.pages[1]
        assert "続き" in back.extract_text()
        words = back.extract_words(extra_attrs=["fontname"])
    face = [(w["text"], w["fontname"].split("+")[-1]) for w in words]  # a word per face
    continued = [
        font
        for (_, font), (after, _) in itertools.pairwise(face)
        if after.lstrip("(（").startswith("続き")
    ]
    assert continued == ["BIZ-UDPGothic-Bold"] * 2, face  # Bulwark's, Swallow's
    assert ("Home-built", "BIZ-UDPGothic") in face and ("catalog", "BIZ-UDPGothic") in face


# --- the ship marker -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ship_markers_front_mark_is_clear_of_the_stand_circle_and_its_name_prints_once(lang):
    from tests.printing.printed import printed_kind

    doc = printed_kind("artifact", "a4", lang, "poker", "markers")
    (page,) = doc.pages()
    circles = [c for c in page.curves if abs(c["width"] - c["height"]) < 0.5 * MM]
    stand = min((c for c in circles if c["width"] > 50 * MM), key=lambda c: c["width"])
    marks_ = [
        c
        for c in page.curves
        if c.get("fill") and c["width"] < 8 * MM and c["top"] < stand["top"] + 10 * MM
    ]
    assert marks_, "no front mark"
    assert all(m["bottom"] < stand["top"] - 0.3 * MM for m in marks_)
    name = "レウルーラ" if lang == "ja" else "Rewloola"  # the demo's ship, name_ja in Japanese
    assert page.extract_text().count(name) == 1
