"""Artifact's part of the TUI shell: the force screen first; styles, help and footer words in
``ui.yaml``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems import SystemUI

if TYPE_CHECKING:
    from builder.systems.artifact.models import ArtifactCatalog, ForceFile
    from builder.systems.artifact.tui.force_screen import ForceScreen
    from builder.tui.document import DocView


def artifact_ui() -> SystemUI:
    def first(doc: DocView[ForceFile, ArtifactCatalog]) -> ForceScreen:
        from builder.systems.artifact.tui.force_screen import ForceScreen

        return ForceScreen(doc)

    return SystemUI.load(__file__, first)
