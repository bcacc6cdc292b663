"""The open team against another team file: ``laminim matchup`` in the TUI (``m`` on the team
screen of a game with match-ups; docs/matchup.md).

:func:`ask_matchup` asks for the other file in the kit's file dialog (the one ``ctrl+o``
opens), then shows :class:`MatchupScreen`: drawn at once with "computing…", the numbers worked
out in a thread worker (the game's ``matchup``, what ``laminim matchup OPEN_FILE OTHER_FILE``
computes, the open team as it is now, saved or not), then both teams' matrices of P(alive) and
damage delivered with each team's best and worst pairing — the command's 80-column text, laid
out to the screen's width, names and words in the player's language, scrolled with the arrows
and page keys. Both teams are read against the open document's catalog. A file that cannot be
matched (another game, unknown parts) shows its problems instead, as the command says them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from builder.core.i18n import Labels
from builder.core.problems import InputError, Problem, errors_of
from builder.systems import (
    DEFAULT_ROUNDS,
    AnySystem,
    Matchup,
    MatchupEntry,
    MatchupOptions,
    Matchups,
    matchup_parts,
)
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.screen import DocumentScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

TeamT = TypeVar("TeamT")
CatalogT = TypeVar("CatalogT")

LABELS = Labels.load(__file__, "matchup_screen_labels.yaml")
_STYLES = {"subtitle": "dim", "note": "dim", "best": "green", "worst": "red"}


def ask_matchup(screen: DocumentScreen[Any, Any], system: AnySystem) -> None:
    """The file dialog for the other team, then the match-up screen with it."""
    from builder.tui.dialogs.file_dialog import FileDialog

    doc = screen.doc

    def chosen(path: Path | None) -> None:
        if path is not None:
            screen.app.push_screen(MatchupScreen(screen.doc, system, path))

    start = doc.path.parent if doc.path is not None else Path.cwd()
    screen.app.push_screen(FileDialog(LABELS.t("pick", doc.lang), doc.lang, start=start), chosen)


class MatchupScreen(DocumentScreen[TeamT, CatalogT], Generic[TeamT, CatalogT]):
    """The open team (side A) against the team in ``other`` (side B), over ``rounds``."""

    BINDINGS: ClassVar[list[BindingType]] = [keys.BACK]

    class Matched(Message):
        """The matrices (or the problems that stop them) are on screen (tests wait for it)."""

    def __init__(
        self,
        doc: DocView[TeamT, CatalogT],
        system: AnySystem,
        other: Path,
        rounds: int = DEFAULT_ROUNDS,
    ) -> None:
        super().__init__(doc)
        self.system = system
        self.other = other
        self.rounds = rounds
        self.result: Matchup | None = None
        self.refused: list[Problem] = []
        """The problems that stop the match-up (bad input in either file, another game)."""
        self._generation = 0
        self._team: Any = None  # the team the result is of

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="matchup-body"):
            yield Static("", id="matchup-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#matchup-body", VerticalScroll).focus()

    def on_resize(self) -> None:
        self._draw()

    def show(self) -> None:
        """Another team (an edit, an undo): computed again; else drawn (another language)."""
        if self._team is not self.team:
            self._team = self.team
            self._generation += 1
            self.result, self.refused = None, []
            self._compute(self._generation, self.team)
        self._draw()

    @work(thread=True, exclusive=True, group="matchup")
    def _compute(self, generation: int, team: Any) -> None:
        try:
            result: Matchup | None = self.match(team)
            refused: list[Problem] = []
        except InputError as exc:
            result, refused = None, list(exc.problems)
        self.app.call_from_thread(self._done, generation, result, refused)

    def match(self, team: Any) -> Matchup:
        """The match-up of ``team`` (the open file, as it is now) against :attr:`other`, read
        against the open catalog; InputError with what stops it."""
        from builder.roster.team_file import read_team, read_text, team_text

        system, catalog = self.system, self.catalog
        path = self.doc.path
        here = str(path) if path is not None else LABELS.t("unsaved", self.lang)
        mine, read = read_text(team_text(system, team, None), here, expected=system.id)
        found, theirs = read_team(self.other, expected=system.id)
        problems = list(read.problems) if mine is None or read.team is None else []
        if found is None or theirs.team is None:
            raise InputError([*problems, *theirs.problems])
        problems += errors_of(found.check(theirs, catalog).problems)
        if problems:
            raise InputError(problems)
        entries = (MatchupEntry(read, here), MatchupEntry(theirs, str(self.other)))
        assert isinstance(system, Matchups)  # ``m`` is offered only by games with match-ups
        return system.matchup(entries, catalog, MatchupOptions(self.rounds))

    def _done(self, generation: int, result: Matchup | None, refused: list[Problem]) -> None:
        if generation != self._generation or not self.is_attached:
            return
        self.result, self.refused = result, refused
        self._draw()
        self.post_message(self.Matched())

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        self.query_one("#matchup-text", Static).update(Group(*self._lines()))

    def _lines(self) -> list[RenderableType]:
        lang, m = self.lang, self.result
        if self.refused:
            head = LABELS.t("refused", lang, file=str(self.other))
            return [
                Text(head, style="bold"),
                *(Wrapped(p.show(lang), lead="  • ") for p in self.refused),
            ]
        if m is None:
            return [Text(LABELS.t("computing", lang, file=str(self.other)), style="italic")]
        width = max(40, self.size.width - 2)  # the scroll bar
        out: list[RenderableType] = []
        for kind, text in matchup_parts(m, lang, width):
            if kind in ("side", "best", "note"):
                out.append(Text(""))
            if kind in ("title", "side"):
                out.append(Text(text, style="bold"))
            elif kind == "tables":
                out.append(Text(text))
            else:
                out.append(Wrapped(text, style=_STYLES.get(kind, "")))
        return out

    def action_back(self) -> None:
        self.workers.cancel_group(self, "matchup")
        self.dismiss(None)
