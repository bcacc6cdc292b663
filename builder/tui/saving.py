"""Saving the open team, and offering ``laminim migrate``: the app's file side
(:class:`builder.tui.app.BuilderApp` calls these; they change the document only through the
app's own ``mark_saved`` step).

A save never goes over an outside edit of the open file without asking, never replaces another
file without asking, creates a missing folder only when asked, and keeps the comments of the
file the team was loaded from (also in a new file through save as).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.input_files import exists_safely, read_input
from builder.core.problems import InputError
from builder.tui.labels import t

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp


def offer_migration(app: BuilderApp) -> None:
    """The open file names ids the catalog renamed: offer ``laminim migrate`` (asks first)."""
    from builder.catalogs.saving import offered_migration
    from builder.tui.dialogs.confirm_dialog import ConfirmDialog

    path = app.path
    if app.doc is None or path is None:
        return
    migration = offered_migration(app.system, path, app.catalog_dir)
    if migration is None:
        return
    renames = ", ".join(dict.fromkeys(f"{old} → {new}" for _, old, new in migration.renamed))
    question = app.say("migrate_question").format(path=path, renames=renames)

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        from builder.roster.team_file import writable_target, write_atomic

        try:
            write_atomic(writable_target(path), migration.text)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            message = app.say("cannot_save").format(path=path, reason=reason)
            app.notify(message, severity="error", timeout=8)
            return
        if app.open_team(path):
            app.notify(app.say("migrated").format(path=path))

    yes, no = app.say("migrate_yes"), app.say("migrate_no")
    app.push_screen(ConfirmDialog(question, yes=yes, no=no), answered)


def save_then(app: BuilderApp, then: Callable[[], object] | None) -> None:
    """Save (asking for a path the first time), then ``then()`` if it was saved."""
    if app.doc is None:
        app.notify(app.say("nothing_saved"), severity="warning")
        return
    if app.doc.path is None:
        action_save_as(app, then)
    elif save_to(app, app.doc.path) and then is not None:
        then()


def action_save_as(app: BuilderApp, then: Callable[[], object] | None = None) -> None:
    from builder.tui.dialogs.confirm_dialog import ConfirmDialog
    from builder.tui.dialogs.file_dialog import FileDialog

    if app.doc is None:
        app.notify(app.say("nothing_saved"), severity="warning")
        return

    def saved(ok: bool) -> None:
        if ok and then is not None:
            then()

    def got_path(path: Path | None) -> None:
        if path is None:
            return
        path = path.expanduser()
        if not os.path.isdir(path.parent):  # answers False for a name too long
            # a missing folder is a typo more often than a wish: create it only if asked
            question = app.say("make_folder").format(path=path.parent)
            yes, no = app.say("create_yes"), app.say("cancel")

            def create(ok: bool | None) -> None:
                if ok:
                    saved(save_to(app, path, make_parents=True))

            app.push_screen(ConfirmDialog(question, yes=yes, no=no), create)
        elif exists_safely(path) and path != app.path:
            # another file would be replaced: never without asking
            question = app.say("overwrite").format(path=path)
            yes, no = app.say("replace_yes"), app.say("cancel")

            def confirmed(ok: bool | None) -> None:
                if ok:
                    saved(save_to(app, path))

            app.push_screen(ConfirmDialog(question, yes=yes, no=no), confirmed)
        else:
            saved(save_to(app, path))

    default = str(app.path) if app.path else f"{app.ui.noun[0]}.yaml"
    start = app.path.parent if app.path is not None else Path.cwd()
    dialog = FileDialog(
        app.say("save_title"), app.lang, start=start, value=default, must_exist=False
    )
    app.push_screen(dialog, got_path)


def save_to(
    app: BuilderApp, path: Path, *, force: bool = False, make_parents: bool = False
) -> bool:
    """Save the team to ``path``; never over an outside edit of the open file without asking.

    ``force``: the player chose to overwrite an outside edit. ``make_parents``: the player
    agreed to create the missing folder.
    """
    from builder.roster.team_file import save_team

    doc = app.doc
    if doc is None:
        return False
    same_file = app.path is not None and _same_file(path, app.path)
    if not force and same_file and app.changed_on_disk():
        ask_changed_on_disk(app, path)
        return False
    try:
        # comments of the file we loaded from are kept (also in a new file via save as)
        from builder.catalogs.saving import pin_for_save

        save_team(
            doc.system,
            doc.team,
            path,
            original=doc.original,
            make_parents=make_parents,
            pin=pin_for_save(doc.system, doc.catalog_dir),  # the catalog it was built on
        )
        original = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        app.notify(
            app.say("cannot_save").format(path=path, reason=reason),
            severity="error",
            timeout=8,
        )
        return False
    doc.mark_saved(path, original)
    app._disk = app._digest()
    app._changed()
    app.notify(app.say("saved").format(path=path))
    return True


def ask_changed_on_disk(app: BuilderApp, path: Path) -> None:
    from builder.tui.dialogs.choice_dialog import ChoiceDialog

    def answered(choice: str | None) -> None:
        if choice == "overwrite":
            save_to(app, path, force=True)
        elif choice == "reload":
            app.open_team(path)
        elif choice == "save_as":
            action_save_as(app)

    lang = app.lang
    choices = [
        ("overwrite", t("overwrite_yes", lang), "o"),
        ("reload", t("reload", lang), "r"),
        ("save_as", t("save_as", lang), "s"),
        ("cancel", t("cancel", lang), "esc"),
    ]
    question = t("changed_on_disk", lang).format(path=path)
    app.push_screen(ChoiceDialog(question, choices), answered)


def outside(field: str, lost: list[str]) -> bool:
    """Whether a problem's field lies where a save would lose what the file says."""
    from builder.tui.document import within

    return any(within(field, place) or not place for place in lost)


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


def settle_unsaved(app: BuilderApp, then: Callable[[], object]) -> None:
    """Run ``then()`` now if nothing is unsaved, else once the player has saved (or chosen to
    discard); cancel does nothing."""
    if not app.dirty:
        then()
        return
    from builder.tui.dialogs.choice_dialog import ChoiceDialog

    def answered(choice: str | None) -> None:
        if choice == "discard":
            then()
        elif choice == "save":
            save_then(app, then)

    choices = [
        ("save", app.say("save_yes"), "s"),
        ("discard", app.say("discard_yes"), "d"),
        ("cancel", app.say("cancel"), "esc"),
    ]
    app.push_screen(ChoiceDialog(app.say("save_or_discard"), choices), answered)
