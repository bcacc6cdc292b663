"""What the exact survival chain reports per round (docs/rules.md §1.8, D7), shared by both
engines."""

from __future__ import annotations

from dataclasses import dataclass

Pattern = tuple[bool, bool, bool]  # slot i intact (mounted and not destroyed)


Span = tuple[float, float]


@dataclass(frozen=True)
class Interval:
    """95 % intervals of a sampled round's figures (``sampled``); exact rounds carry none."""

    alive: Span
    expected_remaining: Span
    slot_destroyed: tuple[Span | None, Span | None, Span | None]
    cook_off: Span


@dataclass(frozen=True)
class RoundResult:
    """Outputs after round ``round``'s resolution (D7). None marks an empty slot."""

    round: int
    alive: float
    expected_remaining: float  # D6: intact parts' durability; a destroyed unit counts 0
    slot_destroyed: tuple[float | None, float | None, float | None]
    cook_off: float  # P(at least one cook-off die has shown a 1 by this round)
    # Bound on the absolute error of every number above (probabilities and expected remaining)
    # from the mass dropped so far (cells below ``_DROP_BELOW``); 0.0 when nothing was dropped.
    error_bound: float = 0.0
    interval: Interval | None = None  # a sampled estimate's 95 % intervals (None: exact)


@dataclass(frozen=True)
class SurvivalResult:
    """``unit``'s survival against ``threat``, one ``RoundResult`` per round from round 1."""

    unit: str
    threat: str
    rounds: tuple[RoundResult, ...]
    method: str = "exact"  # "exact" (the chain) or "sampled" (beyond its budget: ``sampled``)
    trials: int = 0  # a sampled estimate's trials (0: exact)

    @property
    def error_bound(self) -> float:
        """The largest per-round bound (they only grow, so the last round's)."""
        return max((r.error_bound for r in self.rounds), default=0.0)
