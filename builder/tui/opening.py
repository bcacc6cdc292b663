"""Opening a file in the app: any game's file, from the file dialog or again from disk.

Opening a file of another game switches the whole app to that game (its screens, style sheets,
keys and title); unsaved changes are settled first; a file that cannot be read at all is said
in a dialog and what is open stays. :class:`builder.tui.app.BuilderApp` calls these.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.input_files import read_input
from builder.core.problems import InputError
from builder.tui.document import Opened, open_file

if TYPE_CHECKING:
    from builder.systems import AnySystem
    from builder.tui.app import BuilderApp


def action_open(app: BuilderApp) -> None:
    """Any YAML file, of any game: chosen in the file dialog, unsaved changes settled."""
    from builder.tui.dialogs.file_dialog import FileDialog

    def chosen(path: Path | None) -> None:
        if path is not None:
            app.settle_unsaved(lambda: open_team(app, path))

    start = app.path.parent if app.path is not None else Path.cwd()
    app.push_screen(FileDialog(app.say("open_title"), app.lang, start=start), chosen)


def action_reload(app: BuilderApp) -> None:
    """The open file again from disk (after fixing it in a text editor)."""
    path = app.path
    if path is not None:
        app.settle_unsaved(lambda: open_team(app, path))


def open_team(app: BuilderApp, path: Path) -> bool:
    """Open ``path`` (any game's file) in place of what is open; a file that cannot be
    read at all (missing, a folder) is said in a dialog and what is open stays."""
    from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog

    try:
        read_input(path)  # a file to read at all: its problems are another matter
    except InputError as exc:
        app.push_screen(LoadErrorsDialog(app.say("cannot_open").format(path=path), exc.problems))
        return False
    app._generation += 1
    opened = open_file(path, fallback=app.system, generation=app._generation)
    install(app, opened)
    return True


def install(app: BuilderApp, opened: Opened) -> None:
    """Make ``opened`` what is open: its game's screens (another game's file switches
    the whole app to that game), its title, its problems."""
    from builder.tui.play import host

    host.close(app)  # its saves done: the play screen goes with the rest
    before = app.system
    app.doc, app.unreadable = opened.document, opened.unreadable
    app._lost = opened.lost
    app._disk = app._digest()
    app.dirty = False
    if app.system.id != before.id:
        switch_styles(app, before)
    app.ui = app._ui_of(app.system)
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app._show_opened()
    path = app.path
    game = app.system.name_ja if app.lang == "ja" else app.system.name
    app.notify(app.say("opened_game").format(path=path, game=game))
    app.offer_migration()
    app.refresh_bindings()


def switch_styles(app: BuilderApp, before: AnySystem) -> None:
    """The new game's style sheets in place of the old game's (their ids may agree)."""
    old = app._ui_of(before).css_paths
    new = app._ui_of(app.system).css_paths
    sheet = app.stylesheet
    for path in old:
        sheet.source.pop((str(path), ""), None)
    for path in new:
        sheet.read(path)
    app.refresh_css(animate=False)


def run(
    team_path: Path | None = None, catalog_dir: Path | None = None, system_id: str | None = None
) -> int:
    """Start the TUI (``laminim`` / ``laminim tui``) in the language the command reports in
    (``--lang``, else ``LAMINIM_LANG``); returns the process exit code."""
    import sys

    from builder.core.report_lang import current_lang
    from builder.tui.app import BuilderApp

    try:
        app = BuilderApp.from_paths(team_path, catalog_dir, system_id, current_lang())
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{team_path}: {exc}", file=sys.stderr)
        return 2
    result = app.run()
    return result if isinstance(result, int) else 0
