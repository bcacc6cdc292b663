"""LAMINIM's screens are tested with the pilot fixtures of tests/tui (the bundled catalog, the
demo team copied to a temp folder, an app on it) and its fresh-event-loop runner."""

from __future__ import annotations

from tests.tui.conftest import (  # noqa: F401 (fixtures and the hook, shared by import)
    catalog,
    make_app,
    other_team,
    pytest_pyfunc_call,
    team_file,
)
