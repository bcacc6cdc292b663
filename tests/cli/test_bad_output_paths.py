"""A bad ``-o`` is refused (exit 2) before anything is laid out, in the player's language: a
folder, ``.``, ``..``, a name ending in ``/``, ``/dev/null``, ``/dev/full``, ``-``, an empty
name, a path through a file, a folder that cannot be written. (They once wrote ``folder.pdf``,
``.pdf``, ``/dev/full.pdf`` or ``-.pdf`` beside the path, and ``cards`` laid the whole PDF out,
5-6 s of CPU, before it found it could not write it.)"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import builder.render.pdf as pdf
from builder.cli import main
from tests.conftest import CliResult

DEMO = "parts_catalog/laminim/demo_team.yaml"
ARTIFACT_DEMO = "parts_catalog/artifact/demo_force.yaml"


def _flat(text: str) -> str:
    """``text`` without its white space: a refusal wrapped at 80 columns (inside a path too)
    reads as one line; both sides of a comparison go through it."""
    return "".join(text.split())


@pytest.fixture
def cli(capsys):
    """``laminim ARGS`` in-process; argparse's refusal (SystemExit 2) counts as exit 2."""

    def run(*args: str) -> CliResult:
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture(autouse=True)
def no_layout(monkeypatch):
    """Any PDF laid out fails the test: a refusal must come first."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("a PDF was laid out before the -o was refused")

    monkeypatch.setattr(pdf, "pdf_bytes", refuse)


def _file_commands(out: str) -> list[list[str]]:
    return [
        ["compare", f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "-o", out],
        ["balance", "-o", out, "--rounds", "1"],
        ["balance", "--system", "artifact", "-o", out],
    ]


BAD_FILES = ["", "-", ".", "..", "sub/", "/dev/null", "/dev/full", "/tmp"]


@pytest.mark.parametrize("out", BAD_FILES)
def test_a_bad_output_file_is_refused_before_any_work(cli, tmp_path, out):
    for argv in _file_commands(out if out != "sub/" else str(tmp_path) + "/"):
        result = cli(*argv)
        assert result.code == 2, (argv, result.err)
        assert "-o/--output" in result.err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("out", ["", "-", "/dev/null", "/dev/full"])
def test_a_bad_output_folder_for_cards_is_refused_before_any_layout(cli, out):
    result = cli("cards", DEMO, "-o", out)
    assert result.code == 2 and "-o/--output" in result.err


def test_cards_into_a_file_or_through_one_is_refused(cli, tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    assert cli("cards", DEMO, "-o", str(a_file)).code == 2
    result = cli("cards", DEMO, "-o", str(a_file / "sub"))
    assert result.code == 2 and _flat("is not a folder") in _flat(result.err)
    result = cli("compare", f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "-o", str(a_file / "x.pdf"))
    assert result.code == 2 and _flat("is not a folder") in _flat(result.err)


def test_the_refusals_speak_japanese(cli):
    result = cli("compare", f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "-o", "/dev/null", "--lang", "ja")
    assert _flat("/dev/null はファイルではなくデバイスです") in _flat(result.err)
    result = cli("cards", DEMO, "-o", "-", "--lang", "ja")
    assert _flat("「-」は書き出せるファイルやフォルダではありません") in _flat(result.err)
    result = cli("compare", f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "-o", ".", "--lang", "ja")
    said = _flat(". はフォルダです。その中のファイル名を指定してください（例：./sheet.pdf）")
    assert said in _flat(result.err)


def _immutable(folder: Path) -> bool:
    """Make ``folder`` immutable (chattr +i) where the file system and our rights allow."""
    done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
    return done.returncode == 0


def test_a_folder_that_cannot_be_written_is_refused_before_any_layout(cli, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() == 0:
        if not _immutable(locked):
            pytest.skip("root, and no chattr here: every folder is writable")
    else:
        locked.chmod(0o555)
    try:
        result = cli("cards", DEMO, "-o", str(locked), "--lang", "ja")
        assert result.code == 2 and _flat(f"{locked} に書き込めません") in _flat(result.err)
        result = cli("cards", DEMO, "-o", str(locked / "new"))
        assert result.code == 2 and _flat(f"cannot write into {locked}") in _flat(result.err)
        result = cli("compare", f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "-o", str(locked / "a.pdf"))
        assert result.code == 2 and _flat(f"cannot write into {locked}") in _flat(result.err)
    finally:
        subprocess.run(["chattr", "-i", str(locked)], capture_output=True, check=False)
        locked.chmod(0o755)
    assert not list(locked.iterdir())  # the probe left nothing behind
