"""Numbers as a player reads them: percentages with one decimal.

One decimal everywhere a player reads a percentage (``57.1%``, never ``57.1429%`` or
``5e-02%``); more decimals only where two values of one column would otherwise read the same,
and then the whole column takes them. A value that is not exactly 0 or 1 never reads as
``0.0%`` or ``100.0%``: it reads ``<0.1%`` or ``>99.9%`` (an honest "almost"); a column of
near-certain chances takes the decimals that tell them apart (they rank units), a tail of tiny
ones does not. ``--json`` keeps full precision: these are for text, tables, the TUI and
printouts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

DECIMALS = 1
"""Decimals of a percentage a player reads."""
MOST_DECIMALS = 4
"""The most decimals a column takes to tell its values apart (below, ``<0.0001%``)."""


NOISE = 1e-12
"""A sum of probabilities this close to 0 or 1 is 0 or 1 (floating-point rounding)."""


def percent(p: float, decimals: int = DECIMALS) -> str:
    """The probability ``p`` (0 to 1) as a percentage with ``decimals`` decimals."""
    if abs(p - 1) < NOISE or abs(p) < NOISE:
        p = round(p)
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
    differently, up to :data:`MOST_DECIMALS` (values that read ``<0.1%`` at one decimal left
    out: a tail of tiny chances needs no telling apart; near-certain ones, which rank units,
    do); where even that cannot tell two apart, no more decimals than help."""
    edge = 0.5 * 10.0 ** -(DECIMALS + 2)  # what reads <0.1% at one decimal
    # values equal but for rounding (the ranking ties them within 1e-9) are one value
    distinct = sorted({round(v, 9) for v in values if v >= edge})
    told = {d: len({percent(v, d) for v in distinct}) for d in range(DECIMALS, MOST_DECIMALS + 1)}
    # the fewest decimals that tell as many values apart as any allowed number of decimals does
    return min(d for d, n in told.items() if n == max(told.values()))


def percents(values: Sequence[float]) -> list[str]:
    """A column of percentages, all with the same decimals (:func:`decimals_for`)."""
    decimals = decimals_for(values)
    return [percent(v, decimals) for v in values]


def percent_columns(rows: Sequence[Sequence[object]], columns: Iterable[int]) -> list[list[str]]:
    """``rows`` with the probabilities (floats) of each column in ``columns`` written as one
    column of percentages (:func:`percents`); every other cell as it is (text)."""
    out = [[c if isinstance(c, str) else str(c) for c in row] for row in rows]
    for col in columns:
        found: list[tuple[int, float]] = []
        for i, row in enumerate(rows):
            cell = row[col] if col < len(row) else None
            if isinstance(cell, float | int) and not isinstance(cell, bool):
                found.append((i, float(cell)))
        for (i, _), shown in zip(found, percents([v for _, v in found]), strict=True):
            out[i][col] = shown
    return out
