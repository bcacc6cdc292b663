"""A value the player took away is gone from the saved file: a game that leaves defaults out
of its data (soh: no armour, not the leader) once saved the old value back, because the saver
only wrote the keys the data had. The catalog pin, which no game's data holds, stays."""

from __future__ import annotations

import yaml

from builder.roster.team_file import read_team, save_team

CREW = """\
system: soh
name: Stray Comet crew
side: pc
characters:
  - name: Captain Ines
    leader: true     # the captain
    intellect: 6
    agility: 4
    dexterity: 5
    strength: 3
    size: 2
    ap: 3
    skills: {tactics: 2, guns: 2}
    armour: flak-jacket   # bought on Ceres
    weapons: [revolver]   # her father's
"""


def test_a_value_set_back_to_its_default_leaves_the_file(tmp_path):
    path = tmp_path / "crew.yaml"
    path.write_text(CREW, encoding="utf-8")
    system, read = read_team(path)
    assert system is not None and read.team is not None and not read.problems
    ines = read.team.characters[0].model_copy(update={"armour": None, "leader": False})
    save_team(system, read.team.model_copy(update={"characters": [ines]}), path)
    text = path.read_text(encoding="utf-8")
    saved = yaml.safe_load(text)["characters"][0]
    assert "armour" not in saved and "leader" not in saved  # before: both still there
    assert "weapons: [revolver]   # her father's" in text  # and the list kept its style


def test_a_save_without_a_catalog_keeps_the_files_pin(tmp_path):
    path = tmp_path / "crew.yaml"
    pinned = CREW.replace("side: pc\n", 'side: pc\ncatalog: {name: x, version: 1, digest: "ab"}\n')
    path.write_text(pinned, encoding="utf-8")
    system, read = read_team(path)
    assert system is not None and read.team is not None
    save_team(system, read.team.model_copy(update={"name": "Comet"}), path)
    text = path.read_text(encoding="utf-8")
    assert 'catalog: {name: x, version: 1, digest: "ab"}\n' in text
    assert yaml.safe_load(text)["name"] == "Comet"


def test_a_save_pinned_to_the_same_catalog_keeps_where_it_is(tmp_path):
    from builder.catalogs.pin import Pin

    path = tmp_path / "crew.yaml"
    where = 'catalog: {name: x, version: 1, digest: "ab", path: "../cat"}\n'
    path.write_text(CREW.replace("side: pc\n", f"side: pc\n{where}"), encoding="utf-8")
    system, read = read_team(path)
    assert system is not None and read.team is not None
    save_team(system, read.team, path, pin=Pin("x", 2, "ab"))  # a screen given that folder
    assert 'digest: "ab", path: "../cat"}' in path.read_text(encoding="utf-8")
    save_team(system, read.team, path, pin=Pin("y", 3, "cd"))  # another catalog: no folder
    assert "path:" not in path.read_text(encoding="utf-8")
