"""``FILE:UNIT`` is split on the text before the file system is asked anything (a long unit
name is no path to stat); the longest existing file prefix wins, so colons may appear in file
names and unit names, and a Windows drive letter's colon is no split point. Also: compare's
unit problems carry the file's line, and an empty ``-o`` is bad input."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from builder.core.file_unit import split_file_unit
from builder.core.resources import bundled_catalog_dir

DEMO = str(bundled_catalog_dir("laminim") / "demo_team.yaml")

TWO_BULWARKS = """\
system: laminim
name: Twins
units:
  - {name: Bulwark, frame: bastion, weapons: [gatling, missile, missile]}
  - {name: Bulwark, frame: striker, weapons: [rifle, missile, null]}
  - {name: Kestrel, frame: striker, weapons: [rifle, missile, null]}
"""


def run(*argv: str) -> tuple[int, str, str]:
    from builder.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_a_bare_file_has_no_unit(tmp_path):
    assert split_file_unit(str(tmp_path / "t.yaml")) == (tmp_path / "t.yaml", None)


def test_the_text_after_the_file_is_the_unit(tmp_path):
    (tmp_path / "t.yaml").write_text("x: 1\n")
    assert split_file_unit(f"{tmp_path}/t.yaml:Kestrel") == (tmp_path / "t.yaml", "Kestrel")


def test_a_unit_name_may_hold_colons(tmp_path):
    (tmp_path / "t.yaml").write_text("x: 1\n")
    assert split_file_unit(f"{tmp_path}/t.yaml:Unit: Alpha") == (tmp_path / "t.yaml", "Unit: Alpha")


def test_a_file_whose_name_holds_a_colon_wins_as_the_longest_existing_prefix(tmp_path):
    (tmp_path / "t.yaml").write_text("x: 1\n")
    (tmp_path / "t.yaml:b").write_text("x: 1\n")
    assert split_file_unit(f"{tmp_path}/t.yaml:b:Kestrel") == (tmp_path / "t.yaml:b", "Kestrel")
    assert split_file_unit(f"{tmp_path}/t.yaml:b") == (tmp_path / "t.yaml:b", None)


def test_a_windows_drive_letter_is_not_the_split(tmp_path):
    assert split_file_unit("C:\\teams\\x.yaml:Unit") == (Path("C:\\teams\\x.yaml"), "Unit")
    assert split_file_unit("C:\\teams\\x.yaml") == (Path("C:\\teams\\x.yaml"), None)
    assert split_file_unit("C:/x.yaml") == (Path("C:/x.yaml"), None)


def test_a_300_character_unit_name_is_split_off_without_asking_the_file_system(tmp_path):
    (tmp_path / "t.yaml").write_text("x: 1\n")
    name = "u" * 300
    assert split_file_unit(f"{tmp_path}/t.yaml:{name}") == (tmp_path / "t.yaml", name)


def test_with_no_existing_file_the_yaml_name_before_a_colon_is_the_file():
    assert split_file_unit("nope.yaml:A:B") == (Path("nope.yaml"), "A:B")
    assert split_file_unit("nope:x") == (Path("nope:x"), None)


def test_an_empty_unit_means_every_unit(tmp_path):
    (tmp_path / "t.yaml").write_text("x: 1\n")
    assert split_file_unit(f"{tmp_path}/t.yaml:") == (tmp_path / "t.yaml", None)


def test_compare_with_a_300_character_unit_name_exits_2_at_the_units_line():
    code, _, err = run("compare", f"{DEMO}:{'u' * 300}", f"{DEMO}:Kestrel")
    assert code == 2
    assert err.startswith(f"{DEMO}:")
    assert ": units: no unit named 'uuuu" in err and "Traceback" not in err


def test_compare_of_a_name_two_units_share_points_at_the_second(tmp_path):
    path = tmp_path / "twins.yaml"
    path.write_text(TWO_BULWARKS)
    code, _, err = run("compare", f"{path}:Bulwark", f"{path}:Kestrel")
    assert (code, err) == (
        2,
        f"{path}:5:12: units[1].name: several units are named 'Bulwark'; rename one to "
        "compare it\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["cards", DEMO, "-o", ""],
        ["compare", f"{DEMO}:Kestrel", f"{DEMO}:Bulwark", "-o", ""],
    ],
    ids=["cards", "compare"],
)
def test_an_empty_output_name_is_bad_input_not_the_current_folder(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(*argv)
    assert code == 2
    assert "-o/--output: an empty name is no output path" in err
    assert list(tmp_path.iterdir()) == []
