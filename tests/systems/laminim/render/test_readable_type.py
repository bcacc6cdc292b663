"""Issue 13: readable cards and tokens, measured on the PDF.

Poker cards: nothing under 6.5 pt; large cards: nothing under 8 pt (test_play_face.py measures
the play numbers and the deck's one body size). Words never break in the middle (English at
spaces; a katakana word stays whole). Tokens: a cutting gap of at least 3 mm, the front-arc
lines clear of every character, and the unit name bold in Japanese too.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from builder.render.pdf import write_pdf
from builder.systems.laminim.card_fit import CARD_SIZES
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.printouts import render_html
from builder.systems.laminim.team import Team, Unit
from tests.printing.pdf_measure import open_pdf
from tests.render.geometry import MM, inside

TEAM = Team(
    name="Readable",
    units=[
        Unit(name="Swallow", frame="lancer", weapons=["smg", "quick-booster", "blade"]),
        Unit(name="Bulwark", frame="bastion", weapons=["gatling", "missile", "shield"]),
        Unit(name="重装突撃", frame="hauler", weapons=["gatling", "thruster", "rocket"]),
    ],
)
FLOOR = {"poker": 6.5, "large": 8.0}
BODY = {"poker": 6.5, "large": 8.0}
WHOLE = {  # words that were split at a line end before (issue 13)
    "en": ["Submachine", "Gatling", "Quick booster", "Side step", "Extra thruster"],
    "ja": ["サブマシンガン", "ガトリング砲", "サイドステップ", "クイックブースター", "スラスター"],
}
_cache: dict[tuple, Path] = {}


def _pdf(tmp_path_factory, catalog, kind: str, lang: str, size: str = "poker") -> Path:
    key = (kind, lang, size)
    if key not in _cache:
        path = tmp_path_factory.mktemp("readable") / f"{kind}.pdf"
        write_pdf(render_html(TEAM, catalog, kind, lang=lang, card_size=size), path)
        _cache[key] = path
    return _cache[key]


def _cards(page, size: str) -> list[dict]:
    want_w, want_h = CARD_SIZES[size]
    return [
        r
        for r in page.rects
        if abs(r["width"] / MM - want_w) < 0.3 and abs(r["height"] / MM - want_h) < 0.3
    ]


@pytest.mark.parametrize("size", ["poker", "large"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_character_on_a_card_is_under_the_floor(tmp_path_factory, catalog, lang, size):
    with open_pdf(_pdf(tmp_path_factory, catalog, "cards", lang, size)) as pdf:
        page = pdf.pages[0]
        cards = _cards(page, size)
        # three units and the rules reference card; on poker a unit too heavy for one card
        # (3.5 mm tick boxes, ten a row) goes on in continuation cards, marked continued
        mark = "(" + labels_for(lang)["continued"] + ")"
        heads = [
            r for r in cards if mark not in "".join(c["text"] for c in page.chars if inside(c, r))
        ]
        assert len(heads) == 4
        assert len(cards) == 4 or (size == "poker" and len(cards) <= 9)
        chars = [c for c in page.chars if any(inside(c, r) for r in cards) and c["text"].strip()]
        small = sorted({round(c["size"], 2) for c in chars if c["size"] < FLOOR[size] - 0.01})
        assert not small, f"type under {FLOOR[size]} pt: {small}"


@pytest.mark.parametrize("size", ["poker", "large"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_names_and_numbers_are_body_size(tmp_path_factory, catalog, lang, size):
    """Weapon names and every number: at least 6.5 pt (poker) / 8 pt (large)."""
    with open_pdf(_pdf(tmp_path_factory, catalog, "cards", lang, size)) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        body = [w for w in words if re.fullmatch(r"\+?[0-9]+\+?", w["text"])]
        names = WHOLE[lang][:2]
        body += [w for w in words if any(n.split()[0] in w["text"] for n in names)]
        assert len(body) > 30
        small = {w["text"]: w["size"] for w in body if w["size"] < BODY[size] - 0.01}
        assert not small, f"body text under {BODY[size]} pt: {small}"


@pytest.mark.parametrize("size", ["poker", "large"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_part_names_never_break_inside_a_word(tmp_path_factory, catalog, lang, size):
    with open_pdf(_pdf(tmp_path_factory, catalog, "cards", lang, size)) as pdf:
        page = pdf.pages[0]
        lines: list[str] = []
        for r in _cards(page, size):
            text = page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text() or ""
            lines += text.splitlines()
    for name in WHOLE[lang]:
        head = name.split()[0]
        assert any(head in line for line in lines), f"{head!r} is not printed whole"
        # no line ends in a piece of the word that continues on the next line
        for a, b in itertools.pairwise(lines):
            for cut in range(2, len(head) - 1):
                assert not (a.endswith(head[:cut]) and b.startswith(head[cut:])), (
                    f"{head!r} split as {a!r} / {b!r}"
                )


def _circles(page) -> list[dict]:
    return [
        c
        for c in page.curves
        if abs(c["width"] / MM - 50) < 0.5 and abs(c["height"] / MM - 50) < 0.5
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tokens_leave_a_cutting_gap_of_3mm(tmp_path_factory, catalog, lang):
    with open_pdf(_pdf(tmp_path_factory, catalog, "tokens", lang)) as pdf:
        for page in pdf.pages:
            circles = _circles(page)
            assert len(circles) >= 2
            centres = [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in circles]
            radius = 25 * MM
            for i, (x1, y1) in enumerate(centres):
                for x2, y2 in centres[i + 1 :]:
                    gap = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 - 2 * radius
                    assert gap / MM >= 3.0 - 0.01, f"tokens only {gap / MM:.2f} mm apart"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_front_arc_lines_do_not_cross_any_text(tmp_path_factory, catalog, lang):
    with open_pdf(_pdf(tmp_path_factory, catalog, "tokens", lang)) as pdf:
        page = pdf.pages[0]
        lines = [ln for ln in page.lines if ln["x0"] != ln["x1"] and ln["top"] != ln["bottom"]]
        assert lines, "no wedge lines found"
        for ln in lines:
            crossed = [
                c
                for c in page.chars
                if c["text"].strip()
                and c["x0"] < ln["x1"]
                and c["x1"] > ln["x0"]
                and c["top"] < ln["bottom"]
                and c["bottom"] > ln["top"]
            ]
            assert not crossed, f"a front-arc line crosses {''.join(c['text'] for c in crossed)}"


def test_japanese_unit_names_on_tokens_are_in_the_true_bold(catalog):
    """The name prints in BIZ UDGothic Bold (a true bold face), not emboldened by an outline."""
    import io

    import pdfplumber

    from builder.render.pdf import pdf_bytes

    html = render_html(TEAM, catalog, "tokens", lang="ja")
    assert "stroke-width" not in re.sub(r"<svg.*?</svg>", "", html, flags=re.S)
    # the name's characters where the whole name prints: the frame's Japanese name (重装型, in
    # the body weight) shares two of them
    rows: dict[float, list[dict]] = {}
    with pdfplumber.open(io.BytesIO(pdf_bytes(html))) as pdf:
        for c in pdf.pages[0].chars:
            rows.setdefault(round(c["top"], 1), []).append(c)
    name = TEAM.units[2].name
    chars = []
    for row in rows.values():
        row.sort(key=lambda c: c["x0"])
        text = "".join(c["text"] for c in row)
        for m in re.finditer(name, text):
            chars += row[m.start() : m.end()]
    assert chars and all("UDGothic-Bold" in c["fontname"] for c in chars)
