"""A footer that wraps its keys onto as many rows as it needs, with a gap between every pair.

Textual's footer is one scrolling row: at 80 columns the keys of the unit editor would scroll out
of sight. This one flows the keys into rows the way words flow into lines, each ``key label``
pair as wide as itself and ``GAP`` cells from the next, so neighbours never run together and
every key of a screen (the game's acts, then the app's) is in view at 80×24; it shows the labels
in the app's language. A binding group (``⇧↑/⇧↓ Move``) is one key with one label.

It brings the screen's message line with it (:class:`MessageLine`, the app's notices, above the
keys): toasts over the screen lost a Japanese character at every widget edge under them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from builder.core.i18n import Lang
from builder.tui.labels import key_label

GAP = 1
"""Blank cells between two neighbouring key/label pairs."""


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


def flow_rows(widths: list[int], available: int) -> list[list[int]]:
    """The items (by index) on each row when they flow left to right, ``GAP`` cells apart,
    in ``available`` cells; an item wider than a row has a row of its own."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, width in enumerate(widths):
        need = width if not rows[-1] else used + GAP + width
        if rows[-1] and need > available:
            rows.append([i])
            used = width
        else:
            rows[-1].append(i)
            used = need
    return rows if rows[0] else []


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
        from builder.tui.widgets.message_line import MessageLine

        yield MessageLine()  # the app's notices, above the keys (hidden when there are none)
        if not self._bindings_ready:
            return
        keys = self._keys()
        self._widths = [k.width for k in keys]
        self._laid_out_for = self.app.size.width
        rows = flow_rows(self._widths, self.app.size.width - 1)  # a cell of room for safety
        for row in rows:
            footer_keys = []
            for i in row:
                k = keys[i]
                key = FooterKey(  # compact by default, like this footer
                    k.key,
                    k.display,
                    k.description,
                    k.action,
                    disabled=not k.enabled,
                    tooltip=k.tooltip,
                )
                key.styles.width = k.width
                footer_keys.append(key)
            yield Horizontal(*footer_keys, classes="footer-row")

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != getattr(self, "_laid_out_for", event.size.width):
            self.call_after_refresh(self.recompose)
