"""The messages screens post up to the app (Textual's "attributes down, messages up").

A screen never changes the open document: it says what the player asked for, and the app (the
document's owner) does it, records it for undo, marks the file unsaved and checks it again, then
hands every screen the new :class:`builder.tui.document.DocView`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from textual.message import Message

from builder.core.i18n import Pair

TeamT = TypeVar("TeamT")


class EditRefused(Exception):
    """Raised by an edit's ``change`` when the team as it now is cannot take it (a name in
    use, an item gone): the app says ``said`` in the player's language and records nothing."""

    def __init__(self, said: Pair) -> None:
        super().__init__(said[0])
        self.said = said


@dataclass
class Edit(Message, Generic[TeamT]):
    """The player changed the team: ``change`` makes the new team from the current one.

    A function of the team, not a new team, so that two keys pressed before the app has
    handled the first one make two edits, each on the other's result. ``label`` names the step
    in "Undone: …" (English, Japanese). ``then`` is called with the new team once it is the
    document's (a screen that adds an item opens it for editing)."""

    label: Pair
    change: Callable[[TeamT], TeamT]
    then: Callable[[TeamT], Any] | None = None


@dataclass
class FieldChosen(Message):
    """The player chose a problem: show the item and field it is about (``units[1].frame``)."""

    field: str
