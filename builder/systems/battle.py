"""The kit's play-mode part: what a game gives the battle record (docs/adding-a-game.md
"Play mode", docs/play.md).

The record itself is generic (:mod:`builder.play`): it reads and writes the record file (atomic,
comments kept), reads actions files (all or nothing, every refusal located), rolls the dice a
player leaves out (seeded by the record, faces written to the log), keeps the append-only log
and undoes by replaying it. It knows no game. A game that plays implements :class:`Plays`; its
:class:`Battle` says what its live state is, how a battle starts, what each action does, and
how a state is shown. Part of the kit: imports no game, no registry, no TUI.

The contract, in the order the record uses it:

1. ``start(sides, catalog)``: the state before the first action, from the sides' teams.
2. ``state_data(state)`` / ``read_state(data, catalog)``: the state as the record file's plain
   data (top-level keys, in the order to write them; none of :data:`RECORD_KEYS`) and back.
   ``read_state`` raises :class:`Refused` with every problem (paths from the record's top).
3. ``restart(state)``: the same units (sides, names, parts) as they were before the first
   action: the replay of the log starts there, so a record never depends on its team files
   after it was started (they may change for the next game).
4. ``apply(state, action, dice, catalog)``: one action (its plain data, ``do:`` included; the
   record's own ``do: undo`` never reaches it). It pulls every die it needs from ``dice``
   (:class:`Dice`: the player's faces first, rolled ones when the action asks), in rule order,
   and returns :class:`Applied`; a refusal raises :class:`Refused` (several problems at once
   where it can), and the record stays exactly as it was.
5. ``show(state, catalog, options)``: the state as JSON (one document, the game's documented
   shape) and as text (80 columns, the language the command reports in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from builder.core.messages import Message
from builder.systems.base import Output, PrintOptions, Printout, TeamModel, YamlPath

RECORD_KEYS = ("system", "record", "teams", "sides", "catalog", "seed", "log")
"""The keys the generic record owns; a game's state data uses none of them."""

StateT = TypeVar("StateT")


@dataclass(frozen=True)
class Side:
    """One side of a battle: its team (the game's own model) and how the record names it (the
    team file's path as the record writes it, or the team's name for a side written inline)."""

    team: TeamModel
    label: str


class Dice(Protocol):
    """The faces of one action, by the key of the action that holds them.

    ``take(key, count)`` gives ``count`` faces of ``sides`` sides under ``key``: the player's
    first (each checked: a face that does not exist is refused at its place in the file), then,
    when the action says ``roll: true``, rolled ones (seeded by the record); too few and no
    rolling is a refusal. Every face given must be taken: left-over faces are refused too. The
    faces taken are written to the action's log entry under their key.
    """

    def take(self, key: str, count: int, sides: int = 6) -> list[int]: ...

    def next(self, key: str, sides: int = 6) -> int:
        """One face under ``key`` (a stream consumed die by die, in rule order)."""
        ...


class Refused(Exception):
    """An action (or a record's state) the rules refuse: every problem, each as the path of the
    value it is about (from the action's top: ``("hits", 2)``; from the record's top for
    ``read_state``) and its words in both languages."""

    def __init__(self, problems: Sequence[tuple[YamlPath, Message]]) -> None:
        super().__init__("; ".join(f"{'.'.join(map(str, p))}: {m.en}" for p, m in problems))
        self.problems = list(problems)

    @classmethod
    def at(cls, path: YamlPath, said: Message) -> Refused:
        return cls([(path, said)])


@dataclass(frozen=True)
class Applied(Generic[StateT]):
    """An action applied: the new state, what its log entry records beside the action's own
    keys and faces — ``stamp`` right after ``do:`` (e.g. the round it was made in), ``log``
    after the action's keys (e.g. a bonus the record proposed and used) — and what happened,
    in a line or a few (both languages), for the player. A key the action has keeps its place
    and takes the value given here."""

    state: StateT
    log: Mapping[str, Any] = field(default_factory=dict)
    said: tuple[Message, ...] = ()
    stamp: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ShowOptions:
    """How to show a state: the threat the odds are against (the game reads it: a catalog
    threat, an enemy unit …; None: its default), the attack bonus that threat fires at (None:
    the game's default), and whether to compute odds at all."""

    threat: str | None = None
    bonus: int | None = None
    odds: bool = True


class Battle(Protocol[StateT]):
    """A game's rules at the table (see the module docstring for the contract)."""

    @property
    def actions(self) -> tuple[str, ...]:
        """The ``do:`` values the game knows (``undo`` is the record's own)."""
        ...

    def start(self, sides: Sequence[Side], catalog: Any) -> StateT: ...

    def restart(self, state: StateT) -> StateT: ...

    def state_data(self, state: StateT) -> dict[str, Any]: ...

    def read_state(self, data: Mapping[str, Any], catalog: Any) -> StateT: ...

    def apply(
        self, state: StateT, action: Mapping[str, Any], dice: Dice, catalog: Any
    ) -> Applied[StateT]: ...

    def over(self, state: StateT) -> bool:
        """True once the game has ended (only ``undo`` is taken then)."""
        ...

    def show(self, state: StateT, catalog: Any, options: ShowOptions) -> Output: ...


@runtime_checkable
class Plays(Protocol):
    """Optional part of a game system: a battle record (``laminim play``)."""

    def battle(self) -> Battle[Any]: ...


@runtime_checkable
class PrintsBattle(Protocol):
    """Optional part of a game's :class:`Battle`: its state printed (``laminim cards RECORD``):
    the cards with the damage marked, a roster with the score. ``catalog_line`` is the
    catalog's name, version and digest for the sheet (``builder.render.roster.CatalogLine``)."""

    def printouts(
        self, state: Any, catalog: Any, options: PrintOptions, catalog_line: Any
    ) -> list[Printout]: ...


@runtime_checkable
class ShowsScreen(Protocol):
    """Optional part of a game's :class:`Battle`: the play screen's text (80 columns) in
    ``lang`` — a head kept in view (round, score, what the odds are against) and the body (the
    units, each with its odds). Without it the screen shows ``show``'s text."""

    screen_keys: tuple[tuple[str, str, tuple[str, str]], ...]
    """The game's own keys there: (key, what the action line opens with, the key's words in
    English and Japanese), e.g. a key that opens the line on the game's attack."""

    dice_keys: tuple[str, ...]
    """An action's keys whose dice may be typed as faces in a row (``6315``)."""

    def screen(
        self, state: Any, catalog: Any, options: ShowOptions, lang: Any
    ) -> tuple[str, str]: ...
