"""Crew checks (``laminim check``): unknown part ids with did-you-mean (bad input, exit 2), the
crew-wide rules (illegal, exit 1) and things worth a look (warnings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.core.problems import Findings, Locator, Problem, did_you_mean, errors_of, warnings_of
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.read import SohRead

MAX_CHARACTERS = 20


@dataclass
class CharacterReport:
    name: str
    problems: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not errors_of(self.problems)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "legal": self.legal,
            "errors": [p.message for p in errors_of(self.problems)],
            "warnings": [p.message for p in warnings_of(self.problems)],
        }


@dataclass
class CrewReport(Findings):
    """Everything ``laminim check`` says about a crew (a :class:`builder.systems.base.Report`)."""

    crew: Crew
    problems: list[Problem]
    characters: list[CharacterReport]

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


def check_character(ch: Character, catalog: Catalog, locate: Locator) -> list[Problem]:
    out: list[Problem] = []
    weapons = [w.id for w in catalog.weapons]
    armour = [a.id for a in catalog.armour]
    vehicles = [v.id for v in catalog.vehicles]
    for j, wid in enumerate(ch.weapons):
        if catalog.weapon(wid) is None:
            out.append(
                locate(("weapons", j), _unknown("weapon", wid, weapons, catalog), "bad-input")
            )
    if ch.armour is not None and catalog.armour_piece(ch.armour) is None:
        out.append(locate(("armour",), _unknown("armour", ch.armour, armour, catalog), "bad-input"))
    if ch.vehicle is not None and catalog.vehicle(ch.vehicle) is None:
        message = _unknown("vehicle", ch.vehicle, vehicles, catalog)
        out.append(locate(("vehicle",), message, "bad-input"))
    if not ch.weapons:
        out.append(locate(("weapons",), "no weapons: this character cannot attack", "warning"))
    for j, wid in enumerate(ch.weapons):
        w = catalog.weapon(wid)
        if w is not None and w.skill not in ch.skills:
            message = f"no '{w.skill}' skill for the {w.name}: its hit value counts the skill as 0"
            out.append(locate(("weapons", j), message, "warning"))
    part = catalog.armour_piece(ch.armour) if ch.armour else None
    vehicle = catalog.vehicle(ch.vehicle) if ch.vehicle else None
    from builder.systems.soh.derive import protection  # lazy: check must not load numpy early
    from builder.systems.soh.rules.values import evasion_skill

    skill = evasion_skill(protection(part or vehicle))
    if skill not in ch.skills:
        message = f"no '{skill}' skill: the evasion value counts it as 0"
        out.append(locate(("skills",), message, "warning"))
    return out


def _unknown(kind: str, value: str, choices: list[str], catalog: Catalog) -> str:
    """'unknown weapon 'x' (did you mean 'y'?)', or where the id really belongs."""
    elsewhere = {
        "weapon": [w.id for w in catalog.weapons],
        "armour": [a.id for a in catalog.armour],
        "vehicle": [v.id for v in catalog.vehicles],
    }
    for other, ids in elsewhere.items():
        if other != kind and value in ids:
            return f"'{value}' is a {other}, not a {kind}; write it as {other}: {value}"
    return f"unknown {kind} '{value}'{did_you_mean(value, choices)}; known: {', '.join(choices)}"


def check_crew(read: SohRead, catalog: Catalog) -> CrewReport:
    crew = read.team
    assert crew is not None
    problems: list[Problem] = list(read.problems)
    reports: list[CharacterReport] = []
    for i, ch in enumerate(crew.characters):
        found = check_character(ch, catalog, read.character_locator(i))
        reports.append(CharacterReport(ch.name, found))
        problems.extend(found)
    seen: set[str] = set()
    leader: str | None = None
    for i, ch in enumerate(crew.characters):
        locate = read.character_locator(i)
        if ch.name in seen:
            message = f"duplicate character name '{ch.name}' (names must be unique)"
            problem = locate(("name",), message, "illegal")
            problems.append(problem)
            reports[i].problems.append(problem)
        seen.add(ch.name)
        if ch.leader:
            if leader is not None:
                message = f"a second leader ('{leader}' already leads); a crew has at most one"
                problem = locate(("leader",), message, "illegal")
                problems.append(problem)
                reports[i].problems.append(problem)
            leader = leader or ch.name
    data = read.source.data if read.source is not None else None
    count = (
        len(data["characters"])
        if isinstance(data, dict) and isinstance(data.get("characters"), list)
        else len(crew.characters)
    )
    if count > MAX_CHARACTERS:
        message = f"{count} characters; a crew file holds at most {MAX_CHARACTERS}"
        problems.append(read.crew_locator()(("characters",), message, "illegal"))
    problems.sort(key=lambda p: (p.file, p.line or 0, p.col or 0))
    return CrewReport(crew, problems, reports)
