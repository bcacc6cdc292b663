"""Choose a file to open or a place to save: a path field over a tree of folders and YAML files.

The field takes typing (``~`` works) and Tab completes it as far as the folder's names agree,
a folder getting its slash, the way a shell does; the tree below shows only folders and
``.yaml`` / ``.yml`` files, moving through it fills the field, and Enter (or a click) on a file
chooses it. Enter on a folder typed in the field shows that folder in the tree.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Input, Label, Static

from builder.core.i18n import Lang
from builder.tui.labels import t
from builder.tui.widgets.wrapped import Wrapped

YAML_SUFFIXES = (".yaml", ".yml")


def _shown(entry: os.DirEntry[str] | Path, hidden: bool) -> bool:
    """A folder or a YAML file (dot-names only when the player typed a dot)."""
    name = entry.name
    if name.startswith(".") and not hidden:
        return False
    try:
        if entry.is_dir():
            return True
        return entry.is_file() and name.lower().endswith(YAML_SUFFIXES)
    except OSError:
        return False


def complete_path(text: str, base: Path) -> str:
    """``text`` (a path being typed, relative to ``base`` unless absolute) completed as far
    as the names it could go on with agree; a single folder gets its ``/``. Unchanged when
    nothing matches or the folder cannot be read."""
    typed = os.path.expanduser(text)
    folder, sep, stem = typed.rpartition(os.sep)
    where = Path(folder + sep) if sep else Path(".")
    if not where.is_absolute():
        where = base / where
    try:
        with os.scandir(where) as entries:
            names = sorted(
                (e.name + (os.sep if e.is_dir() else ""))
                for e in entries
                if e.name.startswith(stem) and _shown(e, stem.startswith("."))
            )
    except OSError:
        return text
    if not names:
        return text
    common = os.path.commonprefix(names)  # noqa: RUF071  (names, not paths: what Tab types)
    if len(common) <= len(stem):
        return text
    return text + common[len(stem) :]


class YamlTree(DirectoryTree):
    """Folders and YAML files only."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [p for p in paths if _shown(p, False)]


class PathInput(Input):
    """A path field: Tab completes what is typed (the other keys are the field's)."""

    BINDINGS = [Binding("tab", "complete", "Complete", show=False)]  # noqa: RUF012

    def __init__(self, value: str, base: Path, **kwargs: object) -> None:
        super().__init__(value, **kwargs)  # type: ignore[arg-type]
        self.base = base

    def action_complete(self) -> None:
        done = complete_path(self.value, self.base)
        if done == self.value:
            self.app.bell()
            return
        self.value = done
        self.cursor_position = len(done)


class FileDialog(ModalScreen[Path | None]):
    """Returns the chosen path (None when cancelled). ``must_exist``: opening (a folder typed
    in the field is shown in the tree instead); else saving (any name in a folder)."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Cancel"),
        Binding("down", "to_tree", "List", show=False),
    ]

    def __init__(
        self, title: str, lang: Lang, *, start: Path, value: str = "", must_exist: bool = True
    ) -> None:
        super().__init__()
        self._title = title
        self._lang = lang
        # resolved: the tree's top row names the folder (a relative ``.`` has no name)
        self._start = (start if start.is_dir() else Path.cwd()).resolve()
        self._value = value
        # the field starts in the tree's folder, so what is typed there completes among
        # the files the tree shows
        here = self._start == Path.cwd().resolve()
        self._field = value or ("" if here else self._shown(self._start) + os.sep)
        self._must_exist = must_exist

    def compose(self) -> ComposeResult:
        lang = self._lang
        with Vertical(classes="dialog dialog-wide", id="file-dialog"):
            yield Label(Wrapped(self._title), classes="dialog-question")  # between phrases
            yield PathInput(self._field, Path.cwd(), id="file-path")
            yield YamlTree(self._start, id="file-tree")
            # the keys are said, not put on buttons: at 80×24 the tree gets their rows
            yield Static(Wrapped(t("file_hint", lang)), classes="dim", id="file-hint")

    def on_mount(self) -> None:
        field = self.query_one(PathInput)
        field.focus()
        field.cursor_position = len(field.value)

    @staticmethod
    def _path(text: str) -> Path:
        """What the field says, relative to the working folder as on the command line."""
        return Path(os.path.expanduser(text))

    @staticmethod
    def _shown(path: Path) -> str:
        """A path as the field shows it: relative to the working folder when under it."""
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def _choose(self, text: str) -> None:
        text = text.strip()
        if not text:
            self.app.bell()
            return
        path = self._path(text)
        if path.is_dir():  # a folder: show it and go on choosing there
            self.query_one(YamlTree).path = path
            field = self.query_one(PathInput)
            name = "" if self._must_exist else Path(self._value).name
            field.value = os.path.join(self._shown(path), name)
            field.cursor_position = len(field.value)
            return
        if self._must_exist and not path.exists():  # said here, before any question
            self.app.bell()
            said = t("file_not_found", self._lang).format(path=text)
            self.query_one("#file-hint", Static).update(Wrapped(said))
            return
        self.dismiss(path)

    @on(Input.Submitted, "#file-path")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._choose(event.value)

    @on(DirectoryTree.FileSelected)
    def _file_selected(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.dismiss(event.path)

    @on(DirectoryTree.NodeHighlighted)
    def _highlighted(self, event: DirectoryTree.NodeHighlighted[object]) -> None:
        entry = event.node.data
        path = getattr(entry, "path", None)
        if not isinstance(path, Path):
            return
        field = self.query_one(PathInput)
        if path.is_dir():
            if not self._must_exist and self._value:
                path = path / Path(self._value).name
            else:
                return
        shown = self._shown(path)
        field.value = shown
        field.cursor_position = len(shown)

    def action_to_tree(self) -> None:
        """↓ in the path field: on to the list (the tree's own ↓ moves in it)."""
        self.query_one(YamlTree).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
