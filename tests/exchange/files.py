"""Every example, demo and test file of the four games, for the share/export round trips."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

GLOBS = (
    "parts_catalog/*/demo_*.yaml",
    "examples/*/*.yaml",
    "tests/fixtures/teams/*.yaml",
    "tests/fixtures/illegal_teams/*.yaml",
    "tests/fixtures/bad_teams/*.yaml",
    "tests/systems/artifact/forces/*.yaml",
    "tests/systems/soh/crews/*.yaml",
    "tests/systems/soh/fixtures/*.yaml",
)

FILES = sorted({p for g in GLOBS for p in ROOT.glob(g)})
"""Each file once (a threat file or a broken one among them: share refuses those, exit 2)."""


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()
