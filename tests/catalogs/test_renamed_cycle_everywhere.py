"""A ``renamed:`` map that goes round in a circle (``a: b, b: a``) is bad input for every
command that reads the catalog, each at its line: ``analyze`` and ``balance`` once accepted
it silently while ``check``, ``parts``, ``pin``, ``migrate`` and ``catalog diff`` refused it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder import systems
from builder.core.resources import bundled_catalog_dir


def _cyclic(game: str, tmp_path: Path) -> Path:
    folder = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir(game), folder)
    info = folder / "catalog.yaml"
    text = info.read_text(encoding="utf-8")
    info.write_text(text + "renamed:\n  old-one: old-two\n  old-two: old-one\n", encoding="utf-8")
    return folder


def _commands(game: str, folder: Path, team: Path) -> list[list[str]]:
    out = [
        ["check", str(team), "--catalog", str(folder)],
        ["analyze", str(team), "--catalog", str(folder)],
        ["parts", "--catalog", str(folder)],
        ["pin", str(team), "--catalog", str(folder)],
        ["migrate", str(team), "--catalog", str(folder)],
        ["catalog", "diff", str(bundled_catalog_dir(game)), str(folder)],
    ]
    if game == "laminim":
        out.append(["balance", "--catalog", str(folder), "--rounds", "1"])
    if game == "artifact":
        out.append(["balance", "--system", game, "--catalog", str(folder)])
    return out


@pytest.mark.parametrize("game", ["laminim", "artifact", "soh"])
def test_a_renamed_cycle_is_bad_input_for_every_command(cli, tmp_path, game):
    folder = _cyclic(game, tmp_path)
    team = tmp_path / "team.yaml"
    team.write_text(systems.get(game).demo_file().read_text(encoding="utf-8"), encoding="utf-8")
    before = team.read_text(encoding="utf-8")
    info = folder / "catalog.yaml"
    lines = info.read_text(encoding="utf-8").splitlines()
    at = lines.index("  old-one: old-two") + 1
    for argv in _commands(game, folder, team):
        result = cli(*argv)
        assert result.code == 2, (argv, result.err[-500:])
        assert f"{info}:{at}:" in result.err, (argv, result.err[-500:])
        assert "renamed in a circle (old-one → old-two → old-one)" in result.err
    assert team.read_text(encoding="utf-8") == before  # pin and migrate wrote nothing
