"""The skills' names: the ids the files and the catalog use, and the seed's Japanese names
(〈射撃〉, 〈回避〉…) from ``skill_labels.yaml``, so a Japanese text or message names a skill as
the rulebook does while English keeps the id a player writes."""

from __future__ import annotations

from builder.core.i18n import Labels, Lang, Pair

SKILLS = Labels.load(__file__, "skill_labels.yaml")


def skill_pair(skill: str) -> Pair:
    """``skill`` for a message, as (English, Japanese): the id, and its seed name with the id a
    file writes beside it (``回避（evasion）``; the id alone when it has no name)."""
    return (skill, f"{SKILLS[skill][1]}（{skill}）" if skill in SKILLS else skill)


def skill_name(skill: str, lang: Lang) -> str:
    """``skill`` as a table shows it in ``lang``: the id, or the seed name alone."""
    return SKILLS[skill][1] if lang == "ja" and skill in SKILLS else skill
