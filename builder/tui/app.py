"""The LAMINIM army builder TUI: the app owns the team, the file it came from and the language.

Screens change the team only through :meth:`LaminimApp.set_units` / :meth:`set_team`, so the
unsaved-changes marker in the title is always right.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.screen import ModalScreen

from builder.catalog.models import Catalog, Threat
from builder.catalog.problems import InputError
from builder.i18n import Lang
from builder.roster.team import Team, Unit
from builder.tui.labels import t


class LaminimApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "LAMINIM"
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
        catalog: Catalog,
        team: Team,
        path: Path | None = None,
        original: str | None = None,
        lang: Lang = "en",
    ) -> None:
        super().__init__()
        self.catalog = catalog
        self.team = team
        self.path = path
        """Where Save writes; None for the bundled demo team (Save asks for a path then)."""
        self.original = original
        self._saved = team.model_dump()
        self.threat_id = catalog.default_threat or (
            catalog.threats[0].id if catalog.threats else None
        )
        self.set_reactive(LaminimApp.lang, lang)

    @classmethod
    def from_paths(cls, team_path: Path | None, catalog_dir: Path | None) -> LaminimApp:
        """Load the catalog and the team (demo team when None); raises InputError on bad input."""
        from builder.catalog.load import load_catalog
        from builder.catalog.paths import demo_team_path
        from builder.roster.team_file import load_team

        catalog = load_catalog(catalog_dir)
        path = team_path or demo_team_path(catalog.system)
        team = load_team(path)
        original = path.read_text(encoding="utf-8")
        return cls(catalog, team, team_path, original)

    # --- state ------------------------------------------------------------------------

    def on_mount(self) -> None:
        from builder.tui.screens.team_screen import TeamScreen

        self._update_title()
        self.push_screen(TeamScreen())

    def set_team(self, team: Team) -> None:
        self.team = team
        self.dirty = team.model_dump() != self._saved
        self._update_title()

    def set_units(self, units: list[Unit]) -> None:
        self.set_team(self.team.model_copy(update={"units": units}))

    def _mark_saved(self, path: Path, original: str | None) -> None:
        self.path = path
        self.original = original
        self._saved = self.team.model_dump()
        self.dirty = False
        self._update_title()

    def watch_dirty(self) -> None:
        self._update_title()

    def _update_title(self) -> None:
        where = self.path.name if self.path else "demo team, not saved to a file"
        self.title = f"{'● ' if self.dirty else ''}LAMINIM — {self.team.name}"
        self.sub_title = f"{where}{' — unsaved changes' if self.dirty else ''}"

    def watch_lang(self) -> None:
        from builder.tui.widgets.key_footer import KeyFooter

        for screen in self.screen_stack:
            for footer in screen.query(KeyFooter):
                footer.call_after_refresh(footer.recompose)
            if hasattr(screen, "fill_threats"):
                screen.fill_threats()
            if hasattr(screen, "refresh_view") and screen.is_mounted:
                screen.refresh_view()

    def current_threat(self) -> Threat | None:
        """The threat the survival numbers are computed against (the first one if unset)."""
        return self.catalog.threat(self.threat_id or "") or (
            self.catalog.threats[0] if self.catalog.threats else None
        )

    def next_threat_id(self) -> str | None:
        """The catalog threat after the current one (wrapping round); None without threats."""
        ids = [th.id for th in self.catalog.threats]
        if not ids:
            return None
        current = self.threat_id if self.threat_id in ids else ids[0]
        return ids[(ids.index(current) + 1) % len(ids)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in self._MODAL_BLOCKED and isinstance(self.screen, ModalScreen))

    # --- navigation -------------------------------------------------------------------

    def edit_unit(self, index: int) -> None:
        from builder.tui.screens.unit_editor_screen import UnitEditorScreen

        if 0 <= index < len(self.team.units):
            self.push_screen(UnitEditorScreen(index))

    def open_compare(self, pairs: list[tuple[Unit, str]]) -> None:
        from builder.tui.screens.compare_screen import CompareScreen, Entry

        self.push_screen(CompareScreen([Entry(u.model_copy(deep=True), src) for u, src in pairs]))

    def rename_unit(self, index: int, after=None) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        old = self.team.units[index].name

        def done(name: str | None) -> None:
            if not name or name == old:
                return
            if self.team.unit(name) is not None:
                self.notify(t("name_taken", self.lang).format(name=name), severity="error")
                return
            units = list(self.team.units)
            units[index] = units[index].model_copy(update={"name": name})
            self.set_units(units)
            if after:
                after()
            elif hasattr(self.screen, "refresh_view"):
                self.screen.refresh_view()

        self.push_screen(
            PromptDialog(t("rename_prompt", self.lang).format(name=old), value=old), done
        )

    # --- actions ----------------------------------------------------------------------

    def action_help(self) -> None:
        from builder.tui.screens.help_screen import HelpScreen

        self.push_screen(HelpScreen())

    def action_toggle_lang(self) -> None:
        self.lang = "ja" if self.lang == "en" else "en"
        self.notify("日本語" if self.lang == "ja" else "English", timeout=1.5)

    def _ask_discard(self, then, question: str) -> None:
        """Run ``then()`` now if nothing is unsaved, else after the user agrees."""
        if not self.dirty:
            then()
            return
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.push_screen(
            ConfirmDialog(question, yes=t("discard_yes", self.lang), no=t("cancel", self.lang)),
            answered,
        )

    async def action_quit(self) -> None:
        self._ask_discard(lambda: self.exit(0), t("quit_unsaved", self.lang))

    def action_open(self) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        def got_path(text: str | None) -> None:
            if text:
                self.open_team(Path(text).expanduser())

        self._ask_discard(
            lambda: self.push_screen(
                PromptDialog(t("open_prompt", self.lang), placeholder="team.yaml"), got_path
            ),
            t("open_unsaved", self.lang),
        )

    def open_team(self, path: Path) -> bool:
        """Load ``path`` as the team; on any problem show them and keep the current team."""
        from builder.roster.team_file import load_team
        from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog

        try:
            team = load_team(path)
            original = path.read_text(encoding="utf-8")
        except InputError as exc:
            self.push_screen(
                LoadErrorsDialog(t("cannot_open", self.lang).format(path=path), exc.problems)
            )
            return False
        except (OSError, UnicodeDecodeError) as exc:
            self.push_screen(
                LoadErrorsDialog(t("cannot_open", self.lang).format(path=path), [f"{path}: {exc}"])
            )
            return False
        while len(self.screen_stack) > 2:  # back to the team screen
            self.pop_screen()
        self.team = team
        self._mark_saved(path, original)
        if hasattr(self.screen, "refresh_view"):
            self.screen.refresh_view()
        self.notify(t("opened", self.lang).format(path=path))
        return True

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
            if path.exists() and path != self.path:
                # another file would be replaced: never without asking
                question = t("overwrite", self.lang).format(path=path)
                yes, no = t("replace_yes", self.lang), t("cancel", self.lang)
                self.push_screen(
                    ConfirmDialog(question, yes=yes, no=no),
                    lambda ok: self.save_to(path) if ok else None,
                )
            else:
                self.save_to(path)

        default = str(self.path) if self.path else "team.yaml"
        self.push_screen(PromptDialog(t("save_prompt", self.lang), value=default), got_path)

    def save_to(self, path: Path) -> bool:
        from builder.roster.team_file import save_team

        try:
            # comments of the file we loaded from are kept (also in a new file via save as)
            save_team(self.team, path, original=self.original)
            original = path.read_text(encoding="utf-8")
        except OSError as exc:
            self.notify(
                t("cannot_save", self.lang).format(path=path, reason=exc.strerror or exc),
                severity="error",
                timeout=8,
            )
            return False
        self._mark_saved(path, original)
        self.notify(t("saved", self.lang).format(path=path))
        return True

    def action_print(self) -> None:
        from builder.tui.dialogs.print_dialog import PrintDialog

        self.push_screen(PrintDialog(self.team, self.catalog, self.lang))


def run(team_path: Path | None = None, catalog_dir: Path | None = None) -> int:
    """Start the TUI (``laminim`` / ``laminim tui``); returns the process exit code."""
    import sys

    try:
        app = LaminimApp.from_paths(team_path, catalog_dir)
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{team_path}: {exc}", file=sys.stderr)
        return 2
    result = app.run()
    return result if isinstance(result, int) else 0
