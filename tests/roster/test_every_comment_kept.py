"""Every comment of a commented team file survives every kind of edit the TUI makes, beside
what it belongs to: hundreds of files of every game (comments in the header, above and after
every entry, inside flow and block lists, under a unit, at the end; several indent styles),
each edited at random (renames, removals, duplicates, moves, changed values and lists, keys
added and dropped) and saved. A comment of a removed unit (or key) goes with it; every other
one is kept exactly once, in its own unit, its own line for one after a value, and the file
reads back as the edited data.

(The saver once kept comments by list index: saving a file whose team name alone changed lost
5 of its 17 comments, those in block lists and at the end.)
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from builder import systems
from builder.roster.team_file import dump_team, read_team, save_team
from builder.systems import WritesValues
from tests.roster.commented_files import Edited, File, edit, write

SEVENTEEN = """\
# header comment 1
# header comment 2

system: laminim   # c3 after system
# c4 above name
name: Night shift   # c5 after name
# c6 above units
units:   # c7 after units key
  # c8 above first unit
  - name: Kestrel   # c9 after name
    # c10 inside unit
    frame: striker   # c11 after frame
    weapons: [rifle, missile, null]   # c12 after flow list
  # c13 between units
  - name: Bulwark
    frame: bastion
    weapons:   # c14 after block weapons key
      - gatling   # c15 in block list
      # c16 between block items
      - missile
      - missile
# c17 at end
"""


def _comments(text: str) -> list[str]:
    return re.findall(r"#[^\n]*", text)


def test_the_seventeen_comments_survive_a_save_that_renames_the_team(tmp_path):
    path = tmp_path / "night.yaml"
    path.write_text(SEVENTEEN, encoding="utf-8")
    system, read = read_team(path)
    assert system is not None and read.team is not None and not read.problems
    team = read.team.model_copy(update={"name": "Day shift"})
    save_team(system, team, path, original=SEVENTEEN)
    text = path.read_text(encoding="utf-8")
    assert _comments(text) == _comments(SEVENTEEN)  # before the fix: 12 of 17
    assert text == SEVENTEEN.replace("Night shift   #", "Day shift     #")


def _sources() -> list[tuple[str, dict[str, Any]]]:
    """Plain data of every game's demo file and example files."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for sid in systems.ids():
        files = [systems.get(sid).demo_file(), *sorted((root / "examples" / sid).glob("*.yaml"))]
        for path in files:
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
            except yaml.YAMLError:  # an example of a file that is not YAML (ime_slips)
                continue
            if isinstance(data, dict):
                found.append((sid, data))
    return found


def _lines_of_units(text: str, key: str | None) -> list[tuple[int, int]]:
    """For each unit of the saved text, its ``-`` line and the line before the next unit's block
    (its own lines and those under it)."""
    if key is None:
        return []
    data = yaml.compose(text)
    assert data is not None
    for k, v in data.value:
        if k.value == key:
            starts = [item.start_mark.line for item in v.value]
            ends = [*starts[1:], None]
            return [
                (s, e if e is not None else v.end_mark.line)
                for s, e in zip(starts, ends, strict=True)
            ]
    return []


def _above(lines: list[str], start: int) -> list[int]:
    """The comment and blank lines right above line ``start``."""
    above = []
    for k in range(start - 1, -1, -1):
        if lines[k].strip() and not lines[k].strip().startswith("#"):
            break
        above.append(k)
    return above


def _check(file: File, edited: Edited, text: str) -> list[str]:
    """What is wrong with the saved ``text``, judged by the writer's record of each comment."""
    wrong = []
    assert yaml.safe_load(text) == edited.data, text
    lines = text.splitlines()
    where = {}
    for n, line in enumerate(lines):
        for mark in re.findall(r"# c\d+(?!\d)", line):
            if mark in where:
                wrong.append(f"{mark} twice")
            where[mark] = n
    spans = _lines_of_units(text, file.units_key)
    now_of = {old: new for new, old in enumerate(edited.origin) if old is not None}
    olds = file_units(file, edited)
    news = edited.data.get(file.units_key, []) if file.units_key else []
    # a unit renamed with most of its values changed in one save is, to the saver, a new one
    # (its comments may go); and the unit removed at its place may then lend it its comments
    lost = {
        o
        for k, o in enumerate(edited.origin)
        if o is not None and _unknown(o, k, olds, news, edited.origin)
    }
    lent = {
        j
        for j in range(len(olds))
        if j not in now_of and _lendable(j, olds, news, edited.origin, lost)
    }
    # units equal in every value cannot be told apart
    twins = {j for j, u in enumerate(olds) if any(k != j and v == u for k, v in enumerate(olds))}
    for c in file.comments:
        gone = any(c.anchor[: len(d)] == d for d in edited.dropped) or c.unit in lost | lent
        if c.unit in lent or c.unit in lost or c.unit in twins:
            continue  # may be kept by the unit the saver took for it, or go
        if c.unit is not None and c.unit not in now_of:
            # a removed unit equal to a new one (a copy of it) cannot be told from it renamed
            twins = [
                k
                for k, u in enumerate(news)
                if edited.origin[k] is None and _bare(u) == _bare(olds[c.unit])
            ]
            if c.label in where and not any(
                spans[k][0] - 3 <= where[c.label] <= spans[k][1] for k in twins
            ):
                wrong.append(f"{c.label} of a removed unit kept")
            continue
        if c.label not in where:
            if not gone:
                wrong.append(f"{c.label} ({c.anchor}) lost")
            continue
        line = where[c.label]
        if c.unit is not None:
            # units equal in every value cannot be told apart: any of them will do
            same = [now_of[k] for k, u in enumerate(olds) if u == olds[c.unit] and k in now_of]
            if c.above_unit:
                if not any(line in _above(lines, spans[k][0]) for k in same):
                    wrong.append(f"{c.label} not above its unit")
            elif not any(spans[k][0] <= line <= spans[k][1] for k in same):
                wrong.append(
                    f"{c.label} not in its unit (line {line}, unit {spans[now_of[c.unit]]})"
                )
        if c.eol and c.anchor and isinstance(c.anchor[-1], str) and not gone:
            before = lines[line].split("#")[0]
            key = c.anchor[-1]
            own = f"{key}:" in before or before.strip().endswith(("]", "}"))
            if not own and not before.strip().startswith(("-", "[")) and before.strip():
                wrong.append(f"{c.label} after {before!r}, not after {key}")
    top = [c.label for c in file.comments if c.unit is None]
    order = [m for m in top if m in where]
    if [where[m] for m in order] != sorted(where[m] for m in order):
        wrong.append("the file's own comments changed order")
    return wrong


def file_units(file: File, edited: Edited) -> list[dict[str, Any]]:
    data = yaml.safe_load(file.text)
    return list(data.get(file.units_key, [])) if file.units_key else []


def _unknown(
    o: int, k: int, olds: list[dict[str, Any]], news: list[dict[str, Any]], origin: list[int | None]
) -> bool:
    """Old unit ``o``, now unit ``k``, renamed and either with less than half of its other
    values kept or no more like its old self than another renamed or new unit is."""
    old = olds[o]
    mine = _alike(old, news[k])
    kept = set(origin)
    renamed = old.get("name") != news[k].get("name")
    if any(  # a removed unit as much like it (and of its name, unless renamed): it could be it
        j not in kept
        and (renamed or u.get("name") == news[k].get("name"))
        and _alike(u, news[k]) >= mine
        for j, u in enumerate(olds)
    ):
        return True
    if not renamed:
        return False
    others = [
        _alike(old, u)
        for n, u in enumerate(news)
        if n != k and (origin[n] is None or olds[origin[n]].get("name") != u.get("name"))
    ]
    return mine < 0.5 or any(x >= mine for x in others)


def _lendable(
    j: int,
    olds: list[dict[str, Any]],
    news: list[dict[str, Any]],
    origin: list[int | None],
    lost: set[int],
) -> bool:
    """Removed unit ``j`` could be taken for a new or renamed unit: one at least half like it,
    or at its place, or one whose own old self is in doubt."""
    for k, u in enumerate(news):
        o = origin[k]
        if o is not None and olds[o].get("name") == u.get("name") and o not in lost:
            continue
        if k == j or _alike(olds[j], u) >= 0.5 or (o is not None and o in lost):
            return True
    return False


def _alike(a: dict[str, Any], b: dict[str, Any]) -> float:
    one, two = _bare(a), _bare(b)
    keys = set(one) | set(two)
    return (
        sum(k in one and k in two and one[k] == two[k] for k in keys) / len(keys) if keys else 1.0
    )


def _bare(unit: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in unit.items() if not k.startswith("name")}


SOURCES = _sources()
FILES_PER_SOURCE = 25


@pytest.mark.parametrize("source", range(len(SOURCES)), ids=lambda i: f"{SOURCES[i][0]}-{i}")
def test_every_comment_survives_random_edits(source):
    sid, data = SOURCES[source]
    system = systems.get(sid)
    hook = system.value_text if isinstance(system, WritesValues) else None
    failures = []
    for n in range(FILES_PER_SOURCE):
        rng = random.Random(f"{source}:{n}")
        file = write(data, rng)
        assert yaml.safe_load(file.text) == data, file.text
        edited = edit(data, file.units_key, rng, rng.choice([1, 1, 2, 3, 5]))
        text = dump_team(edited.data, file.text, hook)
        wrong = _check(file, edited, text)
        if wrong:
            failures.append((n, edited.what, wrong, file.text, text))
    assert not failures, failures[0]


def test_a_save_with_nothing_changed_keeps_every_byte():
    for sid, data in SOURCES:
        for n in range(5):
            file = write(data, random.Random(f"same:{sid}:{n}"))
            assert dump_team(data, file.text) == file.text


FLOW_ITEMS = """\
system: artifact
name: Londo Bell patrol
ship: {name: Ra Cailum, type: ra-cailum}
units:
  - {name: Amuro, type: hi-nu-gundam}  # the hero
  - {name: Dias Red, type: rick-dias}
  - {name: Dias Blue, type: rick-dias}   # the last one
"""


@pytest.mark.parametrize("change", ["nothing", "team name", "pin", "unit added", "unit edited"])
def test_a_comment_after_a_flow_style_list_item_stays_on_its_line(tmp_path, change):
    path = tmp_path / "force.yaml"
    path.write_text(FLOW_ITEMS, encoding="utf-8")
    system, read = read_team(path)
    assert system is not None and read.team is not None and not read.problems
    data = yaml.safe_load(FLOW_ITEMS)
    if change == "team name":
        data["name"] = "Londo Bell"
    elif change == "unit added":
        data["units"].append({"name": "Byalant", "type": "byalant-custom"})
    elif change == "unit edited":
        data["units"][0]["type"] = "nu-gundam"
    if change == "pin":
        from builder.catalogs.saving import pin_for_save

        save_team(system, read.team, path, original=FLOW_ITEMS, pin=pin_for_save(system, None))
        text = path.read_text(encoding="utf-8")
    else:
        text = dump_team(data, FLOW_ITEMS)
    assert yaml.safe_load(text)["units"][: len(data["units"])] == data["units"]
    hero = "nu-gundam" if change == "unit edited" else "hi-nu-gundam"
    # on its item's line (an edited item's comment keeps its column)
    assert re.search(rf"^  - \{{name: Amuro, type: {hero}\}} +# the hero$", text, re.M), text
    assert "  - {name: Dias Blue, type: rick-dias}   # the last one\n" in text
