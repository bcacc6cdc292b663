"""The elevation reference and the map printouts: one page, true paper size, fonts embedded,
body text ≥ 6 pt (pdfplumber), the overlay showing the rules core's risks."""

from __future__ import annotations

import io
import itertools
import re
from functools import cache

import pdfplumber
import pytest

from builder.core.resources import bundled_catalog_dir
from builder.render.batch import render_html
from builder.render.layout import PAPERS
from builder.render.pdf import pdf_bytes
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions
from builder.systems.kuroganen.models import KuroganenMap
from builder.systems.kuroganen.printouts import map_context, printouts
from builder.systems.kuroganen.rules import reach

MM = 72 / 25.4


@cache
def demo() -> KuroganenMap:
    team: KuroganenMap = load_team(bundled_catalog_dir("kuroganen") / "demo_map.yaml")[1]
    return team


@cache
def pdf(kind: str, lang: str, paper: str, plan: bool = True) -> bytes:
    team = demo().with_plan((1, 0), 6) if plan else demo()
    by_kind = {p.kind: p for p in printouts(team, PrintOptions(paper=paper, lang=lang))}  # type: ignore[arg-type]
    return pdf_bytes(render_html(by_kind[kind]))


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_reference_is_one_page_true_size_with_body_text_of_6pt_or_more(lang, paper):
    with pdfplumber.open(io.BytesIO(pdf("reference", lang, paper))) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        width, height = PAPERS[paper]
        assert page.width == pytest.approx(width * MM, abs=0.5)
        assert page.height == pytest.approx(height * MM, abs=0.5)
        sizes = [c["size"] for c in page.chars if c["text"].strip()]
        footer = page.height - 12 * MM  # the sheet footer (5 pt page number) sits below
        inked = [c for c in page.chars if c["text"].strip() and c["top"] < footer]
        body = [c["size"] for c in inked]
        assert len(sizes) > 800
        assert min(body) >= 6.0
        assert max(c["bottom"] for c in inked) <= footer + 0.5  # nothing runs into the margin
        text = page.extract_text()
    words = {
        "en": [
            "Levels",
            "Climbing",
            "Falling",
            "Jumping",
            "Risk digestion",
            "Collision",
            "Push",
            "High ground",
            "Half levels",
        ],
        "ja": [
            "階層",
            "登攀",
            "落下",
            "ジャンプ",
            "リスクの消化",
            "衝突",
            "プッシュ",
            "高所",
            "0.5階層",
        ],
    }[lang]
    for word in words:
        assert word in text, word


def embedded_fonts(data: bytes) -> set[str]:
    from pypdf import PdfReader

    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            targets = [font] + ([d.get_object() for d in descendants] if descendants else [])
            for f in targets:
                descriptor = f.get("/FontDescriptor")
                if descriptor is not None and any(
                    k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
                ):
                    names.add(str(f["/BaseFont"]))
    return names


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_reference_fonts_are_embedded_and_japanese_is_biz_udgothic(lang):
    fonts = embedded_fonts(pdf("reference", lang, "a4"))
    assert fonts
    if lang == "ja":
        assert any("BIZ-UDGothic" in name for name in fonts), fonts


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_map_with_a_plan_prints_every_reachable_risk(lang):
    with pdfplumber.open(io.BytesIO(pdf("map", lang, "a4"))) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        footer = page.height - 12 * MM
        assert min(c["size"] for c in page.chars if c["text"].strip() and c["top"] < footer) >= 6
        text = page.extract_text()
    found = reach(demo().height_map(), (1, 0), 6)
    assert ("30 cells reachable" if lang == "en" else "到達可能 30 マス") in text
    assert len(found) == 30


def test_map_context_overlays_the_rules_core_risks():
    team = demo().with_plan((4, 5), 5, 1)
    context = map_context(team, lang="en", paper="a4")
    rows = context["pages"][0]["items"][0]["item"]["rows"]
    risks = {(x, r["y"]): c["risk"] for r in rows for x, c in enumerate(r["cells"])}
    expected = {r.at: r.risk for r in reach(team.height_map(), (4, 5), 5, 1)}
    assert {at: v for at, v in risks.items() if v is not None} == expected
    assert rows[5]["cells"][4]["start"] and rows[6]["cells"][1]["pit"]
    assert rows[4]["cells"][6]["unit"]


def test_map_without_a_plan_is_the_plain_map():
    context = map_context(demo(), lang="en", paper="a4")
    item = context["pages"][0]["items"][0]["item"]
    assert not item["has_plan"] and "No planned move" in item["plan_line"]
    assert all(c["risk"] is None for r in item["rows"] for c in r["cells"])
    assert item["heading"].endswith("— Map")  # no "reach" in the title of a map without one
    with pdfplumber.open(io.BytesIO(pdf("map", "en", "letter", plan=False))) as doc:
        assert len(doc.pages) == 1
        text = doc.pages[0].extract_text()
    assert "U at the top left" in text and "S:" not in text and "U or S" not in text


@pytest.mark.slow  # ~10 s; tests/printing/test_maps.py checks the parts in the default run
def test_a_big_map_prints_an_overview_then_numbered_parts_at_one_scale():
    rows = [[float(x % 3) for x in range(60)] for _ in range(60)]
    team = KuroganenMap.model_validate(
        {"system": "kuroganen", "name": "Big", "map": rows, "plan": {"from": [0, 0], "move": 4}}
    )
    context = map_context(team, lang="en", paper="a4")
    items = [page["items"][0]["item"] for page in context["pages"]]
    overview, parts = items[0], items[1:]
    assert not overview["numbers"] and overview["cell"] * 60 <= 186
    assert "pages 2–10" in overview["part"]
    assert len(parts) == 9 and all(p["numbers"] for p in parts)
    assert len({p["cell"] for p in parts}) == 1 and parts[0]["cell"] >= 8.0  # one true scale
    # every cell is printed exactly once across the parts, at its real column and row
    seen = [(x, r["y"]) for p in parts for r in p["rows"] for x in p["columns"]]
    assert sorted(seen) == [(x, y) for x in range(60) for y in range(60)]
    assert parts[1]["columns"][0] == 20 and parts[1]["part"].startswith("Part: columns 20–39")
    data = pdf_bytes(render_html(printouts(team, PrintOptions(paper="a4", lang="ja"))[1]))
    with pdfplumber.open(io.BytesIO(data)) as doc:
        assert len(doc.pages) == 10
        for page in doc.pages[1:]:
            footer = page.height - 12 * MM
            body = [c["size"] for c in page.chars if c["text"].strip() and c["top"] < footer]
            assert min(body) >= 6.0
        words = {w["text"] for w in doc.pages[9].extract_words()}
        assert {"59", "2"} <= words  # the last part prints its column numbers and levels


def test_the_map_legend_explains_the_level_beside_a_unit_or_the_start():
    for lang, words in (("en", "U or S at the top left"), ("ja", "U・S はマス左上")):
        with pdfplumber.open(io.BytesIO(pdf("map", lang, "a4"))) as doc:
            assert words in doc.pages[0].extract_text()


def test_a_plan_reaching_one_cell_says_1_cell():
    team = demo().with_plan((1, 0), 0)
    item = map_context(team, lang="en", paper="a4")["pages"][0]["items"][0]["item"]
    assert item["plan_line"].endswith(": 1 cell reachable")


@pytest.mark.parametrize("paper", list(PAPERS))
def test_japanese_reference_breaks_between_phrases_with_no_word_or_number_split(paper):
    """Column by column above the cost table (the sheet's two columns share baselines only by
    chance), then the table and its note across the page, bullets left
    out (a bullet's text hangs right of it, so its wrapped lines start left of the first): no
    line break inside a katakana word (「リス/ク+2」) or between a number and its counter, and
    no paragraph ending on one character and its full stop (「判断す/る。」)."""
    from tests.printing.pdf_measure import bad_breaks, printed_chars, rules, wraps

    found = []
    with pdfplumber.open(io.BytesIO(pdf("reference", "ja", paper))) as doc:
        page = doc.pages[0]
        table = min(w["top"] for w in page.extract_words() if "移動コスト" in w["text"]) - 1
        regions = [(0, 0, page.width / 2, table), (page.width / 2, 0, page.width, table)]
        for box in [*regions, (0, table, page.width, page.height)]:
            column = page.crop(box)
            chars = [c for c in printed_chars(column) if c["text"] != "•"]
            edges = rules(column)
            found += [str(w) for w in bad_breaks(chars, edges)]
            broken = wraps(chars, edges)
            assert broken or box[1] > 0  # the measure sees the columns' wraps
            continued = {id(w.before) for w in broken}
            found += [
                str(w)
                for w in broken
                if id(w.after) not in continued and len(w.after.text.rstrip("。）、")) <= 1
            ]
            lines = column.extract_text().splitlines()
            found += [
                f"{line!r} / {after!r}"
                for line, after in itertools.pairwise(lines)
                if line[-1:].isdigit() and after.startswith(("階層", "マス", "点"))
            ]
        assert "1階層" in page.extract_text()
    assert found == []


def test_no_rule_number_or_command_on_the_reference_a_player_reads():
    for lang in ("en", "ja"):
        with pdfplumber.open(io.BytesIO(pdf("reference", lang, "a4"))) as doc:
            text = doc.pages[0].extract_text()
        assert not re.search(r"\bD\d+|laminim|[Ss]eed", text), lang


def test_the_small_level_legend_shows_only_where_a_unit_or_start_is_printed():
    rows = [[0.0, 1.0], [0.5, None]]
    plain = KuroganenMap.model_validate({"system": "kuroganen", "name": "Bare", "map": rows})
    item = map_context(plain, lang="en", paper="a4")["pages"][0]["items"][0]["item"]
    assert not item["has_sub"]
    item = map_context(demo(), lang="en", paper="a4")["pages"][0]["items"][0]["item"]
    assert item["has_sub"]


def test_the_roster_counts_the_planned_mover_among_the_units_once():
    from builder.systems.kuroganen.roster import roster

    def units(team: KuroganenMap) -> str:
        return dict(roster(team, "en").numbers)["Units"]

    assert units(demo()) == "3"
    assert units(demo().with_plan((9, 0), 6, 4)) == "4"  # a mover the unit list leaves out
    assert units(demo().with_plan((1, 0), 6)) == "3"  # the listed unit that moves
