"""The fuzz families of issue 38's findings, each with what it must find besides the general
bars (no traceback, exit 0/1/2, every problem located, no hang, fast, small):

* ``dupkeys``: a ``key: value`` line given twice in a mapping, beside other mutations;
* ``types``: in a team file, one item's value of the wrong type and a typo in another of its
  ids, each where a player writes them: the typo must be reported at its line ("planted
  mistakes missed" otherwise);
* ``renamed``: a catalog whose ``renamed:`` map is one of twenty kinds (cycles, chains, an id
  renamed to itself, to a list, a map that is a list …, and valid ones that rename ids a team
  uses), through check, analyze, parts, pin, migrate, catalog diff and balance: a bad map
  must be refused ("bad renamed accepted");
* ``outputs``: ``-o`` naming a folder, ``.``, ``..``, ``/dev/null``, ``/dev/full``, ``-``, a path
  through a file … for cards, compare and balance: refused with exit 2, nothing written
  ("bad -o accepted");
* ``pins``: a commented team file with its pin in block or flow style, pinned or migrated:
  every comment kept ("comments lost");
* ``saves``: a commented team file of any game edited as the TUI does and saved: the file
  reads as the edited data, no comment twice, every comment kept when no item was removed
  or renamed ("comments lost");
* ``otherfile``: ``catalog diff`` given a file of another game (and ``--lang ja``): told so
  ("other game not told").

``--lang ja`` is added to a quarter of every family's runs by the engine.
"""

from __future__ import annotations

import copy
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from builder import systems
from builder.core.resources import bundled_catalog_dir

ROOT = Path(__file__).resolve().parents[2]
V2 = ROOT / "examples" / "laminim" / "catalog-v2"
HARDENING = ("types", "renamed", "outputs", "pins", "saves", "otherfile")
"""The families built here (``dupkeys`` is a text mutation: engine.build_case)."""


@dataclass
class Built:
    """A case: the argv to run (or ``call`` instead), where to run it, and what to judge."""

    argv: list[str] = field(default_factory=list)
    cwd: Path | None = None
    planted: list[tuple[str, int, int]] = field(default_factory=list)
    """(file, line, col) of mistakes that must each be reported."""
    must_refuse: str | None = None
    """Why this case must exit 2 (a judge's name), or None."""
    untouched: list[Path] = field(default_factory=list)
    """Paths that must not exist after the run (a bad -o's would-be outputs)."""
    comments: tuple[Path, list[str]] | None = None
    """A file and the comments it must still hold after the run (when it exits 0-2)."""
    call: Any = None
    """A check to run instead of a command: returns a list of what is wrong."""


# --- dupkeys -----------------------------------------------------------------------------

_ENTRY = re.compile(r"^(\s*)([A-Za-z_][\w-]*):(?:\s+(\S.*))?$")


def dup_keys(rng: Any, text: str) -> str:
    """One ``key: value`` line given again right under itself (same indent, the same or
    another value), or inside a flow mapping."""
    lines = text.splitlines(keepends=True)
    spots = [i for i, line in enumerate(lines) if _ENTRY.match(line.rstrip("\n"))]
    flows = [m for m in re.finditer(r"\{([A-Za-z_][\w-]*): ([^,}]*)", text)]
    if flows and (not spots or rng.random() < 0.3):
        m = rng.choice(flows)
        again = f", {m.group(1)}: {rng.choice([m.group(2), 'x', '1'])}"
        return text[: m.end()] + again + text[m.end() :]
    if not spots:
        return text + "system: again\n"
    i = rng.choice(spots)
    match = _ENTRY.match(lines[i].rstrip("\n"))
    assert match is not None
    indent, key, value = match.group(1), match.group(2), match.group(3)
    if value is None:  # a key holding a block: give it again with a plain value
        value = "~"
    value = rng.choice([value, value, "1", "[]", "other"])
    lines.insert(i + 1, f"{indent}{key}: {value}\n")
    return "".join(lines)


# --- types -------------------------------------------------------------------------------

WRONG = [[1, 2], {"a": 1}, "六", 3.5, True, None, "", "x" * 300, -1, {"x": [None]}]
_IDS: dict[str, set[str]] = {}


def catalog_ids(system_id: str) -> set[str]:
    """Every ``id`` of the bundled catalog of a game (what a typo is made from)."""
    if system_id not in _IDS:
        found: set[str] = set()
        for path in bundled_catalog_dir(system_id).glob("*.yaml"):
            for match in re.finditer(r"^\s*-?\s*id:\s*([\w-]+)", path.read_text("utf-8"), re.M):
                found.add(match.group(1))
        _IDS[system_id] = found
    return _IDS[system_id]


def _items(data: dict[str, Any]) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """The file's items: each mapping in a top-level list of mappings, and top-level mappings."""
    out = []
    for key, value in data.items():
        if isinstance(value, list):
            out += [((key, i), v) for i, v in enumerate(value) if isinstance(v, dict)]
        elif isinstance(value, dict) and key != "catalog":
            out.append(((key,), value))
    return out


def _position(text: str, path: tuple[Any, ...]) -> tuple[int, int] | None:
    """The line and column of the value at ``path`` in ``text`` (1-based)."""
    node = yaml.compose(text)
    for part in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == part), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            node = node.value[part] if part < len(node.value) else None
        else:
            node = None
        if node is None:
            return None
    return node.start_mark.line + 1, node.start_mark.column + 1


def planted_types(rng: Any, seed_text: str, system_id: str, work: Path) -> Built:
    """An item with a value of the wrong type and a typo in one of its ids, written as a file."""
    data = yaml.safe_load(seed_text)
    path = work / "planted.yaml"
    if system_id == "kuroganen" or not isinstance(data, dict):
        data = data if isinstance(data, dict) else {}
        data["name"] = rng.choice(WRONG[:2])
        rows = data.get("map") or [[0, 0], [0, 0]]
        y, x = rng.randrange(len(rows)), rng.randrange(len(rows[0]))
        rows[y][x] = 0.3  # not a level
        data["map"] = rows
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        path.write_text(text, encoding="utf-8")
        at = _position(text, ("map", y, x))
        return Built(["check", str(path)], planted=[(str(path), *at)] if at else [])
    ids = catalog_ids(system_id)
    candidates = []
    for where, item in _items(data):
        for key, value in item.items():
            if isinstance(value, str) and value in ids:
                candidates.append((where, item, (key,)))
            elif isinstance(value, list):
                for j, v in enumerate(value):
                    if isinstance(v, str) and v in ids:
                        candidates.append((where, item, (key, j)))
    if not candidates:
        path.write_text(seed_text, encoding="utf-8")
        return Built(["check", str(path)])
    where, item, id_path = rng.choice(candidates)
    others = [k for k in item if k not in ("name", id_path[0])]
    if others:
        item[rng.choice(others)] = copy.deepcopy(rng.choice(WRONG))
    if len(id_path) == 1:
        item[id_path[0]] = item[id_path[0]] + "x"
    else:
        item[id_path[0]][id_path[1]] = item[id_path[0]][id_path[1]] + "x"
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    at = _position(text, (*where, *id_path))
    command = rng.choice([["check"], ["check"], ["analyze"], ["cards", "-o", str(work / "o")]])
    argv = [command[0], str(path), *command[1:]]
    planted = [(str(path), *at)] if at is not None and command[0] == "check" else []
    return Built(argv, planted=planted)


# --- renamed -----------------------------------------------------------------------------

BAD_RENAMES = [
    "renamed: {a: b, b: a}",
    "renamed: {a: b, b: c, c: a}",
    "renamed: {a: a}",
    "renamed: {a: b, b: c}",
    "renamed: [a, b]",
    "renamed: just-text",
    "renamed: {a: [b]}",
    "renamed: {a: {b: c}}",
    "renamed: {1: b}",
    "renamed: {a: ''}",
    "renamed: {a: ~}",
    "renamed: {USED: OTHER, OTHER: USED}",
    "renamed: {USED: USED}",
]
GOOD_RENAMES = [
    "renamed: {}",
    "renamed: ~",
    "renamed: {gone-1: new-1, gone-2: new-2}",
    "renamed: {USED: NEW}",  # the catalog's entry renamed too: files naming USED are stale
    "renamed: {USED: OTHER}",  # renamed to an id the catalog has
    "renamed: {ＵＳＥＤ: 新しい}",
    "renamed: {" + ", ".join(f"old-{i}: new-{i}" for i in range(200)) + "}",
]


def renamed_catalog(rng: Any, system_id: str, work: Path) -> Built:
    folder = work / "catalog"
    shutil.copytree(bundled_catalog_dir(system_id), folder)
    demo = systems.get(system_id).demo_file()
    team = work / demo.name
    team.write_text(demo.read_text(encoding="utf-8"), encoding="utf-8")
    bad = rng.random() < 0.5
    kind = rng.choice(BAD_RENAMES if bad else GOOD_RENAMES)
    used = sorted(i for i in catalog_ids(system_id) if i in team.read_text(encoding="utf-8"))
    if "USED" in kind and not used:
        kind, bad = BAD_RENAMES[0], True
    if used:
        one, other = rng.sample(used, 2) if len(used) > 1 else (used[0], used[0] + "-x")
        kind = kind.replace("USED", one).replace("OTHER", other).replace("NEW", one + "-mk2")
        if one + "-mk2" in kind:  # the catalog's own entry takes the new id
            for path in folder.glob("*.yaml"):
                text = path.read_text(encoding="utf-8")
                path.write_text(re.sub(rf"(id:\s*){re.escape(one)}\b", rf"\g<1>{one}-mk2", text))
    info = folder / "catalog.yaml"
    info.write_text(info.read_text(encoding="utf-8") + kind + "\n", encoding="utf-8")
    commands = [
        ["check", str(team), "--catalog", str(folder)],
        ["analyze", str(team), "--catalog", str(folder)],
        ["parts", "--catalog", str(folder)],
        ["pin", str(team), "--catalog", str(folder)],
        ["migrate", str(team), "--catalog", str(folder)],
        ["migrate", str(team), "--catalog", str(folder), "--dry-run"],
        ["catalog", "diff", str(bundled_catalog_dir(system_id)), str(folder), str(team)],
    ]
    if bad and system_id == "laminim":  # a good catalog's balance takes its own 10 s
        commands.append(["balance", "--catalog", str(folder), "--rounds", "1"])
    if bad and system_id == "artifact":
        commands.append(["balance", "--system", "artifact", "--catalog", str(folder)])
    if system_id == "kuroganen":  # no parts, no renamed map: an unknown field all the same
        bad = True
    return Built(rng.choice(commands), must_refuse="bad renamed accepted" if bad else None)


# --- outputs -----------------------------------------------------------------------------

BAD_OUTPUTS = [
    "", "-", ".", "..", "sub/", "/dev/null", "/dev/full", "/dev/zero", "FILE", "FILE/x.pdf",
    "FOLDER", "x" * 300 + ".pdf", "gone/" + "y" * 300 + "/a.pdf",
]  # fmt: skip


def bad_output(rng: Any, system_id: str, work: Path) -> Built:
    """A command writing a PDF given an ``-o`` it cannot use; run inside ``work``."""
    demo = systems.get(system_id).demo_file()
    a_file = work / "notes.txt"
    a_file.write_text("mine\n", encoding="utf-8")
    folder = work / "existing"
    folder.mkdir()
    (work / "sub").mkdir()
    out = rng.choice(BAD_OUTPUTS).replace("FILE", str(a_file)).replace("FOLDER", str(folder))
    commands: list[list[str]] = [["cards", str(demo), "-o", out]]
    if system_id in ("laminim", "artifact", "soh"):
        items = _items(yaml.safe_load(demo.read_text("utf-8")))
        names = [item["name"] for _, item in items if isinstance(item.get("name"), str)]
        if len(names) >= 2:
            units = [f"{demo}:{names[0]}", f"{demo}:{names[1]}"]
            commands.append(["compare", *units, "-o", out])
    if system_id == "artifact":
        commands.append(["balance", "--system", "artifact", "-o", out])
    argv = rng.choice(commands)
    if argv[0] == "cards" and out in ("sub/", ".", "..", str(folder)):
        argv = ["cards", str(demo), "-o", str(a_file)]  # a folder is a fine folder for cards
    if argv[0] != "cards" and out == str(a_file):  # a taken file name: a free name beside it
        argv = [*argv[:-1], str(a_file / "x.pdf")]
    near = [work / ".pdf", work / "-.pdf", work / "existing.pdf", work / "sub.pdf"]
    return Built(argv, cwd=work, must_refuse="bad -o accepted", untouched=near)


# --- pins and saves ----------------------------------------------------------------------


def commented_pin(rng: Any, system_id: str, work: Path) -> Built:
    from tests.roster.commented_files import write

    data = yaml.safe_load(systems.get(system_id).demo_file().read_text(encoding="utf-8"))
    if rng.random() < 0.7:
        pin = {"name": "old catalog", "version": rng.choice([1, "1b", None]), "digest": "00ab"}
        items = list(data.items())
        at = rng.randrange(len(items) + 1)
        data = dict([*items[:at], ("catalog", pin), *items[at:]])
    file = write(data, rng)
    path = work / "team.yaml"
    path.write_text(file.text, encoding="utf-8")
    marks = re.findall(r"# c\d+", file.text)
    catalog = str(V2) if system_id == "laminim" and rng.random() < 0.5 else None
    command = rng.choice(["pin", "migrate"])
    argv = [command, str(path), *(["--catalog", catalog] if catalog else [])]
    return Built(argv, comments=(path, marks))


def commented_save(rng: Any, system_id: str, work: Path) -> Built:
    """A commented file of any game edited as the TUI edits and saved (in process)."""
    from builder.roster.team_file import dump_team
    from builder.systems import WritesValues
    from tests.roster.commented_files import edit, write

    system = systems.get(system_id)
    data = yaml.safe_load(system.demo_file().read_text(encoding="utf-8"))
    file = write(data, rng)
    edited = edit(data, file.units_key, rng, rng.choice([1, 2, 3]))
    hook = system.value_text if isinstance(system, WritesValues) else None

    def call() -> list[str]:
        text = dump_team(edited.data, file.text, hook)
        wrong = []
        if yaml.safe_load(text) != edited.data:
            wrong.append("the saved file does not read as the edited data")
        marks = re.findall(r"# c\d+(?!\d)", text)
        if len(marks) != len(set(marks)):
            wrong.append("a comment written twice")
        keeps_all = not set(edited.what) & {"remove", "rename", "drop-key", "list", "duplicate"}
        if keeps_all and sorted(marks) != sorted(c.label for c in file.comments):
            lost = {c.label for c in file.comments} - set(marks)
            wrong.append(f"comments lost: {sorted(lost)[:5]} after {edited.what}")
        return wrong

    return Built(call=call)


# --- otherfile ---------------------------------------------------------------------------


def other_game_file(rng: Any, system_id: str, work: Path) -> Built:
    others = [s for s in systems.ids() if s != system_id and s != "kuroganen"]
    diffed = rng.choice(others)
    demo = systems.get(system_id).demo_file()
    path = work / demo.name
    path.write_text(demo.read_text(encoding="utf-8"), encoding="utf-8")
    folder = bundled_catalog_dir(diffed)
    new = V2 if diffed == "laminim" and rng.random() < 0.5 else folder
    argv = ["catalog", "diff", str(folder), str(new), str(path)]
    if rng.random() < 0.5:
        argv += ["--lang", "ja"]
    return Built(argv, must_refuse="other game not told")


def build(family: str, rng: Any, seed: Any, work: Path) -> Built:
    """The case of one of :data:`HARDENING`'s families for ``seed`` (a :class:`engine.Seed`)."""
    if family == "types":  # a team file (a catalog's or threat's seed: the game's demo)
        text = seed.text if seed.kind == "team" else systems.get(seed.system).demo_file()
        text = text if isinstance(text, str) else text.read_text(encoding="utf-8")
        return planted_types(rng, text, seed.system, work)
    if family == "renamed":
        return renamed_catalog(rng, seed.system, work)
    if family == "outputs":
        return bad_output(rng, seed.system, work)
    if family == "pins":
        return commented_pin(rng, seed.system, work)
    if family == "saves":
        return commented_save(rng, seed.system, work)
    if family == "otherfile":
        return other_game_file(rng, seed.system, work)
    raise ValueError(family)
