"""The builder TUI shell: it owns the team, the file it came from, the catalog and the language.

It knows no game: the game system of the file supplies the first screen, styles, help and
labels (:class:`builder.systems.SystemUI`); the shell sees the team only as a
:class:`builder.systems.TeamModel` (its name, its plain data). Screens change the team only through
:meth:`BuilderApp.set_team`, so the unsaved-changes marker in the title is always right, and the
shell redraws every open :class:`~builder.tui.shell.ShellScreen` after a change.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen

from builder.core.i18n import Lang
from builder.core.input_files import exists_safely, os_reason, read_input
from builder.core.problems import InputError, Problem
from builder.core.source import decode_utf8
from builder.tui.labels import t
from builder.tui.shell import ShellScreen, SystemUI

if TYPE_CHECKING:
    from builder.systems import AnySystem, TeamModel


class BuilderApp(App[int]):
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1,question_mark", "help", "Help", key_display="F1"),
        Binding("ctrl+o", "open", "Open"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "SaveAs"),
        Binding("p", "print", "Print"),
        Binding("l", "toggle_lang", "EN/JA"),
    ]
    _MODAL_BLOCKED: ClassVar[set[str]] = {"open", "save", "save_as", "print", "toggle_lang", "help"}

    lang: reactive[Lang] = reactive("en", init=False)
    dirty: reactive[bool] = reactive(False, init=False)

    def __init__(
        self,
        system: AnySystem,
        catalog: Any,
        team: TeamModel,
        path: Path | None = None,
        original: str | None = None,
        lang: Lang = "en",
        catalog_dir: Path | None = None,
    ) -> None:
        self.system = system
        self.ui: SystemUI = system.tui()
        super().__init__(css_path=[Path(__file__).with_name("app.tcss"), *self.ui.css_paths])
        self.title = system.name  # until mounted; then "<system> — <team>"
        self.catalog = catalog
        self.team = team
        self.path = path
        """Where Save writes; None for the bundled demo team (Save asks for a path then)."""
        self.original = original
        self.catalog_dir = catalog_dir
        """The ``--catalog`` folder (None: the game's bundled one); a save pins the file to it."""
        self._saved = team.model_dump()
        self._disk = file_digest(path) if path is not None else None
        """Digest of ``path`` as opened or last saved: a different one means an outside edit."""
        self.set_reactive(BuilderApp.lang, lang)

    @classmethod
    def from_paths(
        cls, team_path: Path | None, catalog_dir: Path | None, system_id: str | None = None
    ) -> BuilderApp:
        """Load the file (the system's demo file when None) and its system's catalog.

        Raises InputError on bad input.
        """
        from builder import systems
        from builder.roster.team_file import load_team

        if team_path is None:
            system = systems.get(system_id)
            path = system.demo_file()
        else:
            path = team_path
        system, team = load_team(path, expected=system_id)
        catalog = system.load_catalog(catalog_dir)
        original = read_input(path).decode("utf-8")
        return cls(system, catalog, team, team_path, original, catalog_dir=catalog_dir)

    def say(self, key: str) -> str:
        """The shell label ``key`` in the app's language, naming this game's file content."""
        return t(key, self.lang, self.ui.noun)

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

    # --- state ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._update_title()
        self.push_screen(self._first_screen())
        self.offer_migration()

    def _first_screen(self) -> Screen[Any]:
        """The game's first screen; its factory is typed loosely in the kit (no Textual there)."""
        screen = self.ui.first_screen()
        if not isinstance(screen, Screen):
            raise TypeError(f"{self.system.id}: SystemUI.first_screen must make a Screen")
        return screen

    def set_team(self, team: TeamModel) -> None:
        """Replace the team (every change goes through here) and redraw the screens."""
        self.team = team
        self.dirty = team.model_dump() != self._saved
        self._update_title()
        self.refresh_screens()

    def refresh_screens(self) -> None:
        """Redraw every mounted builder screen from the current team."""
        for screen in self.screen_stack:
            if isinstance(screen, ShellScreen) and screen.is_mounted:
                screen.refresh_view()

    def _mark_saved(self, path: Path, original: str | None) -> None:
        self.path = path
        self.original = original
        self._disk = file_digest(path)
        self._saved = self.team.model_dump()
        self.dirty = False
        self._update_title()

    def watch_dirty(self) -> None:
        self._update_title()

    def _update_title(self) -> None:
        where = self.path.name if self.path else self.say("demo_team")
        name = self.system.name_ja if self.lang == "ja" else self.system.name
        self.title = f"{'● ' if self.dirty else ''}{name} — {self.team.name}"
        unsaved = f" — {t('unsaved_changes', self.lang)}" if self.dirty else ""
        self.sub_title = f"{where}{unsaved}"

    def watch_lang(self) -> None:
        from builder.tui.widgets.key_footer import KeyFooter

        self._update_title()

        for screen in self.screen_stack:
            for footer in screen.query(KeyFooter):
                footer.call_after_refresh(footer.recompose)
            if isinstance(screen, ShellScreen):
                screen.on_lang_changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in self._MODAL_BLOCKED and isinstance(self.screen, ModalScreen))

    # --- actions ----------------------------------------------------------------------

    def action_help(self) -> None:
        from builder.tui.screens.help_screen import HelpScreen

        self.push_screen(HelpScreen(self.ui.help))

    def action_toggle_lang(self) -> None:
        self.lang = "ja" if self.lang == "en" else "en"
        self.notify("日本語" if self.lang == "ja" else "English", timeout=1.5)

    def ask_discard(self, then: Callable[[], object], question: str) -> None:
        """Run ``then()`` now if nothing is unsaved, else after the user agrees."""
        if not self.dirty:
            then()
            return
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.push_screen(
            ConfirmDialog(question, yes=self.say("discard_yes"), no=self.say("cancel")),
            answered,
        )

    async def action_quit(self) -> None:
        self.ask_discard(lambda: self.exit(0), self.say("quit_unsaved"))

    def action_open(self) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        def got_path(text: str | None) -> None:
            if text:
                self.open_team(Path(text).expanduser())

        self.ask_discard(
            lambda: self.push_screen(
                PromptDialog(self.say("open_prompt"), placeholder=f"{self.ui.noun[0]}.yaml"),
                got_path,
            ),
            self.say("open_unsaved"),
        )

    def open_team(self, path: Path) -> bool:
        """Load ``path`` as the team; on any problem show them and keep the current team.

        A file of another game system switches the shell to that system and its catalog.
        """
        from builder.roster.team_file import load_team
        from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog

        try:
            system, team = load_team(path)
            catalog = self.catalog if system.id == self.system.id else system.load_catalog()
            original = decode_utf8(read_input(path), str(path))
        except InputError as exc:
            self.push_screen(
                LoadErrorsDialog(self.say("cannot_open").format(path=path), exc.problems)
            )
            return False
        except OSError as exc:
            problem = Problem(str(path), None, None, "", os_reason(exc))
            self.push_screen(LoadErrorsDialog(self.say("cannot_open").format(path=path), [problem]))
            return False
        while len(self.screen_stack) > 2:  # back to the system's first screen
            self.pop_screen()
        self.team = team
        self._mark_saved(path, original)
        if system.id != self.system.id:
            self.system, self.catalog, self.ui = system, catalog, system.tui()
            self.catalog_dir = None
            self.switch_screen(self._first_screen())
        else:
            self.refresh_screens()
        self.notify(self.say("opened").format(path=path))
        self.offer_migration()
        return True

    def offer_migration(self) -> None:
        """The open file names ids the catalog renamed: offer ``laminim migrate`` (asks first)."""
        from builder.catalogs.saving import offered_migration
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        path = self.path
        migration = offered_migration(self.system, path, self.catalog_dir) if path else None
        if path is None or migration is None:
            return
        renames = ", ".join(dict.fromkeys(f"{old} → {new}" for _, old, new in migration.renamed))
        question = self.say("migrate_question").format(path=path, renames=renames)

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            from builder.roster.team_file import writable_target, write_atomic

            try:
                write_atomic(writable_target(path), migration.text)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                message = self.say("cannot_save").format(path=path, reason=reason)
                self.notify(message, severity="error", timeout=8)
                return
            if self.open_team(path):
                self.notify(self.say("migrated").format(path=path))

        yes, no = self.say("migrate_yes"), self.say("migrate_no")
        self.push_screen(ConfirmDialog(question, yes=yes, no=no), answered)

    def action_save(self) -> None:
        if self.path is None:
            self.action_save_as()
        else:
            self.save_to(self.path)

    def action_save_as(self) -> None:
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        def got_path(text: str | None) -> None:
            if not text:
                return
            path = Path(text).expanduser()
            if not os.path.isdir(path.parent):  # answers False for a name too long
                # a missing folder is a typo more often than a wish: create it only if asked
                question = self.say("make_folder").format(path=path.parent)
                yes, no = self.say("create_yes"), self.say("cancel")

                def create(ok: bool | None) -> None:
                    if ok:
                        self.save_to(path, make_parents=True)

                self.push_screen(ConfirmDialog(question, yes=yes, no=no), create)
            elif exists_safely(path) and path != self.path:
                # another file would be replaced: never without asking
                question = self.say("overwrite").format(path=path)
                yes, no = self.say("replace_yes"), self.say("cancel")

                def confirmed(ok: bool | None) -> None:
                    if ok:
                        self.save_to(path)

                self.push_screen(ConfirmDialog(question, yes=yes, no=no), confirmed)
            else:
                self.save_to(path)

        default = str(self.path) if self.path else f"{self.ui.noun[0]}.yaml"
        self.push_screen(PromptDialog(self.say("save_prompt"), value=default), got_path)

    def changed_on_disk(self) -> bool:
        """True if the file was edited by something else since it was opened or saved."""
        if self.path is None or self._disk is None:
            return False
        now = file_digest(self.path)
        return now is not None and now != self._disk

    def save_to(self, path: Path, *, force: bool = False, make_parents: bool = False) -> bool:
        """Save the team to ``path``; never over an outside edit of the open file without asking.

        ``force``: the player chose to overwrite an outside edit. ``make_parents``: the player
        agreed to create the missing folder.
        """
        from builder.roster.team_file import save_team

        same_file = self.path is not None and _same_file(path, self.path)
        if not force and same_file and self.changed_on_disk():
            self._ask_changed_on_disk(path)
            return False
        try:
            # comments of the file we loaded from are kept (also in a new file via save as)
            from builder.catalogs.saving import pin_for_save

            save_team(
                self.system,
                self.team,
                path,
                original=self.original,
                make_parents=make_parents,
                pin=pin_for_save(self.system, self.catalog_dir),  # the catalog it was built on
            )
            original = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.notify(
                self.say("cannot_save").format(path=path, reason=reason),
                severity="error",
                timeout=8,
            )
            return False
        self._mark_saved(path, original)
        self.notify(self.say("saved").format(path=path))
        return True

    def _ask_changed_on_disk(self, path: Path) -> None:
        from builder.tui.dialogs.choice_dialog import ChoiceDialog

        def answered(choice: str | None) -> None:
            if choice == "overwrite":
                self.save_to(path, force=True)
            elif choice == "reload":
                self.open_team(path)
            elif choice == "save_as":
                self.action_save_as()

        lang = self.lang
        choices = [
            ("overwrite", t("overwrite_yes", lang), "o"),
            ("reload", t("reload", lang), "r"),
            ("save_as", t("save_as", lang), "s"),
            ("cancel", t("cancel", lang), "esc"),
        ]
        question = t("changed_on_disk", lang).format(path=path)
        self.push_screen(ChoiceDialog(question, choices), answered)

    def action_print(self) -> None:
        from builder.tui.dialogs.print_dialog import PrintDialog

        self.push_screen(PrintDialog(self.system, self.team, self.catalog, self.lang, self.ui))


def file_digest(path: Path) -> str | None:
    """SHA-256 of the file's bytes (None if it cannot be read): how an outside edit is seen.

    The content, not the mtime, decides: a ``touch`` is no change, and an edit within the same
    mtime tick still is one.
    """
    try:  # through the one opener: a FIFO put in the file's place must not block the TUI
        return hashlib.sha256(read_input(path)).hexdigest()
    except InputError:
        return None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a == b or a.resolve() == b.resolve()
    except OSError:
        return a == b


def run(
    team_path: Path | None = None, catalog_dir: Path | None = None, system_id: str | None = None
) -> int:
    """Start the TUI (``laminim`` / ``laminim tui``) in the language the command reports in
    (``--lang``, else ``LAMINIM_LANG``); returns the process exit code."""
    import sys

    from builder.core.report_lang import current_lang

    try:
        app = BuilderApp.from_paths(team_path, catalog_dir, system_id)
        app.set_reactive(BuilderApp.lang, current_lang())
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{team_path}: {exc}", file=sys.stderr)
        return 2
    result = app.run()
    return result if isinstance(result, int) else 0
