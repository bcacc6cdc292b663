"""Kuroganen's part of the TUI: the map screen first; styles, help and footer words in
``ui.yaml``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems import SystemUI

if TYPE_CHECKING:
    from builder.tui.document import DocView

    from ..catalog import KuroganenCatalog
    from ..models import KuroganenMap
    from .map_screen import MapScreen


def kuroganen_ui() -> SystemUI:
    def first(doc: DocView[KuroganenMap, KuroganenCatalog]) -> MapScreen:
        from .map_screen import MapScreen

        return MapScreen(doc)

    return SystemUI.load(__file__, first)
