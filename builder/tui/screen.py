"""The screens' side of the document: what they show comes down, what the player asks goes up.

A game's screen derives :class:`DocumentScreen` in its own team and catalog types
(``class TeamScreen(DocumentScreen[Team, Catalog])``): ``self.team`` is a ``Team``, no cast.
The app hands every document screen the current :class:`~builder.tui.document.DocView` by
setting its :attr:`DocumentScreen.doc` after each change; the screen redraws in :meth:`show`
(at once when it is the one on top, else when it is back on top). The screen never replaces the
team: :meth:`DocumentScreen.edit` posts an :class:`~builder.tui.messages.Edit` to the app.

What a game brings to the app as data (its first screen's factory, help, footer words, nouns)
is the kit's :class:`builder.systems.SystemUI`, re-exported here for a game's ``tui/`` package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from textual import events
from textual.screen import Screen

from builder.core.i18n import Lang, Pair
from builder.core.problems import Problem
from builder.systems import HelpSection, SystemUI
from builder.tui.document import DocView
from builder.tui.messages import Edit, EditRefused

__all__ = ["DocView", "DocumentScreen", "EditRefused", "HelpSection", "SystemUI"]

TeamT = TypeVar("TeamT")
CatalogT = TypeVar("CatalogT")


class DocumentScreen(Screen[None], Generic[TeamT, CatalogT]):
    """A screen of the open document, in the game's own team and catalog types."""

    HELP_ID: ClassVar[str] = ""
    """The ``screen:`` of this screen's section in the game's ``ui.yaml`` help (F1 shows it
    first); empty: the class's name."""

    def __init__(self, doc: DocView[TeamT, CatalogT]) -> None:
        super().__init__()
        self._doc = doc
        self._stale = False

    # --- attributes down --------------------------------------------------------------

    @property
    def doc(self) -> DocView[TeamT, CatalogT]:
        """What the screen shows: set by the app after every change of the document."""
        return self._doc

    @doc.setter
    def doc(self, doc: DocView[TeamT, CatalogT]) -> None:
        before = self._doc
        self._doc = doc
        if not self.is_mounted:
            return
        if self.in_sight:
            self.shown(before)
        else:
            self._stale = True  # drawn when the player comes back to it

    @property
    def in_sight(self) -> bool:
        """Whether any of the screen shows: it is on top, or only screens that let it show
        through (a dialog's translucent backdrop) are above it. Textual's ``is_current`` also
        counts the screen under an opaque one (the team under the unit editor), which redrew
        its whole table on every key of the editor for nobody."""
        stack = self.app.screen_stack
        if self not in stack:
            return False
        above = stack[stack.index(self) + 1 :]
        return all(screen.styles.background.a < 1 for screen in above)

    @property
    def team(self) -> TeamT:
        return self._doc.team

    @property
    def catalog(self) -> CatalogT:
        return self._doc.catalog

    @property
    def lang(self) -> Lang:
        return self._doc.lang

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self._doc.problems

    def say(self, pair: Pair) -> str:
        """``pair`` in the screen's language."""
        return pair[1] if self.lang == "ja" else pair[0]

    # --- drawing ----------------------------------------------------------------------

    def show(self) -> None:
        """Draw everything from :attr:`doc` (on mount, after a change, back on top)."""

    def shown(self, before: DocView[TeamT, CatalogT]) -> None:
        """The document changed from ``before``: redraw (default: :meth:`show`). A screen that
        keeps marks by name drops them when ``before.generation`` differs (another file)."""
        self.show()

    # Textual calls these after a subclass's own ``on_mount`` / ``on_screen_resume`` (and
    # Screen's after them): the screen is set up when it is first drawn.
    def _on_mount(self, event: events.Mount) -> None:
        self.show()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._stale:
            self._stale = False
            self.show()

    def focus_field(self, field: str) -> None:
        """Bring the item and field of a problem (``items[1].name``) into view; default:
        nothing (the problems screen still lists it)."""

    # --- messages up ------------------------------------------------------------------

    def edit(
        self,
        label: Pair,
        change: Callable[[TeamT], TeamT],
        then: Callable[[TeamT], Any] | None = None,
    ) -> None:
        """Ask the app to change the team with ``change`` (recorded as ``label`` for undo);
        ``then`` runs with the new team once it is the document's."""
        self.post_message(Edit(label, change, then))


def refuse(said: Pair) -> EditRefused:
    """The exception an edit's ``change`` raises when the team cannot take it."""
    return EditRefused(said)
