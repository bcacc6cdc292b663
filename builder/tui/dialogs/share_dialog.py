"""The share code of the team on screen, to copy and paste to another player.

The code is the one ``laminim share`` prints for the file a save would write now (the edits
not yet saved included, pinned to the catalog in use), so ``laminim import CODE`` on another
machine gives back what this screen shows. ``c`` (or ``ctrl+c``) copies it to the clipboard
(Textual's ``copy_to_clipboard``: the terminal's OSC 52, which most terminals and tmux with
``set-clipboard on`` take); the code is also on screen to copy by hand.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from builder.core.i18n import Lang
from builder.core.problems import InputError
from builder.tui.document import Document
from builder.tui.labels import Noun, t
from builder.tui.widgets.wrapped import Wrapped

LINE = 48
"""Characters of the code a line (the dialog at 80 columns holds it with its margins)."""


def share_code_of(doc: Document[Any, Any]) -> str:
    """What ``laminim share`` prints for the file a save of ``doc`` would write now.

    Raises InputError (with check's problems, or the reason no code holds a value) when the
    team cannot be shared as it is."""
    from builder.catalogs.pin import pinned_text
    from builder.catalogs.saving import pin_for_save
    from builder.exchange.commands import share_code, usable_file

    text = doc.save_text()
    pin = pin_for_save(doc.system, doc.catalog_dir)  # keeps the catalog's snapshot too
    if pin is not None:
        text = pinned_text(text, pin)
    name = doc.path.name if doc.path is not None else "team.yaml"
    with tempfile.TemporaryDirectory(prefix="laminim-share-") as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        return share_code(usable_file(path, doc.catalog_dir))


class ShareDialog(ModalScreen[None]):
    """The code (or why there is none), ``c`` copies it, Esc closes."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape,q", "close", "Close"),
        Binding("c,ctrl+c", "copy", "Copy"),
    ]

    def __init__(self, name: str, lang: Lang, noun: Noun, code: str | None, reason: str) -> None:
        """``code`` None: it could not be made, ``reason`` says why."""
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
    """The dialog for ``doc``: its code, or the first reason there is none."""
    try:
        return ShareDialog(name, lang, noun, share_code_of(doc), "")
    except InputError as exc:
        problems = list(exc.problems)
        # no file:line:col: the lines are those of the text a save would write, not the file's
        reason = "\n".join((f"{p.field}: " if p.field else "") + p.text(lang) for p in problems[:3])
        if len(problems) > 3:
            reason += "\n" + t("share_more", lang).format(n=len(problems) - 3)
        return ShareDialog(name, lang, noun, None, reason)
