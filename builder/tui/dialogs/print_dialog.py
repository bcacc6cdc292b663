"""Print options (paper, language, card size, output folder) and a render that runs in a thread.

The game system lays the printouts out; the renderer (``builder.render.batch``) is imported
inside the worker: it pulls in weasyprint, which is slow to import, and the TUI must not pay for
it at start-up.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, Select, Static

from builder.core.i18n import LANG_NAMES, LANGS, Lang
from builder.core.input_files import exists_safely
from builder.core.messages import Messages
from builder.core.problems import Problem, errors_of
from builder.render.layout import PAPERS
from builder.systems import SystemUI
from builder.tui.labels import SHELL_LABELS, t
from builder.tui.widgets.wrapped import Wrapped

if TYPE_CHECKING:
    from builder.systems import AnySystem, TeamModel


def check_out_dir(path: Path, lang: Lang) -> str | None:
    """Why ``path`` cannot take the printed files (in ``lang``), or None when it can.

    Creates the folder (as rendering would) and writes and removes a probe file, so a file in the
    way, a read-only place or a missing permission is reported before any rendering starts.
    """
    blocker = next((p for p in (path, *path.parents) if exists_safely(p)), None)
    if blocker is not None and not os.path.isdir(blocker):
        return t("dir_is_file", lang).format(path=blocker)
    try:
        path.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".laminim-", dir=path)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        return t("dir_not_writable", lang).format(path=path, reason=exc.strerror or exc)
    return None


MESSAGES = Messages.load(__file__)

_REMEMBERED: WeakKeyDictionary[App[Any], dict[str, str]] = WeakKeyDictionary()
"""The last paper, language, card size and folder printed with, per running app."""


def team_problems(system: AnySystem, team: TeamModel, catalog: Any) -> list[Problem]:
    """Why ``team`` is not legal (empty when it is), as the CLI's ``check`` would say.

    The shell holds the team, not a file: the team goes through the system's own reader from
    its plain data (``dump_team``), so the check is exactly the one a saved file gets.
    """
    import yaml

    from builder.core.source import parse_yaml

    try:
        text = yaml.safe_dump(system.dump_team(team), allow_unicode=True, sort_keys=False)
        read = system.read_team(parse_yaml(text, team_label(team)))
        report = system.check(read, catalog)
    except Exception as exc:  # never let the check stop a print: say what happened instead
        return [Problem(team_label(team), None, None, "", MESSAGES("check-failed", error=str(exc)))]
    if report.exit_code == 0:
        return []
    return errors_of(report.problems)


def written_lines(paths: list[Path]) -> str:
    """The written files as shown: each folder once, then its file names (a long folder path
    may wrap, a file name stays on its own line and in view)."""
    lines: list[str] = []
    folder: Path | None = None
    for path in paths:
        if path.parent != folder:
            folder = path.parent
            lines.append(f"{folder}{os.sep}")
        lines.append(f"  {path.name}")
    return "\n".join(lines)


def team_label(team: Any) -> str:
    return str(getattr(team, "name", "team"))


class PrintDialog(ModalScreen[list[Path] | None]):
    """Returns the written paths (None if nothing was printed)."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "close", "Close"),
        # a key of its own: enter belongs to the focused field (it opens a drop-down)
        Binding("ctrl+p", "print", "Print", priority=True),
    ]

    class Progress(Message):
        def __init__(self, step: str, done: int, total: int) -> None:
            super().__init__()
            self.step = step
            self.done = done
            self.total = total

    class Finished(Message):
        def __init__(self, paths: list[Path] | None, error: str | None) -> None:
            super().__init__()
            self.paths = paths
            self.error = error

    def __init__(
        self,
        system: AnySystem,
        team: TeamModel,
        catalog: Any,
        lang: Lang,
        ui: SystemUI,
        out_dir: Path | None = None,
        problems: Sequence[Problem] | None = None,
    ) -> None:
        super().__init__()
        self._system = system
        self._ui = ui
        self._team = team.model_copy(deep=True)
        self._catalog = catalog
        self._lang = lang
        self._out_dir = out_dir or Path("output")
        self._written: list[Path] | None = None
        self._problems = (
            errors_of(problems) if problems is not None else team_problems(system, team, catalog)
        )
        """Why the team is not legal (the open document's problems, when given): shown, and
        Print becomes "Print anyway"."""

    def _select_row(
        self, label: str, select_id: str, options: Sequence[tuple[str, str]], value: str
    ) -> Horizontal:
        """One labelled drop-down of the dialog (paper, language, card size), in its row."""
        return Horizontal(
            Label(t(label, self._lang), classes="print-label"),
            Select(options, value=value, allow_blank=False, id=select_id, compact=True),
            classes="print-row",
        )

    def _choice(self, kind: str, value: str, shown: str) -> str:
        """A drop-down choice as shown: in Japanese from the shell's table when it has one."""
        key = f"{kind}_{value}"
        return t(key, "ja") if self._lang == "ja" and key in SHELL_LABELS else shown

    def _card(self, help_text: str) -> str:
        """A card size as ``cards --help`` says it (its name, size and cards a page), in the
        dialog's language from the game's own help table."""
        if self._lang != "ja":
            return help_text
        from builder.systems import help_words

        return help_words(self._system.id).get(help_text, help_text)

    def compose(self) -> ComposeResult:
        remembered = _REMEMBERED.get(self.app, {})
        sizes = [c.id for c in self._system.card_sizes]
        size = remembered.get("card_size", sizes[0])
        with Vertical(classes="dialog dialog-wide"):
            yield Label(
                self._ui.print_title[self._lang == "ja"].format(name=self._team.name),
                classes="dialog-question",
            )
            if self._problems:
                yield Label(t("print_illegal", self._lang, self._ui.noun), classes="error-title")
                with VerticalScroll(id="print-problems"):
                    for p in self._problems:
                        where = f"{p.field}: " if p.field else ""
                        yield Static(
                            Wrapped(where + p.text(self._lang), lead="• "), classes="problem"
                        )
            papers = [
                (self._choice("paper", p, p.upper() if p == "a4" else p.title()), p) for p in PAPERS
            ]
            yield self._select_row("paper", "paper", papers, remembered.get("paper", "a4"))
            languages = [(LANG_NAMES[code], code) for code in LANGS]
            yield self._select_row(
                "language", "lang", languages, remembered.get("lang", self._lang)
            )
            # a game with one size (a map sheet) has nothing to choose: the row is hidden
            cards = [(self._card(c.help), c.id) for c in self._system.card_sizes]
            row = self._select_row(
                "card_size", "card-size", cards, size if size in sizes else sizes[0]
            )
            row.id = "card-size-row"
            row.display = len(sizes) > 1
            yield row
            with Horizontal(classes="print-row"):
                yield Label(t("out_dir", self._lang), classes="print-label")
                yield Input(
                    remembered.get("out_dir", str(self._out_dir)), id="out-dir", compact=True
                )
            yield ProgressBar(total=1, show_eta=False, id="print-progress")
            yield Label("", id="print-step")
            # the written files, every one in view (not a focusable log that scrolls)
            yield Static("", id="print-files", markup=False)
            with Horizontal(classes="dialog-buttons"):
                label = "print_anyway" if self._problems else "print"
                yield Button(t(label, self._lang), variant="primary", id="print")
                yield Button(t("close_esc", self._lang), id="close")

    def on_mount(self) -> None:
        self.query_one("#print", Button).focus()

    def action_print(self) -> None:
        """``ctrl+p``: the Print (or Print anyway) button, from whatever field has the focus."""
        if not self.query_one("#print", Button).disabled:
            self._print()

    @on(Button.Pressed, "#print")
    def _print(self) -> None:
        typed = self.query_one("#out-dir", Input).value.strip() or "output"
        out_dir = Path(typed).expanduser()
        self.query_one("#print-files", Static).update("")
        paper = self.query_one("#paper", Select).value
        lang = self.query_one("#lang", Select).value
        card_size = self.query_one("#card-size", Select).value
        _REMEMBERED[self.app] = {
            "paper": str(paper),
            "lang": str(lang),
            "card_size": str(card_size),
            "out_dir": typed,
        }
        problem = check_out_dir(out_dir, self._lang)
        if problem is not None:
            self._failed(problem)
            self.query_one("#out-dir", Input).focus()
            return
        self.query_one("#print", Button).disabled = True
        step = self.query_one("#print-step", Label)
        step.remove_class("error")
        step.update(t("starting", self._lang))
        self._run_print(out_dir, str(paper), str(lang), str(card_size))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.workers.cancel_group(self, "print")
        self.dismiss(self._written)

    @work(thread=True, exclusive=True, group="print")
    def _run_print(self, out_dir: Path, paper: str, lang: str, card_size: str) -> None:
        from builder.render.batch import render_printouts  # lazy: WeasyPrint loads on first print
        from builder.systems import PrintOptions

        try:
            options = PrintOptions(paper=paper, lang=lang, card_size=card_size)  # type: ignore[arg-type]

            def progress(step: str, done: int, total: int) -> None:
                self.post_message(self.Progress(step, done, total))

            paths = render_printouts(
                self._system.printouts(self._team, self._catalog, options),
                out_dir,
                self._team.name,
                progress=progress,
            )
        except Exception as exc:  # a render failure must not kill the TUI
            self.post_message(self.Finished(None, f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(self.Finished(list(paths), None))

    def on_print_dialog_progress(self, event: Progress) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=max(1, event.total), progress=event.done)
        self.query_one("#print-step", Label).update(f"{event.step} ({event.done}/{event.total})")

    def on_print_dialog_finished(self, event: Finished) -> None:
        self.query_one("#print", Button).disabled = False
        if event.error:
            self._failed(event.error)
            return
        step = self.query_one("#print-step", Label)
        self._written = event.paths or []
        step.remove_class("error")
        step.update(t("done_n", self._lang).format(n=len(self._written)))
        bar = self.query_one(ProgressBar)
        bar.update(total=1, progress=1)
        self.query_one("#print-files", Static).update(written_lines(self._written))

    def _failed(self, message: str) -> None:
        """Show why nothing (more) was printed; the dialog stays open to try again."""
        step = self.query_one("#print-step", Label)
        step.update(f"{t('failed', self._lang)}: {message}")
        step.add_class("error")
