"""A battle record open in the TUI, in the kit's document shape for a record (docs/design.md
"How it is built: the app owns the document").

The value the history holds is the record's state; an action is an edit that applies it to the
record (all or nothing, saved atomically, as ``laminim play --do``); undo and redo are the kit's
:class:`~builder.tui.document.History` steps, written to the record as its own ``undo`` and as
the undone action applied again. No Textual here: tested without a terminal.
"""

from __future__ import annotations

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
        """Apply ``action`` to the record (saved); what it did, in both languages. InputError
        (the record unchanged) when the rules refuse it."""
        done = self.session.apply_data([action])
        said = [(m.text("en"), m.text("ja")) for a in done.applied if a is not None for m in a.said]
        if said:  # "Undone: …" names it as the record worded it, in the player's language
            label = (short(said[0][0]), short(said[0][1]))
        self.history.record(self.session.state, label)
        self._undone.clear()
        self.revision += 1
        return tuple(said)

    def undo(self) -> Pair | None:
        """Take back the last action still standing (the record's ``undo``, saved); its label.
        An action made before the record was opened here is taken back too."""
        if not self.session.standing:
            return None
        entry = dict(self.session.log[self.session.standing[-1]])  # its dice as written
        self.session.apply_data([{"do": "undo"}])
        self._undone.append(entry)
        label = self.history.undo()
        if label is None:  # made before the screen opened: the history starts again here
            self.history = History(self.session.state)
            label = action_label(entry)
        self.revision += 1
        return label

    def redo(self) -> Pair | None:
        """The action last undone, applied again as the log wrote it (the same dice, rolled
        ones included: the same state as before the undo)."""
        if not self._undone:
            return None
        entry = self._undone.pop()
        self.session.apply_data([entry])
        label = self.history.redo()
        if label is None:
            label = action_label(entry)
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
