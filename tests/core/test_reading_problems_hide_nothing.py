"""One problem never hides the rest: a value with an unsupported tag or a key given twice is
reported at its line, and the rest of the file is still read and checked, so every other
mistake comes in the same run, in file order, each once. (A tag or a duplicate key once
stopped the reading: ``check`` reported 1 problem of 4.) The same for a catalog's files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir

FILES = {
    "laminim": (
        """\
system: laminim
name: Tags and twins
units:
  - name: Kestrel
    frame: !!binary aGk=
    weapons: [rifle, missile, null]
  - name: Bulwark
    frame: bastion
    frame: striker
    weapons: [gatlin, missile, missile]
  - name: Swallow
    frame: lancr
    weapons: [smg, !custom quick-booster, blade]
""",
        ["5:12", "9:5", "10:15", "12:12", "13:20"],
    ),
    "artifact": (
        """\
system: artifact
name: Tags and twins
ship: {name: Flag, type: rewlola}
units:
  - {name: Nightingale, type: !local nightingale}
  - name: Rick Dias
    type: rick-dais
    type: rick-dias
  - {name: Byalant, type: byalant-custom, colour: red}
""",
        ["3:26", "5:31", "7:11", "8:5", "9:51"],
    ),
    "soh": (
        """\
system: soh
name: Tags and twins
characters:
  - name: Ada
    intellect: !!python/object:os.system 4
    agility: 4
    agility: 5
    dexterity: 5
    strength: 3
    size: 2
    ap: 3
    skills: {guns: 2, evasion: 1, shooting: 1}
    armour: flak-jaket
    weapons: [revolvr]
""",
        ["5:16", "7:5", "12:45", "13:13", "14:15"],
    ),
    "kuroganen": (
        """\
system: kuroganen
name: Tags and twins
name: again
map:
  - [0, 0,   1, 2]
  - [0, 0.3, !!str 1, 2]
  - [0, 0,   ~, 2, 2]
units: [[3, 0]]
""",
        ["3:1", "6:9", "6:14", "7:20"],
    ),
}


def _places(err: str, path: Path) -> list[str]:
    return [
        line.split(":", 3)[1] + ":" + line.split(":", 3)[2]
        for line in err.splitlines()
        if line.startswith(f"{path}:")
    ]


@pytest.mark.parametrize("game", sorted(FILES))
def test_a_tag_and_a_key_twice_hide_no_other_problem(cli, tmp_path, game):
    text, expected = FILES[game]
    path = tmp_path / f"{game}.yaml"
    path.write_text(text, encoding="utf-8")
    result = cli("check", str(path))
    assert result.code == 2, result.err
    assert _places(result.err, path) == expected, result.err
    assert "Traceback" not in result.err


PARTS = {"laminim": "frames.yaml", "artifact": "mobile_suits.yaml", "soh": "weapons.yaml"}


def _catalog_with(game: str, tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir(game), folder)
    return folder, folder / PARTS[game]


@pytest.mark.parametrize("game", ["laminim", "artifact", "soh"])
def test_a_catalog_file_with_a_tag_and_a_key_twice_is_refused_with_every_problem(
    cli, tmp_path, game
):
    folder, parts = _catalog_with(game, tmp_path)
    lines = parts.read_text(encoding="utf-8").splitlines(keepends=True)
    ids = [i for i, line in enumerate(lines) if line.lstrip().startswith("- id:")]
    first, second = ids[0], ids[1]
    indent = lines[first].index("- id:") + 2
    lines[first] = lines[first].replace("- id:", "- id: !custom", 1)
    lines.insert(second, " " * indent + "id: twice\n")  # the first entry's id, given twice
    lines.append("\n")
    parts.write_text("".join(lines), encoding="utf-8")
    result = cli("parts", "--catalog", str(folder))
    assert result.code == 2, result.err
    places = _places(result.err, parts)
    assert f"{first + 1}:{indent + 5}" in places  # the tag (the entry's id is then missing)
    assert f"{second + 1}:{indent + 1}" in places  # the key twice
    assert "Traceback" not in result.err


@pytest.mark.parametrize("game", ["laminim", "artifact", "soh"])
def test_a_catalog_whose_only_problem_is_a_tag_is_still_refused(cli, tmp_path, game):
    folder, parts = _catalog_with(game, tmp_path)
    text = parts.read_text(encoding="utf-8")
    parts.write_text(text.replace("- id:", "- id: !custom", 1), encoding="utf-8")
    result = cli("parts", "--catalog", str(folder))
    assert result.code == 2 and "unsupported YAML tag '!custom'" in result.err
