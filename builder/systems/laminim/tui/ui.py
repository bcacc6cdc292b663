"""LAMINIM's part of the TUI: the team screen first, with the session's choice of threat;
styles, help and footer words in ``ui.yaml``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems import SystemUI

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog
    from builder.systems.laminim.team import Team
    from builder.systems.laminim.tui.screens.team_screen import TeamScreen
    from builder.tui.document import DocView


def laminim_ui() -> SystemUI:
    from builder.systems.laminim.tui.base import LaminimState

    state = LaminimState()  # the threat chosen stays for the session, file after file

    def first(doc: DocView[Team, Catalog]) -> TeamScreen:
        from builder.systems.laminim.tui.screens.team_screen import TeamScreen

        return TeamScreen(doc, state)

    return SystemUI.load(__file__, first)
