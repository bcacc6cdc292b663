"""A fast Monte Carlo of docs/rules.md §1.8 (D7), numpy over trials: the benchmark's honest
comparator.

The rules core's ``simulate_survival`` rolls every die separately (it is a readable cross-check,
not a race entry). This one draws each attack's face counts for all trials in one
``Generator.multinomial`` call, turns them into part damage through a per-silhouette table
(faces -> part, damage after a shield's reduction), and rolls cook-off dice as binomial counts
spread by a multinomial. It follows the exact chain's reading of the rules (``survival.py``):
a wave's dice land before anything they break is destroyed; weapons destroyed in the same wave
as the frame still roll (they count for the cook-off figure), and nothing rolls after that.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from builder.systems.laminim.rules import ThreatSpec, UnitSpec, damage_taken, silhouette
from builder.systems.laminim.rules.model import PART_NAMES
from builder.systems.laminim.rules.threads import one_maths_thread


@dataclass(frozen=True)
class Round:
    alive: float
    expected_remaining: float
    slot_destroyed: tuple[float | None, float | None, float | None]
    cook_off: float
    # standard errors, same order: alive, expected remaining, cook-off
    se: tuple[float, float, float]


_SHIFTS = np.array([0, 16, 32, 48], dtype=np.int64)


def _table(unit: UnitSpec, power: int, landing: int) -> np.ndarray:
    """(8 * 36,): packed damage of one die showing ``v`` in 0..35 with slot-intact bits ``b``
    (entry 36 b + v). The die lands when ``v < landing``, on location face ``v % 6``; the damage
    to the four parts is packed 16 bits each, so a trial's dice sum in one int64 reduction."""
    out = np.zeros((8, 36, 4), dtype=np.int64)
    for bits in range(8):
        destroyed = tuple(unit.slots[s] is not None and not (bits >> s) & 1 for s in range(3))
        faces = silhouette(unit, destroyed).faces  # type: ignore[arg-type]
        for v in range(landing):
            part_name = faces[v % 6].hit_part
            if part_name is not None:
                part = PART_NAMES.index(part_name)
                out[bits, v, part] = damage_taken(unit, part, power)
    return (out << _SHIFTS).sum(axis=2).ravel()


def _damage(rng: np.random.Generator, dice: int, base: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Damage per part (trials, 4) of ``dice`` dice per trial; ``base`` = 36 * silhouette bits.

    One draw of 36 values is both the hit (or cook-off) die and the location die."""
    rolls = rng.integers(0, 36, size=(len(base), dice), dtype=np.int16)
    packed = table[rolls + base[:, None]].sum(axis=1)
    return (packed[:, None] >> _SHIFTS) & 0xFFFF


def simulate(
    unit: UnitSpec, threat: ThreatSpec, rounds: int = 6, trials: int = 20_000, seed: int = 0
) -> list[Round]:
    """Per-round means of the exact chain's outputs; maths on one thread, as the chain."""
    with one_maths_thread():
        return _simulate(unit, threat, rounds, trials, seed)


def _simulate(
    unit: UnitSpec, threat: ThreatSpec, rounds: int, trials: int, seed: int
) -> list[Round]:
    rng = np.random.default_rng(seed)
    attacks = []
    for a in threat.attacks:
        w = a.weapon
        if not w.makes_attacks:
            continue
        hits = 6 if w.kind == "missile" else min(6, max(0, 1 + a.bonus))
        attacks.append((w.attacks, _table(unit, w.power, 6 * hits)))
    cooks = [
        (s, w.cook_off_dice, _table(unit, w.power, 6))
        for s, w in enumerate(unit.slots)
        if w is not None and w.cook_off_dice
    ]
    dur = np.zeros((trials, 4), dtype=np.int32)
    dur[:, 0] = unit.frame_durability
    for s, w in enumerate(unit.slots):
        if w is not None:
            dur[:, s + 1] = w.durability
    mounted = np.array([True] + [w is not None for w in unit.slots])
    intact = np.tile(mounted, (trials, 1))
    cooked = np.zeros(trials, dtype=bool)
    dead_cooked = 0  # trials already destroyed (and dropped from the arrays) with a 1 shown
    bitw = np.array([0, 36, 72, 144], dtype=np.int16)  # 36 * silhouette bits
    out = []
    for _ in range(rounds):
        # Only living trials are kept: a destroyed unit's numbers never change again.
        base = intact @ bitw  # silhouette at the start of the round
        for n, table in attacks:
            dur -= _damage(rng, n, base, table)
        going = np.ones(len(dur), dtype=bool)
        wave = intact & (dur <= 0)
        while wave.any():
            intact &= ~wave
            base = intact @ bitw
            for s, ammo, table in cooks:
                rolling = np.flatnonzero(wave[:, s + 1])
                if not len(rolling):
                    continue
                rolls = rng.integers(0, 36, size=(len(rolling), ammo), dtype=np.int16)
                cooked[rolling] |= (rolls < 6).any(axis=1)  # a 1 shown, whatever it hits
                packed = table[rolls + base[rolling, None]].sum(axis=1)
                dur[rolling] -= (packed[:, None] >> _SHIFTS) & 0xFFFF
            going &= intact[:, 0]  # a unit whose frame went in this wave rolls no further
            wave = intact & (dur <= 0) & going[:, None]
        alive = intact[:, 0]
        dead_cooked += int(cooked[~alive].sum())
        dur, intact, cooked = dur[alive], intact[alive], cooked[alive]
        remaining = (np.maximum(dur, 0) * intact).sum(axis=1)
        p_alive = len(dur) / trials
        mean = float(remaining.sum()) / trials
        var = float((remaining.astype(float) ** 2).sum()) / trials - mean**2
        p_cook = (dead_cooked + int(cooked.sum())) / trials
        slots = tuple(
            1.0 - float(intact[:, s + 1].sum()) / trials if mounted[s + 1] else None
            for s in range(3)
        )
        se = tuple(
            float(np.sqrt(max(v, 0.0) / trials))
            for v in (p_alive * (1 - p_alive), var, p_cook * (1 - p_cook))
        )
        out.append(Round(p_alive, mean, slots, p_cook, se))  # type: ignore[arg-type]
    return out
