"""Reading a crew file's data (already read with positions) into a :class:`Crew`.

Lenient per character: a character with a schema problem is reported at its line and left out of
the crew (:mod:`.legality` still lists it and counts its name and leader), the others are still
read, so one ``laminim check`` lists every mistake. The crew-wide rules
(one leader, unique names) are checked by :mod:`.legality` with positions, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.core.messages import Messages
from builder.core.problems import Locator, Problem
from builder.core.source import Located, locator_of
from builder.core.validation import list_at, validate_at
from builder.systems.base import TeamRead
from builder.systems.soh.models import Character, Crew, CrewHeader

MESSAGES = Messages.load(__file__, "messages.yaml")


@dataclass
class SohRead(TeamRead):
    """A crew file as read, with each kept character's row in the file (for positions)."""

    team: Crew | None
    rows: list[int] = field(default_factory=list)
    """For each character of ``team``, its index in the file's ``characters`` list."""

    def character_locator(self, index: int) -> Locator:
        row = self.rows[index] if index < len(self.rows) else index
        return locator_of(self.source, "<crew>", ("characters", row))

    def crew_locator(self) -> Locator:
        return locator_of(self.source, "<crew>")


def make_crew(header: CrewHeader, characters: list[Character]) -> Crew:
    """A crew from already-valid parts, without the crew-wide validators (legality reports
    those with positions instead of failing the whole file)."""
    return Crew.model_construct(
        system=header.system,
        name=header.name,
        name_ja=header.name_ja,
        side=header.side,
        characters=tuple(characters),
    )


def read_crew(src: Located) -> SohRead:
    """The crew in ``src`` with every schema problem (never raises for bad content)."""
    data = src.data
    if not isinstance(data, dict):
        return SohRead(None, src, [src.problem((), MESSAGES("crew-format"))])
    problems: list[Problem] = []
    header_data = {k: v for k, v in data.items() if k != "characters"}
    header = validate_at(src, (), header_data, CrewHeader, problems)
    characters: list[Character] = []
    rows: list[int] = []
    missing, not_list = MESSAGES("characters-missing"), MESSAGES("characters-not-list")
    raw = list_at(src, "characters", missing, not_list, problems, empty=False)
    for i, item in enumerate(raw or []):
        character = validate_at(src, ("characters", i), item, Character, problems)
        if character is not None:
            characters.append(character)
            rows.append(i)
    crew = make_crew(header, characters) if header is not None else None
    return SohRead(crew, src, problems, rows)
