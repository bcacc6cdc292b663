"""``laminim check`` on any file, whatever its game (here the fake one): a missing file, a folder,
a file not in UTF-8, a Python tag, a bad ``--catalog`` or option; the installed games."""

from __future__ import annotations

import json

import pytest


def test_python_tag_runs_nothing(cli, fake_game, tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.yaml"
    path.write_text(
        f'system: fake\nname: Evil\nrobots: !!python/object/apply:os.system ["touch {marker}"]\n',
        encoding="utf-8",
    )
    result = cli("check", path)
    assert result.code == 2
    assert (
        f"{path}:3:9: robots: unsupported YAML tag '!!python/object/apply:os.system'" in result.err
    )
    assert not marker.exists()


def test_missing_team_file(cli, tmp_path):
    result = cli("check", tmp_path / "nope.yaml")
    assert result.code == 2
    assert result.err.strip() == f"{tmp_path / 'nope.yaml'}: file not found"


def test_directory_instead_of_file(cli, tmp_path):
    assert cli("check", tmp_path).code == 2


def test_non_utf8_file(cli, fake_game, tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("system: fake\nname: caf\xe9\n".encode("latin-1"))
    result = cli("check", path)
    assert result.code == 2 and "not UTF-8" in result.err


def test_bad_catalog_option(cli, fake_demo, tmp_path):
    result = cli("check", fake_demo, "--catalog", tmp_path / "none")
    assert result.code == 2 and "catalog folder not found" in result.err


def test_unknown_option_exits_2(cli, fake_demo):
    with pytest.raises(SystemExit) as info:
        cli("check", fake_demo, "--bogus")
    assert info.value.code == 2


def test_systems_lists_the_installed_game_systems(cli):
    result = cli("systems", "--json")
    assert result.code == 0
    ids = [s["id"] for s in json.loads(result.out)["systems"]]
    assert ids[0] == "laminim"  # the default game comes first
    assert "laminim" in cli("systems").out
