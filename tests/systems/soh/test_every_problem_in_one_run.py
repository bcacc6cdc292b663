"""One run of ``check`` reports every problem of a crew file and lists every character written;
the skills and AP a player writes are checked against the catalog and the rules."""

from __future__ import annotations

from builder.cli import main

CREW = """\
system: soh
name: Mixed crew
characters:
  - {name: Ada, leader: true, intellect: 4, agility: 4, dexterity: 5, strength: 3, size: 2, ap: 3,
     skills: {guns: 2, evasion: 1}, armour: flak-jacket, vehicle: lynx, weapons: [revolver]}
  - {name: Bo, leader: true, intellect: 4, agility: 4, dexterity: 5, strength: 3, size: 2, ap: 9,
     skills: {gunz: 2, evasion: 1}, weapons: [revolver]}
  - {name: ada, intellect: 4, agility: 4, dexterity: 5, strength: 3, size: 2, ap: 3,
     skills: {guns: 2, evasion: 1}, weapons: [Laser Pistol]}
"""


def _check(capsys, path):
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    return code, out, err.strip().splitlines()


def _where(path, lines):
    return [line.removeprefix(f"{path}:").split(": ")[0:2] for line in lines]


def test_armour_and_vehicle_together_do_not_hide_a_second_leader(tmp_path, capsys):
    path = tmp_path / "crew.yaml"
    path.write_text(CREW, encoding="utf-8")
    code, out, err = _check(capsys, path)
    assert code == 2
    assert _where(path, err) == [
        ["4:5", "characters[0]"],
        ["6:24", "characters[1].leader"],
        ["6:96", "characters[1].ap"],
        ["7:21", "characters[1].skills.gunz"],
        ["8:12", "characters[2].name"],
    ]
    table = [line.split()[0] for line in out.splitlines()[4:7]]
    assert table == ["Ada", "Bo", "ada"]  # the unreadable Ada is still listed


def test_an_unknown_skill_is_bad_input_with_did_you_mean(tmp_path, capsys):
    path = tmp_path / "crew.yaml"
    path.write_text(CREW, encoding="utf-8")
    _, _, err = _check(capsys, path)
    (line,) = [e for e in err if "gunz" in e]
    assert "unknown skill 'gunz' (did you mean 'guns'?)" in line


def test_more_than_five_ap_is_refused_as_the_rules_give_two_to_five(tmp_path, capsys):
    path = tmp_path / "crew.yaml"
    path.write_text(CREW.replace("ap: 9", "ap: 5"), encoding="utf-8")
    _, _, err = _check(capsys, path)
    assert not any(".ap:" in e for e in err)
    path.write_text(CREW.replace("ap: 9", "ap: 6"), encoding="utf-8")
    _, _, err = _check(capsys, path)
    assert any("characters[1].ap: 6 AP is more than a character gets (2 to 5" in e for e in err)


def test_names_differing_only_in_case_are_one_name(tmp_path, capsys):
    path = tmp_path / "crew.yaml"
    path.write_text(CREW, encoding="utf-8")
    _, _, err = _check(capsys, path)
    assert any("duplicate character name 'ada'" in e for e in err)


def test_a_weapon_written_by_its_display_name_is_that_weapon(tmp_path, capsys):
    """``[Laser Pistol]`` (the catalog says "Laser pistol") names the laser pistol: no problem
    at the weapon (builder/core/names.py)."""
    path = tmp_path / "crew.yaml"
    path.write_text(CREW, encoding="utf-8")
    _, _, err = _check(capsys, path)
    assert "[Laser Pistol]" in CREW
    assert not any("weapons[0]" in e and "characters[2]" in e for e in err)


def test_the_crew_problems_have_japanese_words():
    from builder.core.source import parse_yaml
    from builder.systems.soh.system import SYSTEM

    read = SYSTEM.read_team(parse_yaml(CREW, "crew.yaml"))
    report = SYSTEM.check(read, SYSTEM.load_catalog())
    rules = [p for p in report.problems if p.severity != "bad-input" or "skill" in p.field]
    assert rules and all(p.said.translated and p.text("ja") != p.text("en") for p in rules)
