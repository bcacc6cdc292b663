"""One key map for the same acts in every game (docs/design.md "The TUI").

A screen takes these bindings instead of writing its own: the same key does the same thing in
every game, and the footer and the help name it with the same words. A game's own acts use other
keys; ``tests/tui/test_key_map.py`` refuses a screen that binds one of these keys to another act.
"""

from __future__ import annotations

from textual.binding import Binding

ADD = Binding("a", "add", "Add")
DUPLICATE = Binding("d", "duplicate", "Dup")
RENAME = Binding("r", "rename", "Rename")
REMOVE = Binding("x,delete", "remove", "Remove")
EDIT = Binding("enter", "edit", "Edit", key_display="⏎")
COMPARE = Binding("c", "compare", "Compare")
BACK = Binding("escape", "back", "Back", key_display="Esc")
RENAME_TEAM = Binding("R", "rename_team", "Name", key_display="R")
ITEM_ACTS = (EDIT, ADD, DUPLICATE, RENAME, REMOVE)
"""The kit's acts on a team's items (``builder.tui.items.ItemListScreen``), in the order a list
screen's footer names them."""

# the app's own (every screen); a pair of keys for two sides of one act is one footer entry
SAVING = Binding.Group("Save/SaveAs")
UNDOING = Binding.Group("Undo/Redo")
QUIT = Binding("ctrl+q", "quit", "Quit", priority=True)
HELP = Binding("f1,question_mark", "help", "Help", key_display="F1")
OPEN = Binding("ctrl+o", "open", "Open")
SAVE = Binding("ctrl+s", "save", "Save", group=SAVING)
SAVE_AS = Binding("f2", "save_as", "SaveAs", group=SAVING)
PRINT = Binding("p", "print", "Print")
UNDO = Binding("ctrl+z", "undo", "Undo", group=UNDOING)
REDO = Binding("ctrl+y", "redo", "Redo", group=UNDOING)
LANG = Binding("l", "toggle_lang", "EN/JA")
SHARE = Binding("S", "share", "Share", key_display="S", show=False)
"""The share code of the team on screen (F1 lists it; the footer has no room left at 80x24)."""
PLAY = Binding("P", "play", "Play", key_display="P")
"""The battle record beside the team (the play screen), in a game that plays."""
PROBLEMS = Binding("f8", "problems", "Problems", key_display="F8")
RELOAD = Binding("ctrl+r", "reload", "Reload", show=False)
"""In the footer of the problems screen, where it is the next step; F1 lists it everywhere."""

APP_KEYS = (QUIT, HELP, OPEN, SAVE, SAVE_AS, PRINT, UNDO, REDO, LANG, PLAY, PROBLEMS, RELOAD, SHARE)
SCREEN_KEYS = (ADD, DUPLICATE, RENAME, REMOVE, EDIT, COMPARE, BACK, RENAME_TEAM)

RESERVED: dict[str, str] = {
    key: binding.action for binding in (*APP_KEYS, *SCREEN_KEYS) for key in binding.key.split(",")
}
"""Each key of the map and the one act it does (``"x": "remove"``, ``"ctrl+z": "undo"``)."""
