"""``laminim balance --suggest`` on held-out catalogs with planted parts (docs/balance.md
"Fitted costs"): where a change within the search removes the planted finding it is proposed,
verified by ``balance`` on the written catalog, and only parts with a finding change; where none
does, the output says so, naming the part and the nearest change tried."""

from __future__ import annotations

import json

import pytest

from builder.catalogs.fitted import next_version
from tests.systems.laminim.fitting import held_out

ROUNDS = str(held_out.ROUNDS)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("held-out")
    return {name: held_out.write(root / name, name) for name in held_out.PLANTED}


def _json(cli, *args):
    result = cli(*args, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def _report_findings(data: dict) -> set[tuple[str, str]]:
    """A balance --json report's findings as (kind, part) pairs."""
    out = set()
    for f in data["summary"]:
        v = f["values"]
        if f["kind"] in ("never_worth", "must_pick"):
            out |= {(f["kind"], w) for w in v["weapons"]}
        elif f["kind"] in ("dominated", "no_loadout"):
            out |= {(f["kind"], x) for x in v["frames"]}
    return out


PLANTED = {
    "never_worth": (("never_worth", "rifle"), [("weapon", "rifle", "weight", 5, 3)]),
    "must_pick": (("must_pick", "knife"), [("weapon", "knife", "weight", 3, 4)]),
    "dominated": (("dominated", "scout"), [("frame", "scout", "payload", 3, 4)]),
}


def test_the_base_catalog_has_nothing_to_fix(cli, folders):
    data = _json(cli, "balance", "--catalog", folders["base"], "--rounds", ROUNDS, "--suggest")
    assert data["findings"] == [] and data["changes"] == [] and data["search"]["parts"] == []
    text = cli("balance", "--catalog", folders["base"], "--rounds", ROUNDS, "--suggest")
    assert "The report finds nothing to fix" in text.out


def test_nothing_is_written_when_there_is_no_change(cli, folders, tmp_path):
    out = tmp_path / "fitted"
    args = ("balance", "--catalog", folders["hopeless"], "--rounds", ROUNDS, "--suggest")
    result = cli(*args, "--write", out)
    assert result.code == 0, result.err
    # a temporary folder's path may be wider than a line: the wrap breaks inside it
    assert f"Nothingwrittento{out}" in "".join(result.out.split()) and not out.exists()
    assert _json(cli, *args, "--write", out)["written"] is None and not out.exists()


@pytest.mark.parametrize("name", list(PLANTED))
def test_a_fixable_planted_part_is_fixed_and_verified_on_the_written_catalog(
    cli, folders, tmp_path, name
):
    finding, changes = PLANTED[name]
    folder = folders[name]
    before = _report_findings(_json(cli, "balance", "--catalog", folder, "--rounds", ROUNDS))
    assert finding in before
    out = tmp_path / "fitted"
    data = _json(
        cli, "balance", "--catalog", folder, "--rounds", ROUNDS, "--suggest", "--write", out
    )
    got = [(c["kind"], c["id"], c["field"], c["before"], c["after"]) for c in data["changes"]]
    assert got == changes and data["verified"]
    assert {c["id"] for c in data["changes"]} <= {part for _, part in before}
    assert data["written"] == {"folder": str(out), "version": 4}
    planted = next(f for f in data["findings"] if (f["kind"], f["part"]) == finding)
    assert planted["removed"] and planted["before"] != planted["after"]
    # the written catalog, read by the report itself: the finding is gone, nothing new
    after = _report_findings(_json(cli, "balance", "--catalog", out, "--rounds", ROUNDS))
    assert finding not in after and after <= before
    assert after == {(f["kind"], f["part"]) for f in data["findings"] if not f["removed"]}
    diff = _json(cli, "catalog", "diff", folder, out)
    said = json.dumps(diff)
    _, part, field, *_ = changes[0]
    assert part in said and field in said and '"version"' in said
    assert (out / "catalog.yaml").read_text(encoding="utf-8").count("version: 4") == 1


def test_an_unfixable_planted_part_is_said_plainly_with_the_nearest_change(cli, folders):
    args = ("balance", "--catalog", folders["hopeless"], "--rounds", ROUNDS, "--suggest")
    data = _json(cli, *args)
    (anchor,) = [f for f in data["findings"] if f["part"] == "anchor"]
    assert anchor["kind"] == "never_worth" and not anchor["removed"]
    assert anchor["removable_by"] is None
    assert anchor["nearest"]["changes"] == [
        {"kind": "weapon", "id": "anchor", "field": "weight", "before": 9, "after": 7}
    ]
    assert anchor["nearest"]["after"]["fronts"] == 0 and anchor["nearest"]["verified"]
    text = " ".join(cli(*args).out.split())
    assert "Anchor (never worth it): no change within the search removes it." in text
    assert "Nearest tried: Anchor weight 9 → 7, on 0 of 9 fronts." in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_text_fits_80_columns_with_changes_findings_and_worth(cli, folders, lang):
    from builder.core.text_table import columns

    args = ("balance", "--catalog", folders["must_pick"], "--rounds", ROUNDS, "--suggest")
    text = cli(*args, "--lang", lang).out
    assert all(columns(line) <= 80 for line in text.splitlines()), text
    words = {
        "en": ("Knife", "weight", "3 → 4", "Verified", "removed", "absorbs hits", "cook-off"),
        "ja": ("knife装備", "重量", "3 → 4", "検証済み", "解消", "被弾の肩代わり", "誘爆"),
    }[lang]
    for word in words:
        assert word in text, word


def test_write_never_overwrites(cli, folders, tmp_path):
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine", encoding="utf-8")
    args = ("balance", "--catalog", folders["never_worth"], "--rounds", ROUNDS, "--suggest")
    result = cli(*args, "--write", busy)
    assert result.code == 2 and "not an empty folder" in result.err
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]
    result = cli("balance", "--catalog", folders["base"], "--write", tmp_path / "new")
    assert result.code == 2 and "--suggest" in result.err and not (tmp_path / "new").exists()


@pytest.mark.parametrize(
    ("old", "new"),
    [(None, 1), (3, 4), ("1.2", "1.3"), ("2024-spring", "2025-spring"), ("b", "b.1")],
)
def test_the_written_catalog_gets_the_next_version(old, new):
    assert next_version(old) == new
