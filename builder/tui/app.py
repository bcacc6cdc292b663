"""The builder TUI: the app owns the open document and is the only place that changes it.

It knows no game: the file's game system supplies the screens, styles, help and words
(:class:`builder.systems.SystemUI`). The app holds the :class:`~builder.tui.document.Document`
(path, game, catalog, team, problems, unsaved or not, the undo history); a screen asks for a
change by posting an :class:`~builder.tui.messages.Edit`, the app applies it, records it for
undo, marks the file unsaved and checks it again (in a worker, as ``laminim check`` checks the
text a save would write), then hands every document screen the new
:class:`~builder.tui.document.DocView` (attributes down, messages up).

Opening a file of another game switches the whole app to that game; a file with problems opens
on the problems screen; an error nobody expected is a dialog, never a traceback, and the
document stays open to be saved.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import App
from textual.binding import BindingType
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen

from builder.core.i18n import Lang, Pair, shown_name
from builder.core.input_files import read_input
from builder.core.problems import Problem
from builder.tui import keys
from builder.tui.document import Document, Opened, Unreadable, check_text, open_file
from builder.tui.labels import t
from builder.tui.messages import Act, Edit, EditRefused, FieldChosen
from builder.tui.opening import run  # noqa: F401  (laminim tui's entry, kept importable here)
from builder.tui.screen import DocumentScreen, SystemUI

if TYPE_CHECKING:
    from builder.systems import AnySystem
    from builder.tui.play.record_document import RecordDocument


class BuilderApp(App[int]):
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = list(keys.APP_KEYS)
    _MODAL_BLOCKED: ClassVar[set[str]] = {
        "open",
        "save",
        "save_as",
        "print",
        "toggle_lang",
        "help",
        "undo",
        "redo",
        "problems",
        "reload",
        "share",
        "play",
    }
    RAISE_ERRORS: ClassVar[bool] = False
    """Let an unexpected error end the app (the tests: a bug must fail them, not hide in a
    dialog); the player's app shows it as a dialog and keeps the document open."""

    lang: reactive[Lang] = reactive("en", init=False)
    dirty: reactive[bool] = reactive(False, init=False)

    def __init__(
        self,
        opened: Document[Any, Any] | Unreadable | None,
        *,
        lang: Lang = "en",
        notes: Opened | None = None,
        record: RecordDocument | None = None,
        threat: str | None = None,
    ) -> None:
        """``record``: a battle record open on the play screen (over the team's screens when
        ``opened`` is its team, alone when None)."""
        self.doc: Document[Any, Any] | None = opened if isinstance(opened, Document) else None
        self.unreadable: Unreadable | None = opened if isinstance(opened, Unreadable) else None
        self.record: RecordDocument | None = None
        """The battle record open on the play screen (the app owns it as it owns the team)."""
        self._opening_record = (record, threat)
        self._uis: dict[str, SystemUI] = {}
        self.ui: SystemUI = self._ui_of(self.system)
        super().__init__(css_path=[Path(__file__).with_name("app.tcss"), *self.ui.css_paths])
        self._lost = notes.lost if notes is not None else []
        self._generation = opened.generation if opened is not None else 0
        self._disk = self._digest()
        """Digest of the file as opened or last saved: a different one means an outside edit."""
        self.errors: list[BaseException] = []
        """Unexpected errors shown as dialogs (the tests look at them)."""
        self.title_parts: tuple[str, str, str, str] = ("", "", "", "")
        self.set_reactive(BuilderApp.lang, lang)
        self.set_reactive(BuilderApp.dirty, False)

    # --- what is open ------------------------------------------------------------------

    @property
    def system(self) -> AnySystem:
        if self.doc is not None:
            return self.doc.system
        if self.unreadable is None:  # only a battle record is open
            record = self.record or self._opening_record[0]
            assert record is not None
            return record.session.system
        return self.unreadable.system

    @property
    def path(self) -> Path | None:
        if self.doc is not None:
            return self.doc.path
        return self.unreadable.path if self.unreadable is not None else None

    @property
    def team(self) -> Any:
        """The open team (None when the file could not be read)."""
        return self.doc.team if self.doc is not None else None

    @property
    def catalog(self) -> Any:
        return self.doc.catalog if self.doc is not None else None

    @property
    def catalog_dir(self) -> Path | None:
        return self.doc.catalog_dir if self.doc is not None else None

    def _ui_of(self, system: AnySystem) -> SystemUI:
        """The game's SystemUI, made once per game for the session (a game's screens keep
        their session choices, a threat or an opponent, in the factory they give)."""
        if system.id not in self._uis:
            self._uis[system.id] = system.tui()
        return self._uis[system.id]

    @classmethod
    def from_paths(
        cls,
        team_path: Path | None,
        catalog_dir: Path | None,
        system_id: str | None = None,
        lang: Lang = "en",
    ) -> BuilderApp:
        """The app on ``team_path`` (the game's demo file when None, not saved over: Save
        asks for a path). Raises InputError when the path is not a file to read at all (a
        file with problems opens on them)."""
        from builder import systems

        game = systems.get(system_id)
        path = team_path if team_path is not None else game.demo_file()
        read_input(path)  # a file to read at all (not missing, not a folder), else exit 2
        opened = open_file(path, fallback=game, expected=system_id, catalog_dir=catalog_dir)
        if opened.document is not None:
            if team_path is None:
                opened.document.path = None
            return cls(opened.document, lang=lang, notes=opened)
        assert opened.unreadable is not None
        return cls(opened.unreadable, lang=lang, notes=opened)

    @classmethod
    def of_team(
        cls,
        system: AnySystem,
        team: Any,
        *,
        catalog: Any = None,
        path: Path | None = None,
        original: str | None = None,
        catalog_dir: Path | None = None,
        lang: Lang = "en",
    ) -> BuilderApp:
        """The app on a team made in code (a test, the benchmark): its problems are those of
        the text a save of it would write, as ``laminim check`` would report them."""
        catalog = catalog if catalog is not None else system.load_catalog(catalog_dir)
        document: Document[Any, Any] = Document(
            system, catalog, team, path=path, original=original, catalog_dir=catalog_dir
        )
        name = str(path) if path is not None else team.name
        document.set_problems(0, check_text(system, catalog, document.save_text(), name))
        return cls(document, lang=lang)

    def say(self, key: str) -> str:
        """The shell label ``key`` in the app's language, naming this game's file content."""
        return t(key, self.lang, self.ui.noun)

    def said(self, pair: Pair) -> str:
        return pair[1] if self.lang == "ja" else pair[0]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast showing ``message`` as written, never as markup (screens' ``notify`` asks for
        markup by default): a path, a unit's name or a reason may hold ``[brackets]``."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def _refresh_notifications(self) -> None:
        """The notices go to the screen's message line (no toasts: see
        :mod:`builder.tui.widgets.message_line`)."""
        from builder.tui.widgets.message_line import MessageLine

        try:
            screen = self.screen
        except Exception:  # no screen yet
            return
        for line in screen.query(MessageLine):
            line.show_notices(list(self._notifications))

    def get_css_variables(self) -> dict[str, str]:
        """The shell's colour names, shared by its stylesheet and every system's."""
        variables = super().get_css_variables()
        variables.update(
            {
                "ok": variables["success"],
                "warn": variables["warning"],
                "bad": variables["error"],
                "panel-border": f"{variables['primary']} 50%",
                # survival curves: four hues that stay apart in every built-in theme
                "series-0": "#5fd75f",
                "series-1": "#5fafff",
                "series-2": "#ffaf00",
                "series-3": "#ff5fd7",
            }
        )
        return variables

    # --- screens -----------------------------------------------------------------------

    def on_mount(self) -> None:
        self._show_opened()
        self.offer_migration()

    def _first_screen(self, doc: Document[Any, Any]) -> Screen[Any]:
        """The game's first screen on ``doc`` (the kit's item list when the game has none)."""
        view = doc.view(self.lang)
        if self.ui.first_screen is None:
            from builder.tui.screens.items_screen import ItemsScreen

            return ItemsScreen(view)
        screen = self.ui.first_screen(view)
        if not isinstance(screen, Screen):
            raise TypeError(f"{self.system.id}: SystemUI.first_screen must make a Screen")
        return screen

    def _show_opened(self) -> None:
        """The screens of what is open: the game's first screen, with the problems screen
        over it when the file is unusable as it is (or only the problems of an unreadable
        file)."""
        from builder.tui.screens.problems_screen import ProblemsScreen

        self.update_title()
        record, threat = self._opening_record
        if record is not None:  # laminim play: the record on top of its team's screens
            from builder.tui.play import host

            self._opening_record = (None, None)
            if self.doc is not None:
                self.push_screen(self._first_screen(self.doc))
            host.show(self, record, threat)
            return
        if self.doc is None:
            assert self.unreadable is not None
            problems = self.unreadable.problems
            self.push_screen(ProblemsScreen(problems, self.lang, self.ui.noun, mode="unreadable"))
            return
        self.push_screen(self._first_screen(self.doc))
        if self.doc.locked:  # what the editor cannot hold: said before anything else
            self.action_problems()
        elif any(p.severity == "bad-input" for p in self.doc.problems):
            n = len(self.doc.problems)
            self.notify(self.say("file_has_problems").format(n=n), severity="warning", timeout=8)

    def _problems_mode(self) -> tuple[str, list[Problem]]:
        doc = self.doc
        if doc is None:
            return "unreadable", []
        if not doc.locked:
            return "editable", []
        from builder.tui.saving import outside

        return "locked", [p for p in doc.problems if outside(p.field, self._lost)]

    def action_problems(self) -> None:
        """Every problem of the file (F8), in check's order."""
        from builder.tui.screens.problems_screen import ProblemsScreen

        if any(isinstance(s, ProblemsScreen) for s in self.screen_stack):
            return
        problems = self.doc.problems if self.doc is not None else ()
        mode, outside = self._problems_mode()
        self.push_screen(
            ProblemsScreen(problems, self.lang, self.ui.noun, mode=mode, outside=outside)
        )

    @on(FieldChosen)
    def _go_to_field(self, message: FieldChosen) -> None:
        """A problem was chosen: back to the game's screens, which show its item."""
        from builder.tui.screens.problems_screen import ProblemsScreen

        if isinstance(self.screen, ProblemsScreen):
            self.pop_screen()
        screen = self.screen
        if isinstance(screen, DocumentScreen):
            screen.focus_field(message.field)

    # --- the document changes -----------------------------------------------------------

    @on(Act)
    def _act(self, message: Act) -> None:
        from builder.tui.play import host

        message.stop()
        host.act(self, message)

    def action_play(self) -> None:
        from builder.tui.play import host

        host.play(self)

    @on(Edit)
    def _edit(self, message: Edit[Any]) -> None:
        message.stop()
        doc = self.doc
        if doc is None:
            return
        if doc.locked:
            self.bell()
            self.notify(self.say("locked_edit"), severity="warning", timeout=6)
            return
        try:
            team = message.change(doc.team)
        except EditRefused as refused:
            self.bell()
            self.notify(self.said(refused.said), severity="warning")
            return
        if doc.apply(team, message.label):
            self._changed()
        if message.then is not None:
            message.then(doc.team)

    def action_undo(self) -> None:
        self._step(back=True)

    def action_redo(self) -> None:
        self._step(back=False)

    def _step(self, *, back: bool) -> None:
        from builder.tui.play import host

        if host.on_play_screen(self):
            host.step(self, back=back)
            return
        doc = self.doc
        if doc is None or doc.locked:
            self.bell()
            return
        label = doc.undo() if back else doc.redo()
        if label is None:
            self.bell()
            self.notify(self.say("nothing_to_undo" if back else "nothing_to_redo"), timeout=2)
            return
        what = self.said(label)
        self.notify(self.say("undone" if back else "redone").format(what=what), timeout=2)
        self._changed()

    def _changed(self) -> None:
        """The team changed: every screen shows it now, its problems follow from a worker."""
        self._publish()
        self._recheck()

    def _publish(self) -> None:
        """Hand every document screen (and the problems screen) what is open now."""
        from builder.tui.play import host
        from builder.tui.screens.problems_screen import ProblemsScreen

        doc = self.doc
        self.dirty = doc.dirty if doc is not None else False
        self.update_title()
        host.publish(self)
        mode, outside = self._problems_mode()
        view = doc.view(self.lang) if doc is not None else None
        for screen in self.screen_stack:
            if isinstance(screen, DocumentScreen) and view is not None:
                screen.doc = view
            elif isinstance(screen, ProblemsScreen):
                problems = (
                    doc.problems
                    if doc is not None
                    else self.unreadable.problems
                    if self.unreadable
                    else ()
                )
                screen.set_problems(problems, self.lang, mode=mode, outside=outside)
        self.refresh_bindings()

    @work(thread=True, exclusive=True, group="check", exit_on_error=False)
    def _recheck(self) -> None:
        """The problems of the text a save would write now (so each has its line in the
        saved file), as ``laminim check`` would report them."""
        doc = self.doc
        if doc is None:
            return
        serial, team = doc.history.serial, doc.team
        name = str(doc.path) if doc.path is not None else str(self.say("demo_team"))
        try:
            problems = check_text(doc.system, doc.catalog, doc.save_text(team), name)
        except Exception as error:  # shown, and the last problems stay
            self.call_from_thread(self.report_error, error)
            return
        self.call_from_thread(self._checked, doc, serial, problems)

    def _checked(self, doc: Document[Any, Any], serial: int, problems: list[Problem]) -> None:
        if doc is self.doc and doc.set_problems(serial, problems):
            self._publish()

    def watch_dirty(self) -> None:
        self.update_title()

    def update_title(self) -> None:
        """The title bar's parts: game, team and file (the record's when playing), marker."""
        from builder.tui.play import host

        system = self.system
        game = system.name_ja if self.lang == "ja" else system.name
        where = self.path.name if self.path else self.say("demo_team")
        team = shown_name(self.team, self.lang) if self.team is not None else ""
        if (playing := host.title(self)) is not None:
            team, where = playing
        marker = f"● {t('unsaved_changes', self.lang)}" if self.dirty else ""
        self.title_parts = (marker, game, team, where)
        self.title = " — ".join(p for p in (f"{'● ' if self.dirty else ''}{game}", team) if p)
        self.sub_title = where

    def watch_lang(self) -> None:
        from builder.tui.widgets.key_footer import KeyFooter

        self._publish()
        for screen in self.screen_stack:
            for footer in screen.query(KeyFooter):
                footer.call_after_refresh(footer.recompose)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self._MODAL_BLOCKED and isinstance(self.screen, ModalScreen):
            return False
        from builder.tui.play import host

        if host.on_play_screen(self):  # the record is saved after every action
            if action in ("undo", "redo"):
                return True if host.can_step(self, back=action == "undo") else None
            if action in ("save", "save_as", "print", "share", "problems", "reload", "play"):
                return False
        elif action == "play":
            return host.can_play_here(self)
        doc = self.doc
        if action in ("undo", "redo", "save", "save_as", "print") and doc is None:
            return False
        if action == "undo" and doc is not None and not doc.history.can_undo:
            return None
        if action == "redo" and doc is not None and not doc.history.can_redo:
            return None
        if action == "problems":
            return bool(doc is None or doc.problems)
        if action == "reload":
            return self.path is not None
        return True

    # --- errors -------------------------------------------------------------------------

    def report_error(self, error: BaseException) -> None:
        """An error nobody expected: a dialog says what it was; the document stays open."""
        from builder.tui.dialogs.error_dialog import ErrorDialog

        self.errors.append(error)
        self.bell()
        try:
            self.push_screen(ErrorDialog(error, self.lang, self.ui.noun))
        except Exception:  # the screen stack itself is broken: only Textual can say it now
            super()._handle_exception(error if isinstance(error, Exception) else Exception(error))

    def _handle_exception(self, error: Exception) -> None:
        if self.RAISE_ERRORS or not self.is_running or self._exit_renderables:
            super()._handle_exception(error)
            return
        self.report_error(error)

    async def _dispatch_message(self, message: Message) -> None:
        """A handler's error becomes a dialog; the app goes on handling its messages."""
        try:
            await super()._dispatch_message(message)
        except Exception as error:
            if self.RAISE_ERRORS:
                raise
            self.report_error(error)

    # --- actions ----------------------------------------------------------------------

    def action_help(self) -> None:
        from builder.tui.screens.help_screen import HelpScreen, topic

        current, hidden = topic(self.screen_stack, self.screen)
        self.push_screen(HelpScreen(self.ui, current, self.lang, self.system, hidden))

    def action_toggle_lang(self) -> None:
        self.lang = "ja" if self.lang == "en" else "en"
        self.clear_notifications()  # the notices on screen are in the other language
        self.notify("日本語" if self.lang == "ja" else "English", timeout=1.5)

    def settle_unsaved(self, then: Callable[[], object]) -> None:
        """Run ``then()`` now if nothing is unsaved, else once the player has saved (or
        chosen to discard); cancel does nothing."""
        from builder.tui import saving

        saving.settle_unsaved(self, then)

    async def action_quit(self) -> None:
        from builder.tui.play import host

        self.settle_unsaved(lambda: host.before_quit(self, lambda: self.exit(0)))

    def action_open(self) -> None:
        """Any YAML file, of any game: chosen in the file dialog, unsaved changes settled."""
        from builder.tui import opening

        opening.action_open(self)

    def action_reload(self) -> None:
        """The open file again from disk (after fixing it in a text editor)."""
        from builder.tui import opening

        opening.action_reload(self)

    def open_team(self, path: Path) -> bool:
        """Open ``path`` (any game's file) in place of what is open
        (:func:`builder.tui.opening.open_team`)."""
        from builder.tui import opening

        return opening.open_team(self, path)

    def offer_migration(self) -> None:
        """The open file names ids the catalog renamed: offer ``laminim migrate`` (asks first)."""
        from builder.tui import saving

        saving.offer_migration(self)

    # --- saving -------------------------------------------------------------------------

    def action_save(self) -> None:
        self.save_then(None)

    def save_then(self, then: Callable[[], object] | None) -> None:
        """Save (asking for a path the first time), then ``then()`` if it was saved."""
        from builder.tui import saving

        saving.save_then(self, then)

    def action_save_as(self, then: Callable[[], object] | None = None) -> None:
        from builder.tui import saving

        saving.action_save_as(self, then)

    def _digest(self) -> str | None:
        from builder.tui.saving import file_digest

        return file_digest(self.path) if self.path is not None else None

    def changed_on_disk(self) -> bool:
        """True if the file was edited by something else since it was opened or saved."""
        if self.path is None or self._disk is None:
            return False
        from builder.tui.saving import file_digest

        now = file_digest(self.path)
        return now is not None and now != self._disk

    def save_to(self, path: Path, *, force: bool = False, make_parents: bool = False) -> bool:
        """Save the team to ``path`` (:func:`builder.tui.saving.save_to`)."""
        from builder.tui import saving

        return saving.save_to(self, path, force=force, make_parents=make_parents)

    def action_share(self) -> None:
        """The share code of the open team (what ``laminim share`` prints for it once saved)."""
        from builder.tui.dialogs.share_dialog import show_share

        show_share(self)

    def action_print(self, team: Any = None) -> None:
        """The print dialog on the open team (or on ``team``, a screen's variant of it)."""
        from builder.tui.dialogs.print_dialog import show_print

        show_print(self, team)
