"""The share code of the team on screen, to copy and paste to another player.

The code is the one ``laminim share`` prints for the file a save would write now (the edits
not yet saved included, pinned to the catalog in use), so ``laminim import CODE`` on another
machine gives back what this screen shows. ``c`` (or ``ctrl+c``) copies it to the clipboard
(Textual's ``copy_to_clipboard``: the terminal's OSC 52, which most terminals and tmux with
``set-clipboard on`` take); the code is also on screen to copy by hand. A team that breaks a
rule is shared as ``laminim share`` shares it, exactly as it is, with check's reasons under the
code: the player sees it is illegal before handing it across the table.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from builder.core.i18n import Lang
from builder.core.problems import InputError, Problem
from builder.tui.document import Document
from builder.tui.labels import Noun, t
from builder.tui.widgets.wrapped import Wrapped

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp

LINE = 48
"""Characters of the code a line (the dialog at 80 columns holds it with its margins)."""


def share_code_of(doc: Document[Any, Any]) -> tuple[str, list[Problem]]:
    """What ``laminim share`` prints for the file a save of ``doc`` would write now, and
    check's errors of it (none: the team is legal). Like ``laminim share``, a team that breaks
    a rule gets its code; raises InputError only where ``share`` exits 2 (bad input, or a
    value no code holds)."""
    from builder.catalogs.pin import pinned_text
    from builder.catalogs.saving import pin_for_save
    from builder.core.problems import errors_of
    from builder.exchange.commands import share_code, usable_file

    text = doc.save_text()
    pin = pin_for_save(doc.system, doc.catalog_dir)  # keeps the catalog's snapshot too
    if pin is not None:
        text = pinned_text(text, pin)
    name = doc.path.name if doc.path is not None else "team.yaml"
    with tempfile.TemporaryDirectory(prefix="laminim-share-") as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        usable = usable_file(path, doc.catalog_dir)
        return share_code(usable), errors_of(usable.report.problems)


class ShareDialog(ModalScreen[None]):
    """The code (or why there is none), ``c`` copies it, Esc closes."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape,q", "close", "Close"),
        Binding("c,ctrl+c", "copy", "Copy"),
    ]

    def __init__(self, name: str, lang: Lang, noun: Noun, code: str | None, reason: str) -> None:
        """``code`` None: it could not be made, ``reason`` says why; with a code, ``reason``
        (when not empty) is why the team is illegal."""
        super().__init__()
        self._name = name
        self._lang = lang
        self._noun = noun
        self.code = code
        self._reason = reason

    def compose(self) -> ComposeResult:
        lang = self._lang
        with Vertical(classes="dialog dialog-wide", id="share-dialog"):
            yield Label(t("share_title", lang).format(name=self._name), classes="dialog-question")
            if self.code is None:
                yield Static(Wrapped(t("share_refused", lang, self._noun), style="bold red"))
                yield Static(Wrapped(self._reason))
            else:
                lines = [self.code[i : i + LINE] for i in range(0, len(self.code), LINE)]
                yield Static(Text("\n".join(lines), style="bold"), id="share-code")
                yield Static(
                    Wrapped(t("share_about", lang).format(n=len(self.code)), style="dim"),
                    id="share-about",
                )
                if self._reason:  # shared as it is, as `laminim share` does: said so
                    note = t("share_illegal", lang, self._noun)
                    yield Static(Wrapped(note, style="bold yellow"), id="share-illegal")
                    yield Static(Wrapped(self._reason))
            keys = "share_keys" if self.code is not None else "share_keys_none"
            yield Static(Wrapped(t(keys, lang), style="dim"), id="share-keys")

    def action_copy(self) -> None:
        if self.code is None:
            self.app.bell()
            return
        self.app.copy_to_clipboard(self.code)
        copied = t("share_copied", self._lang).format(n=len(self.code))
        # said in the dialog: the notices' line is the screen's under it
        self.query_one("#share-keys", Static).update(Wrapped(copied, style="bold green"))

    def action_close(self) -> None:
        self.dismiss(None)


def share_dialog(doc: Document[Any, Any], name: str, lang: Lang, noun: Noun) -> ShareDialog:
    """The dialog for ``doc``: its code (with check's first reasons when the team is illegal),
    or the first reasons there is none (bad input; a file the editor cannot hold whole is fixed
    in a text editor first)."""
    if doc.locked:  # a code would leave out what the editor could not read
        return ShareDialog(name, lang, noun, None, t("share_locked", lang))
    try:
        code, errors = share_code_of(doc)
    except InputError as exc:
        return ShareDialog(name, lang, noun, None, _reasons(list(exc.problems), lang))
    return ShareDialog(name, lang, noun, code, _reasons(errors, lang))


def _reasons(problems: list[Problem], lang: Lang) -> str:
    """The first three problems, one a line, and how many more (no file:line:col: the lines
    are those of the text a save would write, not the file's)."""
    reason = "\n".join((f"{p.field}: " if p.field else "") + p.text(lang) for p in problems[:3])
    if len(problems) > 3:
        reason += "\n" + t("share_more", lang).format(n=len(problems) - 3)
    return reason


def show_share(app: BuilderApp) -> None:
    """``S``: the dialog on the app's open team (an unreadable file: a notice)."""
    doc = app.doc
    if doc is None:  # an unreadable file: its problems are on screen
        app.bell()
        app.notify(app.say("share_locked"), severity="warning")
        return
    name = getattr(doc.team, "name", None) or (doc.path.name if doc.path else "")
    app.push_screen(share_dialog(doc, str(name), app.lang, app.ui.noun))
