"""The skills' names: the ids the files and the catalog use, and the seed's Japanese names
(〈射撃〉, 〈回避〉…) from ``skill_labels.yaml``, so a Japanese text or message names a skill as
the rulebook does while English keeps the id a player writes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from builder.core.i18n import Labels, Lang, Pair
from builder.core.names import Names

SKILLS = Labels.load(__file__, "skill_labels.yaml")


def skill_pair(skill: str) -> Pair:
    """``skill`` for a message, as (English, Japanese): the id, and its seed name (which a file
    may write as well as the id; the id alone when it has no name)."""
    return (skill, SKILLS[skill][1] if skill in SKILLS else skill)


def skill_name(skill: str, lang: Lang) -> str:
    """``skill`` as a table shows it in ``lang``: the id, or the seed name alone."""
    return SKILLS[skill][1] if lang == "ja" and skill in SKILLS else skill


@dataclass(frozen=True)
class _Skill:
    id: str
    name: str
    name_ja: str


def skill_names(skills: Iterable[str] = ()) -> Names[_Skill]:
    """The seed's skills and the skill ids ``skills`` (a catalog's own) by id and by name: a
    file may write 射撃 for ``guns`` (:mod:`builder.core.names`)."""
    ids = dict.fromkeys([*SKILLS, *skills])
    return Names(_Skill(s, s, SKILLS[s][1] if s in SKILLS else s) for s in ids)


def skill_levels(written: Mapping[str, int]) -> dict[str, int]:
    """A character's skills by id (a skill written by name counts as its id; the first of two
    that name the same skill counts: the check reports the second)."""
    names = skill_names()
    out: dict[str, int] = {}
    for skill, level in written.items():
        out.setdefault(names.id_of(skill), level)
    return out
