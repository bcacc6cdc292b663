"""Issue 14: huge numbers in a catalog (durability, ammo 10^9) are bad input with a message
(the rules core's budget, ``TooLarge``), never a crash, a hang or gigabytes of memory."""

from __future__ import annotations

import re

import pytest


def _set_first(path, key: str, value: int) -> None:
    text = path.read_text(encoding="utf-8")
    new, n = re.subn(rf"{key}: \d+", f"{key}: {value}", text, count=1)
    assert n == 1, key
    path.write_text(new, encoding="utf-8")


@pytest.mark.parametrize(("file", "key"), [("frames.yaml", "durability"), ("weapons.yaml", "ammo")])
def test_huge_catalog_numbers_make_analyze_exit_2_with_a_located_message(
    cli, catalog_copy, demo_path, file, key
):
    _set_first(catalog_copy / file, key, 10**9)
    result = cli("analyze", demo_path, "--catalog", catalog_copy)
    if result.code == 0:  # the number did not matter for this threat: still no crash
        return
    assert result.code == 2, result.err
    line = result.err.strip().splitlines()[0]
    assert re.match(rf"{re.escape(str(demo_path))}:\d+:\d+: units\[\d\]: against '", line), line
    assert "exact survival needs about" in line


def test_huge_durability_makes_cards_exit_2_not_crash(cli, catalog_copy, demo_path, tmp_path):
    _set_first(catalog_copy / "frames.yaml", "durability", 10**9)
    result = cli("cards", demo_path, "--catalog", catalog_copy, "-o", tmp_path / "out")
    assert result.code == 2
    assert "exact survival needs about" in result.err and "Traceback" not in result.err
    assert not list((tmp_path / "out").glob("*.pdf"))
