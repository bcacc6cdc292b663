"""``laminim import`` on what is not a code, an export or a text of ours, in both languages:
exit 2 with a line that says what is wrong, never a traceback; and ``-o`` never writes over a
file."""

from __future__ import annotations

import json

import pytest

from tests.exchange.files import ROOT

DEMO = ROOT / "parts_catalog/laminim/demo_team.yaml"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{}", "not a laminim export"),
        ('{"format": "xws", "pilots": []}', "not a laminim export"),
        ('{"format": "laminim-export", "format_version": 9}', "newer laminim"),
        ('{"format": "laminim-export", "format_version": 1, "system": "chess"}', "not installed"),
        ("{not json", "not a laminim export"),
        ("Kestrel: Striker | Rifle\nLegal.\n", "no share code in this text"),
    ],
)
def test_a_file_that_is_no_export_is_refused(cli, tmp_path, text, said):
    path = tmp_path / "in.txt"
    path.write_text(text, encoding="utf-8")
    result = cli("import", path)
    assert result.code == 2 and result.out == ""
    assert said in result.err and "Traceback" not in result.err


def test_an_export_with_a_broken_unit_says_where(cli, tmp_path):
    doc = json.loads(cli("export", DEMO, "--format", "json").out)
    doc["units"][0]["frame"]["durability"] = "lots"
    path = tmp_path / "e.json"
    path.write_text(json.dumps(doc))
    result = cli("import", path)
    assert result.code == 2 and "units.0.frame.durability" in result.err


def test_refusals_speak_japanese(cli):
    result = cli("import", "LMQQQQQQQQ", "--lang", "ja")
    assert result.code == 2
    assert "壊れています" in result.err or "途中で切れています" in result.err


def test_output_never_replaces_a_file(cli, tmp_path):
    code = "".join(cli("share", DEMO).out.split())
    target = tmp_path / "team.yaml"
    target.write_text("mine\n")
    result = cli("import", code, "-o", target)
    assert result.code == 0
    assert target.read_text() == "mine\n"
    assert (tmp_path / "team-2.yaml").is_file() and "team-2.yaml" in result.err
    result = cli("import", code, "-o", tmp_path)  # a folder: named after the team
    assert (tmp_path / "test-play-samples.yaml").is_file()


def test_export_to_a_file_says_where(cli, tmp_path):
    out = tmp_path / "team.json"
    result = cli("export", DEMO, "--format", "json", "-o", out)
    assert result.code == 0 and json.loads(out.read_text())["name"] == "Test-play samples"
