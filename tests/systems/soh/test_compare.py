"""``laminim compare`` for soh: characters side by side against the ``--threat`` opponent; the
higher hit value is the better one (it is added to the roll), and a different weapon is a plain
difference, never "better"."""

from __future__ import annotations

import json

from builder.cli import main
from builder.core.resources import bundled_catalog_dir
from builder.core.text_table import columns

DEMO = str(bundled_catalog_dir("soh") / "demo_crew.yaml")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_higher_hit_value_is_starred_and_weapons_only_differ(capsys):
    code, out, _ = run(capsys, "compare", DEMO, "--json")
    assert code == 0
    rows = {r["key"]: r for r in json.loads(out)["rows"]}
    hit = rows["hit1"]
    assert hit["better"] == "high"
    assert hit["best"] == [hit["values"].index(max(hit["values"]))]
    assert rows["weapon1"]["better"] is None and rows["weapon1"]["best"] == []
    assert rows["taken"]["better"] == "low"


def test_text_marks_and_fits_80_columns(capsys):
    code, out, _ = run(capsys, "compare", f"{DEMO}:Captain Ines", f"{DEMO}:mei", "--threat", "Rook")
    assert code == 0
    lines = out.splitlines()
    assert "Rook" in lines[0]
    assert max(columns(line) for line in lines) <= 80
    weapon = next(line for line in lines if line.startswith("Weapon 1"))
    assert "~" in weapon and "*" not in weapon


def test_one_character_is_exit_2(capsys):
    code, _, err = run(capsys, "compare", f"{DEMO}:Mei")
    assert code == 2 and "2 to 4" in err


def test_the_sheet_is_one_page_without_a_chart(tmp_path, capsys):
    from pypdf import PdfReader

    out = tmp_path / "crew.pdf"
    code, _, err = run(capsys, "compare", DEMO, "-o", str(out), "--paper", "letter")
    assert code == 0 and "wrote" in err
    pages = PdfReader(str(out)).pages
    assert len(pages) == 1
    text = pages[0].extract_text()
    assert "Captain Ines" in text and "Hit value 1" in text and "P(alive)" not in text
    # a handout names the crew, not its file, and says the planner's rows in words
    assert "Stray Comet crew" in text and ".yaml" not in text
    assert "Expected wounds dealt" in text and "E wounds" not in text
