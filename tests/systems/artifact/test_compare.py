"""``laminim compare`` for artifact: text at 80 columns, LAMINIM's JSON shape, the sheet; the
numbers are the D12 survival ``analyze`` prints."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.core.resources import bundled_catalog_dir
from builder.core.text_table import columns

DEMO = str(bundled_catalog_dir("artifact") / "demo_force.yaml")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_bare_force_file_compares_its_ms_and_fits_80_columns(capsys):
    code, out, _ = run(capsys, "compare", DEMO, "--rounds", "3")
    assert code == 0
    head = out.splitlines()[3]
    assert "Nightingale" in head and "Rick Dias 1" in head and "Rewloola" not in head
    assert max(columns(line) for line in out.splitlines()) <= 80
    assert "HP                12*" in out  # Nightingale's 12 HP beats the Rick Dias' 10


def test_json_has_laminims_shape_and_analyzes_numbers(capsys):
    code, out, _ = run(capsys, "compare", f"{DEMO}:Nightingale", f"{DEMO}:rewloola", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"threat", "rounds", "units", "rows"}
    assert [u["kind"] for u in data["units"]] == ["ms", "ship"]
    code, out, _ = run(capsys, "analyze", DEMO, "--unit", "Nightingale", "--json")
    alive = [r["alive"] for r in json.loads(out)["units"][0]["rounds"]]
    assert data["units"][0]["alive"] == pytest.approx(alive, abs=1e-12)
    rows = {r["key"]: r for r in data["rows"]}
    assert rows["propellant"]["values"] == [10, None]  # a ship has no P
    assert rows["hp"]["best"] == [1] and rows["hp"]["better"] == "high"
    assert rows["type"]["better"] is None


def test_an_unknown_unit_is_exit_2_with_did_you_mean(capsys):
    code, _, err = run(capsys, "compare", f"{DEMO}:Nightingale", f"{DEMO}:Rick Dais 1")
    assert code == 2 and "did you mean" in err and "Traceback" not in err


def test_the_sheet_is_one_page_with_the_curves_naming_the_force_not_its_file(tmp_path, capsys):
    """A handout names no file: under each unit the sheet prints its force's name, in Japanese
    its Japanese one (issue 34); the text table, read where the command was typed, keeps the
    file's in English and gives the force's Japanese name under Japanese."""
    from pypdf import PdfReader

    out = tmp_path / "cmp.pdf"
    code, text, _ = run(capsys, "compare", DEMO, "-o", str(out), "--lang", "ja")
    assert code == 0
    pages = PdfReader(str(out)).pages
    printed = pages[0].extract_text()
    assert len(pages) == 1 and "比較" in printed
    assert "袖付き先遣隊" in printed and "Sleeves vanguard" not in printed
    assert ".yaml" not in printed
    assert "袖付き先遣隊" in text and "demo_force" not in text
    _, english, _ = run(capsys, "compare", DEMO)
    assert "demo_force" in english  # the file, without the .yaml every file has
