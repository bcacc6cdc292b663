"""The exact chain compiled for throughput: the reference chain's maths in one array, no overhead.

Why a second engine. The reference chain (``chain_reference``) keeps one numpy array per
validity pattern and runs ~100 numpy calls a round (8 patterns, zero splits, cook-off waves):
at game scale it is bound by Python overhead, not arithmetic. This engine holds the whole living
mass in one array ``x[view, slot1, slot2, slot3, frame]``, where a slot axis carries one extra
cell, index 0, for "not intact" (an empty slot's axis is that cell alone). The patterns' arrays
are exactly the sub-boxes of this array with some slot indices at 0, so it holds the same
numbers in the same number of cells. A round is then three compiled loops (``engine_loops``):
every die of the threat, cell by cell with the die kernel of the cell's own pattern; the split of
the end-of-round resolution; the cook-off dice of each wave (by ``roll`` again) and its split.

The sums are the reference chain's, grouped differently (one die at a time, no dropped crumbs),
so the two agree to float64 rounding (the tests hold them to 1e-9 on every bundled unit and
threat); ``error_bound`` is 0.0. Interception (D19) is not compiled: ``survival`` sends it to the
reference chain.
"""

from __future__ import annotations

import contextlib
import threading
from functools import lru_cache
from typing import Any

import numpy as np

from .chain_tables import _Chain, _destroyed, _kernel, _parts, _shape
from .cook_off import cook_off_die_outcomes, p_no_cook_off
from .distributions import die_outcomes
from .model import ThreatSpec, UnitSpec, WeaponSpec
from .results import Pattern, RoundResult, SurvivalResult
from .schedule import round_threats

PATTERNS: tuple[Pattern, ...] = tuple(
    (bool(p & 1), bool(p & 2), bool(p & 4)) for p in range(8)
)  # index p: bit i set when slot i is intact, as the loops read it off a cell's indices


def _loops() -> Any:
    """``engine_loops``, imported on first use (numba stays out of start-up and ``--help``)."""
    from . import engine_loops

    return engine_loops


_warmed = threading.Event()
_warming = threading.Lock()


def warm() -> None:
    """Load (or compile and cache) the loops by running a tiny chain, once per process: about a
    second of CPU the first time (``scripts/setup.sh`` compiles here; the TUI calls it in a
    worker after its first screen, so the optimiser and large units answer at once), then
    nothing. Safe from any thread."""
    if _warmed.is_set():
        return
    with _warming:
        if _warmed.is_set():
            return
        from .model import ThreatAttack

        gun = WeaponSpec("gun", "normal", 3, 2, 2, 2, 0)
        unit, threat = (
            UnitSpec("warm", 3, (gun, None, None)),
            ThreatSpec("t", (ThreatAttack(gun, 5),)),
        )
        exact_survival(unit, threat)
        _warmed.set()


def warm_in_background() -> threading.Thread | None:
    """Start :func:`warm` on a daemon thread and return at once, for a UI to call after its first
    paint: the second of CPU that loading the compiled engine costs is then spent while the
    player reads the screen, and the optimiser and large units answer without it. Returns the
    thread (``join`` it to wait), or None when the engine is already warm. Quitting never waits
    for it (a daemon), and a failure to load is left to the first job that needs the engine,
    which reports it (a background thread has nowhere to say it)."""
    if _warmed.is_set():
        return None

    def run() -> None:
        with contextlib.suppress(Exception):  # the job that needs the engine reports it
            warm()

    thread = threading.Thread(target=run, name="laminim-engine-warm", daemon=True)
    thread.start()
    return thread


def _target(shape: UnitSpec) -> UnitSpec:
    """What a threat's die sees of a unit: which slots hold a weapon, and their guards (faces
    and reduction); power and ammo only matter to cook-off. Loadouts alike in this share
    the Fraction work of every die."""
    slots = tuple(
        None if w is None else WeaponSpec("", "special", 0, 0, 0, None, 0, w.guard)
        for w in shape.slots
    )
    return UnitSpec("", 0, slots)  # type: ignore[arg-type]


@lru_cache(maxsize=8192)
def _cook_die(target: UnitSpec, power: int, pattern: Pattern, slot: int) -> tuple:
    """One cook-off die of the weapon in ``slot`` (of ``power``) against ``target``'s pattern."""
    slots = list(target.slots)
    weapon = slots[slot]
    assert weapon is not None
    slots[slot] = WeaponSpec("", "special", 0, power, 0, None, 0, weapon.guard)
    unit = UnitSpec("", 0, tuple(slots))  # type: ignore[arg-type]
    return _kernel(pattern, cook_off_die_outcomes(unit, slot, _destroyed(unit, pattern)))


@lru_cache(maxsize=8192)  # the Fraction work of a die against one silhouette, shared by loadouts
def _target_kernel(target: UnitSpec, weapon: WeaponSpec, bonus: int, pattern: Pattern) -> tuple:
    return _kernel(pattern, die_outcomes(target, weapon, bonus, _destroyed(target, pattern)))


class _Tables:
    """The chain's kernels as dense arrays indexed by die type, pattern and move."""

    def __init__(self, unit: UnitSpec, threat: ThreatSpec) -> None:
        chain = _Chain(unit, threat)
        self.mounted = chain.mounted
        self.shape = _shape(unit)
        # The frame axis holds every durability 0..max (a frame move is then a plain shift,
        # which vectorises); slot axes keep only the reachable ones (their moves are row adds).
        self.values = (tuple(range(chain.values[0][-1] + 1)), *chain.values[1:])
        # array axes after the view: slot 1, slot 2, slot 3, frame (innermost: the longest)
        self.dims = (
            *(1 + len(chain.values[i + 1]) if chain.mounted[i] else 1 for i in range(3)),
            len(self.values[0]),
        )
        lengths = (self.dims[3], *self.dims[:3])  # by part: frame, slots
        self.axis_values = tuple(
            np.asarray(
                self.values[0] if part == 0 else (0, *self.values[part])[: lengths[part]],
                dtype=float,
            )
            for part in range(4)
        )
        self.mounted_mask = sum(1 << i for i in range(3) if chain.mounted[i])
        target = _target(self.shape)  # built once: the kernel caches hash it on every look-up
        self._target_shape = target
        self._by_threat: dict[ThreatSpec, tuple[tuple, tuple]] = {}
        self.dice, self.main = self.for_threat(threat)
        cook_dice = [w.cook_off_dice if w is not None else 0 for w in unit.slots]
        self.dice_mask = sum(1 << i for i in range(3) if cook_dice[i])
        self.p_clean = np.array(
            [
                float(p_no_cook_off(sum(cook_dice[i] for i in range(3) if mask >> i & 1)))
                for mask in range(8)
            ]
        )
        cook: dict[int, tuple] = {}
        power = [w.power if w is not None else 0 for w in unit.slots]
        for mask in range(1, 8):
            if mask & self.dice_mask != mask:
                continue
            slots = [s for s in range(3) if mask >> s & 1]
            kernels = [
                [
                    self._pattern_kernel(_cook_die(target, power[s], pat, s), pat)
                    if not pat[s] and self._fits(pat)
                    else (1.0, ())
                    for pat in PATTERNS
                ]
                for s in slots
            ]
            cook[mask] = self._stack(kernels, [cook_dice[s] for s in slots])
        loops = _loops()
        rows = self.dims[0] * self.dims[1] * self.dims[2]
        pattern = self.main[0]
        # clean rows equal to total rows (``loops.roll``): every cook-off weapon intact
        self.shared = (pattern & self.dice_mask) == self.dice_mask
        self.cook = self._pack(loops, cook, rows)
        self.cook_rows = rows

    def for_threat(self, threat: ThreatSpec) -> tuple[tuple, tuple]:
        """(the die stack, ``roll``'s row tables) of ``threat``'s dice: the chain's threat, or
        one round's share of it (D21; its powers are among the chain's, so the axes fit)."""
        if threat not in self._by_threat:
            groups: dict[tuple[WeaponSpec, int], int] = {}
            for attack in threat.attacks:
                if attack.weapon.makes_attacks:
                    key = (attack.weapon, attack.bonus)
                    groups[key] = groups.get(key, 0) + attack.weapon.attacks
            target = self._target_shape
            dice = self._stack(
                [
                    [
                        self._pattern_kernel(_target_kernel(target, w, b, pat), pat)
                        for pat in PATTERNS
                    ]
                    for w, b in groups
                ],
                list(groups.values()),
            )
            main = _loops().plan_rows(*self.dims[:3], *dice[1:3], dice[4])
            self._by_threat[threat] = (dice, main)
        return self._by_threat[threat]

    def _pack(self, loops: Any, cook: dict[int, tuple], rows: int) -> tuple:
        """Every cook-off mask's kernel stack and row tables in arrays with a leading mask
        axis (zero dice where a mask has none), so one compiled call runs every wave."""
        types = 3
        moves = max((stack[2].shape[2] for stack in cook.values()), default=1)
        stay = np.ones((8, types, 8))
        nm = np.zeros((8, types, 8), dtype=np.int64)
        mpart = np.zeros((8, types, 8, moves), dtype=np.int64)
        mq = np.zeros((8, types, 8, moves))
        dest = np.zeros((8, types, moves, rows), dtype=np.int64)
        pattern = np.zeros((8, rows), dtype=np.int64)
        counts = np.zeros((8, types), dtype=np.int64)
        for mask, (s, n, part, q, mmap, c) in cook.items():
            k, m = s.shape[0], part.shape[2]
            stay[mask, :k], nm[mask, :k], counts[mask, :k] = s, n, c
            mpart[mask, :k, :, :m], mq[mask, :k, :, :m] = part, q
            block = [1 if mask >> i & 1 else self.dims[i] for i in range(3)]
            pat, dst = loops.plan_rows(*block, n, part, mmap)
            pattern[mask, : len(pat)] = pat
            dest[mask, :k, :m, : len(pat)] = dst
        return stay, nm, mpart, mq, dest, pattern, counts

    def _fits(self, pattern: Pattern) -> bool:
        return all(self.mounted[i] or not pattern[i] for i in range(3))

    def _pattern_kernel(self, kernel: tuple, pattern: Pattern) -> tuple:
        """(stay, ((part, target indices, q), ...)) in this engine's padded axes."""
        if not self._fits(pattern):
            return 1.0, ()
        stay, moves = kernel
        parts = _parts(pattern)
        return stay, tuple(
            (
                parts[axis],
                _targets(self.values[parts[axis]], True, damage) if axis else np.array([damage]),
                q,
            )
            for axis, damage, q in moves
        )

    def _stack(self, kernels: list[list[tuple]], counts: list[int]) -> tuple:
        types = len(kernels)
        moves = max((len(k[1]) for row in kernels for k in row), default=0) or 1
        width = max(self.dims)
        stay = np.ones((types, 8))
        nm = np.zeros((types, 8), dtype=np.int64)
        mpart = np.zeros((types, 8, moves), dtype=np.int64)
        mq = np.zeros((types, 8, moves))
        mmap = np.zeros((types, 8, moves, width), dtype=np.int64)
        for t, row in enumerate(kernels):
            for p, (s, ms) in enumerate(row):
                stay[t, p] = s
                nm[t, p] = len(ms)
                for m, (part, targets, q) in enumerate(ms):
                    mpart[t, p, m] = part
                    mq[t, p, m] = q
                    mmap[t, p, m, : len(targets)] = targets
        return stay, nm, mpart, mq, mmap, np.asarray(counts, dtype=np.int64)


@lru_cache(maxsize=4096)
def _targets(values: tuple[int, ...], padded: bool, damage: int) -> np.ndarray:
    """Index each cell of an axis drops to under ``damage`` (clip at 0; padded: slot axis)."""
    vals = np.asarray(values)
    targets = np.searchsorted(vals, np.maximum(vals - damage, 0))
    return np.concatenate(([0], targets + 1)) if padded else targets


def exact_survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    cook_off: bool = True,
    start: Pattern | None = None,
    attacks_done: bool = False,
) -> SurvivalResult:
    """``survival`` without interception, on the compiled loops (no budget check here).

    ``cook_off=False``: the clean view is not kept (the arrays hold the total view alone: a
    third to a half of the work on a unit with cook-off weapons) and every round's
    ``cook_off`` is NaN; the other numbers are the same. The optimiser ranks without it.

    D21: the unit starts at its spec's durabilities and ammo (``start.start_unit``) with
    ``start`` the slots intact (default: every mounted one); each round makes the attacks
    ``schedule.round_threats`` gives it (every attack every round for a catalog threat).
    """
    loops = _loops()
    tables = _tables(unit, threat)
    plan = round_threats(threat, rounds, attacks_done)
    dims = tables.dims
    n_views = 2 if cook_off else 1  # untracked: the total view alone, nothing to keep equal
    x = np.zeros((n_views, *dims))
    begin = tables.mounted if start is None else start
    a, b, c = (dims[i] - 1 if begin[i] else 0 for i in range(3))
    x[:, a, b, c, dims[3] - 1] = 1.0  # where the unit stands (whole: at full durability)
    waves = _wave_buffers(dims, tables.dice_mask, n_views)
    spare_waves = _wave_buffers(dims, tables.dice_mask, n_views)
    spare = np.empty((tables.cook_rows, dims[3]))
    no_share = np.zeros(0, dtype=np.bool_)
    dead = dead_clean = 0.0
    same = True  # no cook-off die has been rolled on living mass: the two views are equal
    results = []
    for round_no in range(1, rounds + 1):
        views = x[1:] if same and cook_off else x
        made = plan[round_no - 1]
        rolled = _roll(loops, views, tables, made) if made.attacks else views.copy()
        if same and cook_off:
            rolled = np.concatenate((rolled, rolled))
        settled = np.zeros_like(rolled)
        d, dc, cooked = loops.resolve(
            rolled,
            settled,
            waves,
            spare_waves,
            tables.dice_mask,
            tables.p_clean,
            tables.cook,
            spare,
            no_share,
        )
        dead += d
        dead_clean += dc
        same = same and not cooked
        x = settled
        alive, clean, remaining, lost = loops.summary(settled, *tables.axis_values)
        slots = tuple(
            min(1.0, dead + float(lost[i])) if tables.mounted[i] else None for i in range(3)
        )
        # cooked mass = all mass minus clean mass: exactly 0 while the views are equal
        cooked_mass = min(1.0, max(0.0, (alive - clean) + (dead - dead_clean)))
        cooked_mass = cooked_mass if cook_off else float("nan")
        results.append(RoundResult(round_no, alive, remaining, slots, cooked_mass, 0.0))  # type: ignore[arg-type]
    return SurvivalResult(unit.name, threat.id, tuple(results))


def _roll(loops: Any, array: np.ndarray, tables: _Tables, threat: ThreatSpec) -> np.ndarray:
    """``loops.roll`` of ``threat``'s dice on ``array`` (views, slots..., frame; C-contiguous)
    as rows. ``array`` itself is one of the two ping-pong buffers (overwritten): a large state
    is never copied."""
    (stay, nm, mpart, mq, _, counts), (pattern, dest) = tables.for_threat(threat)
    rows = array.reshape(-1, array.shape[-1])
    spare = np.empty_like(rows)
    out = loops.roll(
        rows, spare, len(pattern), pattern, stay, nm, mpart, mq, dest, counts, tables.shared
    )
    return out.reshape(array.shape)


_NEVER = np.zeros((2, 1, 1, 1, 1))  # the buffer of a mask no wave can have (never written)


@lru_cache(maxsize=32)  # a repeated analysis asks again; ~0.3 MB each (the packed wave tables)
def _tables(unit: UnitSpec, threat: ThreatSpec) -> _Tables:
    return _Tables(unit, threat)


def _wave_buffers(
    dims: tuple[int, ...], dice_mask: int, n_views: int = 2
) -> tuple[np.ndarray, ...]:
    """One array per cook-off mask, compact along the slots that mask destroys (index 0)."""
    out = []
    never = _NEVER[:n_views]
    for mask in range(8):
        if mask == 0 or mask & dice_mask != mask:
            out.append(never)
            continue
        shape = [*(1 if mask >> i & 1 else dims[i] for i in range(3)), dims[3]]
        out.append(np.zeros((n_views, *shape)))
    return tuple(out)
