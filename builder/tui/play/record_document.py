"""A battle record open in the TUI, in the kit's document shape for a record (docs/design.md
"How it is built: the app owns the document").

The value the history holds is the record's state; an action is an edit that applies it to the
record (all or nothing, as ``laminim play --do``); undo and redo are the kit's
:class:`~builder.tui.document.History` steps, written to the record as its own ``undo`` and as
the undone action applied again. No Textual here: tested without a terminal.

Saving comes right after: :meth:`RecordDocument.act`, ``undo`` and ``redo`` change the record
in memory, and :meth:`RecordDocument.save_soon` (the play screen calls it once the new state is
drawn) writes it on one saving thread, snapshot after snapshot in the order they were taken,
each atomically (:meth:`builder.play.session.Session.write`: a killed process leaves the record
as one save or the next, never a broken file). :meth:`RecordDocument.flush` waits for every
save and says the last one's failure, if any (the app calls it before it quits). A save that
fails (a read-only record, a full disk) is said, and the next save writes every action since
the last one that was written.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang, Pair
from builder.core.problems import InputError
from builder.play.session import Session
from builder.systems import ShowOptions, ShowsScreen
from builder.tui.document import History


class RecordDocument:
    """An open record: its session (the file, the log) and the history of its states."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.history: History[Any] = History(session.state)
        self._undone: list[dict[str, Any]] = []  # log entries undone, the last undone last
        self.revision = 0
        self._saved = 0  # the revision the file holds (the last save that worked)
        self._saver: ThreadPoolExecutor | None = None
        self._pending: list[Future[None]] = []
        self._lock = threading.Lock()
        self.failure: InputError | None = None
        """Why the last save failed (None: every save so far worked)."""
        self.on_failure: Callable[[InputError], object] | None = None
        """Called (on the saving thread) when a save fails."""

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def unsaved(self) -> bool:
        """Some action is not yet in the file (a save under way, or one that failed)."""
        return self._saved != self.revision

    def save_soon(self) -> None:
        """Write the record as it is now, on the saving thread (after the saves before it)."""
        if not self.unsaved:
            return
        data, revision = self.session.snapshot(), self.revision
        if self._saver is None:
            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="record-save")
        future = self._saver.submit(self._write, data, revision)
        with self._lock:
            self._pending = [f for f in self._pending if not f.done()] + [future]

    def _write(self, data: dict[str, Any], revision: int) -> None:
        try:
            self.session.write(data)
        except InputError as exc:  # said; the next save writes what this one could not
            self.failure = exc
            if self.on_failure is not None:
                self.on_failure(exc)
            return
        self.failure = None
        self._saved = max(self._saved, revision)

    def flush(self) -> InputError | None:
        """Every save done (waited for); why the last one failed, None when the file holds
        every action."""
        self.save_soon()
        with self._lock:
            pending = list(self._pending)
        for future in pending:
            future.result()
        return self.failure if self.unsaved else None

    def close(self) -> None:
        """Every save done, the saving thread ended."""
        self.flush()
        if self._saver is not None:
            self._saver.shutdown(wait=True)
            self._saver = None

    @classmethod
    def open(cls, path: Path, catalog_dir: Path | None = None) -> RecordDocument:
        return cls(Session.open(path, catalog_dir))

    @property
    def path(self) -> Path:
        return self.session.path

    @property
    def state(self) -> Any:
        return self.history.present

    def act(self, action: dict[str, Any], label: Pair) -> tuple[Pair, ...]:
        """Apply ``action`` to the record (in memory: :meth:`save_soon` writes it); what it
        did, in both languages. InputError (the record unchanged) when the rules refuse it."""
        done = self.session.apply_data([action], save=False)
        said = [(m.text("en"), m.text("ja")) for a in done.applied if a is not None for m in a.said]
        if said:  # "Undone: …" names it as the record worded it, in the player's language
            label = (short(said[0][0]), short(said[0][1]))
        self.history.record(self.session.state, label)
        self._undone.clear()
        self.revision += 1
        return tuple(said)

    def undo(self) -> Pair | None:
        """Take back the last action still standing (the record's ``undo``, in memory); its
        label. An action made before the record was opened here is taken back too."""
        if not self.session.standing:
            return None
        entry = dict(self.session.log[self.session.standing[-1]])  # its dice as written
        before = self.session.states[-2]
        self.session.apply_data([{"do": "undo"}], save=False)
        self._undone.append(entry)
        label = self.history.undo()
        if label is None:  # made before the screen opened: the history starts again here
            self.history = History(self.session.state)
            label = self._said(entry, before)
        self.revision += 1
        return label

    def _said(self, entry: dict[str, Any], before: Any) -> Pair:
        """How "Undone: …" names an action of the log made before the screen opened: what the
        record said when it was made (its words in both languages, from its dice as written),
        else its ``do`` and the unit."""
        from builder.play.dice import ActionDice
        from builder.systems import Refused

        battle, catalog = self.session.battle, self.session.catalog
        try:
            made = battle.apply(before, entry, ActionDice(entry, False, ""), catalog)
        except (Refused, ValueError):
            return action_label(entry)
        said = [(m.text("en"), m.text("ja")) for m in made.said]
        return (short(said[0][0]), short(said[0][1])) if said else action_label(entry)

    def redo(self) -> Pair | None:
        """The action last undone, applied again as the log wrote it (the same dice, rolled
        ones included: the same state as before the undo)."""
        if not self._undone:
            return None
        entry = self._undone.pop()
        before = self.session.state
        self.session.apply_data([entry], save=False)
        label = self.history.redo()
        if label is None:
            label = self._said(entry, before)
            self.history.record(self.session.state, label)
        self.revision += 1
        return label

    def screen(self, threat: str | None, lang: Lang) -> tuple[str, str]:
        """The screen's head (kept in view) and body, the odds against ``threat``."""
        from builder.core.report_lang import reporting_in

        battle, options = self.session.battle, ShowOptions(threat, None)
        with reporting_in(lang):
            if isinstance(battle, ShowsScreen):
                return battle.screen(self.state, self.session.catalog, options, lang)
            text = battle.show(self.state, self.session.catalog, options).text
        head, _, body = text.partition("\n")
        return head, body.strip("\n")


def short(text: str, width: int = 48) -> str:
    """The first line of ``text``, cut to ``width`` columns with an ellipsis."""
    from builder.core.text_table import columns

    line = text.strip().splitlines()[0] if text.strip() else ""
    if columns(line) <= width:
        return line
    while columns(line) > width - 1:
        line = line[:-1]
    return line + "…"


def action_label(action: dict[str, Any]) -> Pair:
    """How "Undone: …" names an action: its ``do`` and the unit it is by or about."""
    who = next((action[k] for k in ("by", "unit", "token") if k in action), None)
    text = str(action.get("do", "")) + ("" if who is None else f" {who}")
    return (text, text)


__all__ = ["InputError", "RecordDocument", "action_label"]
