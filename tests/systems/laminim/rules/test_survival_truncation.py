"""Dropping sub-1e-15 crumbs keeps every number of the plain chain to 1e-9 (and says so)."""

from __future__ import annotations

import importlib
import itertools

import pytest

from builder.systems.laminim.rules import UnitSpec
from systems.laminim.rules.conftest import catalog_demo_units, catalog_threats, catalog_weapons

chain = importlib.import_module("builder.systems.laminim.rules.chain_reference")
survival = chain.reference_survival
THREATS = catalog_threats()


def _spread() -> list[UnitSpec]:
    """The demo units plus every 7th multiset of bundled weapons on a 24 frame."""
    specs = [w.spec for w in catalog_weapons()]
    combos = list(itertools.combinations_with_replacement([*specs, None], 3))[::7]
    units = [UnitSpec("spread", 24, c) for c in combos if any(c)]  # type: ignore[arg-type]
    return catalog_demo_units() + units


UNITS = _spread()


def numbers(result) -> list[float]:
    out: list[float] = []
    for r in result.rounds:
        out += [r.alive, r.expected_remaining, r.cook_off]
        out += [x for x in r.slot_destroyed if x is not None]
    return out


IN_THE_SUITE = ("full-barrage", "mixed-fire")
"""The threats the suite runs (several weapons a threat, so every kind of hit meets the cut);
each of the others (2.4 s each) runs with ``-m slow``."""


@pytest.mark.parametrize(
    "threat",
    [t if t in IN_THE_SUITE else pytest.param(t, marks=pytest.mark.slow) for t in sorted(THREATS)],
)
def test_new_method_agrees_with_the_plain_chain(threat, monkeypatch):
    fast = [survival(u, THREATS[threat]) for u in UNITS]
    monkeypatch.setattr(chain, "_DROP_BELOW", 0.0)
    for u, got in zip(UNITS, fast, strict=True):
        plain = survival(u, THREATS[threat])
        assert plain.error_bound == 0.0
        assert got.error_bound <= 1e-9
        worst = max(abs(a - b) for a, b in zip(numbers(got), numbers(plain), strict=True))
        assert worst <= max(got.error_bound, 1e-12), (u, threat)


def test_error_bound_grows_round_by_round():
    result = survival(catalog_demo_units()[0], THREATS["full-barrage"])
    bounds = [r.error_bound for r in result.rounds]
    assert bounds == sorted(bounds)
    assert result.error_bound == bounds[-1]


def test_maths_threads_are_pinned_inside_the_chain(monkeypatch):
    threadpoolctl = pytest.importorskip("threadpoolctl")
    seen = []
    inner = chain._survival

    def spy(*args):
        seen.extend(i["num_threads"] for i in threadpoolctl.threadpool_info())
        return inner(*args)

    monkeypatch.setattr(chain, "_survival", spy)
    survival(catalog_demo_units()[0], THREATS["rifle-duel"], 1)
    assert seen and set(seen) == {1}
