"""``laminim cards`` options of the print kit: backs, offset, calibration, and the refusal to
print without the language's font (issue "Print kit II")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder.render.layout import parse_offset

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"


def _fonts_conf(tmp_path: Path, *dirs: str) -> Path:
    """A fontconfig file that knows only ``dirs`` (no system font paths)."""
    conf = tmp_path / "fonts.conf"
    folders = "".join(f"<dir>{d}</dir>" for d in dirs)
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"{folders}<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    return conf


def test_a_missing_japanese_font_is_a_refusal_naming_the_package_and_the_set_up(tmp_path):
    """The Japanese font taken off the font path (a FONTCONFIG_FILE without it): exit 2 before
    anything is rendered, naming the Debian package and the README's set-up command."""
    conf = _fonts_conf(tmp_path, "/usr/share/fonts/truetype/dejavu")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf), "LAMINIM_LANG": "en"}
    out = tmp_path / "out"
    run = subprocess.run(
        [sys.executable, "-m", "builder", "cards", str(DEMO), "--lang", "ja", "-o", str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 2, run.stderr
    assert "fonts-morisawa-bizud-gothic" in run.stderr
    assert "bash scripts/setup.sh" in run.stderr
    assert "BIZ UDGothic" in run.stderr
    assert "Traceback" not in run.stderr
    assert not out.exists() or not list(out.iterdir()), "nothing is written"


def test_the_fonts_each_language_needs_are_found_on_this_machine():
    from builder.render.fonts import missing_fonts

    assert missing_fonts("en") == []
    assert missing_fonts("ja") == []


def test_calibrate_writes_the_calibration_sheet_without_a_file(cli, tmp_path):
    result = cli("cards", "--calibrate", "-o", tmp_path)
    assert result.code == 0, result.err
    (path,) = [Path(p) for p in result.out.split()]
    assert path.name == "duplex-calibration.pdf" and path.stat().st_size > 1000


def test_cards_without_a_file_asks_for_one(cli, tmp_path):
    result = cli("cards", "-o", tmp_path)
    assert result.code == 2
    assert "--calibrate" in result.err and "Traceback" not in result.err


@pytest.mark.parametrize("bad", ["1", "a,b", "1,2,3", "30,0", "nan,0", ""])
def test_a_bad_offset_is_refused(capsys, tmp_path, bad):
    from builder.cli import main

    args = ["cards", str(DEMO), "--backs", "duplex", "--offset", bad, "-o", str(tmp_path)]
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert "is no offset" in capsys.readouterr().err


def test_an_offset_reads_as_x_right_and_y_down_in_mm():
    assert parse_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_offset(" -2 , 0 ") == (-2.0, 0.0)


def test_duplex_cards_print_a_back_page_after_the_front(cli, tmp_path):
    import pdfplumber

    result = cli("cards", str(DEMO), "--backs", "duplex", "--offset", "1,0", "-o", tmp_path)
    assert result.code == 0, result.err
    cards = next(Path(p) for p in result.out.split() if p.endswith("-cards.pdf"))
    with pdfplumber.open(cards) as pdf:
        assert len(pdf.pages) % 2 == 0
        assert "backs" in pdf.pages[1].extract_text()
