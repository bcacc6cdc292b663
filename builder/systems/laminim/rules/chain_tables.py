"""Per-unit tables of the exact chain: reachable durabilities and die kernels by pattern.

State layout. The chain keeps one float64 array per *validity pattern* (which mounted slots are
still intact). Axis 0 holds two views of the mass: [no cook-off 1 shown yet, all]; the other axes
are the frame and the intact slots. Each part axis lists only the durabilities that part can reach
(start minus sums of the damages it can take, clipped at 0), so a missile slot of 10 hit by 3s and
8s has six cells, not eleven; cell 0 is "at <= 0, not yet destroyed". A destroyed unit is one
absorbing number (plus its cook-off flag). Kernels depend only on what the dice see of a unit
(``_shape``), so they are cached across calls and loadouts; both engines build on these tables.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

import numpy as np

from .chain_ops import Kernel
from .cook_off import cook_off_die_outcomes, p_no_cook_off
from .distributions import damage_taken, die_outcomes
from .interception import Intercept, arriving
from .model import ThreatSpec, UnitSpec, WeaponSpec
from .results import Pattern

_Wave = tuple[bool, Pattern, int, tuple[int, ...]]
"""What a wave does (``_Chain.wave``): frame gone, pattern left, cook-off dice, slots rolling."""


@lru_cache(maxsize=4096)  # the optimiser asks again for every loadout sharing a part
def _reachable(start: int, steps: frozenset[int]) -> tuple[int, ...]:
    """Every durability a part can show: ``start`` minus any sum of ``steps``, clipped at 0."""
    seen = {start, 0}
    todo = [start]
    while todo:
        value = todo.pop()
        for step in steps:
            nxt = max(0, value - step)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return tuple(sorted(seen))


class _Chain:
    """Per-unit, per-threat tables cached by validity pattern."""

    def __init__(
        self, unit: UnitSpec, threat: ThreatSpec, intercept: Intercept | None = None
    ) -> None:
        self.unit = unit
        self.threat = threat
        self.intercept = intercept
        # D19: (intercepted salvo's index, P(m of its missiles arrive)); None = plain D7 chain
        self.arrive = None if intercept is None else arriving(unit, threat, intercept)
        self.mounted = tuple(w is not None for w in unit.slots)
        self.max_dur = (
            unit.frame_durability,
            *tuple(w.durability if w is not None else 0 for w in unit.slots),
        )
        powers = {a.weapon.power for a in threat.attacks if a.weapon.makes_attacks}
        powers |= {w.power for w in unit.slots if w is not None and w.cook_off_dice}
        self.values = tuple(
            _reachable(
                self.max_dur[part], frozenset({damage_taken(unit, part, p) for p in powers} - {0})
            )
            for part in range(4)
        )
        self.shape = _shape(unit)
        self._round: dict[tuple[Pattern, ThreatSpec], list[tuple[Kernel, int]]] = {}
        self._cook: dict[tuple[Pattern, int], Kernel] = {}
        self._arrive: dict[ThreatSpec, tuple[int, tuple[float, ...]] | None] = {threat: self.arrive}
        # The chain asks these of the same few patterns and slot sets thousands of times a job.
        self._axis_values: dict[Pattern, tuple[tuple[int, ...], ...]] = {}
        self._dice: dict[tuple[int, ...], int] = {}
        self._float_values: dict[Pattern, tuple[np.ndarray, ...]] = {}
        self._waves: dict[tuple[Pattern, int], _Wave] = {}

    def parts(self, pattern: Pattern) -> tuple[int, ...]:
        """Part indices (0 frame, 1..3 slots) that are axes of this pattern's arrays."""
        return _parts(pattern)

    def axis_values(self, pattern: Pattern) -> tuple[tuple[int, ...], ...]:
        found = self._axis_values.get(pattern)
        if found is None:
            found = self._axis_values[pattern] = tuple(self.values[p] for p in _parts(pattern))
        return found

    def float_values(self, pattern: Pattern) -> tuple[np.ndarray, ...]:
        """``axis_values`` as float arrays (what the expected remaining durability weighs)."""
        found = self._float_values.get(pattern)
        if found is None:
            found = tuple(np.asarray(v, dtype=float) for v in self.axis_values(pattern))
            self._float_values[pattern] = found
        return found

    def dice(self, slots: tuple[int, ...]) -> int:
        """Cook-off dice rolled by the weapons in ``slots`` (D5: their full ammo)."""
        found = self._dice.get(slots)
        if found is None:
            weapons = (self.unit.slots[s] for s in slots)
            found = self._dice[slots] = sum(w.cook_off_dice for w in weapons if w is not None)
        return found

    def wave(self, pattern: Pattern, zero: int) -> _Wave:
        """What destroying the parts on ``pattern``'s axes in bits ``zero`` (axis a: ``1 << a``)
        does: (the frame is gone, the pattern left, their cook-off dice, the slots that roll)."""
        key = (pattern, zero)
        found = self._waves.get(key)
        if found is None:
            parts = _parts(pattern)
            gone = {parts[a] for a in range(len(parts)) if zero >> a & 1}
            slots = tuple(p - 1 for p in sorted(gone) if p > 0)
            new = cast(Pattern, tuple(pattern[i] and (i + 1) not in gone for i in range(3)))
            cooks = tuple(s for s in slots if self.dice((s,)))
            found = self._waves[key] = (0 in gone, new, self.dice(slots), cooks)
        return found

    def destroyed(self, pattern: Pattern) -> tuple[bool, bool, bool]:
        return (
            self.mounted[0] and not pattern[0],
            self.mounted[1] and not pattern[1],
            self.mounted[2] and not pattern[2],
        )

    def round_kernels(
        self, pattern: Pattern, threat: ThreatSpec | None = None
    ) -> list[tuple[Kernel, int]]:
        """The dice of ``threat`` (default: the chain's; D21: one round's share of it) against
        this silhouette, identical dice grouped: (kernel, count)."""
        made = self.threat if threat is None else threat
        key = (pattern, made)
        if key not in self._round:
            self._round[key] = _round_kernels(self.shape, made, pattern)
        return self._round[key]

    def arriving(self, threat: ThreatSpec | None = None) -> tuple[int, tuple[float, ...]] | None:
        """D19's (intercepted salvo, P(m missiles arrive)) for ``threat`` (default: the
        chain's); None without interception or without a salvo."""
        made = self.threat if threat is None else threat
        if made not in self._arrive:
            self._arrive[made] = (
                None if self.intercept is None else arriving(self.unit, made, self.intercept)
            )
        return self._arrive[made]

    def intercepted(
        self, pattern: Pattern, threat: ThreatSpec | None = None
    ) -> tuple[list[tuple[Kernel, int]], Kernel] | None:
        """D19 for this silhouette: (every other die, grouped; one die of the intercepted
        salvo), or None when the interceptor is not intact at the start of the round."""
        made = self.threat if threat is None else threat
        arrive = self.arriving(made)
        if arrive is None or self.intercept is None or not pattern[self.intercept.slot]:
            return None
        return _intercept_kernels(self.shape, made, pattern, arrive[0])

    def cook_kernel(self, pattern: Pattern, slot: int) -> Kernel:
        key = (pattern, slot)
        if key not in self._cook:
            self._cook[key] = _cook_kernel(self.shape, pattern, slot)
        return self._cook[key]


def _shape(unit: UnitSpec) -> UnitSpec:
    """What the dice see of ``unit``: per slot only power, ammo and guard (names, durability and
    attacks never change a die's outcome), so loadouts that differ elsewhere share kernels."""
    slots = tuple(
        None if w is None else WeaponSpec("", "special", 0, w.power, 0, w.ammo, 0, w.guard)
        for w in unit.slots
    )
    return UnitSpec("", 0, slots)  # type: ignore[arg-type]


@lru_cache(maxsize=8)
def _parts(pattern: Pattern) -> tuple[int, ...]:
    return (0, *tuple(i + 1 for i in range(3) if pattern[i]))


def _destroyed(shape: UnitSpec, pattern: Pattern) -> tuple[bool, bool, bool]:
    return (
        shape.slots[0] is not None and not pattern[0],
        shape.slots[1] is not None and not pattern[1],
        shape.slots[2] is not None and not pattern[2],
    )


def _kernel(pattern: Pattern, outcomes) -> Kernel:
    axis_of = {part: axis for axis, part in enumerate(_parts(pattern))}
    stay = 0.0
    moves: dict[tuple[int, int], float] = {}
    for part, dealt, p in outcomes:
        if part is None or dealt == 0:
            stay += float(p)
        else:
            key = (axis_of[part], dealt)
            moves[key] = moves.get(key, 0.0) + float(p)
    return stay, tuple((a, d, q) for (a, d), q in sorted(moves.items()))


@lru_cache(maxsize=4096)  # exact Fraction work, shared by every call and loadout of one shape
def _round_kernels(shape: UnitSpec, threat: ThreatSpec, pattern: Pattern) -> list:
    groups: dict[Kernel, int] = {}
    for attack in threat.attacks:
        weapon = attack.weapon
        if not weapon.makes_attacks:
            continue
        outcomes = die_outcomes(shape, weapon, attack.bonus, _destroyed(shape, pattern))
        kernel = _kernel(pattern, outcomes)
        if kernel[1]:
            groups[kernel] = groups.get(kernel, 0) + weapon.attacks
    return list(groups.items())


@lru_cache(maxsize=4096)
def _intercept_kernels(
    shape: UnitSpec, threat: ThreatSpec, pattern: Pattern, salvo: int
) -> tuple[list[tuple[Kernel, int]], Kernel]:
    """``_round_kernels`` without attack ``salvo``, and that salvo's one-missile kernel."""
    rest = ThreatSpec(threat.id, threat.attacks[:salvo] + threat.attacks[salvo + 1 :])
    attack = threat.attacks[salvo]
    outcomes = die_outcomes(shape, attack.weapon, attack.bonus, _destroyed(shape, pattern))
    return _round_kernels(shape, rest, pattern), _kernel(pattern, outcomes)


@lru_cache(maxsize=4096)
def _cook_kernel(shape: UnitSpec, pattern: Pattern, slot: int) -> Kernel:
    return _kernel(pattern, cook_off_die_outcomes(shape, slot, _destroyed(shape, pattern)))


@lru_cache(maxsize=256)
def _p_clean(dice: int) -> float:
    return float(p_no_cook_off(dice))
