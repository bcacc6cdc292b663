"""A seeded sampled estimate of survival for jobs beyond the exact chain's budget
(docs/rules.md §1.8).

D7 defines survival exactly; when a unit is too large for the chain (``budget.TooLarge``) the
builder still answers, but says so: the same outputs estimated by the vectorised Monte Carlo of
the same rules (``montecarlo``, every trial's dice rolled at once with numpy), marked
``method = "sampled"``, each figure with a 95 % interval. Its cost depends on the dice, not on
durabilities or ammo, so it answers in about a second where the chain would need hours or
terabytes.

Seeds per question (``question_seed``): the seed is a hash of what the numbers depend on — the
unit's parts, the threat's attacks, the rounds and the interceptor, never a name — so the same
question always prints the same numbers (in any process, on any machine), a renamed unit keeps
its estimate, and two different questions get independent estimates: with one seed for all,
similar units rolled the same dice, their errors moved together and their intervals missed the
exact value together.

Intervals: a probability takes the Wilson score interval (sound near 0 and 1, where most
survival figures live); expected remaining durability takes the mean +- 1.96 standard errors,
clipped at 0 (when every trial agrees, +- the unit's whole durability times the Wilson bound
of an outcome no trial showed).
"""

from __future__ import annotations

import dataclasses
import hashlib
from math import sqrt

from .budget import TooLarge, check_budget
from .interception import Intercept, intercept_problem
from .model import ThreatSpec, UnitSpec, UnitState
from .results import Interval, RoundResult, Span, SurvivalResult
from .start import start_unit
from .survival import Engine, survival

TRIALS = 50_000  # +-0.44 percentage points at worst (p = 0.5) for a 95 % interval
Z95 = 1.959963984540054
MAX_DICE = 25_000_000  # trials x one weapon's dice rolled at once: ~200 MB of int64


def check_sample(unit: UnitSpec, threat: ThreatSpec, trials: int = TRIALS) -> None:
    """``TooLarge`` when one roll of the sampler would hold more than ``MAX_DICE`` dice (a
    weapon with 10^6 attacks or 10^9 ammo): its cost grows with dice, never durability."""
    dice = [a.weapon.attacks for a in threat.attacks if a.weapon.makes_attacks]
    dice += [w.cook_off_dice for w in unit.slots if w is not None]
    dice += [w.attacks for w in unit.slots if w is not None]  # an interceptor's dice
    needed = trials * max(dice, default=0)
    if needed > MAX_DICE:
        raise TooLarge(needed, MAX_DICE, "dice")


_NAMES = frozenset({"name", "id"})  # a spec's label: renaming a unit asks the same question


def _plain(value: object) -> object:
    """``value`` as nested tuples of its fields, labels left out (the hash's input)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            *(
                (f.name, _plain(getattr(value, f.name)))
                for f in dataclasses.fields(value)
                if f.name not in _NAMES
            ),
        )
    if isinstance(value, tuple | list):
        return tuple(_plain(v) for v in value)
    return value


def question_seed(*question: object) -> int:
    """The sampler's seed for a question (its unit, threat, rounds, interceptor ...): a 64-bit
    hash of their fields' values, names left out. ``repr`` of ints, strings, None and tuples is
    the same in every process (``hash()`` of a string is not)."""
    digest = hashlib.blake2b(repr(_plain(question)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def wilson(p: float, n: int) -> Span:
    """95 % Wilson score interval of a proportion ``p`` observed in ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * sqrt(max(0.0, p * (1 - p)) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval holds p itself (float rounding could leave p = 1 just outside)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def sampled_survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    intercept: Intercept | None = None,
    trials: int = TRIALS,
    seed: int | None = None,
    *,
    state: UnitState | None = None,
    attacks_done: bool = False,
) -> SurvivalResult:
    """``survival``'s outputs estimated from ``trials`` seeded trials, with 95 % intervals;
    ``seed`` None: the question's own (``question_seed``; the state is part of the question).
    ``state`` and ``attacks_done``: D21, as ``survival`` takes them."""
    if intercept is not None:
        refused = intercept_problem(unit, intercept)
        if refused is not None:  # callers check first (intercepting.py words it for a player)
            raise ValueError(str(refused))
    check_sample(unit, threat, trials)
    if seed is None:
        asked = (unit, threat, rounds, intercept)
        seed = (
            question_seed(*asked) if state is None else question_seed(*asked, state, attacks_done)
        )
    from .montecarlo import simulate_survival  # a job too large to work out exactly only

    mc = simulate_survival(
        unit, threat, rounds, trials, seed, intercept, state=state, attacks_done=attacks_done
    )
    begin = unit if state is None else start_unit(unit, state)
    most = begin.frame_durability + sum(w.durability for w in begin.slots if w is not None)
    unseen = wilson(0.0, trials)[1]  # how often an outcome no trial showed may still happen
    out = []
    for r in mc.rounds:
        spread = Z95 * r.expected_remaining_se
        if spread == 0.0:  # every trial alike (e.g. all destroyed): the rest may differ by all
            spread = most * unseen
        interval = Interval(
            alive=wilson(r.alive, trials),
            expected_remaining=(
                max(0.0, r.expected_remaining - spread),
                r.expected_remaining + spread,
            ),
            slot_destroyed=tuple(
                None if s is None else wilson(s, trials) for s in r.slot_destroyed
            ),  # type: ignore[arg-type]
            cook_off=wilson(r.cook_off, trials),
        )
        out.append(
            RoundResult(
                r.round, r.alive, r.expected_remaining, r.slot_destroyed, r.cook_off, 0.0, interval
            )
        )
    return SurvivalResult(unit.name, threat.id, tuple(out), method="sampled", trials=trials)


def survival_answer(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    intercept: Intercept | None = None,
    exact: bool = False,
    cook_off: bool = True,
    engine: Engine | None = None,
    *,
    state: UnitState | None = None,
    attacks_done: bool = False,
) -> SurvivalResult:
    """The exact chain when the job fits its budget, else the sampled estimate.

    ``exact=True`` refuses instead (``TooLarge``, which callers turn into exit 2).
    ``cook_off=False``: the caller does not read the cook-off figure; ``engine``: the exact
    chain's engine (``survival``). ``state``, ``attacks_done``: D21 (the chain started where
    the unit stands).
    """
    begin = unit if state is None or state.frame_destroyed else start_unit(unit, state)
    try:
        check_budget(begin, threat, rounds)
    except TooLarge:
        if exact:
            raise
        return sampled_survival(
            unit, threat, rounds, intercept, state=state, attacks_done=attacks_done
        )
    return survival(
        unit, threat, rounds, intercept, cook_off, engine, state=state, attacks_done=attacks_done
    )
