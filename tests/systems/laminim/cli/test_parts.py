"""``laminim parts``: the catalog as a table and as documented JSON."""

from __future__ import annotations

import json
import subprocess
import sys


def test_parts_json_shape(cli):
    result = cli("parts", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    assert set(data) == {"frames", "weapons", "threats", "version", "digest"}
    frame = data["frames"][0]
    assert {"id", "name", "name_ja", "durability", "payload", "movement"} <= set(frame)
    for weapon in data["weapons"]:
        assert {
            "id",
            "name",
            "name_ja",
            "durability",
            "weight",
            "type",
            "power",
            "attacks",
            "ammo",
            "ammo_per_attack",
            "guard",
        } <= set(weapon)
        assert weapon["type"] in {"normal", "melee", "missile", "special"}
    by_id = {w["id"]: w for w in data["weapons"]}
    assert by_id["blade"]["ammo"] is None
    assert by_id["shield"]["guard"] == {"faces": [1], "reduction": 1}
    assert by_id["rifle"]["guard"] is None
    assert sum(t["default"] for t in data["threats"]) == 1


def test_parts_table_lists_every_part(cli, catalog):
    result = cli("parts")
    assert result.code == 0
    for part in (*catalog.frames, *catalog.weapons, *catalog.threats):
        assert part.id in result.out


def test_japanese_names_align_in_the_table(cli):
    lines = cli("parts").out.splitlines()
    header = next(line for line in lines if line.startswith("frame"))
    row = next(line for line in lines if line.startswith("lancer"))
    # 高速近接型 is 5 wide characters = 10 columns; the durability column still lines up
    from builder.systems.laminim.text import _width

    col = _width(header[: header.index("dur")])
    assert _width(row[: row.index("16")]) == col


def test_light_commands_do_not_import_textual_or_weasyprint(demo_path):
    code = (
        f"import sys; from builder.cli import main; main(['check', {str(demo_path)!r}]); "
        "print(sorted(m for m in ('textual', 'weasyprint', 'jinja2', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
