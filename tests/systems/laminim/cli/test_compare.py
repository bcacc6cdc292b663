"""``laminim compare FILE[:UNIT] …``: text at 80 columns, the documented JSON, the one-page sheet,
and every way the arguments can be wrong (exit 2, one line each)."""

from __future__ import annotations

import contextlib
import io
import json
import unicodedata
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir

FIXTURES = Path(__file__).parents[3] / "fixtures"
DEMO = str(bundled_catalog_dir("laminim") / "demo_team.yaml")
RIVALS = str(FIXTURES / "teams" / "rivals.yaml")


def run(*argv: str) -> tuple[int, str, str]:
    from builder.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


# The shape documented in README ("laminim compare --json").
ROW_KEYS = {"key", "label", "better", "values", "best", "diff"}
UNIT_KEYS = {"name", "source", "frame", "weapons", "legal", "intercept", "alive"}


def validate_compare_json(doc: dict) -> None:
    assert set(doc) >= {"threat", "rounds", "intercept", "units", "rows"}
    assert isinstance(doc["threat"], str) and isinstance(doc["rounds"], int)
    assert doc["intercept"] is None or isinstance(doc["intercept"], str)
    n = len(doc["units"])
    assert 2 <= n <= 4
    for unit in doc["units"]:
        assert set(unit) >= UNIT_KEYS
        assert len(unit["weapons"]) == 3 and isinstance(unit["legal"], bool)
        assert unit["intercept"] is None or set(unit["intercept"]) == {"slot", "bonus"}
        assert len(unit["alive"]) == doc["rounds"]
        assert all(isinstance(a, float) and 0 <= a <= 1 for a in unit["alive"])
    keys = [r["key"] for r in doc["rows"]]
    assert len(keys) == len(set(keys))
    for row in doc["rows"]:
        assert set(row) >= ROW_KEYS
        assert row["better"] in ("high", "low", None)
        assert len(row["values"]) == len(row["diff"]) == n
        assert all(0 <= i < n for i in row["best"])
        if row["better"] is None:
            assert row["best"] == []
        for v, d in zip(row["values"], row["diff"], strict=True):
            assert v is None or isinstance(v, (str, int, float))
            assert d is None or isinstance(d, float)


@pytest.fixture(scope="module")
def demo_vs_rivals() -> dict:
    code, out, err = run(
        "compare",
        f"{DEMO}:Kestrel",
        f"{DEMO}:Bulwark",
        f"{RIVALS}:Rook",
        f"{RIVALS}:Wren",
        "--threat",
        "mixed-fire",
        "--json",
    )
    assert code == 0, err
    return json.loads(out)


def test_json_follows_the_documented_shape(demo_vs_rivals):
    validate_compare_json(demo_vs_rivals)
    assert [u["name"] for u in demo_vs_rivals["units"]] == ["Kestrel", "Bulwark", "Rook", "Wren"]
    assert [u["source"] for u in demo_vs_rivals["units"]][2:] == ["rivals.yaml"] * 2


def test_rows_cover_every_metric_the_issue_names(demo_vs_rivals):
    keys = {r["key"] for r in demo_vs_rivals["rows"]}
    assert {
        "payload",
        "durability_unit",
        "durability_frame",
        "exposure",
        "remaining",
        "slot1_lost",
        "cook_off",
        "damage_all",
        "damage_best",
        "stops",
    } <= keys
    assert {f"alive_r{n}" for n in range(1, 7)} <= keys


def test_durability_rows_say_unit_and_frame(demo_vs_rivals):
    rows = {r["key"]: r for r in demo_vs_rivals["rows"]}
    assert rows["durability_unit"]["values"][:2] == [40, 74]  # what analyze prints
    assert rows["durability_frame"]["values"][:2] == [20, 40]
    assert "unit" in rows["durability_unit"]["label"]
    assert "frame" in rows["durability_frame"]["label"]
    assert "+4" in rows["damage_best"]["label"] and "+2" in rows["damage_all"]["label"]


def test_better_marks_and_differences(demo_vs_rivals):
    rows = {r["key"]: r for r in demo_vs_rivals["rows"]}
    exposure = rows["exposure"]
    assert exposure["better"] == "low" and exposure["best"] == [0, 3]  # both strikers: 5/6
    alive = rows["alive_r1"]
    assert alive["best"] == [max(range(4), key=lambda i: alive["values"][i])]
    assert alive["diff"][0] == 0.0
    assert alive["diff"][1] == pytest.approx(alive["values"][1] - alive["values"][0])


def test_matches_analyze_for_the_same_unit(demo_vs_rivals):
    code, out, _ = run("analyze", DEMO, "--unit", "Bulwark", "--threat", "mixed-fire", "--json")
    assert code == 0
    rounds = json.loads(out)["units"][0]["rounds"]
    assert demo_vs_rivals["units"][1]["alive"] == [r["alive"] for r in rounds]


def test_text_fits_80_columns_and_marks_the_better_value():
    code, out, _ = run("compare", DEMO, f"{RIVALS}:rook", "--threat", "mixed-fire")
    assert code == 0
    lines = out.splitlines()
    assert max(width(line) for line in lines) <= 80
    assert all(name in out for name in ("Kestrel", "Bulwark", "Swallow", "Rook"))
    assert "Durability (unit)" in out and "Durability (frame)" in out
    assert any("*" in line for line in lines if line.startswith("Alive after R1"))


def test_bare_file_means_every_unit():
    code, out, _ = run("compare", DEMO, "--json")
    assert code == 0
    assert [u["name"] for u in json.loads(out)["units"]] == ["Kestrel", "Bulwark", "Swallow"]


def test_unit_names_match_case_insensitively():
    code, out, _ = run("compare", f"{DEMO}:kestrel", f"{DEMO}:BULWARK", "--json")
    assert code == 0
    assert [u["name"] for u in json.loads(out)["units"]] == ["Kestrel", "Bulwark"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([f"{DEMO}:Kestrel"], "2 to 4 units"),
        ([DEMO, DEMO], "2 to 4 units; these arguments give 6"),
        ([f"{DEMO}:Kestrel"] * 5, "at most 4"),
        ([f"{DEMO}:Kestrl", DEMO], "did you mean 'Kestrel'"),
        ([f"{DEMO}:Nobody", f"{DEMO}:Kestrel"], "no unit named 'Nobody'"),
        ([f"{DEMO}:Kestrel", "no-such-file.yaml"], "no-such-file.yaml"),
        ([f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "--threat", "nope"], "unknown threat"),
        ([f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "--intercept", "2"], "only a normal weapon"),
        ([f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "--intercept", "4"], "SLOT must be"),
    ],
    ids=["one", "six", "five-args", "typo", "unknown", "missing-file", "threat", "slot", "bad"],
)
def test_bad_arguments_exit_2_with_one_line(argv, message):
    code, out, err = run("compare", *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert out == ""


def test_a_system_without_compare_says_so(monkeypatch):
    from builder import systems
    from builder.systems.base import Compares

    other = next((s for s in systems.ids() if not isinstance(systems.get(s), Compares)), None)
    if other is None:
        pytest.skip("every installed system compares")
    demo = str(systems.get(other).demo_file())
    code, _, err = run("compare", demo, demo)
    assert code == 2
    assert f"{systems.get(other).name} has nothing to compare (laminim" in err
    assert len(err.strip().splitlines()) == 1


def test_intercept_auto_is_reported_per_unit():
    code, out, _ = run(
        "compare",
        f"{DEMO}:Kestrel",
        f"{RIVALS}:Rook",
        "--threat",
        "missile-salvo",
        "--intercept",
        "auto:3",
        "--json",
    )
    assert code == 0
    doc = json.loads(out)
    validate_compare_json(doc)
    assert doc["intercept"] == "auto:3"
    assert [u["intercept"] for u in doc["units"]] == [{"slot": 1, "bonus": 3}] * 2


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("sheet")
    argv = [
        "compare",
        f"{DEMO}:Kestrel",
        f"{DEMO}:Bulwark",
        f"{RIVALS}:Rook",
        f"{RIVALS}:Wren",
        "--threat",
        "mixed-fire",
        "-o",
        str(out / "cmp.pdf"),
    ]
    code, _, err = run(*argv)
    assert code == 0, err
    code, _, err = run(*argv, "--paper", "letter", "--lang", "ja")
    assert code == 0, err
    return out / "cmp.pdf", out / "cmp-2.pdf"


def _pages(path: Path) -> list:
    from pypdf import PdfReader

    return list(PdfReader(str(path)).pages)


def test_sheet_is_one_a4_page_with_every_unit(sheet):
    pages = _pages(sheet[0])
    assert len(pages) == 1
    box = pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (210, 297)
    text = pages[0].extract_text()
    for name in ("Kestrel", "Bulwark", "Rook", "Wren", "Mixed fire"):
        assert name in text


def test_sheet_never_overwrites_and_takes_paper_and_language(sheet):
    assert sheet[1].exists()  # the second run did not replace the first
    pages = _pages(sheet[1])
    assert len(pages) == 1
    box = pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4, 1), round(float(box.height) / 72 * 25.4, 1)) == (
        215.9,
        279.4,
    )
    text = pages[0].extract_text()
    assert "比較" in text and "Rook" in text


def test_sheet_curves_are_all_drawn_with_their_own_dash_and_marker():
    from builder.render.batch import render_html
    from builder.roster.team_file import read_team
    from builder.systems.base import CompareEntry, CompareOptions, PrintOptions
    from builder.systems.laminim.system import SYSTEM

    entries = []
    for path, unit in [(DEMO, "Kestrel"), (DEMO, "Swallow"), (RIVALS, "Wren"), (RIVALS, "Rook")]:
        entries.append(CompareEntry(read_team(Path(path))[1], unit, path))
    printout = SYSTEM.compare_printout(
        entries, SYSTEM.load_catalog(), CompareOptions(threat="full-barrage"), PrintOptions()
    )
    chart = printout.context["chart"]
    assert len(chart["series"]) == 4
    assert len({s["dash"] for s in chart["series"]}) == 4
    assert len({s["marker"] for s in chart["series"]}) == 4
    html = render_html(printout)
    assert html.count("<polyline") == 4
    assert html.count("stroke-dasharray") >= 8  # curves and legend samples
