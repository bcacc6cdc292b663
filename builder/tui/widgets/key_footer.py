"""A footer that wraps its keys onto as many rows as it needs, with a gap between every pair.

Textual's footer is one scrolling row: at 80 columns the keys of the unit editor would scroll out
of sight. This one lays the keys out on a grid whose columns are as wide as the widest
``key label`` pair plus a gap, so neighbours never run together, and it shows the labels in the
app's language. A binding group (``⇧↑/⇧↓ Move``) is one key with one label.

It also lifts the screen's toasts above its rows: Textual places them one row up, over a taller
footer, and its compositor cuts a toast's line at every footer key's edge, splitting a Japanese
character there into two blanks (「に保存しま  た」).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import ceil

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey
from textual.widgets._toast import ToastRack

from builder.core.i18n import Lang
from builder.tui.labels import key_label

GAP = 1
"""Blank cells between two neighbouring key/label pairs."""
MAX_ROWS = 3


@dataclass(frozen=True)
class _Key:
    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str

    @property
    def width(self) -> int:
        return cell_len(self.display) + 1 + cell_len(self.description)


def grid_shape(widths: list[int], available: int) -> list[int]:
    """The widths of the fewest grid columns (items fill rows left to right) in which every item
    fits its column with ``GAP`` cells to its neighbour, in ``available`` cells."""
    n = len(widths)
    if not n:
        return [1]
    for rows in range(1, n + 1):
        columns = ceil(n / rows)
        rows = ceil(n / columns)
        cells = [max(widths[j::columns]) for j in range(columns)]
        # one spare cell per column absorbs the rounding of the fr units
        if sum(cells) + (columns - 1) * GAP + columns <= available:
            return cells
    return [max(widths)]


class KeyFooter(Footer):
    """The keys of the focused screen, every one visible, in English or Japanese."""

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)
        self._widths: list[int] = []

    def _keys(self) -> list[_Key]:
        from builder.tui.app import BuilderApp

        app = self.app
        lang: Lang = app.lang if isinstance(app, BuilderApp) else "en"
        system_keys = app.ui.keys_ja if isinstance(app, BuilderApp) else {}
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        keys: list[_Key] = []
        grouped: dict[str, int] = {}
        for (binding, enabled, tooltip), *_ in by_action.values():
            display = self.app.get_key_display(binding)
            group = binding.group
            if group is not None and group.description in grouped:
                at = grouped[group.description]
                first = keys[at]
                keys[at] = _Key(
                    first.key,
                    f"{first.display}/{display}",
                    first.description,
                    first.action,
                    first.enabled,
                    first.tooltip,
                )
                continue
            description = binding.description if group is None else group.description
            if group is not None:
                grouped[group.description] = len(keys)
            keys.append(
                _Key(
                    binding.key.split(",")[0],
                    display,
                    key_label(description, lang, system_keys),
                    binding.action,
                    enabled,
                    tooltip or binding.description,
                )
            )
        return keys

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        keys = self._keys()
        self._widths = [k.width for k in keys]
        self._shape(self.app.size.width)
        for k in keys:
            yield FooterKey(  # compact by default, like this footer
                k.key, k.display, k.description, k.action, disabled=not k.enabled, tooltip=k.tooltip
            )

    def _shape(self, width: int) -> None:
        cells = grid_shape(self._widths, width)
        self.styles.grid_size_columns = len(cells)
        self.styles.grid_columns = " ".join(f"{c}fr" for c in cells)
        rows = min(ceil(len(self._widths) / len(cells)), MAX_ROWS)
        self.styles.height = rows
        for rack in self.screen.query_children(ToastRack):
            rack.styles.margin = (0, 0, rows, 0)

    def on_resize(self, event: events.Resize) -> None:
        self._shape(event.size.width)
