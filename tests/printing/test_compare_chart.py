"""The compare sheet plots every survival point at its true value: read back from the sheet's
SVG and from the PDF, each marker sits on its round's gridline at the P(alive) the analysis
gives, inside the plot frame; curves are told apart by dash, marker and an end label."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pdfplumber
import pytest
import yaml

from builder.core.resources import bundled_catalog_dir
from builder.render.batch import render_html
from builder.render.pdf import pdf_bytes
from builder.roster.team_file import read_team
from builder.systems.base import CompareEntry, CompareOptions, PrintOptions
from builder.systems.compare_sheet import PLOT_H, PLOT_LEFT, PLOT_TOP, PLOT_W
from builder.systems.laminim.compare import compare_json, compute
from builder.systems.laminim.system import SYSTEM
from tests.printing.printed import MM

DEMO = bundled_catalog_dir("laminim") / "demo_team.yaml"
RIVALS = Path(__file__).resolve().parent.parent / "fixtures" / "teams" / "rivals.yaml"
CASES = {
    # four curves, two of them all but identical (near 0 % from round 2 on)
    "barrage": (
        [(DEMO, "Kestrel"), (DEMO, "Swallow"), (RIVALS, "Wren"), (RIVALS, "Rook")],
        "full-barrage",
    ),
    # two curves that stay at 100 % together for rounds
    "duel": ([(DEMO, "Bulwark"), (RIVALS, "Rook")], "rifle-duel"),
}


def _flat(points) -> list[float]:
    return [v for point in points for v in point]


def _entries(units):
    return [CompareEntry(read_team(Path(p))[1], u, str(p)) for p, u in units]


def _true_points(units, threat) -> list[list[tuple[float, float]]]:
    catalog = SYSTEM.load_catalog()
    compared, _ = compute(_entries(units), catalog, CompareOptions(threat=threat))
    out = []
    for unit in compare_json(compared, catalog)["units"]:
        n = len(unit["alive"])
        out.append(
            [
                (PLOT_LEFT + PLOT_W * k / n, PLOT_TOP + PLOT_H * (1 - p))
                for k, p in enumerate(unit["alive"], start=1)
            ]
        )
    return out


def _printout(units, threat, lang="en"):
    return SYSTEM.compare_printout(
        _entries(units),
        SYSTEM.load_catalog(),
        CompareOptions(threat=threat),
        PrintOptions(lang=lang),
    )


@pytest.mark.parametrize("case", list(CASES))
def test_every_curve_point_in_the_svg_is_its_true_value(case):
    units, threat = CASES[case]
    html = render_html(_printout(units, threat))
    curves = re.findall(r'<polyline class="curve" points="([^"]+)"', html)
    drawn = [[tuple(map(float, pt.split(","))) for pt in c.split()] for c in curves]
    drawn.reverse()  # drawn largest marker first: the last unit's curve comes first
    truth = _true_points(units, threat)
    assert len(drawn) == len(truth)
    for points, want in zip(drawn, truth, strict=True):
        assert points[0] == (PLOT_LEFT, PLOT_TOP)  # round 0: everyone alive
        assert _flat(points[1:]) == pytest.approx(_flat(want), abs=0.001)
        for x, y in points:
            assert PLOT_LEFT <= x <= PLOT_LEFT + PLOT_W and PLOT_TOP <= y <= PLOT_TOP + PLOT_H


@pytest.mark.parametrize("case", list(CASES))
def test_the_markers_in_the_pdf_sit_on_the_true_values(case):
    units, threat = CASES[case]
    with pdfplumber.open(io.BytesIO(pdf_bytes(render_html(_printout(units, threat))))) as doc:
        page = doc.pages[0]
        (frame,) = [
            r
            for r in page.rects
            if abs(r["width"] - PLOT_W * MM) < 0.5 and abs(r["height"] - PLOT_H * MM) < 0.5
        ]
        # the first unit's markers: filled circles 1.8 mm across
        dots = [
            c
            for c in page.curves
            if abs(c["width"] - 1.8 * MM) < 0.4 * MM
            and abs(c["height"] - c["width"]) < 0.2
            and c.get("fill")
        ]
        centres = sorted(
            (
                ((c["x0"] + c["x1"]) / 2 - frame["x0"]) / MM,
                ((c["top"] + c["bottom"]) / 2 - frame["top"]) / MM,
            )
            for c in dots
            if c["top"] < frame["bottom"] + 2 * MM  # not the legend's sample below the chart
        )
    want = sorted((x - PLOT_LEFT, y - PLOT_TOP) for x, y in _true_points(units, threat)[0])
    assert _flat(centres) == pytest.approx(_flat(want), abs=0.1)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_curve_ends_in_its_label_and_labels_never_overlap(lang):
    units, threat = CASES["barrage"]
    chart = _printout(units, threat, lang).context["chart"]
    labels = sorted(s["label"]["y"] for s in chart["legend"])
    assert all(b - a >= 3.0 for a, b in itertools.pairwise(labels))
    shown = {
        u["name"]: u.get("name_ja", u["name"]) for u in yaml.safe_load(DEMO.read_text())["units"]
    }
    want = {shown.get(u, u) if lang == "ja" else u for _, u in units}  # the demo's name_ja
    assert {s["label"]["text"] for s in chart["legend"]} == want
    assert len({s["scale"] for s in chart["legend"]}) == len(units)  # nested markers


def test_the_compare_sheet_prints_no_rule_number_or_threat_id_and_nothing_under_6_5pt():
    units, threat = CASES["barrage"]
    with pdfplumber.open(io.BytesIO(pdf_bytes(render_html(_printout(units, threat))))) as doc:
        text = doc.pages[0].extract_text()
        sizes = [c["size"] for c in doc.pages[0].chars if c["text"].strip()]
    assert "full-barrage" not in text and not re.search(r"\bD\d{1,2}\b", text)
    assert min(sizes) >= 6.5 - 0.01  # the team line under each name too


def test_the_compare_sheet_names_each_units_team_not_its_file():
    units, threat = CASES["barrage"]
    sheet = _printout(units, threat).context["units"]
    assert [u["source"] for u in sheet] == ["Test-play samples"] * 2 + ["Rivals"] * 2


def test_an_intercepting_sheet_says_what_happens_with_no_option_value_or_rule_number():
    from builder.systems.laminim.declared import INTERCEPT

    printout = SYSTEM.compare_printout(
        _entries(CASES["duel"][0]),
        SYSTEM.load_catalog(),
        CompareOptions(threat="rifle-duel", values={INTERCEPT.name: "auto"}),
        PrintOptions(lang="en"),
    )
    sheet = printout.context
    labels = [r["label"] for r in sheet["rows"]]
    assert "Shoots missiles with" in labels and not any("D19" in label for label in labels)
    assert "missiles shot down" in sheet["subtitle"] and "auto" not in sheet["subtitle"]
