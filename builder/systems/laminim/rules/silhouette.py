"""Hit-location faces of a unit (docs/rules.md §1.3) and the shield guard redirect (D4)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import PART_NAMES, UnitSpec

Destroyed = tuple[bool, bool, bool]


@dataclass(frozen=True)
class FaceInfo:
    """Face 1..6: the part it names (None = invalid) and the slot whose shield intercepts it."""

    face: int
    part: str | None
    guarded_by: int | None = None  # 0-based slot index of a guarding shield

    @property
    def slot(self) -> int | None:
        """The weapon slot (1-3) this face names; None for the frame or an invalid face."""
        return self.face - 3 if self.face > 3 and self.part is not None else None

    @property
    def is_frame(self) -> bool:
        return self.part == "frame"

    @property
    def guard_slot(self) -> int | None:
        """The slot (1-3) of the shield that takes hits on this face, if any."""
        return None if self.guarded_by is None else self.guarded_by + 1

    @property
    def hit_part(self) -> str | None:
        """The part a location die on this face actually damages."""
        if self.guarded_by is not None:
            return PART_NAMES[self.guarded_by + 1]
        return self.part


@dataclass(frozen=True)
class Silhouette:
    """A unit's faces 1..6, its exposure and each part's share of location dice."""

    faces: tuple[FaceInfo, ...]
    exposure: Fraction  # valid faces / 6
    part_share: dict[str, Fraction]  # P(a location die damages that part), guard applied


def face_parts(
    unit: UnitSpec, destroyed: Destroyed = (False, False, False)
) -> tuple[tuple[int | None, int | None], ...]:
    """Faces 1..6 as (the part named: 0 frame, 1-3 slot, None invalid; the 0-based slot of the
    shield that takes its hits, or None): ``silhouette``'s faces without building them, for
    the chain's die tables (``distributions.location_outcomes``).

    Faces 1-3 frame; face 4+i slot i+1 while mounted and not destroyed. D4: a valid face listed
    by an intact shield's guard is taken by the shield (lowest slot wins). A guard never makes
    an invalid face valid, so a shield does not change exposure.
    """
    valid = [w is not None and not gone for w, gone in zip(unit.slots, destroyed, strict=True)]
    parts: list[int | None] = [0, 0, 0, *(i + 1 if valid[i] else None for i in range(3))]
    guards: list[int | None] = [None] * 6
    for slot, weapon in enumerate(unit.slots):
        if not valid[slot] or weapon is None or weapon.guard is None:
            continue
        for face in weapon.guard.faces:
            if not 1 <= face <= 6 or guards[face - 1] is not None:
                continue
            if parts[face - 1] not in (None, slot + 1):
                guards[face - 1] = slot
    return tuple(zip(parts, guards, strict=True))


def silhouette(unit: UnitSpec, destroyed: Destroyed = (False, False, False)) -> Silhouette:
    """The faces of ``unit`` (``face_parts``: faces 1-3 frame, face 4+i slot i+1 while mounted
    and not destroyed, D4's shield guard), its exposure and each part's share of location dice."""
    faces = tuple(
        FaceInfo(f, None if part is None else PART_NAMES[part], guard)
        for f, (part, guard) in enumerate(face_parts(unit, destroyed), start=1)
    )
    share: dict[str, Fraction] = {}
    for info in faces:
        if info.hit_part is not None:
            share[info.hit_part] = share.get(info.hit_part, Fraction(0)) + Fraction(1, 6)
    exposure = Fraction(sum(info.part is not None for info in faces), 6)
    return Silhouette(faces, exposure, share)
