"""One run of ``check`` reports every problem of a force file and lists every unit written."""

from __future__ import annotations

from builder.cli import main


def _check(capsys, path):
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    return code, out, err.strip().splitlines()


def test_unknown_types_do_not_hide_a_duplicate_name(tmp_path, capsys):
    path = tmp_path / "force.yaml"
    path.write_text(
        "system: artifact\nname: Mixed\nship: {name: Flag, type: rewlola}\nunits:\n"
        "  - {name: Alpha, type: nightingal}\n"
        "  - {name: Bravo, type: Rick-Diaz}\n"
        "  - {name: alpha, type: rick-dias}\n",
        encoding="utf-8",
    )
    code, out, err = _check(capsys, path)
    assert code == 2
    assert [line.split(": ")[0].removeprefix(f"{path}:") for line in err] == [
        "3:26",
        "5:25",
        "6:25",
        "7:12",
    ]
    assert "did you mean 'Rick Dias'" in err[2]  # a misspelt name finds the type's name
    assert "'alpha' is already used by units[0]" in err[3]
    for name in ("Flag", "Alpha", "Bravo", "alpha"):
        assert name in out


def test_a_missing_ship_still_checks_and_lists_the_units(tmp_path, capsys):
    path = tmp_path / "force.yaml"
    path.write_text(
        "system: artifact\nname: Shipless\nunits:\n"
        "  - {name: Alpha, type: nightingale}\n"
        "  - {name: ALPHA, type: rick-dias}\n",
        encoding="utf-8",
    )
    code, out, err = _check(capsys, path)
    assert code == 2
    assert err[0] == f"{path}:1:1: ship: required field is missing (one battleship)"
    assert any(":5:12: units[1].name:" in line for line in err)
    assert any("at least 3 MS, this one has 2" in line for line in err)
    assert "Alpha" in out and "ALPHA" in out


def test_a_unit_with_a_schema_problem_is_still_listed_and_its_type_checked(tmp_path, capsys):
    path = tmp_path / "force.yaml"
    path.write_text(
        "system: artifact\nname: Typos\nship: {name: Flag, type: rewloola}\nunits:\n"
        "  - {name: Alpha, type: nightingale}\n"
        "  - {name: Bravo, type: rick-dais, colour: red}\n"
        "  - {type: hi-nu-gundam}\n",
        encoding="utf-8",
    )
    code, out, err = _check(capsys, path)
    assert code == 2
    assert any("units[1].colour: unknown field" in line for line in err)
    assert any("units[1].type: unknown MS 'rick-dais'" in line for line in err)
    assert any("units[2].name: required field is missing" in line for line in err)
    rows = [line.split() for line in out.splitlines()]
    assert rows[-2][:3] == ["ms", "Bravo", "rick-dais"]
    assert rows[-1][:3] == ["ms", "?", "hi-nu-gundam"]


def test_the_force_problems_have_japanese_words(tmp_path):
    from builder.core.source import parse_yaml
    from builder.systems.artifact.system import SYSTEM

    text = "system: artifact\nname: X\nunits:\n  - {name: A, type: gm}\n  - {name: a, type: gm}\n"
    read = SYSTEM.read_team(parse_yaml(text, "x.yaml"))
    report = SYSTEM.check(read, SYSTEM.load_catalog())
    assert report.problems and all(p.said.translated for p in report.problems)
    assert all(p.text("ja") != p.text("en") for p in report.problems)
