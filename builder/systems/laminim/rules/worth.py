"""A weapon's worth in a loadout, taken apart (docs/balance.md "Fitted costs").

What a mounted weapon does for its unit against a threat, each part exact:

- **damage delivered**: its own share of D25 (``delivered``): its damage per round while the
  unit lives and it is intact, over the rounds its ammo lasts;
- **survival it adds by absorbing hits**: what its guard (D4) adds to P(alive after N rounds):
  the unit with the weapon's guard minus the unit with the same part unguarded;
- **survival it costs by adding a face**: the part as a plain face (no guard, no ammo) minus
  the unit without it. A hit on a weapon's face damages the weapon instead of landing
  nowhere (§1.3), so this is zero unless another part guards that face (D4 with faces 4–6);
- **cook-off risk**: the weapon with its ammo minus the same part with none (D5).

The three survival parts add up to P(alive) with the weapon minus P(alive) without it. Every
copy of the weapon in the loadout is taken together. The four units (as it is, no ammo, a plain
face, without it) are four chains (``variants``); a caller computes them (the balance bank) and
passes their per-round results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .delivered import delivered
from .model import UnitSpec
from .results import RoundResult

VARIANTS = ("as_is", "no_ammo", "plain", "without")


@dataclass(frozen=True)
class Worth:
    weapon: str
    threat: str
    frame: str
    loadout: tuple[str | None, ...]  # the loadout the weapon is judged in
    delivered: float  # the weapon's share of D25
    absorbs: float  # ΔP(alive) from its guard (>= 0 in practice)
    face: float  # ΔP(alive) of a plain face (<= 0)
    cook_off: float  # ΔP(alive) from its ammo (<= 0)
    alive: float  # P(alive) with it
    without: float  # P(alive) without it


def variants(unit: UnitSpec, slots: Sequence[int]) -> dict[str, UnitSpec]:
    """The four units of the breakdown, the weapon in ``slots`` changed in each."""

    def change(**what: object) -> UnitSpec:
        parts = list(unit.slots)
        for s in slots:
            weapon = parts[s]
            assert weapon is not None
            parts[s] = replace(weapon, **what)  # type: ignore[arg-type]
        return UnitSpec(unit.name, unit.frame_durability, tuple(parts))  # type: ignore[arg-type]

    emptied = list(unit.slots)
    for s in slots:
        emptied[s] = None
    return {
        "as_is": unit,
        "no_ammo": change(ammo=None, ammo_per_attack=0),
        "plain": change(ammo=None, ammo_per_attack=0, guard=None),
        "without": UnitSpec(unit.name, unit.frame_durability, tuple(emptied)),  # type: ignore[arg-type]
    }


def _alive(chain: Sequence[RoundResult]) -> float:
    return chain[-1].alive if chain else 1.0


def worth_of(
    weapon: str,
    threat: str,
    frame: str,
    loadout: tuple[str | None, ...],
    unit: UnitSpec,
    slots: Sequence[int],
    chains: Mapping[str, Sequence[RoundResult]],
    rounds: int,
) -> Worth:
    """The breakdown from the four variants' per-round results."""
    alive = {name: _alive(chains[name]) for name in VARIANTS}
    share = delivered(unit, chains["as_is"], rounds).per_slot
    return Worth(
        weapon,
        threat,
        frame,
        loadout,
        sum(share[s] or 0.0 for s in slots),
        alive["no_ammo"] - alive["plain"],
        alive["plain"] - alive["without"],
        alive["as_is"] - alive["no_ammo"],
        alive["as_is"],
        alive["without"],
    )
