"""Nothing on an artifact card overlaps or leaves its card: the capacity label beside its boxes,
a long force name cut with …, a long one-word name shrunk rather than broken, on both card sizes
and in both languages (pdfplumber measures the real PDFs)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from builder.cli import main
from builder.roster.team_file import load_team
from builder.systems.artifact.printouts import cards_context
from builder.systems.base import PrintOptions
from tests.printing.pdf_measure import open_pdf

from .conftest import CATALOG_DIR

MM = 72 / 25.4
DEMO = CATALOG_DIR / "demo_force.yaml"
LONG_FORCE = """\
system: artifact
name: ネオ・ジオン総帥親衛隊第一機動打撃群 Vanguard Squadron
ship: {name: Rewloola the Flagship of the Neo Zeon fleet, type: rewloola}
units:
  - {name: ナイチンゲール(シャア・アズナブル専用機), type: nightingale}
  - {name: Byalant Custom Commander Unit Number 1, type: byalant-custom}
  - {name: Supercalifragilisticexpialidocious, type: hi-nu-gundam}
"""
CASES = [(size, lang) for size in ("poker", "large") for lang in ("en", "ja")]


@pytest.fixture(scope="module")
def long_force(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("force") / "long.yaml"
    path.write_text(LONG_FORCE, encoding="utf-8")
    return path


_rendered: dict[tuple[str, str, str], Path] = {}


def _cards(tmp_path_factory, force: Path, size: str, lang: str) -> Path:
    """The cards of ``force`` at ``size`` in ``lang``, printed once per test process: five
    tests measure each PDF."""
    key = (str(force), size, lang)
    if key not in _rendered:
        out = tmp_path_factory.mktemp("pdf")
        argv = ["cards", str(force), "-o", str(out), "--card-size", size, "--lang", lang]
        assert main(argv) == 0
        _rendered[key] = next(out.glob("*-cards.pdf"))
    return _rendered[key]


def _card_boxes(force: Path, size: str, lang: str) -> list[tuple[float, float, float, float]]:
    """Each card's (x0, top, x1, bottom) in pt on the first page, from the layout."""
    system, team = load_team(force)
    context = cards_context(team, system.load_catalog(), PrintOptions(lang=lang, card_size=size))
    w, h = context["item"]["width"], context["item"]["height"]
    return [
        (p["x"] * MM, p["y"] * MM, (p["x"] + w) * MM, (p["y"] + h) * MM)
        for p in context["pages"][0]["items"]
    ]


def _overlap(a: dict, b: dict) -> float:
    dx = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
    dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return min(dx, dy)


@pytest.mark.parametrize(("size", "lang"), CASES)
@pytest.mark.parametrize("which", ["demo", "long"])
def test_no_two_words_on_a_card_overlap(tmp_path_factory, long_force, size, lang, which):
    force = DEMO if which == "demo" else long_force
    with open_pdf(_cards(tmp_path_factory, force, size, lang)) as pdf:
        words = pdf.pages[0].extract_words(keep_blank_chars=False, x_tolerance=1)
    clashes = [
        (a["text"], b["text"])
        for a, b in itertools.combinations(words, 2)
        # pt: touching glyph boxes are fine, crossing ones are not (a kerned pair inside one
        # word, "Fu" in bold DejaVu at 6.5 pt, overlaps by 0.32 pt and extracts as two words)
        if _overlap(a, b) > 0.6
    ]
    assert clashes == []


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_every_character_stays_inside_its_card(tmp_path_factory, long_force, size, lang):
    boxes = _card_boxes(long_force, size, lang)
    with open_pdf(_cards(tmp_path_factory, long_force, size, lang)) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["top"] < page.height - 8 * MM]  # not the footer
    outside = [
        c["text"]
        for c in chars
        if not any(
            x0 - 0.5 <= c["x0"] and c["x1"] <= x1 + 0.5 and top <= c["top"] and c["bottom"] <= bot
            for x0, top, x1, bot in boxes
        )
    ]
    assert outside == []


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_a_long_force_name_is_cut_with_an_ellipsis_not_clipped(
    tmp_path_factory, long_force, size, lang
):
    """Clipped text would still be in the PDF, hidden: the cut one is not there at all."""
    boxes = _card_boxes(long_force, size, lang)
    with open_pdf(_cards(tmp_path_factory, long_force, size, lang)) as pdf:
        chars = pdf.pages[0].chars
    for x0, top, x1, bot in boxes:
        text = "".join(c["text"] for c in chars if x0 <= c["x0"] < x1 and top <= c["top"] < bot)
        assert "ネオ" in text and "…" in text
        assert "Vanguard" not in text


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_a_long_one_word_name_is_shrunk_not_broken(tmp_path_factory, long_force, size, lang):
    with open_pdf(_cards(tmp_path_factory, long_force, size, lang)) as pdf:
        page = pdf.pages[0]
        words = [w["text"] for w in page.extract_words()]
        body = [c for c in page.chars if c["top"] < page.height - 8 * MM]  # not the footer
        sizes = {round(c["size"], 2) for c in body if c["text"] == "S"}
    assert "Supercalifragilisticexpialidocious" in words
    assert min(sizes) >= 6.0


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_the_capacity_label_ends_before_its_first_box(tmp_path_factory, size, lang):
    label = "Aboard12" if lang == "en" else "搭載12"
    with open_pdf(_cards(tmp_path_factory, DEMO, size, lang)) as pdf:
        page = pdf.pages[0]
        # the label's first letter, found by its word (a card beside the ship's may print the
        # same letter on the same line: "An MS within 3 cm…")
        word = label.rstrip("0123456789")
        first = next(
            c
            for n, c in enumerate(page.chars)
            if "".join(d["text"] for d in page.chars[n : n + len(word)]) == word
        )
        mid = (first["top"] + first["bottom"]) / 2  # the word and its count differ in size
        line = sorted(
            (
                c
                for c in page.chars
                if abs((c["top"] + c["bottom"]) / 2 - mid) < 2.0
                and c["text"].strip()
                and c["x0"] >= first["x0"] - 0.1
            ),
            key=lambda c: c["x0"],
        )
        assert "".join(c["text"] for c in line[: len(label)]) == label
        label_end = line[len(label) - 1]["x1"]
        boxes = [
            r
            for r in page.rects + page.curves
            if 2.5 * MM < r["bottom"] - r["top"] < 4.5 * MM
            and abs(r["top"] - first["top"]) < 3 * MM
            and r["x0"] > first["x0"]
        ]
        assert len(boxes) >= 5  # the first row of the aboard track
    assert label_end <= min(b["x0"] for b in boxes)
