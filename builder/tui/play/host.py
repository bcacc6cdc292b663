"""The app's side of the play screen: the battle record it owns beside the team.

:class:`~builder.tui.app.BuilderApp` calls these: ``P`` on a team opens the record beside it
(``my_team.battle.yaml``; a new one asks for the opponent's team first), ``laminim play RECORD``
opens the app on the record; each :class:`~builder.tui.messages.Act` is applied to the record
(in memory), drawn, then saved on the record's saving thread; ``ctrl+z``/``ctrl+y`` there are
the record's undo and redo; quitting waits for the last save.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Pair
from builder.core.problems import InputError
from builder.tui.messages import Act
from builder.tui.play.record_document import RecordDocument
from builder.tui.play.screen import WORDS, PlayScreen, RecordView, refusal, words

if TYPE_CHECKING:
    from collections.abc import Callable

    from builder.tui.app import BuilderApp


def can_play(app: BuilderApp) -> bool:
    """The open file's game keeps battle records."""
    from builder.systems import Plays

    return isinstance(app.system, Plays)


def can_play_here(app: BuilderApp) -> bool:
    """``P`` is offered on the game's first screen (the team's list) of a game that plays."""
    stack = app.screen_stack
    first = len(stack) > 1 and app.screen is stack[1]
    return first and app.doc is not None and can_play(app)


def on_play_screen(app: BuilderApp) -> bool:
    return isinstance(app.screen, PlayScreen)


def play(app: BuilderApp) -> None:
    """``P``: the record beside the open team (opened, or started once the team is saved and
    the opponent chosen)."""
    from builder.play.record import default_path

    doc = app.doc
    if doc is None or not can_play(app):
        app.bell()
        game = app.system.name_ja if app.lang == "ja" else app.system.name
        app.notify(app.said(words("no-play", game=game)), severity="warning")
        return
    if doc.path is None:
        app.bell()
        app.notify(app.said(words("save-team-first")), severity="warning")
        return
    target = default_path(doc.path)
    if target.exists():
        app.settle_unsaved(lambda: _open(app, lambda: RecordDocument.open(target, doc.catalog_dir)))
        return
    app.settle_unsaved(lambda: _ask_opponent(app, doc.path, target))


def _ask_opponent(app: BuilderApp, team: Path | None, target: Path) -> None:
    from builder.play.session import Session
    from builder.tui.dialogs.file_dialog import FileDialog

    doc = app.doc
    if doc is None or team is None or doc.path is None:
        return
    catalog_dir = doc.catalog_dir

    def chosen(path: Path | None) -> None:
        if path is not None:
            _open(app, lambda: RecordDocument(Session.begin([team, path], target, catalog_dir)))

    en, ja = app.ui.noun
    said = (WORDS.t("opponent", "en", path=target.name, noun=en),)
    title = app.said((*said, WORDS.t("opponent", "ja", path=target.name, noun=ja)))
    app.push_screen(FileDialog(title, app.lang, start=team.parent, value=str(team)), chosen)


def _open(app: BuilderApp, make: Callable[[], RecordDocument]) -> None:
    from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog

    try:
        record = make()
    except InputError as exc:
        path = app.doc.path if app.doc is not None else ""
        app.push_screen(LoadErrorsDialog(app.said(words("cannot-play", path=path)), exc.problems))
        return
    show(app, record)


def show(app: BuilderApp, record: RecordDocument, threat: str | None = None) -> None:
    """Make ``record`` the open record and put the play screen on top."""
    close(app)
    app.record = record
    loop = asyncio.get_running_loop()
    record.on_failure = lambda exc: loop.call_soon_threadsafe(_save_failed, app, exc)
    notes = [(p.text("en"), p.text("ja")) for p in record.session.notes]
    opened = words("opened", path=record.path.name)
    app.push_screen(PlayScreen(RecordView(record, app.lang, (opened, *notes)), threat))
    app.update_title()


def close(app: BuilderApp) -> None:
    """The open record's saves done, its play screen gone (another file is opened)."""
    record, app.record = app.record, None
    if record is not None:
        record.close()


def publish(app: BuilderApp, said: tuple[Pair, ...] | None = None) -> None:
    """Hand every play screen the record as it is now (``said``: what the last act said)."""
    record = app.record
    if record is None:
        return
    for screen in app.screen_stack:
        if isinstance(screen, PlayScreen):
            screen.view = RecordView(record, app.lang, said)


def act(app: BuilderApp, message: Act) -> None:
    """An action from the play screen: applied (in memory), drawn, then saved; a refusal is
    said and changes nothing."""
    record = app.record
    if record is None:
        return
    if message.action.get("do") == "undo":
        step(app, back=True)
        return
    try:
        said = record.act(message.action, message.label)
    except InputError as exc:
        app.bell()
        publish(app, tuple(refusal(p.field, p.words.en, p.words.ja) for p in exc.problems))
        return
    _changed(app, said)


def step(app: BuilderApp, *, back: bool) -> None:
    """``ctrl+z`` / ``ctrl+y`` on the play screen: the record's undo, or the undone action
    made again."""
    record = app.record
    if record is None:
        return
    label = record.undo() if back else record.redo()
    if label is None:
        app.bell()
        _changed(app, (words("no-undo" if back else "no-redo"),))
        return
    key = "undone" if back else "redone"
    _changed(app, ((WORDS.t(key, "en", label=label[0]), WORDS.t(key, "ja", label=label[1])),))


def _changed(app: BuilderApp, said: tuple[Pair, ...]) -> None:
    """Drawn first, saved right after (the save never holds up the screen)."""
    publish(app, said)
    app.refresh_bindings()
    record = app.record
    if record is not None:
        app.call_after_refresh(record.save_soon)


def _save_failed(app: BuilderApp, exc: InputError) -> None:
    app.bell()
    why = "; ".join(p.text(app.lang) for p in exc.problems)
    publish(app, (words("save-failed", why=why),))


def can_step(app: BuilderApp, *, back: bool) -> bool:
    record = app.record
    if record is None:
        return False
    return bool(record.session.standing) if back else record.can_redo


def before_quit(app: BuilderApp, then: Callable[[], Any]) -> None:
    """Quit once every save of the record is done; one that failed asks first."""
    from builder.tui.dialogs.confirm_dialog import ConfirmDialog

    record = app.record
    failure = record.flush() if record is not None else None
    if record is None or failure is None:
        then()
        return
    why = "; ".join(p.text(app.lang) for p in failure.problems)
    question = app.said(words("quit-unsaved", path=record.path, why=why))
    yes, no = app.said(words("quit-yes")), app.say("cancel")
    app.push_screen(ConfirmDialog(question, yes=yes, no=no), lambda ok: then() if ok else None)


def title(app: BuilderApp) -> tuple[str, str] | None:
    """The title's name and file on the play screen (None elsewhere): the sides by the names
    the record keeps (``names:``, in Japanese ``names_ja:`` where a team gives one; the team
    files' stems for a record that keeps none) and the record's file."""
    from textual.screen import ModalScreen

    from builder.systems import side_name

    top = next((s for s in reversed(app.screen_stack) if not isinstance(s, ModalScreen)), None)
    if app.record is None or not isinstance(top, PlayScreen):
        return None
    session = app.record.session
    state = session.battle.state_data(session.state)
    names = [str(n) for n in state.get("names") or ()]
    names = names or [Path(str(n)).stem for n in session.head.get("teams", ())]
    names_ja = state.get("names_ja") or ()
    sides = [side_name(names, names_ja, n, app.lang) for n in range(1, len(names) + 1)]
    return (" × ".join(sides), app.record.path.name)


def run_screen(args: Any) -> int:
    """``laminim play FILE ...`` at a terminal: the main app on the record (opened, or started
    from the team files as the command starts one), over its first team's screens when that
    file is there to open; InputError for a bad file, as the command reports it."""
    from builder.core.report_lang import current_lang
    from builder.play.record import is_record, read_record, read_text
    from builder.play.session import Session
    from builder.tui.app import BuilderApp
    from builder.tui.document import open_file

    first = Path(args.files[0])
    _, src = read_text(first)
    if is_record(src.data) and len(args.files) == 1 and args.output is None:
        session = Session.open(first, args.catalog, read_record(first))
    else:
        session = Session.begin([Path(f) for f in args.files], args.output, args.catalog, args.seed)
    record = RecordDocument(session)
    team = _first_team(session)
    opened = open_file(team, fallback=session.system, catalog_dir=args.catalog) if team else None
    document = opened.document if opened is not None else None
    app = BuilderApp(document, lang=current_lang(), record=record, threat=args.threat)
    try:
        result = app.run()
    finally:
        record.close()
    return result if isinstance(result, int) else 0


def _first_team(session: Any) -> Path | None:
    """The record's first team file, when it names one that is there (else the play screen is
    the app's only screen)."""
    from builder.core.input_files import exists_safely

    names = session.head.get("teams") or ()
    if not names:
        return None
    path = session.path.parent / str(names[0])
    return path if exists_safely(path) and path.is_file() else None
