"""The share code's QR on the roster sheet (docs/export.md): a phone reads it from the table
(modules of 0.8 mm), the QR decodes (zxing-cpp) to the code printed under it, and importing
that code gives the team back — in English and Japanese, for a LAMINIM team and a soh crew
whose code is long."""

from __future__ import annotations

import re

import pdfplumber
import pypdfium2
import pytest
import yaml
import zxingcpp

from builder import systems
from builder.exchange.roster import MODULE_MM
from builder.render.batch import render_printouts
from builder.roster.team_file import load_team
from builder.systems import PrintOptions
from tests.exchange.files import ROOT

CASES = [
    ("parts_catalog/laminim/demo_team.yaml", "en"),
    ("parts_catalog/laminim/demo_team.yaml", "ja"),
    ("parts_catalog/soh/demo_crew.yaml", "en"),
]


def printed_code(words: list[str]) -> str:
    """The share code printed under a QR: its first line (``LM…``) and the lines after it,
    joined (the last line may be a few characters)."""
    start = next(i for i, w in enumerate(words) if re.fullmatch(r"LM[0-9A-Z]{8,}", w))
    lines = []
    for word in words[start:]:
        if not re.fullmatch(r"[0-9A-Z]+", word):
            break
        lines.append(word)
    return "".join(lines)


@pytest.fixture(scope="module")
def rosters(tmp_path_factory):
    """Each case's roster page written once: (PDF path, the share block's context)."""
    out = {}
    for file, lang in CASES:
        system, team = load_team(ROOT / file)
        catalog = system.load_catalog()
        sheet = next(
            p
            for p in system.printouts(team, catalog, PrintOptions(lang=lang))
            if p.kind == "roster"
        )
        folder = tmp_path_factory.mktemp("roster")
        (path,) = render_printouts([sheet], folder, team.name)
        out[(file, lang)] = (path, sheet.context["share"])
    return out


@pytest.mark.parametrize(("file", "lang"), CASES)
def test_the_qr_decodes_to_the_printed_code_and_imports_the_team(cli, rosters, file, lang):
    path, share = rosters[(file, lang)]
    page = pypdfium2.PdfDocument(path)[0]
    found = zxingcpp.read_barcodes(page.render(scale=100 / 72).to_pil())  # a 100 dpi scan
    qr = [r.text for r in found if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert qr == [share["code"]]
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_text().split()
    printed = printed_code(words)
    assert printed == share["code"]  # the lines under the QR, joined
    result = cli("import", printed)
    assert result.code == 0, result.err
    assert yaml.safe_load(result.out) == yaml.safe_load((ROOT / file).read_text())


@pytest.mark.parametrize(("file", "lang"), CASES)
def test_the_modules_are_big_enough_for_a_phone(rosters, file, lang):
    _, share = rosters[(file, lang)]
    assert share["module_mm"] >= 0.6
    if len(share["code"]) < 200:
        assert share["module_mm"] >= MODULE_MM


def test_a_game_that_shares_nothing_prints_no_block(fake_game, fake_demo):
    system, team = load_team(fake_demo)
    assert not isinstance(system, systems.Exchanges)
    assert system.share_block(team, system.load_catalog(), "en") is None  # type: ignore[attr-defined]
