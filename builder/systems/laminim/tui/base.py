"""What every LAMINIM screen shares: the team and catalog in their own types (a
``DocumentScreen[Team, Catalog]``), the session's choice of threat, compare and the unit editor.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.team import Team, Unit
from builder.tui.document import DocView
from builder.tui.screen import DocumentScreen


@dataclass
class LaminimState:
    """LAMINIM's choices for the session (kept across files): the threat the survival numbers
    are against. Made by ``laminim_ui`` and handed from screen to screen."""

    threat_id: str | None = None


class LaminimScreen(DocumentScreen[Team, Catalog]):
    """A LAMINIM screen of the builder."""

    def __init__(self, doc: DocView[Team, Catalog], state: LaminimState) -> None:
        super().__init__(doc)
        self.state = state
        if state.threat_id is None or doc.catalog.threat(state.threat_id) is None:
            catalog = doc.catalog
            state.threat_id = catalog.default_threat or (
                catalog.threats[0].id if catalog.threats else None
            )

    def current_threat(self) -> Threat | None:
        """The threat the survival numbers are computed against (the first one if unset)."""
        catalog = self.catalog
        return catalog.threat(self.state.threat_id or "") or (
            catalog.threats[0] if catalog.threats else None
        )

    def next_threat_id(self) -> str | None:
        """The catalog threat after the current one (wrapping round); None without threats."""
        ids = [th.id for th in self.catalog.threats]
        if not ids:
            return None
        current = self.state.threat_id if self.state.threat_id in ids else ids[0]
        return ids[(ids.index(current) + 1) % len(ids)]

    def edit_unit(self, index: int) -> None:
        from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen

        if 0 <= index < len(self.team.units):
            self.app.push_screen(UnitEditorScreen(self.doc, self.state, index))

    def open_compare(self, pairs: list[tuple[Unit, str]]) -> None:
        from builder.systems.laminim.tui.screens.compare_screen import CompareScreen, Entry

        entries = [Entry(u.model_copy(deep=True), src) for u, src in pairs]
        self.app.push_screen(CompareScreen(self.doc, self.state, entries))
