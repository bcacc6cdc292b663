"""The part of a game's battle every game shares: one action applied, the state shown
(docs/design.md "Battle records and actions").

A game's :class:`~builder.systems.battle.Battle` subclasses :class:`ActingBattle`, names its
state module, its action reader (an :class:`~builder.play.reader.ActionReader`: its ``keys``
are the game's ``do:`` values), its acts (one function a ``do:`` value: the reader and the dice
in, :class:`~builder.systems.battle.Applied` out) and its rules core's refusal class (each pure
core defines its own ``PlayRefusal``: a core imports nothing outside itself), and words those
refusals (:meth:`ActingBattle.refusal`). ``apply`` then checks the action's keys, runs its act
and, when the rules core refuses, refuses with the action's own problems first (they say more),
else with the rules' reason at its place; an action applied is logged with the round it was
made in. The state's plain data comes from the game's ``play/state_data.py`` (``states``), the
screen and ``show`` from its ``play/view.py`` (:meth:`ActingBattle.view`, imported when first
shown).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from builder.core.i18n import Lang
from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem, closest
from builder.play.reader import ActionReader, PlayTable, roll_call
from builder.systems import Applied, Dice, Output, Refused, ShowOptions

Act = Callable[[Any, Dice], Applied[Any]]
"""One action's rules at the table: the game's reader of the action and its dice in."""


class Restarting(PlayTable, Protocol):
    """A game's table: the round, the units, the same units as before the first action, and
    whether the game has ended."""

    @property
    def over(self) -> bool: ...

    def restarted(self) -> Any: ...


class States(Protocol):
    """A game's ``play/state_data.py``: its table as the record's plain data, and back."""

    def state_data(self, table: Any) -> dict[str, Any]: ...

    def read_state(self, data: dict[str, Any], catalog: Any) -> Any: ...


TableT = TypeVar("TableT", bound=Restarting)
CatalogT = TypeVar("CatalogT")


class ActingBattle(ABC, Generic[TableT, CatalogT]):
    """What every game's battle does alike: restart the table, apply one action, write and
    read its state, show it."""

    states: States
    """The game's ``play/state_data.py``: ``state_data(table)``, ``read_state(data, catalog)``."""
    reader: ClassVar[type[ActionReader[Any, Any]]]
    """The game's action reader (its keys, its messages, its own values)."""
    acts: ClassVar[Mapping[str, Act]] = {}
    """The act of each ``do:`` value (a game may look them up lazily in :meth:`act`)."""
    refused: ClassVar[type[Exception]]
    """The game's rules core's ``PlayRefusal``: an action the rules refuse, as data (``key``,
    ``at`` its place in the action, ``params``); :meth:`apply` refuses it at ``at``."""

    @property
    def actions(self) -> tuple[str, ...]:
        """The ``do:`` values the game knows: its reader's."""
        return tuple(self.reader.keys)

    @abstractmethod
    def view(self) -> Any:
        """The game's play view module, with ``screen_text(state, catalog, options, lang)``
        and ``show(state, catalog, options)`` (imported here, when first shown)."""

    def state_data(self, state: TableT) -> dict[str, Any]:
        return self.states.state_data(state)

    def read_state(self, data: Mapping[str, Any], catalog: CatalogT) -> TableT:
        state: TableT = self.states.read_state(dict(data), catalog)
        return state

    def over(self, state: TableT) -> bool:
        return state.over

    def screen(
        self, state: TableT, catalog: CatalogT, options: ShowOptions, lang: Lang
    ) -> tuple[str, str]:
        """The play screen's text: a head kept in view and the units with their odds."""
        return self.view().screen_text(state, catalog, options, lang)

    def show(self, state: TableT, catalog: CatalogT, options: ShowOptions) -> Output:
        return self.view().show(state, catalog, options)

    def restart(self, state: TableT) -> TableT:
        restarted: TableT = state.restarted()
        return restarted

    def act(self, do: str, read: Any, dice: Dice) -> Applied[TableT]:
        """The action ``do`` applied (a game may turn its own errors into refusals here)."""
        applied: Applied[TableT] = self.acts[do](read, dice)
        return applied

    @abstractmethod
    def refusal(self, exc: Any, state: TableT, catalog: CatalogT) -> Message:
        """The rules core's refusal in the player's words (each game names its units, weapons)."""

    def apply(
        self, state: TableT, action: Mapping[str, Any], dice: Dice, catalog: CatalogT
    ) -> Applied[TableT]:
        do = str(action["do"])
        read = self.reader(dict(action), state, catalog)
        read.check_keys(do)
        try:
            applied = self.act(do, read, dice)
        except self.refused as exc:
            read.refuse_if_any()  # the action's own problems first: they say more
            at: tuple[str | int, ...] = getattr(exc, "at")  # noqa: B009  (any core's refusal)
            raise Refused.at(at, self.refusal(exc, state, catalog)) from None
        return replace(applied, stamp={"round": state.round, **applied.stamp})


def threat_choices(
    threats: Iterable[str], default: str | None, table: PlayTable
) -> tuple[str, ...]:
    """The play screen's ``t`` (:class:`~builder.systems.battle.ChoosesThreat`): the catalog's
    threats but its default, then each unit of the record (its ID, as ``--threat`` takes it)."""
    return (*(t for t in threats if t != default), *(str(f.id) for f in table.fighters))


def unknown_threat(
    messages: Messages, text: str, threats: list[str], table: PlayTable
) -> InputError:
    """``--threat`` naming neither a catalog threat (``threats``, their ids) nor a unit: the
    closest name hinted, the threats and the units listed, in the game's words
    (``odds-unknown-threat``, ``did-you-mean``)."""
    hint = closest(text, [*threats, *(str(f.id) for f in table.fighters)])
    said = messages(
        "odds-unknown-threat",
        threat=text,
        hint=messages("did-you-mean", word=hint) if hint else "",
        threats=", ".join(threats) or "—",
        units=roll_call(table),
    )
    return InputError([Problem("--threat", None, None, "", said)])


__all__ = ["Act", "ActingBattle", "threat_choices", "unknown_threat"]
