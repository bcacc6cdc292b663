"""``export --format ccfolia`` (docs/export.md): one CCFOLIA clipboard piece per unit, in the
shape CCFOLIA's Clipboard API documents and a real exported piece has, with status bars,
params, a memo and a chat palette of BCDice commands.

The fixture ``fixtures/ccfolia_piece_iachara.json`` is a real piece, quoted as published: a
Call of Cthulhu character exported from iachara (its ``externalUrl``) and copied out of CCFOLIA
with every field CCFOLIA writes (faces, x, y, owner…), found in a public GitHub page script
through the code search (docs/export.md lists the sources). CCFOLIA's own description of the
format: https://docs.ccfolia.com/developer-api/clipboard-api (``CharacterClipboardData``).
"""

from __future__ import annotations

import json
import re

import pytest

from builder.exchange.export import CcfoliaPiece
from tests.exchange.files import ROOT

SAMPLE = json.loads(
    (ROOT / "tests/exchange/fixtures/ccfolia_piece_iachara.json").read_text(encoding="utf-8")
)

CHARACTER_KEYS = {
    # CCFOLIA's documented Character type (docs/export.md): data is Partial<Character>
    "name",
    "memo",
    "initiative",
    "externalUrl",
    "status",
    "params",
    "iconUrl",
    "faces",
    "x",
    "y",
    "angle",
    "width",
    "height",
    "active",
    "secret",
    "invisible",
    "hideStatus",
    "color",
    "commands",
    "owner",
}

VALUE = r"(?:\d+|\{[^{}]+\})"
BCDICE = re.compile(
    # xB6>=n: a success count (n a number or a {param}, + a {modifier}); {ammo}B6<=1: the 1s
    rf"^{VALUE}B6(?:>=|<=){VALUE}(?:\+\{{[^{{}}]+\}})? 【"
    r"|^1D6 【"  # the location die
    r"|^\d+U6\[6\]\+\{[^{}]+\} 【"  # upper roll: a 6 rolls again and adds, best die (soh D13)
)

FILES = [
    "parts_catalog/laminim/demo_team.yaml",
    "parts_catalog/artifact/demo_force.yaml",
    "parts_catalog/soh/demo_crew.yaml",
    "parts_catalog/kuroganen/demo_map.yaml",
]


def test_the_real_sample_has_the_shape_our_model_reads():
    piece = CcfoliaPiece.model_validate(SAMPLE)
    assert piece.kind == "character"
    assert set(SAMPLE["data"]) <= CHARACTER_KEYS
    assert all(set(s) == {"label", "value", "max"} for s in SAMPLE["data"]["status"])
    assert all(set(p) == {"label", "value"} for p in SAMPLE["data"]["params"])
    assert all(isinstance(p["value"], str) for p in SAMPLE["data"]["params"])


def _pieces(cli, file, lang):
    result = cli("export", ROOT / file, "--format", "ccfolia", "--lang", lang)
    assert result.code == 0, result.err
    return [json.loads(line) for line in result.out.splitlines()]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("file", FILES)
def test_each_unit_is_a_piece_of_the_same_shape_as_the_sample(cli, file, lang):
    pieces = _pieces(cli, file, lang)
    assert pieces
    for piece in pieces:
        CcfoliaPiece.model_validate(piece)
        assert set(piece) == set(SAMPLE)
        assert set(piece["data"]) <= CHARACTER_KEYS
        for key in ("name", "memo", "initiative", "status", "params", "commands"):
            assert type(piece["data"][key]) is type(SAMPLE["data"][key]) or key == "initiative"
        for bar in piece["data"]["status"]:
            assert set(bar) == {"label", "value", "max"} and isinstance(bar["value"], int)
        for param in piece["data"]["params"]:
            assert set(param) == {"label", "value"} and isinstance(param["value"], str)
        labels = {b["label"] for b in piece["data"]["status"]} | {
            p["label"] for p in piece["data"]["params"]
        }
        for line in filter(None, piece["data"]["commands"].split("\n")):
            assert BCDICE.match(line), line
            for var in re.findall(r"\{([^{}]+)\}", line.split(" 【")[0]):
                assert var in labels, (line, labels)  # every {var} is a bar or a param


def test_laminim_pieces_carry_durabilities_ammo_target_location_and_cook_off(cli):
    kestrel, _bulwark, _ = _pieces(cli, FILES[0], "en")
    bars = {b["label"]: (b["value"], b["max"]) for b in kestrel["data"]["status"]}
    assert bars["Frame"] == (20, 20)
    assert "S1 Rifle" in bars and "S2 ammo" in bars and "S3" not in " ".join(bars)
    params = {p["label"]: p["value"] for p in kestrel["data"]["params"]}
    assert params == {"Target": "6", "Payload": "7/8"}
    commands = kestrel["data"]["commands"].split("\n")
    assert commands[0].startswith("4B6>={Target} 【Rifle hit")
    assert "1D6 【Location】" in commands
    assert "{S2 ammo}B6<=1 【Missile pod cook-off】" in commands
    ja = _pieces(cli, FILES[0], "ja")[0]
    assert "{S2弾数}B6<=1 【ミサイル 誘爆】" in ja["data"]["commands"].split("\n")


def test_artifact_pieces_roll_hits_and_evasion_with_the_d10_modifiers(cli):
    ship, nightingale, *_ = _pieces(cli, FILES[1], "en")
    assert [b["label"] for b in ship["data"]["status"]] == ["HP"]
    assert [b["label"] for b in nightingale["data"]["status"]] == ["HP", "P"]
    commands = nightingale["data"]["commands"].split("\n")
    assert any(c.endswith("】") and "B6>=" in c and "+{AttackMod}" in c for c in commands)
    assert commands[-1].startswith("{Hits}B6>=4+{EvadeMod}")


def test_soh_pieces_track_wounds_and_ap_and_roll_upper_dice(cli):
    ines = _pieces(cli, FILES[2], "ja")[0]
    assert ines["data"]["name"] == "イネス船長"
    assert [b["label"] for b in ines["data"]["status"]] == ["負傷", "AP"]
    assert "1U6[6]+{リボルバー 命中値} 【リボルバー 攻撃（1 AP）】" in ines["data"]["commands"]
