"""Every problem ``laminim check`` reports for the open file, in its order, to move through.

Each row is ``file:line:col`` and the problem in the player's language. What the editor can
show is fixed in place: enter goes to the item (the game's screen brings it into view). What
it cannot (a YAML syntax error, a value of the wrong type, an item the game's reader had to
leave out) is marked ✎ with the advice to fix it in a text editor, and ctrl+r reloads the file.

The app hands the screen its problems (:meth:`ProblemsScreen.set_problems`) after every check.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from builder.core.i18n import Lang
from builder.core.problems import Problem
from builder.tui import keys
from builder.tui.labels import Noun, t
from builder.tui.messages import FieldChosen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped, wrap_phrases


def where(problem: Problem) -> str:
    """``file:line:col``, the file as the title names it (relative to the working folder when
    it is under it)."""
    path = Path(problem.file)
    try:
        shown = str(path.resolve().relative_to(Path.cwd())) if path.is_absolute() else str(path)
    except (ValueError, OSError):
        shown = str(path)
    return Problem(shown, problem.line, problem.col, "", problem.words).where()


Mode = str
"""``"editable"`` (fix here), ``"locked"`` (some only in a text editor) or ``"unreadable"``."""


class ProblemsScreen(Screen[None]):
    BINDINGS = [  # noqa: RUF012
        Binding("enter", "go", "Go to", key_display="⏎"),
        Binding("ctrl+r", "reload", "Reload"),
        keys.BACK,
    ]

    def __init__(
        self,
        problems: Sequence[Problem],
        lang: Lang,
        noun: Noun,
        *,
        mode: Mode = "editable",
        outside: Sequence[Problem] = (),
    ) -> None:
        super().__init__()
        self.problems: tuple[Problem, ...] = tuple(problems)
        self.lang: Lang = lang
        self.noun = noun
        self.mode = mode
        self.outside: tuple[Problem, ...] = tuple(outside)
        """The problems only a text editor can fix (marked ✎)."""

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="problems-advice")
        yield OptionList(id="problems-list")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()
        self.query_one(OptionList).focus()

    def set_problems(
        self,
        problems: Sequence[Problem],
        lang: Lang,
        *,
        mode: Mode = "editable",
        outside: Sequence[Problem] = (),
    ) -> None:
        """The problems as the app now knows them (after an edit, a reload, a language)."""
        self.problems, self.lang, self.mode = tuple(problems), lang, mode
        self.outside = tuple(outside)
        if self.is_mounted:
            self.show()

    def show(self) -> None:
        lang = self.lang
        advice = {
            "editable": "problems_editable",
            "locked": "problems_locked",
            "unreadable": "problems_unreadable",
        }[self.mode]
        count = len(self.problems)
        head = t("problems_count", lang).format(n=count) if count else t("no_problems", lang)
        self.query_one("#problems-advice", Static).update(
            Group(Text(head, style="bold"), Wrapped(t(advice, lang, self.noun), style="dim"))
        )
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options([self._row(i, p) for i, p in enumerate(self.problems)])
        if self.problems:
            listing.highlighted = min(highlighted or 0, len(self.problems) - 1)

    def _row(self, index: int, problem: Problem) -> Option:
        lang = self.lang
        outside = problem in self.outside or self.mode == "unreadable"
        mark = "✎ " if outside else ("! " if problem.severity == "warning" else "✗ ")
        style = "yellow" if problem.severity == "warning" else "red"
        width = max(20, self.size.width - 9)  # the list's border, padding, scrollbar; the indent
        text = Text(mark, style=style)
        text.append(where(problem), style="bold")
        field = f"{problem.field}: " if problem.field else ""
        for line in wrap_phrases(field + problem.text(lang), width):
            text.append(f"\n  {line}")
        if outside:
            for line in wrap_phrases(t("fix_in_editor", lang), width):
                text.append(f"\n  {line}", style="dim")
        return Option(text, id=f"p{index}")

    def on_resize(self) -> None:
        self.show()

    def chosen(self) -> Problem | None:
        index = self.query_one(OptionList).highlighted
        return self.problems[index] if index is not None and index < len(self.problems) else None

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_go()

    def action_go(self) -> None:
        problem = self.chosen()
        if problem is None or self.mode == "unreadable" or problem in self.outside:
            self.app.bell()
            self.notify(t("fix_in_editor", self.lang), severity="warning")
            return
        self.post_message(FieldChosen(problem.field))

    def action_reload(self) -> None:
        """The file again from disk, once fixed in a text editor (the app's ctrl+r)."""
        reload = getattr(self.app, "action_reload", None)
        if reload is not None:
            reload()

    def action_back(self) -> None:
        if self.mode == "unreadable":
            self.app.bell()  # nothing under it to go back to: ctrl+o opens another file
            return
        self.dismiss(None)
