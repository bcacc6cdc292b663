"""Issue 14: huge numbers in a catalog (durability, ammo 10^9) are bad input with a located
message (the catalog's bounds, or the rules core's budget ``TooLarge``), never a crash, a hang
or gigabytes of memory."""

from __future__ import annotations

import re

import pytest

LOCATED = re.compile(r"^\S+:\d+:\d+: ")


def _set_first(path, key: str, value: int) -> None:
    text = path.read_text(encoding="utf-8")
    new, n = re.subn(rf"{key}: \d+", f"{key}: {value}", text, count=1)
    assert n == 1, key
    path.write_text(new, encoding="utf-8")


@pytest.mark.parametrize(("file", "key"), [("frames.yaml", "durability"), ("weapons.yaml", "ammo")])
@pytest.mark.parametrize("command", ["analyze", "cards"])
def test_huge_catalog_numbers_exit_2_with_a_located_message(
    cli, catalog_copy, demo_path, tmp_path, file, key, command
):
    _set_first(catalog_copy / file, key, 10**9)
    extra = ["-o", tmp_path / "out"] if command == "cards" else []
    result = cli(command, demo_path, "--catalog", catalog_copy, *extra)
    assert result.code == 2, result.err
    lines = result.err.strip().splitlines()
    assert lines and "Traceback" not in result.err
    if command == "analyze":
        assert all(LOCATED.match(line) for line in lines), lines
    assert not list((tmp_path / "out").glob("*.pdf"))


def test_survival_beyond_the_budget_is_exit_2_at_the_unit(
    cli, catalog_copy, demo_path, monkeypatch
):
    from builder.systems.laminim import analysis
    from builder.systems.laminim.rules import TooLarge

    def too_large(*_args):
        raise TooLarge(9 * 10**11, 125_000_000)

    monkeypatch.setattr(analysis, "_cached", too_large)  # what a huge catalog number causes
    result = cli("analyze", demo_path, "--catalog", catalog_copy)
    assert result.code == 2
    line = result.err.strip()
    assert re.match(
        rf"{re.escape(str(demo_path))}:\d+:\d+: units\[\d\]: unit '\w+' against '", line
    ), line
    assert "exact survival needs about" in line


def test_threat_of_301_missiles_is_answered_not_an_overflow_traceback(cli, demo_path, tmp_path):
    """1,505 missile dice a round: the engine applies them one by one (no binomial of 301 to
    overflow), and no demo unit lives through one round of them."""
    import json

    path = tmp_path / "many.yaml"
    attacks = "".join("  - {weapon: missile}\n" for _ in range(301))
    path.write_text(f"id: many\nname: Many\nname_ja: 多い\nattacks:\n{attacks}", encoding="utf-8")
    result = cli("analyze", demo_path, "--threat", path, "--rounds", "2", "--json")
    assert result.code == 0 and "Traceback" not in result.err, result.err
    for unit in json.loads(result.out)["units"]:
        assert unit["method"] == "exact"
        assert unit["rounds"][0]["alive"] == 0.0
