"""Input files are opened in one place: a FIFO, a device, a folder, a socket, a symlink loop, an
over-long name or a file past its cap is bad input (exit 2) with its path, never a hang, a
gigabyte read or a traceback, in every game and for every kind of input file."""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest

from builder import systems
from builder.core.input_files import (
    CATALOG_FILE_CAP,
    TEAM_FILE_CAP,
    check_folder,
    exists_safely,
    read_input,
)
from builder.core.problems import InputError
from builder.core.resources import bundled_catalog_dir

LONG_NAME = "x" * 300
GAMES = systems.ids()


def _demo(system_id: str) -> Path:
    return systems.get(system_id).demo_file()


def _problem(path: Path | str, cap: int = TEAM_FILE_CAP) -> str:
    with pytest.raises(InputError) as caught:
        read_input(path, cap=cap)
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def test_a_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_bytes(b"system: laminim\n")
    assert read_input(path) == b"system: laminim\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    assert _problem(fifo) == f"{fifo}: is a FIFO (named pipe), not a file: give a YAML file"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_before_a_byte_is_read():
    assert _problem("/dev/zero") == "/dev/zero: is a device, not a file: give a YAML file"


def test_a_folder_is_refused(tmp_path):
    assert _problem(tmp_path) == f"{tmp_path}: is a folder, not a file"


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no unix sockets here")
def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as sock:
        try:
            sock.bind(str(path))
        except OSError:
            pytest.skip("cannot bind a unix socket here")
        assert _problem(path) == f"{path}: is a socket, not a file: give a YAML file"


def test_a_symlink_loop_is_reported_not_followed(tmp_path):
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    assert _problem(loop) == f"{loop}: symlink loop: the path never reaches a file or folder"


def test_a_name_too_long_for_the_file_system_is_reported(tmp_path):
    path = tmp_path / LONG_NAME
    assert _problem(path) == f"{path}: name too long for the file system: check the path"


def test_a_missing_file_says_not_found(tmp_path):
    assert _problem(tmp_path / "none.yaml") == f"{tmp_path / 'none.yaml'}: file not found"


def test_a_file_past_its_cap_is_refused_at_the_first_byte_beyond_it(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" + b"x" * 20)
    line = _problem(path, cap=10)
    assert line == (
        f"{path}:2:6: file too large: more than 10 bytes, the most such a file may hold "
        "(is this the right file?)"
    )


def test_a_team_file_past_one_mib_is_bad_input_that_names_the_cap(cli, tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"system: laminim\nname: T\n# " + b"x" * TEAM_FILE_CAP + b"\nunits: []\n")
    result = cli("check", path)
    assert result.code == 2
    assert result.err.startswith(f"{path}:3:")
    assert "file too large: more than 1 MiB" in result.err


def test_a_catalog_file_past_its_cap_is_bad_input_at_its_line(cli, catalog_copy, demo_path):
    weapons = catalog_copy / "weapons.yaml"
    with weapons.open("ab") as handle:
        handle.write(b"# " + b"x" * CATALOG_FILE_CAP + b"\n")
    result = cli("check", demo_path, "--catalog", catalog_copy)
    assert result.code == 2
    assert result.err.startswith(f"{weapons}:")
    assert "file too large: more than 2 MiB" in result.err


def test_a_100_by_100_height_map_still_loads(cli, tmp_path):
    rows = "".join("  - [" + ", ".join(["1.5"] * 100) + "]\n" for _ in range(100))
    path = tmp_path / "map.yaml"
    path.write_text(f"system: kuroganen\nname: Big\nmap:\n{rows}units: [[0, 0]]\n")
    assert cli("check", path).code == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("system_id", GAMES)
def test_check_of_a_fifo_exits_2_in_every_game(cli, tmp_path, system_id):
    fifo = tmp_path / f"{system_id}.yaml"
    os.mkfifo(fifo)
    result = cli("check", fifo, "--catalog", bundled_catalog_dir(system_id))
    assert (result.code, result.err) == (
        2,
        f"{fifo}: is a FIFO (named pipe), not a file: give a YAML file\n",
    )


@pytest.mark.skipif(not Path("/dev/urandom").exists(), reason="no /dev/urandom here")
def test_check_of_dev_urandom_exits_2_at_once(cli):
    result = cli("check", "/dev/urandom")
    assert (result.code, result.err) == (
        2,
        "/dev/urandom: is a device, not a file: give a YAML file\n",
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("system_id", ["laminim", "artifact", "soh"])
def test_a_device_as_threat_file_exits_2(cli, system_id):
    result = cli("analyze", _demo(system_id), "--threat=/dev/zero")
    assert (result.code, result.err) == (
        2,
        "/dev/zero: is a device, not a file: give a YAML file\n",
    )


@pytest.mark.parametrize("system_id", GAMES)
def test_a_catalog_symlink_loop_exits_2_in_every_game(cli, tmp_path, system_id):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    result = cli("check", _demo(system_id), "--catalog", loop)
    assert result.code == 2
    assert result.err.startswith(f"{loop}")
    assert result.err.endswith("symlink loop: the path never reaches a file or folder\n")
    assert "Traceback" not in result.err


@pytest.mark.parametrize("system_id", GAMES)
def test_a_catalog_file_that_is_a_symlink_loop_exits_2(cli, tmp_path, system_id):
    folder = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir(system_id), folder)
    inner = folder / "catalog.yaml"
    inner.unlink()
    inner.symlink_to(inner)
    result = cli("check", _demo(system_id), "--catalog", folder)
    assert result.code == 2
    assert f"{inner}: symlink loop" in result.err


def test_a_catalog_folder_that_is_a_file_is_reported(tmp_path):
    path = tmp_path / "catalog.yaml"
    path.write_text("x: 1\n")
    with pytest.raises(InputError) as caught:
        check_folder(path, what="catalog folder")
    assert str(caught.value) == f"{path}: catalog folder not found: this is a file, not a folder"


def test_exists_safely_answers_false_for_names_the_system_refuses(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert exists_safely(tmp_path)
    assert not exists_safely(tmp_path / LONG_NAME)
    assert not exists_safely(loop)
    assert not exists_safely("a\x00b")
