"""Monte Carlo simulation of docs/rules.md §1.8: the cross-check of the exact chain, and the sampler
behind ``sampled`` (the marked estimate for a unit beyond the chain's budget).

Written independently of the chain on purpose: it rolls every die (hit roll, location die,
cook-off die) for all trials at once with numpy and shares no transition code with the chain.
Seeded (``numpy.random.default_rng(seed)``): the same call gives the same numbers.

It also plays the unit's own side (D25's damage delivered): at the start of every round, each
weapon intact on a living unit, with ammo for the round, rolls its dice at a target of the
unit's own exposure (a normal or melee die hits on the +2 table and then lands on a valid face
with the exposure; a missile only lands) and deals its power per landed die. Those dice come
from a second generator, so the threat's numbers are the same with or without them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .interception import Intercept, first_salvo
from .model import ThreatSpec, UnitSpec, UnitState


@dataclass(frozen=True)
class MonteCarloRound:
    round: int
    alive: float
    alive_se: float
    expected_remaining: float
    expected_remaining_se: float
    slot_destroyed: tuple[float | None, float | None, float | None]
    slot_destroyed_se: tuple[float | None, float | None, float | None]
    cook_off: float
    cook_off_se: float
    # D25: damage the unit's own weapons dealt in rounds 1..this one (every die rolled)
    delivered: float = 0.0
    delivered_se: float = 0.0


@dataclass(frozen=True)
class MonteCarloResult:
    unit: str
    threat: str
    trials: int
    seed: int
    rounds: tuple[MonteCarloRound, ...]


def _mean_se(sample: np.ndarray) -> tuple[float, float]:
    values = sample.astype(float)
    if len(values) < 2:
        return float(values.mean()), 0.0
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(len(values)))


class _Rules:
    """Per-unit constants: part damage after a shield's reduction and the face lookup."""

    def __init__(self, unit: UnitSpec) -> None:
        self.unit = unit
        self.mounted = np.array([True] + [w is not None for w in unit.slots])
        self.reduction = np.zeros(4, dtype=np.int64)
        self.is_shield = np.zeros(4, dtype=bool)
        for s, w in enumerate(unit.slots):
            if w is not None and w.guard is not None:
                self.reduction[s + 1] = w.guard.reduction
                self.is_shield[s + 1] = True

    def damage(self, power: int) -> np.ndarray:
        """Damage a hit of ``power`` deals to each part 0..3 (a shield subtracts its reduction)."""
        return np.where(self.is_shield, np.maximum(0, power - self.reduction), power)

    def lookup(self, intact: np.ndarray) -> np.ndarray:
        """(trials, 7) part index hit by each face 1..6 (column 0 unused); -1 = no effect."""
        trials = intact.shape[0]
        table = np.full((trials, 7), -1, dtype=np.int64)
        table[:, 1:4] = 0
        for s in range(3):
            table[:, 4 + s] = np.where(intact[:, s + 1], s + 1, -1)
        guarded = np.zeros((trials, 7), dtype=bool)
        for s, w in enumerate(self.unit.slots):
            if w is None or w.guard is None:
                continue
            for face in w.guard.faces:
                if not 1 <= face <= 6:
                    continue
                take = (
                    intact[:, s + 1]
                    & (table[:, face] >= 0)
                    & ~guarded[:, face]
                    & (table[:, face] != s + 1)
                )
                table[:, face] = np.where(take, s + 1, table[:, face])
                guarded[:, face] |= take
        return table


def _land(
    rng: np.random.Generator,
    table: np.ndarray,
    landed: np.ndarray,
    per_part: np.ndarray,
    durability: np.ndarray,
) -> None:
    """Location dice for every die where ``landed``; subtract damage from the parts hit."""
    faces = rng.integers(1, 7, size=landed.shape)
    parts = np.take_along_axis(table, faces, axis=1)
    for part in range(4):
        hits = (landed & (parts == part)).sum(axis=1)
        durability[:, part] -= hits * per_part[part]


def simulate_survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    trials: int = 20000,
    seed: int = 0,
    intercept: Intercept | None = None,
    *,
    state: UnitState | None = None,
    attacks_done: bool = False,
) -> MonteCarloResult:
    """Per-round means (and standard errors) of the outputs of ``survival.survival``.

    ``intercept`` (D19): the weapon in that slot rolls its dice at the first missile salvo while
    intact at the start of the round; each hit takes one missile off (surplus hits are lost).
    D21: ``state`` is where the unit stands (parts as they are, possibly at or below 0 before
    the round's resolution; destroyed weapons; ammo left), ``attacks_done`` leaves the first
    round's attacks out, and an attack with ``rounds`` stops when its magazine is empty.
    """
    if state is not None and state.frame_destroyed:
        return _gone(unit, threat, rounds, trials, seed)
    salvo = None if intercept is None else first_salvo(threat)
    shooter = None if intercept is None else unit.slots[intercept.slot]
    rules = _Rules(unit)
    rng = np.random.default_rng(seed)
    durability = np.zeros((trials, 4), dtype=np.int64)
    durability[:, 0] = unit.frame_durability if state is None else state.frame
    ammo = [0 if w is None else w.ammo or 0 for w in unit.slots]
    for s, w in enumerate(unit.slots):
        if w is not None:
            durability[:, s + 1] = w.durability if state is None else state.slots[s]
            if state is not None and w.ammo is not None and state.ammo[s] is not None:
                ammo[s] = state.ammo[s] or 0
    intact = np.tile(rules.mounted, (trials, 1))
    if state is not None:
        for s, gone in enumerate(state.destroyed):
            intact[:, s + 1] &= not gone
    alive = np.ones(trials, dtype=bool)
    cooked = np.zeros(trials, dtype=bool)
    own = np.random.default_rng([seed, 1])  # the unit's own dice (D25): a stream of their own
    dealt = np.zeros(trials, dtype=np.int64)
    exposure = (3 + sum(w is not None for w in unit.slots)) / 6
    out = []
    for round_no in range(1, rounds + 1):
        dealt += _own_fire(own, unit, round_no, intact & alive[:, None], exposure)
        table = rules.lookup(intact)  # the silhouette at the start of the round
        shoots = intact[:, intercept.slot + 1].copy() if intercept is not None else None
        attack_no = round_no - 1 if attacks_done else round_no
        for index, attack in enumerate(threat.attacks):
            weapon = attack.weapon
            if weapon.kind == "special" or weapon.attacks <= 0:
                continue
            if attack_no <= 0 or (attack.rounds is not None and attack.rounds < attack_no):
                continue  # D21: no attacks this round, or this magazine is empty
            shape = (trials, weapon.attacks)
            if weapon.kind == "missile":
                landed = np.ones(shape, dtype=bool)
                if index == salvo and shooter is not None and shoots is not None:
                    assert intercept is not None
                    need = 7 - max(0, min(6, 1 + intercept.bonus))
                    hits = (rng.integers(1, 7, size=(trials, shooter.attacks)) >= need).sum(axis=1)
                    hits = np.where(shoots, hits, 0)
                    landed = np.arange(weapon.attacks)[None, :] >= hits[:, None]
            else:
                need = 7 - max(0, min(6, 1 + attack.bonus))  # lowest succeeding face
                landed = rng.integers(1, 7, size=shape) >= need
            landed &= alive[:, None]
            _land(rng, table, landed, rules.damage(weapon.power), durability)
        wave = intact & (durability <= 0) & alive[:, None]
        while wave.any():
            intact &= ~wave
            table = rules.lookup(intact)
            for s, w in enumerate(unit.slots):
                if w is None or not ammo[s]:
                    continue
                ones = (rng.integers(1, 7, size=(trials, ammo[s])) == 1) & wave[:, s + 1, None]
                cooked |= ones.any(axis=1)
                _land(rng, table, ones, rules.damage(w.power), durability)
            # D8: the wave that destroys the frame still rolls its weapons' cook-off dice, and
            # then resolution ends for that unit (no later wave), as in the chain.
            wave = intact & (durability <= 0) & (alive & intact[:, 0])[:, None]
        alive &= intact[:, 0]
        remaining = np.where(alive, (np.maximum(durability, 0) * intact).sum(axis=1), 0)
        slots: list[float | None] = []
        slots_se: list[float | None] = []
        for s in range(3):
            if unit.slots[s] is None:
                slots.append(None)
                slots_se.append(None)
            else:
                mean, se = _mean_se(~intact[:, s + 1] | ~alive)
                slots.append(mean)
                slots_se.append(se)
        a, a_se = _mean_se(alive)
        r, r_se = _mean_se(remaining)
        c, c_se = _mean_se(cooked)
        d, d_se = _mean_se(dealt)
        out.append(
            MonteCarloRound(
                round_no,
                a,
                a_se,
                r,
                r_se,
                (slots[0], slots[1], slots[2]),
                (slots_se[0], slots_se[1], slots_se[2]),
                c,
                c_se,
                d,
                d_se,
            )
        )
    return MonteCarloResult(unit.name, threat.id, trials, seed, tuple(out))


OWN_BONUS = 2
"""The unit's own dice hit on the +2 table (both aim bonuses), as ``damage_output``'s."""


def _own_fire(
    rng: np.random.Generator,
    unit: UnitSpec,
    round_no: int,
    ready: np.ndarray,
    exposure: float,
) -> np.ndarray:
    """Damage each trial's unit deals this round: every weapon intact at the start (``ready``
    columns 1..3) whose ammo lasts to this round rolls its dice."""
    trials = ready.shape[0]
    total = np.zeros(trials, dtype=np.int64)
    for s, w in enumerate(unit.slots):
        if w is None or not w.makes_attacks:
            continue
        if w.ammo is not None and w.ammo_per_attack > 0 and round_no > w.ammo // w.ammo_per_attack:
            continue
        shape = (trials, w.attacks)
        landed = rng.random(shape) < exposure
        if w.kind != "missile":
            need = 7 - max(0, min(6, 1 + OWN_BONUS))
            landed &= rng.integers(1, 7, size=shape) >= need
        total += np.where(ready[:, s + 1], landed.sum(axis=1) * w.power, 0)
    return total


def _gone(
    unit: UnitSpec, threat: ThreatSpec, rounds: int, trials: int, seed: int
) -> MonteCarloResult:
    """A unit already destroyed: every trial agrees (nothing alive, every weapon lost)."""
    lost = tuple(None if w is None else 1.0 for w in unit.slots)
    se = tuple(None if w is None else 0.0 for w in unit.slots)
    return MonteCarloResult(
        unit.name,
        threat.id,
        trials,
        seed,
        tuple(
            MonteCarloRound(r, 0.0, 0.0, 0.0, 0.0, lost, se, 0.0, 0.0)  # type: ignore[arg-type]
            for r in range(1, rounds + 1)
        ),
    )
