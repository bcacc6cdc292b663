"""Geometry checks on rendered PDFs (pdfplumber objects: dicts with x0, x1, top, bottom)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

MM = 72 / 25.4
"""PDF points per millimetre."""

SLACK = 0.3
"""Points of tolerance for "inside" (anti-aliasing of the outline stroke, rounding)."""


def inside(obj: dict, box: dict, slack: float = SLACK) -> bool:
    return (
        obj["x0"] >= box["x0"] - slack
        and obj["x1"] <= box["x1"] + slack
        and obj["top"] >= box["top"] - slack
        and obj["bottom"] <= box["bottom"] + slack
    )


def intersection(a: dict, b: dict) -> float:
    """Area (pt²) shared by two boxes."""
    w = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return w * h if w > 0 and h > 0 else 0.0


def area(a: dict) -> float:
    return max(0.0, a["x1"] - a["x0"]) * max(0.0, a["bottom"] - a["top"])


def overlapping_pairs(objs: list[dict], share: float = 0.3) -> list[tuple[dict, dict]]:
    """Pairs whose overlap exceeds ``share`` of the smaller one's area.

    A little overlap is normal (a glyph's font box is taller than a tight line height); text
    printed over other text overlaps by far more. Bucketed by 10 pt cells to stay fast.
    """
    cell = 10.0
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, o in enumerate(objs):
        for cx in range(int(o["x0"] // cell), int(o["x1"] // cell) + 1):
            for cy in range(int(o["top"] // cell), int(o["bottom"] // cell) + 1):
                buckets[cx, cy].append(i)
    seen: set[tuple[int, int]] = set()
    pairs = []
    for members in buckets.values():
        for n, i in enumerate(members):
            for j in members[n + 1 :]:
                key = (min(i, j), max(i, j))
                if key in seen:
                    continue
                seen.add(key)
                a, b = objs[i], objs[j]
                smaller = min(area(a), area(b))
                if smaller > 0 and intersection(a, b) > share * smaller:
                    pairs.append((a, b))
    return pairs


def squares(rects: Iterable[dict], low_mm: float, high_mm: float) -> list[dict]:
    """Square rectangles with a side between ``low_mm`` and ``high_mm`` (tick and ID boxes)."""
    out = []
    for r in rects:
        w, h = r["width"] / MM, r["height"] / MM
        if abs(w - h) < 0.15 and low_mm <= w <= high_mm:
            out.append(r)
    return out


def outermost(rects: list[dict]) -> list[dict]:
    """One rect per centre, the largest: a printed box is its white fill plus its border."""
    best: dict[tuple[int, int], dict] = {}
    for r in rects:
        key = (round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2))
        if key not in best or r["width"] > best[key]["width"]:
            best[key] = r
    return list(best.values())


def describe(objs: Iterable[dict]) -> str:
    return " | ".join(
        f"{o.get('text', '□')!r}@({o['x0'] / MM:.1f},{o['top'] / MM:.1f} mm)" for o in objs
    )
