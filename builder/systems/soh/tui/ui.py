"""soh's part of the TUI: the crew screen first, with the session's opponent and planner
objective; styles, help and footer words in ``ui.yaml``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.systems import SystemUI

if TYPE_CHECKING:
    from builder.systems.soh.models import Catalog, Crew
    from builder.systems.soh.rules.planner import Objective
    from builder.systems.soh.tui.screens import CrewScreen
    from builder.tui.document import DocView


@dataclass
class SohState:
    """The opponent the crew screen plans against (index into the opponent choices) and the
    planner's objective: kept for the session, file after file."""

    opponent: int = 0
    objective: Objective = "net"


def soh_ui() -> SystemUI:
    state = SohState()

    def first(doc: DocView[Crew, Catalog]) -> CrewScreen:
        from builder.systems.soh.tui.screens import CrewScreen

        return CrewScreen(doc, state)

    return SystemUI.load(__file__, first)
