"""Shared fixtures: the bundled catalog, the demo team and PDF measuring helpers."""

from __future__ import annotations

import pytest

from builder.core.resources import demo_team_path
from builder.roster.team_file import load_team
from builder.systems.laminim.catalog import load_catalog

MM = 72 / 25.4
"""PDF points per millimetre."""


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


@pytest.fixture(scope="session")
def demo_team():
    return load_team(demo_team_path())[1]
