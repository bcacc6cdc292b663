"""Issue 13: a threat file's problems all in one run; ``--unit`` forgiving about case."""

from __future__ import annotations

from pathlib import Path


def _threat(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "threat.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_threat_files_schema_and_catalog_problems_come_in_one_run(cli, demo_path, tmp_path):
    path = _threat(
        tmp_path,
        "id: bad\n"
        "name: Bad\n"
        "colour: red\n"  # schema: unknown field
        "attacks:\n"
        "  - {weapon: rilfe, bonus: 2}\n"  # catalog: unknown weapon
        "  - {weapon: missile, bonus: 1}\n",  # catalog: missile bonus
    )
    result = cli("analyze", demo_path, "--threat", path)
    assert result.code == 2
    lines = result.err.strip().splitlines()
    assert any(f"{path}:3:" in line and "colour" in line for line in lines)
    assert any(f"{path}:1:" in line and "name_ja" in line for line in lines)
    assert any(f"{path}:5:" in line and "unknown weapon 'rilfe'" in line for line in lines)
    assert any(f"{path}:6:" in line and "missile takes no hit bonus" in line for line in lines)
    assert "Traceback" not in result.err


def test_a_schema_bad_attack_is_not_reported_twice(cli, demo_path, tmp_path):
    path = _threat(
        tmp_path,
        "id: bad\nname: Bad\nname_ja: 悪い\nattacks:\n  - {weapon: rifle, bonus: -1}\n",
    )
    result = cli("analyze", demo_path, "--threat", path)
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1


def test_unit_name_matches_without_regard_to_case(cli, demo_path):
    result = cli("analyze", demo_path, "--unit", "kestrel", "--rounds", "2")
    assert result.code == 0
    assert "Kestrel" in result.out and "Bulwark" not in result.out


def test_an_unknown_unit_name_gets_a_did_you_mean(cli, demo_path):
    result = cli("analyze", demo_path, "--unit", "kestral")
    assert result.code == 2
    assert "no unit named 'kestral' (did you mean 'Kestrel'?)" in result.err
    assert "units: Kestrel, Bulwark, Swallow" in result.err


def test_an_ambiguous_case_insensitive_name_asks_for_the_exact_one(cli, tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(
        "system: laminim\nname: T\nunits:\n"
        "  - {name: Hawk, frame: striker, weapons: [rifle, null, null]}\n"
        "  - {name: HAWK, frame: striker, weapons: [rifle, null, null]}\n",
        encoding="utf-8",
    )
    result = cli("analyze", path, "--unit", "hawk")
    assert result.code == 2
    assert "matches several units (Hawk, HAWK)" in result.err
    assert cli("analyze", path, "--unit", "HAWK", "--rounds", "2").code == 0
