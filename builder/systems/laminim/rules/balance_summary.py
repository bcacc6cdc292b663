"""The balance report's plain-words summary, as findings derived from its numbers.

Each finding is one sentence of the summary: its ``kind`` picks the sentence, its ``values`` are
the ids and counts the sentence states, all read off :class:`balance.Balance` (nothing else), so
a test can check each sentence kind against the tables below it. The words (English, Japanese)
and the part names are the text layer's (``balance_text.py``).

Kinds, in the order the summary gives them:
- ``best_loadout``: the loadout (frame and weapons) that is the catalog-wide best against the most
  threats (ties: the first threat's), and against which threats;
- ``best_no_damage``: against how many threats the catalog-wide best delivers no damage over
  the game (D25) at all;
- ``must_pick``: the weapons on at least ``MUST_PICK`` of the frame x threat fronts;
- ``never_worth``: the weapons on no front at all;
- ``niche``: a frame on the catalog-wide front against some threats (one finding per frame);
- ``dominated``: frames on no catalog-wide front, grouped by the frames that dominate them against
  every threat (an empty group: dominated, but by no single frame everywhere);
- ``no_loadout``: frames without a single legal loadout (not in the game at all).
"""

from __future__ import annotations

from dataclasses import dataclass

from .balance import Balance, Loadout, loadout_name
from .ties import same


@dataclass(frozen=True)
class Finding:
    """One sentence's numbers; the fields a kind does not use stay empty (see the module doc)."""

    kind: str
    frames: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    threats: tuple[str, ...] = ()
    count: int = 0
    of: int = 0
    fronts: tuple[int, ...] = ()  # must_pick: each weapon's fronts, of ``of``
    by: tuple[str, ...] = ()  # dominated: the frames that dominate ``frames`` everywhere

    def values(self) -> dict[str, object]:
        """The fields this finding uses, as plain data (the JSON's ``values``)."""
        return {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in vars(self).items()
            if k != "kind" and k in _USES[self.kind]
        }


_USES = {
    "best_loadout": ("frames", "weapons", "threats", "count", "of"),
    "best_no_damage": ("threats", "count", "of"),
    "must_pick": ("weapons", "fronts", "of"),
    "never_worth": ("weapons",),
    "niche": ("frames", "threats", "count", "of"),
    "dominated": ("frames", "by"),
    "no_loadout": ("frames",),
}


def _best_loadout(b: Balance) -> Finding | None:
    named = [(loadout_name(s), t) for s, t in zip(b.best, b.threats, strict=True) if s is not None]
    if not named:
        return None
    counts: dict[Loadout, list[str]] = {}
    for name, threat in named:
        counts.setdefault(name, []).append(threat)
    top = max(counts, key=lambda n: len(counts[n]))  # first maximum: the earliest threat's
    frame, weapons = top
    return Finding(
        "best_loadout",
        frames=(frame,),
        weapons=weapons,
        threats=tuple(counts[top]),
        count=len(counts[top]),
        of=len(b.threats),
    )


def _best_no_damage(b: Balance) -> Finding | None:
    idle = [
        t for s, t in zip(b.best, b.threats, strict=True) if s is not None and same(s.delivered, 0)
    ]
    if not idle:
        return None
    return Finding("best_no_damage", threats=tuple(idle), count=len(idle), of=len(b.threats))


def summarize(b: Balance) -> list[Finding]:
    """Every finding of ``b``, in the summary's order (see the module doc)."""
    out: list[Finding] = []
    for finding in (_best_loadout(b), _best_no_damage(b)):
        if finding is not None:
            out.append(finding)
    picks = [w for w in b.weapon_rows if w.must_pick]
    if picks:
        out.append(
            Finding(
                "must_pick",
                weapons=tuple(w.weapon for w in picks),
                fronts=tuple(w.fronts for w in picks),
                of=picks[0].of,
            )
        )
    never = tuple(w.weapon for w in b.weapon_rows if w.never)
    if never:
        out.append(Finding("never_worth", weapons=never))
    for f in b.frame_rows:
        if f.niche:
            out.append(
                Finding(
                    "niche",
                    frames=(f.frame,),
                    threats=f.niche,
                    count=len(f.niche),
                    of=len(b.threats),
                )
            )
    groups: dict[tuple[str, ...], list[str]] = {}
    for f in b.frame_rows:
        if f.dominated_everywhere:
            groups.setdefault(f.dominated_by, []).append(f.frame)
    for by, frames in groups.items():
        out.append(Finding("dominated", frames=tuple(frames), by=by))
    idle = tuple(f.frame for f in b.frame_rows if f.scored == 0)
    if idle and b.threats:
        out.append(Finding("no_loadout", frames=idle))
    return out
