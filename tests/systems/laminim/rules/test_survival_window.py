"""The support window (``chain_ops._windowed``) runs the same sums over fewer cells.

``_WINDOW_MIN_CELLS = 0`` turns the window off (every die over the whole array, the chain as it
was); ``1`` turns it on for every array, so the small bundled cases exercise it too (two views,
cook-off waves, interception). Every output must agree to 1e-9 (in practice bit for bit).
"""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from builder.systems.laminim.rules import Intercept, UnitSpec
from systems.laminim.rules.conftest import catalog_demo_units, catalog_threats

chain = importlib.import_module("builder.systems.laminim.rules.chain_ops")
survival = importlib.import_module(
    "builder.systems.laminim.rules.chain_reference"
).reference_survival
THREATS = catalog_threats()


def numbers(result) -> list[float]:
    out: list[float] = []
    for r in result.rounds:
        out += [r.alive, r.expected_remaining, r.cook_off, r.error_bound]
        out += [x for x in r.slot_destroyed if x is not None]
    return out


def scaled(unit: UnitSpec, n: int) -> UnitSpec:
    slots = tuple(
        dataclasses.replace(w, durability=w.durability * n) if w else None for w in unit.slots
    )
    return UnitSpec(f"{unit.name}x{n}", unit.frame_durability * n, slots)  # type: ignore[arg-type]


def worst(fast: list[float], plain: list[float]) -> float:
    assert len(fast) == len(plain)
    return max(abs(a - b) for a, b in zip(fast, plain, strict=True))


@pytest.mark.parametrize("threat", sorted(THREATS))
def test_window_on_every_array_agrees_on_every_bundled_unit(threat, monkeypatch):
    monkeypatch.setattr(chain, "_WINDOW_MIN_CELLS", 1)
    fast = [numbers(survival(u, THREATS[threat])) for u in catalog_demo_units()]
    monkeypatch.setattr(chain, "_WINDOW_MIN_CELLS", 0)
    for u, got in zip(catalog_demo_units(), fast, strict=True):
        assert worst(got, numbers(survival(u, THREATS[threat]))) <= 1e-9, u.name


@pytest.mark.parametrize("index", [0, 1])
def test_durabilities_doubled_agree_with_the_whole_array_chain(index, monkeypatch):
    unit = scaled(catalog_demo_units()[index], 2)
    threat = THREATS["full-barrage"]
    fast = numbers(survival(unit, threat))
    monkeypatch.setattr(chain, "_WINDOW_MIN_CELLS", 0)
    assert worst(fast, numbers(survival(unit, threat))) <= 1e-9


def test_window_with_interception_agrees(monkeypatch):
    unit = catalog_demo_units()[1]  # Bulwark: gatling in slot 1 intercepts
    threat = THREATS["full-barrage"]
    monkeypatch.setattr(chain, "_WINDOW_MIN_CELLS", 1)
    fast = numbers(survival(unit, threat, intercept=Intercept(0, 2)))
    monkeypatch.setattr(chain, "_WINDOW_MIN_CELLS", 0)
    assert worst(fast, numbers(survival(unit, threat, intercept=Intercept(0, 2)))) <= 1e-9
