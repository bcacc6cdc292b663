"""The artifact report's dominated types (docs/balance.md "Artifact") and ``balance --suggest``:
a ship's capacity is the one number of the force rules a type has (D9), so a dominated ship is
fitted by it, and a dominated MS type is said plainly to have no such number.

The bundled catalog: Rick Dias is dominated by three MS types, and Rewloola by Ra Cailum (the
same best guns on a thinner hull; its missiles are never its best weapon in the matrix), which
one more MS of capacity fixes. Held-out catalogs: the bundled one with a planted ship, "Barge"
(Ra Cailum's guns, a thinner hull, the same capacity: removed by one more MS of capacity), and a
planted "Hulk" (a thinner hull AND two MS fewer than Ra Cailum: no change within the search
removes it)."""

from __future__ import annotations

import json
import shutil
from itertools import product

import pytest

from builder.core.resources import bundled_catalog_dir
from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.derive import all_units, unit_stats
from builder.systems.artifact.rules.matrix import activation_matrix

BARGE = """
  - id: barge
    name: Barge
    name_ja: バージ
    description: A planted ship, Ra Cailum's guns on a thinner hull.
    move: 15
    hp: 30
    capacity: 12
    weapons:
      - {id: main-gun, name: Main gun, name_ja: 主砲, range: 20, attacks: 4, to_hit_ms: 5,
         to_hit_ship: 3, damage: 3}
      - {id: machine-gun, name: Machine gun, name_ja: 機銃, range: 5, attacks: 5, to_hit_ms: 3,
         to_hit_ship: 6, damage: 1}
"""


def _planted(tmp_path, ship: str):
    """The bundled catalog with its ships replaced by Ra Cailum and the planted ``ship``."""
    folder = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir("artifact"), folder)
    text = (folder / "ships.yaml").read_text(encoding="utf-8")
    head, _, rest = text.partition("  - id: rewloola")
    ra_cailum = rest[rest.index("  - id: ra-cailum") :]
    (folder / "ships.yaml").write_text(head + ra_cailum.rstrip() + "\n" + ship, encoding="utf-8")
    return folder


def _brute_dominated(catalog) -> dict[str, set[str]]:
    """Straight from the definition: every cell of the activation matrix, pair by pair."""
    units = [unit_stats(u) for u in all_units(catalog).values()]
    cells = {(c.attacker, c.target, c.near, c.evade): c for c in activation_matrix(units)}
    modes = sorted({(k[2], k[3]) for k in cells})

    hp = {u.id: u.hp for u in units}

    def got(a: str, t: str, near: int, evade: bool):
        c = cells.get((a, t, near, evade)) or cells.get((a, t, near, False))
        return None if c is None else (c.expected_damage, c.p_kill)

    def fares(a: str, t: str, near: int, evade: bool):
        c = cells.get((a, t, near, evade)) or cells.get((a, t, near, False))
        return None if c is None else (hp[t] - c.expected_damage, 1 - c.p_kill)

    out: dict[str, set[str]] = {}
    for x, y in product(units, units):
        if x.id == y.id or x.kind != y.kind:
            continue
        pairs = []  # (what y gives, what x gives), higher better
        for other, (near, evade) in product(units, modes):
            if evade and other.kind == "ship":
                continue
            pairs.append((got(y.id, other.id, near, evade), got(x.id, other.id, near, evade)))
            pairs.append((fares(other.id, y.id, near, evade), fares(other.id, x.id, near, evade)))
        flat = [(b, w) for bb, ww in pairs for b, w in zip(bb, ww, strict=True)]
        if x.kind == "ship":
            flat.append((y.capacity, x.capacity))
        if all(b >= w - 1e-9 for b, w in flat) and any(b > w + 1e-9 for b, w in flat):
            out.setdefault(x.id, set()).add(y.id)
    return out


def test_the_bundled_report_finds_rick_dias_dominated_as_the_definition_says(cli):
    result = cli("balance", "--system", "artifact", "--json")
    assert result.code == 0, result.err
    said = {d["id"]: set(d["by"]) for d in json.loads(result.out)["dominated"]}
    assert said == _brute_dominated(load_catalog())
    assert said == {
        "rick-dias": {"nightingale", "hi-nu-gundam", "byalant-custom"},
        "rewloola": {"ra-cailum"},
    }


def test_the_bundled_rewloola_is_fitted_by_one_more_ms(cli):
    result = cli("balance", "--system", "artifact", "--suggest", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["changes"] == [
        {"kind": "ship", "id": "rewloola", "field": "capacity", "before": 12, "after": 13}
    ]
    assert data["verified"]


def test_a_dominated_ship_is_fitted_by_its_capacity_and_verified_on_the_written_catalog(
    cli, tmp_path
):
    folder = _planted(tmp_path, BARGE)
    assert _brute_dominated(load_catalog(folder))["barge"] == {"ra-cailum"}
    out = tmp_path / "fitted"
    result = cli(
        "balance",
        "--system",
        "artifact",
        "--catalog",
        folder,
        "--suggest",
        "--write",
        out,
        "--json",
    )
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["changes"] == [
        {"kind": "ship", "id": "barge", "field": "capacity", "before": 12, "after": 13}
    ]
    assert data["verified"] and data["written"]["folder"] == str(out)
    by_part = {f["part"]: f for f in data["findings"]}
    assert by_part["barge"]["removed"] and not by_part["rick-dias"]["removed"]
    assert not by_part["rick-dias"]["searchable"]  # an MS type has no number to change
    # the written catalog, read again by the report: the barge is no longer dominated
    again = cli("balance", "--system", "artifact", "--catalog", out, "--json")
    assert {d["id"] for d in json.loads(again.out)["dominated"]} == {"rick-dias"}
    assert load_catalog(out).info.name == load_catalog(folder).info.name
    diff = cli("catalog", "diff", folder, out, "--json")
    assert diff.code == 0, diff.err
    assert "capacity" in diff.out and "barge" in diff.out


def test_a_ship_no_capacity_can_save_is_said_plainly(cli, tmp_path):
    hulk = BARGE.replace("id: barge", "id: hulk").replace("capacity: 12", "capacity: 10")
    hulk_11 = hulk.replace("capacity: 10", "capacity: 11")
    folder = _planted(tmp_path, hulk.replace("name: Barge", "name: Hulk"))
    out = tmp_path / "fitted"
    args = ("balance", "--system", "artifact", "--catalog", folder, "--suggest")
    result = cli(*args, "--write", out)
    assert result.code == 0, result.err
    assert "No change within the search leaves fewer types dominated" in result.out
    assert "Hulk is dominated by Ra Cailum → stays" in result.out
    text = " ".join(result.out.split())
    assert "No capacity within the search (±1) removes this" in text
    # the nearest change tried is named, and the report worked out again on it agrees
    assert "Nearest tried: Hulk capacity 10 → 11, still dominated by Ra Cailum." in text
    # a temporary folder's path may be wider than a line: the wrap breaks inside it
    assert f"Nothingwrittento{out}" in "".join(result.out.split()) and not out.exists()
    data = json.loads(cli(*args, "--json").out)
    (hulk,) = [f for f in data["findings"] if f["part"] == "hulk"]
    assert hulk["nearest"] == {
        "changes": [{"kind": "ship", "id": "hulk", "field": "capacity", "before": 10, "after": 11}],
        "dominated_by": ["ra-cailum"],
        "verified": True,
    }
    assert _brute_dominated(load_catalog(_planted(tmp_path / "11", hulk_11)))["hulk"] == {
        "ra-cailum"
    }
    assert (
        "Rick Dias is dominated by" in result.out and "No number of the force rules" in result.out
    )


def test_write_without_suggest_is_bad_input(cli, tmp_path):
    result = cli("balance", "--system", "artifact", "--write", tmp_path / "x")
    assert result.code == 2 and "--suggest" in result.err and not (tmp_path / "x").exists()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_suggest_text_fits_80_columns(cli, tmp_path, lang):
    from builder.core.text_table import columns

    folder = _planted(tmp_path, BARGE)
    result = cli(
        "balance", "--system", "artifact", "--catalog", folder, "--suggest", "--lang", lang
    )
    assert result.code == 0, result.err
    assert all(columns(line) <= 80 for line in result.out.splitlines())
    assert ("Barge capacity 12 → 13" if lang == "en" else "バージの搭載数 12 → 13") in result.out
