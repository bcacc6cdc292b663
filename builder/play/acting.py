"""The part of a game's battle every game shares: one action applied, the state shown
(docs/design.md "Battle records and actions").

A game's :class:`~builder.systems.battle.Battle` subclasses :class:`ActingBattle`, names its
action reader (an :class:`~builder.play.reader.ActionReader`), its acts (one function a
``do:`` value: the reader and the dice in, :class:`~builder.systems.battle.Applied` out) and its
rules core's refusal class (each pure core defines its own ``PlayRefusal``: a core imports
nothing outside itself), and words those refusals (:meth:`ActingBattle.refusal`). ``apply``
then checks the action's keys, runs its act and, when the rules core refuses, refuses with the
action's own problems first (they say more), else with the rules' reason at its place; an action
applied is logged with the round it was made in. :class:`Viewing` gives ``screen`` and ``show``
from the game's play view.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from builder.core.i18n import Lang
from builder.core.messages import Message
from builder.play.reader import ActionReader, PlayTable
from builder.systems import Applied, Dice, Output, Refused, ShowOptions

Act = Callable[[Any, Dice], Applied[Any]]
"""One action's rules at the table: the game's reader of the action and its dice in."""


class Restarting(PlayTable, Protocol):
    """A game's table: the round, the units, and the same units as before the first action."""

    def restarted(self) -> Any: ...


TableT = TypeVar("TableT", bound=Restarting)
CatalogT = TypeVar("CatalogT")


class ActingBattle(ABC, Generic[TableT, CatalogT]):
    """What every game's battle does alike: restart the table, apply one action."""

    reader: ClassVar[type[ActionReader[Any, Any]]]
    """The game's action reader (its keys, its messages, its own values)."""
    acts: ClassVar[Mapping[str, Act]] = {}
    """The act of each ``do:`` value (a game may look them up lazily in :meth:`act`)."""
    refused: ClassVar[type[Exception]]
    """The game's rules core's ``PlayRefusal``: an action the rules refuse, as data (``key``,
    ``at`` its place in the action, ``params``); :meth:`apply` refuses it at ``at``."""

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


class Viewing(ABC):
    """A battle whose state is shown by its game's play view (``screen`` and ``show`` of the
    :class:`~builder.systems.battle.Battle` contract), imported when first shown."""

    @abstractmethod
    def view(self) -> Any:
        """The game's play view module, with ``screen_text(state, catalog, options, lang)``
        and ``show(state, catalog, options)``."""

    def screen(self, state: Any, catalog: Any, options: ShowOptions, lang: Lang) -> tuple[str, str]:
        """The play screen's text: a head kept in view and the units with their odds."""
        return self.view().screen_text(state, catalog, options, lang)

    def show(self, state: Any, catalog: Any, options: ShowOptions) -> Output:
        return self.view().show(state, catalog, options)


__all__ = ["Act", "ActingBattle", "Viewing"]
