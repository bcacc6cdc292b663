"""The compiled loops of the exact engine (``engine``): dice, end-of-round split, summary.

Imported only by ``engine`` when a chain first runs, never at start-up: numba's import and the
cached machine code cost a few hundred milliseconds that ``--help``, ``check`` and the TUI's
first frame must not pay. ``cache=True`` keeps the compiled code on disk (``scripts/setup.sh``
warms it), so no player waits for a compile.

Layout (see ``engine``): one array ``x[view, slot1, slot2, slot3, frame]``. Along a slot axis
index 0 means "not intact" (destroyed, or no weapon mounted: then the axis has length 1) and
index j >= 1 holds durability ``values[j - 1]`` (index 1 is "at 0, not yet destroyed"). A cell's
validity pattern is read off its indices, bit i set when slot i is intact.
"""

from __future__ import annotations

import numpy as np
from numba import njit

U = np.uint64


@njit(inline="always")
def _span(start, stop):
    """``range(start, stop)`` over unsigned indices (``start`` >= 0; empty when stop <= start)."""
    return range(U(start), U(max(start, stop)))


@njit(cache=True, nogil=True, fastmath=True)
def roll(x, y, block, pattern, stay, nm, mpart, mq, dest, counts, shared):
    """Apply ``counts[t]`` dice of every die type t; returns the array holding the result.

    ``x`` and ``y``: ping-pong buffers of shape (rows, frame cells), the rows being (view,
    slot 1, slot 2, slot 3) flattened, ``block`` rows a view; ``x`` holds the input and both are
    overwritten. ``pattern[r]``: the validity pattern of row r of a view. ``stay[t, p]``: the
    probability that a die of type t changes nothing on pattern p; its ``nm[t, p]`` moves each
    take mass with probability ``mq[t, p, m]`` to part ``mpart[t, p, m]``: a frame move
    (part 0) shifts the row by ``dest[t, m, r]`` cells (the frame axis holds every durability,
    clipping at 0), a slot move adds the row to row ``dest[t, m, r]``. Both are contiguous loops
    the compiler vectorises. Each row runs only between its first and last cell holding mass:
    dice only lower durabilities, so early on most of every row is empty. Rows go in
    increasing order and mass only moves to the same or a lower row (slot cells only fall), so
    each row of ``y`` is first written by its own stay term: no pass to clear ``y``.
    ``fastmath`` lets the compiler fuse and vectorise these sums (rounding moves by ~1e-16).

    ``shared[k]`` (two views only): row k of the clean view (view 0) equals the same row of the
    total view, so it is not rolled but copied at the end. That holds on every row where each
    weapon that rolls cook-off dice is intact: a cooked unit has lost the weapon that cooked.
    Dice keep a row's pattern, so those rows only ever feed each other.
    """
    n_rows, n_f = x.shape
    skip = block if n_rows == 2 * block else 0
    # zx[r] / zy[r]: row r of x / y is known to be all 0 (most rows are, early in a round)
    zx = np.zeros(n_rows, dtype=np.bool_)
    zy = np.zeros(n_rows, dtype=np.bool_)
    for r in range(n_rows):
        empty = True
        for f in range(n_f):
            if x[r, f] != 0.0:
                empty = False
                break
        zx[r] = empty
    for t in range(counts.shape[0]):
        for _ in range(counts[t]):
            for r in range(n_rows):
                if r < skip and shared[r]:
                    continue
                if zx[r]:
                    if not zy[r]:
                        for f in range(n_f):
                            y[r, f] = 0.0
                        zy[r] = True
                    continue
                hi = n_f - 1
                while hi >= 0 and x[r, hi] == 0.0:
                    hi -= 1
                if hi < 0:
                    for f in range(n_f):
                        y[r, f] = 0.0
                    zy[r] = True
                    continue
                zy[r] = False
                lo = 0
                while x[r, lo] == 0.0:
                    lo += 1
                base = r // block * block
                k = r - base
                p = pattern[k]
                s = stay[t, p]
                fused = -1  # the first frame move: written with the stay term in one pass
                for m in range(nm[t, p]):
                    if mpart[t, p, m] == 0:
                        fused = m
                        break
                # f runs over unsigned spans (``_span``): numba then knows no index is negative
                # and drops its wraparound test, which lets the compiler vectorise each loop
                ulo, uhi = U(lo), U(hi + 1)
                if fused < 0:
                    for f in range(U(0), ulo):
                        y[r, f] = 0.0
                    for f in range(ulo, uhi):
                        y[r, f] = s * x[r, f]
                else:
                    # y[g] = s x[g] (g in lo..hi) + q x[g + d] (g + d in lo..hi, g >= 0)
                    d = dest[t, fused, k]
                    ud = U(d)
                    q = mq[t, p, fused]
                    g0 = max(lo - d, 0)
                    g1 = hi - d
                    e1 = min(lo, g1 + 1)
                    for f in range(U(0), U(g0)):
                        y[r, f] = 0.0
                    for f in _span(g0, e1):
                        y[r, f] = q * x[r, f + ud]
                    for f in _span(max(g0, e1), lo):
                        y[r, f] = 0.0
                    for f in _span(lo, g1 + 1):
                        y[r, f] = s * x[r, f] + q * x[r, f + ud]
                    for f in _span(max(lo, g1 + 1), hi + 1):
                        y[r, f] = s * x[r, f]
                    below = 0.0  # cells under d drop to 0 (clipped)
                    for f in _span(lo, min(d, hi + 1)):
                        below += x[r, f]
                    y[r, 0] += q * below
                for f in range(uhi, U(n_f)):
                    y[r, f] = 0.0
                for m in range(nm[t, p]):
                    if m == fused:
                        continue
                    q = mq[t, p, m]
                    if mpart[t, p, m] == 0:
                        d = dest[t, m, k]
                        ud = U(d)
                        for f in _span(max(lo, d), hi + 1):
                            y[r, f - ud] += q * x[r, f]
                        below = 0.0
                        for f in _span(lo, min(d, hi + 1)):
                            below += x[r, f]
                        y[r, 0] += q * below
                    else:
                        dr = base + dest[t, m, k]
                        zy[dr] = False
                        for f in range(ulo, uhi):
                            y[dr, f] += q * x[r, f]
            x, y = y, x
            zx, zy = zy, zx
    for r in range(skip):
        if shared[r]:
            for f in range(n_f):
                x[r, f] = x[r + block, f]
    return x


@njit(cache=True, nogil=True)
def split(src, settled, waves, dice_mask, p_clean):
    """One wave of the end-of-round resolution (docs/rules.md §1.5, D8) on ``src`` (views
    clean, total).

    Every part at 0 is destroyed at once. Mass whose frame is at 0 is the dead unit: returned as
    (dead total, dead clean), the clean part kept only when none of the weapons destroyed with
    the frame shows a cook-off 1 (``p_clean[mask]``; D8). Mass with no part at 0 is settled, and
    so is mass whose destroyed weapons roll no dice; the rest goes to ``waves[mask]``, mask =
    the weapons that cook off, to have their dice rolled before the next wave. ``src`` and
    ``waves[mask]`` may be compact (length 1 along the slots they know to be destroyed).
    With one view (the clean view untracked) it is the total and ``dead_clean`` means nothing.
    Returns (dead, dead_clean, mass sent to waves).
    """
    n_a, n_b, n_c, n_f = src.shape[1], src.shape[2], src.shape[3], src.shape[4]
    top = src.shape[0] - 1  # the total view (0 too when it is the only one)
    dead = 0.0
    dead_clean = 0.0
    sent = 0.0
    for a in range(n_a):
        za = 1 if a == 1 else 0
        na = 0 if za else a
        for b in range(n_b):
            zb = 2 if b == 1 else 0
            nb = 0 if zb else b
            for c in range(n_c):
                zero = za | zb | (4 if c == 1 else 0)
                nc = 0 if zero & 4 else c
                cooks = zero & dice_mask
                # the frame at 0: the dead unit (D8: its weapons' dice still count for the flag)
                total = src[top, a, b, c, 0]
                clean = src[0, a, b, c, 0]
                dead += total
                dead_clean += clean * p_clean[zero & dice_mask]
                # no test per cell (adding 0 changes nothing): the settled loop vectorises
                dst = settled if cooks == 0 else waves[cooks]
                for v in range(top + 1):
                    for f in range(U(1), U(n_f)):
                        dst[v, na, nb, nc, f] += src[v, a, b, c, f]
                if cooks:
                    for f in range(U(1), U(n_f)):
                        sent += src[top, a, b, c, f]
    return dead, dead_clean, sent


@njit(cache=True, nogil=True)
def summary(settled, f_values, a_values, b_values, c_values):
    """(alive, clean alive, expected remaining, mass with slot i not intact) of ``settled``.

    Remaining durability (D6) counts the frame and intact slots; a slot's values array holds 0
    at index 0 (not intact), so the sum needs no test. One view: the clean figure is the total.
    """
    n_a, n_b, n_c, n_f = settled.shape[1], settled.shape[2], settled.shape[3], settled.shape[4]
    top = settled.shape[0] - 1
    alive = 0.0
    clean = 0.0
    remaining = 0.0
    lost = np.zeros(3)
    for a in range(n_a):
        for b in range(n_b):
            for c in range(n_c):
                slots = a_values[a] + b_values[b] + c_values[c]
                row_mass = 0.0
                row_clean = 0.0  # summed as row_mass is: equal views give equal sums
                for f in range(n_f):
                    total = settled[top, a, b, c, f]
                    row_clean += settled[0, a, b, c, f]
                    row_mass += total
                    remaining += total * (f_values[f] + slots)
                alive += row_mass
                clean += row_clean
                if a == 0:
                    lost[0] += row_mass
                if b == 0:
                    lost[1] += row_mass
                if c == 0:
                    lost[2] += row_mass
    return alive, clean, remaining, lost


@njit(cache=True, nogil=True)
def plan_rows(n_a, n_b, n_c, nm, mpart, mmap):
    """``roll``'s row tables for a block of (n_a, n_b, n_c) slot cells: each row's pattern and,
    per die type and move, the frame shift (``mmap[t, p, m, 0]``) or the destination row
    (``mmap[t, p, m, i]``: the index slot cell i drops to). A compact block (length 1 along a
    slot it knows destroyed) has index 0 there, as in the whole array."""
    rows = n_a * n_b * n_c
    pattern = np.zeros(rows, dtype=np.int64)
    dest = np.zeros((nm.shape[0], mpart.shape[2], rows), dtype=np.int64)
    for a in range(n_a):
        for b in range(n_b):
            for c in range(n_c):
                k = (a * n_b + b) * n_c + c
                p = (1 if a > 0 else 0) | (2 if b > 0 else 0) | (4 if c > 0 else 0)
                pattern[k] = p
                for t in range(nm.shape[0]):
                    for m in range(nm[t, p]):
                        part = mpart[t, p, m]
                        j = mmap[t, p, m]
                        if part == 0:
                            dest[t, m, k] = j[0]
                        elif part == 1:
                            dest[t, m, k] = (j[a] * n_b + b) * n_c + c
                        elif part == 2:
                            dest[t, m, k] = (a * n_b + j[b]) * n_c + c
                        else:
                            dest[t, m, k] = (a * n_b + b) * n_c + j[c]
    return pattern, dest


@njit(cache=True, nogil=True)
def resolve(rolled, settled, waves, spare_waves, dice_mask, p_clean, cook, spare, no_share):
    """The whole end-of-round resolution of ``rolled`` into ``settled``, wave after wave.

    The first ``split`` sends mass with a destroyed weapon that rolls cook-off dice to
    ``waves[mask]``; each wave with mass then has its dice rolled (``cook``: the per-mask
    kernel stacks and row tables packed along a leading mask axis, see ``engine``) on its total
    view, its clean view keeps only the mass with no 1 (``p_clean[mask]``, D8), and it is split
    in turn into ``settled`` and the other set of wave buffers, until no wave is left (each
    weapon cooks once: at most three waves). Returns (dead, dead clean, whether any cook-off
    die was rolled on living mass: from then on the two views differ).
    """
    stay, nm, mpart, mq, dest, pattern, counts = cook
    n_f = rolled.shape[4]
    for m in range(1, 8):
        if m & dice_mask == m:
            waves[m].fill(0.0)
    dead, dead_clean, sent = split(rolled, settled, waves, dice_mask, p_clean)
    cooked = False
    src, dst = waves, spare_waves
    while sent > 0.0:
        for m in range(1, 8):
            if m & dice_mask == m:
                dst[m].fill(0.0)
        sent = 0.0
        for mask in range(1, 8):
            if mask & dice_mask != mask:
                continue
            wave = src[mask]
            if not np.any(wave):
                continue
            cooked = True
            n_views = wave.shape[0]
            views = wave.reshape(n_views, wave.size // (n_views * n_f), n_f)
            rows = views[n_views - 1]
            n = rows.shape[0]
            out = roll(
                rows,
                spare[:n],
                n,
                pattern[mask],
                stay[mask],
                nm[mask],
                mpart[mask],
                mq[mask],
                dest[mask],
                counts[mask],
                no_share,
            )
            if np.sum(counts[mask]) % 2 == 1:  # an odd number of dice: the result is in spare
                rows[:, :] = out
            if n_views == 2:
                clean = views[0]
                clean *= p_clean[mask]
            d, dc, s = split(wave, settled, dst, dice_mask, p_clean)
            dead += d
            dead_clean += dc
            sent += s
        src, dst = dst, src
    return dead, dead_clean, cooked
