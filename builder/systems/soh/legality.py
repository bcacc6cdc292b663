"""Crew checks (``laminim check``): unknown part ids with did-you-mean (bad input, exit 2), the
crew-wide rules (illegal, exit 1) and things worth a look (warnings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from builder.core.i18n import Pair
from builder.core.messages import Message, Messages
from builder.core.names import Names, known, names_of
from builder.core.problems import (
    Findings,
    Locator,
    Problem,
    errors_of,
    warnings_of,
)
from builder.core.source import locator_of
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.read import SohRead
from builder.systems.soh.skills import skill_levels, skill_names, skill_pair

MAX_CHARACTERS = 20
MESSAGES = Messages.load(__file__)


UNREAD = "?"
"""What the table shows for a name or value the file does not give in a readable form."""


@dataclass(frozen=True)
class Shown:
    """A character's gear, weapons and AP as the check table shows them: the ids written
    (``?`` for one that is not text), ``weapons`` None when the list cannot be read."""

    gear: tuple[str, ...]
    weapons: tuple[str, ...] | None
    ap: str


@dataclass
class CharacterReport:
    name: str
    problems: list[Problem] = field(default_factory=list)
    shown: Shown = Shown((), (), UNREAD)

    @property
    def legal(self) -> bool:
        return not errors_of(self.problems)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "legal": self.legal,
            "errors": [p.text() for p in errors_of(self.problems)],
            "warnings": [p.text() for p in warnings_of(self.problems)],
        }


@dataclass
class CrewReport(Findings):
    """Everything ``laminim check`` says about a crew (a :class:`builder.systems.base.Report`)."""

    crew: Crew
    problems: list[Problem]
    characters: list[CharacterReport]
    names: dict[str, Pair] = field(default_factory=dict)
    """Each catalog part's id and its (English, Japanese) names, for the check table."""

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "errors": [p.to_json() for p in self.errors],
            "warnings": [p.to_json() for p in self.warnings],
            "characters": [c.to_json() for c in self.characters],
        }

    def text(self) -> str:
        from builder.systems.soh.text import check_text

        return check_text(self)


AP_LOW, AP_HIGH = 2, 5
"""A character's action points, as the seed gives them ("usually 2 to 5"); fewer is legal and
raised by D15, more is refused (docs/rules.md §3, "A crew file")."""

TACTICS = "tactics"
"""The initiative skill (docs/rules.md §3 "Round"): no part names it, anyone may have it."""


def known_skills(catalog: Catalog) -> list[str]:
    """Every skill a character can use: the catalog's weapons', armour's and vehicles' skills,
    the evasion skills (docs/rules.md §3 "Values") and tactics."""
    from builder.systems.soh.rules.values import DEFAULT_EVASION_SKILL

    found = [w.skill for w in catalog.weapons]
    found += [a.skill for a in catalog.armour if a.skill]
    found += [v.skill for v in catalog.vehicles]
    found += [*DEFAULT_EVASION_SKILL.values(), TACTICS]
    return list(dict.fromkeys(found))


def check_character(ch: Character, catalog: Catalog, locate: Locator) -> list[Problem]:
    out: list[Problem] = []
    for j, wid in enumerate(ch.weapons):
        if catalog.weapon(wid) is None:
            out.append(locate(("weapons", j), _unknown("weapon", wid, catalog), "bad-input"))
    if ch.armour is not None and catalog.armour_piece(ch.armour) is None:
        out.append(locate(("armour",), _unknown("armour", ch.armour, catalog), "bad-input"))
    if ch.vehicle is not None and catalog.vehicle(ch.vehicle) is None:
        out.append(locate(("vehicle",), _unknown("vehicle", ch.vehicle, catalog), "bad-input"))
    skills = known_skills(catalog)
    names = skill_names(skills)
    given: dict[str, str] = {}  # each skill's id -> how the file first wrote it
    for skill in ch.skills:
        found = names.get(skill)
        if found is None or found.id not in skills:
            listed = known(e for s in skills if (e := names.get(s)) is not None)
            unknown = partial(MESSAGES, "unknown-skill", skill=skill, known=listed)
            message = names.refusal(skill, unknown)
            out.append(locate(("skills", skill), message, "bad-input"))
        elif found.id in given:
            message = MESSAGES("skill-twice", skill=skill_pair(found.id), first=given[found.id])
            out.append(locate(("skills", skill), message, "bad-input"))
        else:
            given[found.id] = skill
    levels = skill_levels(ch.skills)
    if ch.ap > AP_HIGH:
        message = MESSAGES("ap-too-high", ap=ch.ap, low=AP_LOW, high=AP_HIGH)
        out.append(locate(("ap",), message, "illegal"))
    if not ch.weapons:
        out.append(locate(("weapons",), MESSAGES("no-weapons"), "warning"))
    for j, wid in enumerate(ch.weapons):
        w = catalog.weapon(wid)
        if w is not None and w.skill not in levels:
            message = MESSAGES(
                "weapon-skill-missing", skill=skill_pair(w.skill), weapon=(w.name, w.name_ja)
            )
            out.append(locate(("weapons", j), message, "warning"))
    part = catalog.armour_piece(ch.armour) if ch.armour else None
    vehicle = catalog.vehicle(ch.vehicle) if ch.vehicle else None
    from builder.systems.soh.derive import protection  # lazy: check must not load numpy early
    from builder.systems.soh.rules.values import evasion_skill

    skill = evasion_skill(protection(part or vehicle))
    if skill not in levels:
        message = MESSAGES("evasion-skill-missing", skill=skill_pair(skill))
        out.append(locate(("skills",), message, "warning"))
    return out


def salvaged_problems(
    raw: Any, catalog: Catalog, locate: Locator, schema: list[Problem]
) -> list[Problem]:
    """The part and skill checks of a character the schema refused (a wrong type somewhere):
    what can be read of it (ids written as text, skill names, AP as a whole number) is
    checked as :func:`check_character` checks a whole one. Only what is wrong whatever the
    unread values are is said (unknown ids and skills, too many AP), never at a field the
    schema already reports."""
    fields = raw if isinstance(raw, dict) else {}

    def text(key: str) -> str | None:
        value = fields.get(key)
        return value if isinstance(value, str) else None

    weapons = fields.get("weapons")
    written = list(weapons) if isinstance(weapons, list) else []
    slots = [j for j, w in enumerate(written) if isinstance(w, str)]  # where each one stands
    skills = fields.get("skills")
    ap = fields.get("ap")
    salvaged = Character.model_construct(
        name=text("name") or UNREAD,
        weapons=tuple(written[j] for j in slots),
        armour=text("armour"),
        vehicle=text("vehicle"),
        skills={k: 1 for k in skills if isinstance(k, str)} if isinstance(skills, dict) else {},
        ap=ap if isinstance(ap, int) and not isinstance(ap, bool) else AP_LOW,
    )
    broken = {p.field for p in schema}
    found = []
    for problem in check_character(salvaged, catalog, _shifted(locate, slots)):
        under = any(problem.field.startswith((b + ".", b + "[")) for b in broken)
        if problem.severity != "warning" and problem.field not in broken and not under:
            found.append(problem)
    return found


def _shifted(locate: Locator, slots: list[int]) -> Locator:
    """A locator that puts ``("weapons", j)`` at the slot the j-th readable weapon was in."""

    def at(loc: Any, message: Message, severity: Any = "bad-input") -> Problem:
        if (
            len(loc) == 2
            and loc[0] == "weapons"
            and isinstance(loc[1], int)
            and loc[1] < len(slots)
        ):
            loc = ("weapons", slots[loc[1]])
        return locate(loc, message, severity)

    return at


_KINDS = ("weapon", "armour", "vehicle")
_KEYS = {"weapon": "weapons", "armour": "armour", "vehicle": "vehicle"}
"""The key of a character a part of each kind is written under."""


def _index(kind: str, catalog: Catalog) -> Names[Any]:
    parts = {"weapon": catalog.weapons, "armour": catalog.armour, "vehicle": catalog.vehicles}
    return names_of(parts[kind])


def _unknown(kind: str, value: str, catalog: Catalog) -> Message:
    """'unknown weapon 'x' (did you mean 'y'?)', or where the part really belongs (a weapon
    written as armour), or the parts sharing the name written."""
    for other in _KINDS:
        part = _index(other, catalog).get(value) if other != kind else None
        if part is not None:
            return MESSAGES(
                "part-elsewhere",
                id=value,
                other=MESSAGES(f"kind-{other}"),
                kind=MESSAGES(f"kind-{kind}"),
                field=_KEYS[other],
            )
    index = _index(kind, catalog)
    listed = known(index.entries)
    unknown = partial(
        MESSAGES, "unknown-part", kind=MESSAGES(f"kind-{kind}"), id=value, known=listed
    )
    return index.refusal(value, unknown)


@dataclass(frozen=True)
class _Written:
    """One item of the file's ``characters`` list as written, read or not: what the table
    shows and the crew-wide rules need."""

    name: str | None
    leader: bool
    character: Character | None
    raw: Any


def _written(read: SohRead, crew: Crew) -> list[_Written]:
    data = read.source.data if read.source is not None else None
    raw = data.get("characters") if isinstance(data, dict) else None
    if not isinstance(raw, list):
        return [_Written(c.name, c.leader, c, None) for c in crew.characters]
    kept = dict(zip(read.rows, crew.characters, strict=True))
    out = []
    for i, item in enumerate(raw):
        ch = kept.get(i)
        if ch is not None:
            out.append(_Written(ch.name, ch.leader, ch, item))
            continue
        fields = item if isinstance(item, dict) else {}
        name = fields.get("name")
        name = name.strip() if isinstance(name, str) and name.strip() else None
        out.append(_Written(name, fields.get("leader") is True, None, item))
    return out


def check_crew(read: SohRead, catalog: Catalog) -> CrewReport:
    """Every problem of the crew in one run: each character's (its schema problems, unknown
    parts and skills, AP), then the crew-wide rules over every character written, those that
    could not be read whole included (docs/rules.md §3 "A crew file")."""
    crew = read.team
    assert crew is not None
    problems: list[Problem] = list(read.problems)
    written = _written(read, crew)
    data = read.source.data if read.source is not None else None
    from_file = isinstance(data, dict) and isinstance(data.get("characters"), list)
    rows = [
        i if from_file else (read.rows[i] if i < len(read.rows) else i) for i in range(len(written))
    ]
    reports: list[CharacterReport] = []
    for i, item in enumerate(written):
        row = rows[i]
        locate = _row_locator(read, row)
        if item.character is not None:
            found = check_character(item.character, catalog, locate)
            problems.extend(found)
        else:  # its schema problems are the read's own, at lines inside its item; the
            # rest of it is still checked, so a wrong type hides no other mistake
            own = f"characters[{row}]"
            found = [p for p in read.problems if p.field == own or p.field.startswith(own + ".")]
            found = found + salvaged_problems(item.raw, catalog, locate, found)
            problems.extend(p for p in found if p not in read.problems)
        reports.append(CharacterReport(item.name or UNREAD, found, _shown(item)))
    seen: set[str] = set()
    leader: str | None = None
    for i, item in enumerate(written):
        locate = _row_locator(read, rows[i])
        if item.name is not None:
            key = item.name.casefold()
            if key in seen:
                problem = locate(("name",), MESSAGES("name-taken", name=item.name), "illegal")
                problems.append(problem)
                reports[i].problems.append(problem)
            seen.add(key)
        if item.leader:
            if leader is not None:
                message = MESSAGES("second-leader", leader=leader)
                problem = locate(("leader",), message, "illegal")
                problems.append(problem)
                reports[i].problems.append(problem)
            leader = leader or item.name or UNREAD
    count = len(written)
    if count > MAX_CHARACTERS:
        message = MESSAGES("too-many", count=count, most=MAX_CHARACTERS)
        problems.append(read.crew_locator()(("characters",), message, "illegal"))
    problems.sort(key=lambda p: (p.file, p.line or 0, p.col or 0))
    names = {
        p.id: (p.name, p.name_ja) for p in (*catalog.weapons, *catalog.armour, *catalog.vehicles)
    }
    for rep in reports:  # a part the file writes by name is shown by its names too
        for text in (*rep.shown.gear, *(rep.shown.weapons or ())):
            hits = (_index(k, catalog).get(text) for k in _KINDS)
            part = next((hit for hit in hits if hit is not None), None)
            if part is not None:
                names.setdefault(text, (part.name, part.name_ja))
    return CrewReport(crew, problems, reports, names)


def _row_locator(read: SohRead, row: int) -> Locator:
    return locator_of(read.source, "<crew>", ("characters", row))


def _shown(item: _Written) -> Shown:
    """The table's gear, weapons and AP of a character as written (``?`` where unreadable)."""
    fields = item.raw if isinstance(item.raw, dict) else {}
    ch = item.character

    def text(value: object) -> str:
        return value if isinstance(value, str) else UNREAD

    if ch is not None:
        gear = ch.armour or ch.vehicle
        return Shown((gear,) if gear else (), ch.weapons, str(ch.ap))
    gear_parts = [text(fields[k]) for k in ("armour", "vehicle") if fields.get(k) is not None]
    weapons = fields.get("weapons", [])
    shown_weapons = tuple(text(w) for w in weapons) if isinstance(weapons, list) else None
    ap = fields.get("ap")
    return Shown(
        tuple(gear_parts),
        shown_weapons,
        str(ap) if isinstance(ap, int) and not isinstance(ap, bool) else UNREAD,
    )
