"""What every LAMINIM screen shares: typed access to the team, catalog and language, the chosen
threat, and the team edits that go through the shell (so the title and every screen stay right).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.team import Team, Unit
from builder.systems.laminim.tui.labels import t
from builder.tui.shell import ShellScreen


@dataclass
class LaminimState:
    """LAMINIM's session state in the shell: the threat the survival numbers are against."""

    threat_id: str | None = None
    marked: list[str] = field(default_factory=list)
    """Names of the units marked for compare (marks belong to units, not to rows)."""
    edited: object = None
    """The team last set by a LAMINIM screen: any other new team came from outside (an open)."""


class LaminimScreen(ShellScreen):
    """A LAMINIM screen of the builder."""

    @property
    def team(self) -> Team:
        return cast(Team, self.shell.team)

    @property
    def catalog(self) -> Catalog:
        return cast(Catalog, self.shell.catalog)

    @property
    def state(self) -> LaminimState:
        state = self.shell.ui.state
        assert isinstance(state, LaminimState)
        if state.threat_id is None:
            catalog = self.catalog
            state.threat_id = catalog.default_threat or (
                catalog.threats[0].id if catalog.threats else None
            )
        return state

    def set_units(self, units: list[Unit]) -> None:
        team = self.team.model_copy(update={"units": units})
        self.state.edited = team
        self.shell.set_team(team)

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
            self.app.push_screen(UnitEditorScreen(index))

    def open_compare(self, pairs: list[tuple[Unit, str]]) -> None:
        from builder.systems.laminim.tui.screens.compare_screen import CompareScreen, Entry

        self.app.push_screen(
            CompareScreen([Entry(u.model_copy(deep=True), src) for u, src in pairs])
        )

    def rename_unit(self, index: int, after: Callable[[], None] | None = None) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        old = self.team.units[index].name

        def done(name: str | None) -> None:
            if not name or name == old:
                return
            if self.team.unit(name) is not None:
                self.notify(t("name_taken", self.lang).format(name=name), severity="error")
                return
            units = list(self.team.units)
            units[index] = units[index].model_copy(update={"name": name})
            marked = self.state.marked
            self.state.marked = [name if m == old else m for m in marked]
            self.set_units(units)
            if after:
                after()

        self.app.push_screen(
            PromptDialog(t("rename_prompt", self.lang).format(name=old), value=old), done
        )
