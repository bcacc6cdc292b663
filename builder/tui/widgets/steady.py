"""Change what a widget shows without a layout pass of the whole screen when its height holds.

``Static.update`` asks for a layout by default: every widget of the screen is measured again
(each table rendered once to learn its height) and the whole screen repainted, about two
thirds of what a part change in the unit editor cost. New numbers in a table of the same
rows need only the widget itself repainted. :func:`steady` makes the change, measures the
widget's content at its width before and after, and asks for the layout only when that
height differs (a name that now wraps onto a second line, a problem more), so nothing is
ever cut.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def steady(widget: Widget, change: Callable[[], object]) -> None:
    """Run ``change`` (it alters what ``widget`` shows and repaints it, without a layout);
    lay the screen out again only if the widget's content height changed, or when the
    widget has not been laid out yet."""
    width = widget.content_size.width
    if not widget.is_mounted or not width:
        change()
        widget.refresh(layout=True)
        return
    size = widget.size  # the container and viewport sizes; a widget's own height ignores them
    before = widget.get_content_height(size, size, width)  # cached unless it changed
    change()
    if widget.get_content_height(size, size, width) != before:
        widget.refresh(layout=True)


def update(widget: Static, content: VisualType) -> None:
    """``widget.update(content)``, laid out again only when its height changes."""
    steady(widget, lambda: widget.update(content, layout=False))
