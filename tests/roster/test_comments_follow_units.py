"""A comment above a unit stays with that unit when units are removed, duplicated or
reordered before a save (the saver used to keep it at the list index, on another unit)."""

from __future__ import annotations

import pytest
import yaml

from builder.roster.team_file import dump_team

TEAM = """system: laminim
name: Night
units:
  # the sniper
  - name: Kestrel   # keeps back
    frame: striker
    weapons: [rifle, missile, null]
  # the wall
  - name: Bulwark   # front line
    frame: bastion
    weapons: [gatling, missile, missile]
  # the runner
  - name: Swallow   # flanks
    frame: lancer
    weapons: [smg, quick-booster, blade]
"""
COMMENT = {"Kestrel": "# the sniper", "Bulwark": "# the wall", "Swallow": "# the runner"}


def _saved(order: list[str], copies: dict[str, str] | None = None) -> str:
    data = yaml.safe_load(TEAM)
    units = {u["name"]: u for u in data["units"]}
    out = []
    for name in order:
        source = (copies or {}).get(name)
        out.append({**units[source], "name": name} if source else units[name])
    data["units"] = out
    return dump_team(data, TEAM)


def _comment_above(text: str, name: str) -> str | None:
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(f"- name: {name}"))
    above = lines[at - 1].strip()
    return above if above.startswith("#") else None


@pytest.mark.parametrize(
    "order",
    [
        ["Bulwark", "Swallow"],  # the first unit removed
        ["Kestrel", "Swallow"],  # the middle one removed
        ["Kestrel", "Bulwark"],  # the last one removed
        ["Swallow", "Kestrel", "Bulwark"],  # reordered
        ["Bulwark", "Kestrel", "Swallow"],  # the first two swapped
    ],
)
def test_each_comment_stays_above_its_own_unit(order):
    text = _saved(order)
    for name in order:
        assert _comment_above(text, name) == COMMENT[name], text
    for gone in set(COMMENT) - set(order):
        assert COMMENT[gone] not in text
    assert yaml.safe_load(text)["units"] == [
        u for n in order for u in yaml.safe_load(TEAM)["units"] if u["name"] == n
    ]


def test_a_duplicate_takes_no_comment_and_moves_none():
    text = _saved(["Kestrel", "Kestrel 2", "Bulwark", "Swallow"], {"Kestrel 2": "Kestrel"})
    assert _comment_above(text, "Kestrel 2") is None
    for name in ("Kestrel", "Bulwark", "Swallow"):
        assert _comment_above(text, name) == COMMENT[name]
    assert "# keeps back" in text.splitlines()[4]  # the inline comment stays on its line too
