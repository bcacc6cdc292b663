"""Numbers as a player reads them: percentages with one decimal.

One decimal everywhere a player reads a percentage (``57.1%``, never ``57.1429%`` or
``5e-02%``); more decimals only where two values of one column would otherwise read the same,
and then the whole column takes them. A value that is not exactly 0 or 1 never reads as
``0.0%`` or ``100.0%``: it reads ``<0.1%`` or ``>99.9%`` (an honest "almost"). ``--json``
keeps full precision: these are for text, tables, the TUI and printouts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

DECIMALS = 1
"""Decimals of a percentage a player reads."""
MOST_DECIMALS = 4
"""The most decimals a column takes to tell its values apart (below, ``<0.0001%``)."""


def percent(p: float, decimals: int = DECIMALS) -> str:
    """The probability ``p`` (0 to 1) as a percentage with ``decimals`` decimals."""
    value = p * 100
    if value != value:  # NaN: nothing to show
        return "—"
    step = 10.0**-decimals
    shown = round(value, decimals)
    if value > 0 and shown < step:
        return f"<{step:.{decimals}f}%"
    if value < 100 and shown > 100 - step:
        return f">{100 - step:.{decimals}f}%"
    return f"{shown:.{decimals}f}%"


def decimals_for(values: Iterable[float]) -> int:
    """The fewest decimals (one at least) at which the different values of a column read
    differently, up to :data:`MOST_DECIMALS`."""
    distinct = sorted(set(values))
    for decimals in range(DECIMALS, MOST_DECIMALS + 1):
        shown = [percent(v, decimals) for v in distinct]
        if len(set(shown)) == len(shown):
            return decimals
    return MOST_DECIMALS


def percents(values: Sequence[float]) -> list[str]:
    """A column of percentages, all with the same decimals (:func:`decimals_for`)."""
    decimals = decimals_for(values)
    return [percent(v, decimals) for v in values]
