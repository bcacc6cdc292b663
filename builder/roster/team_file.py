"""Reading and saving team files of any game system (whatever a game calls its file's content).

Reading dispatches on the file's ``system:`` key through the registry; the system validates its
own model (leniently per item, so one ``laminim check`` lists every mistake). Saving is atomic
(temp file + fsync + rename) and round-trips the user's comments and key order by editing the
original YAML document with ruamel.yaml instead of writing a fresh one.

What a save does with the file already there (issue 14):

* a symlink is followed: the file it points to is replaced, the link stays a link;
* a hard-linked file (more than one name) is written in place, so every name sees the new team.
  The trade-off: rewriting an inode in place cannot be atomic. A complete, fsynced copy of the
  new text is written beside it first (``.name.<pid>-<random>.tmp``) and removed once the
  in-place write is on disk, so a crash in between leaves the new text in that copy;
* a read-only file (no owner write permission) is refused, as is anything but a regular file;
* a missing folder is an error unless the caller asks for it (the TUI asks the player);
* our temp files left by a killed save (of a process no longer running) are removed, and so
  are they when the file is next read (:func:`read_team`);
* an original that is not UTF-8 is read with the bad bytes replaced by U+FFFD, so its comments
  and layout are kept and the saved file is UTF-8 (the bytes that were not text cannot be).

What a save keeps of the text: ruamel re-emits flow lists (``[2,   2, ~]`` becomes
``[2, 2, null]``), so every value that did not change gets its original text back and a changed
one may be written by the system's optional ``value_text`` hook (:mod:`builder.roster.keep_text`).
"""

from __future__ import annotations

import difflib
import io
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import systems
from builder.core.input_files import read_input
from builder.core.messages import Messages
from builder.core.problems import InputError, Problem, ReadingProblems, unknown_system
from builder.core.source import Located, parse_yaml, read_yaml
from builder.roster.atomic import SaveRefused as SaveRefused
from builder.roster.atomic import remove_stale_temps as remove_stale_temps
from builder.roster.atomic import temp_pattern as temp_pattern
from builder.roster.atomic import writable_target as writable_target
from builder.roster.atomic import write_atomic as write_atomic
from builder.roster.comments import Gone, Where
from builder.roster.keep_text import ValueText, keep_text, load_plain, same_data
from builder.roster.pins import PIN_KEY, Pin, pinned_text, read_pin, without_pin
from builder.systems import TeamRead, WritesValues, YamlPath

if TYPE_CHECKING:
    from builder.systems import AnySystem, TeamModel

MESSAGES = Messages.load(__file__)
"""The reader's own problems (a file's shape, its ``system:`` key), in both languages."""

MAX_LIST_ITEMS = 256
"""Most items one list or mapping of a team file may hold (a game's own cap, usually far
lower, comes on top). A file past this is refused before any system reads
it, so a thousand-unit team costs milliseconds, not minutes."""


def catalog_system(catalog_dir: Path | None) -> str | None:
    """The ``system:`` a catalog folder declares (None without a folder or a readable key).

    With ``--catalog DIR`` the catalog decides the game system: a file written for another game
    is then reported against it instead of being read as that other game.
    """
    if catalog_dir is None:
        return None
    try:
        data = read_yaml(Path(catalog_dir) / "catalog.yaml").data
    except InputError:
        return None  # the system's own catalog loader reports the problem with its line
    value = data.get("system") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in systems.INSTALLED else None


def system_of(src: Located, expected: str | None = None) -> AnySystem | TeamRead[TeamModel]:
    """The system a read file belongs to, or a TeamRead carrying why it has none."""
    if not isinstance(src.data, dict):  # read as the game it would be: say what that game wants
        shape = systems.get(expected).file_shape
        return TeamRead(None, src, [src.problem((), MESSAGES("file-shape", shape=shape))])
    if expected is not None:
        return systems.get(expected)
    sid = src.data.get("system", systems.DEFAULT)
    if not isinstance(sid, str):
        message = MESSAGES("system-not-text", systems=", ".join(systems.INSTALLED))
        return TeamRead(None, src, [src.problem(("system",), message)])
    if sid not in systems.INSTALLED:
        unknown = unknown_system(sid, list(systems.INSTALLED))
        return TeamRead(None, src, [src.problem(("system",), unknown)])
    return systems.get(sid)


def read_team(
    path: Path | str, expected: str | None = None
) -> tuple[AnySystem | None, TeamRead[TeamModel]]:
    """Read a file, collecting every problem (never raises for bad content).

    ``expected``: the system to read it as (e.g. the ``--catalog``'s); default its ``system:``.
    """
    early: list[Problem] = []
    unsure: frozenset[tuple[int, int]] = frozenset()
    try:
        src = read_yaml(path, max_items=MAX_LIST_ITEMS)
    except ReadingProblems as exc:  # a bad tag, a key twice: the rest is read and checked too
        src, early, unsure = exc.partial, exc.problems, exc.unsure
    except InputError as exc:
        return None, TeamRead(None, None, exc.problems)
    # what a killed save left beside the file (a link's target) goes now, not at the next save
    remove_stale_temps(Path(os.path.realpath(path)))
    return _read_source(src, expected, early, unsure)


def read_text(
    text: str, name: str, expected: str | None = None
) -> tuple[AnySystem | None, TeamRead[TeamModel]]:
    """:func:`read_team` of a file that would hold ``text`` (the TUI checks what a save would
    write); ``name`` is the file named in each problem."""
    early: list[Problem] = []
    unsure: frozenset[tuple[int, int]] = frozenset()
    try:
        src = parse_yaml(text, name, max_items=MAX_LIST_ITEMS)
    except ReadingProblems as exc:  # as read_team: the rest is read and checked too
        src, early, unsure = exc.partial, exc.problems, exc.unsure
    except InputError as exc:
        return None, TeamRead(None, None, exc.problems)
    return _read_source(src, expected, early, unsure)


def _read_source(
    src: Located,
    expected: str | None,
    early: list[Problem],
    unsure: frozenset[tuple[int, int]],
) -> tuple[AnySystem | None, TeamRead[TeamModel]]:
    _, pin_problems = read_pin(src)  # the catalog pin is read here, never by the game
    src = without_pin(src)
    found = system_of(src, expected)
    if isinstance(found, TeamRead):
        found.problems = with_early(early, found.problems, unsure)
        return None, found
    read = found.read_team(src)
    if pin_problems or src.notes:  # src.notes: an input method's slips, as warnings
        read.problems = [*read.problems, *pin_problems, *src.notes]
    if early:
        read.problems = with_early(early, read.problems, unsure)
    if (
        read.problems
        and expected is None
        and isinstance(src.data, dict)
        and "system" not in src.data
    ):
        return found, _without_system_key(src, found, read)
    return found, read


def with_early(
    early: list[Problem], later: list[Problem], unsure: frozenset[tuple[int, int]] = frozenset()
) -> list[Problem]:
    """The problems found while reading a file's YAML, then those its game found in the rest,
    in file order. A later one at the very place of an early one (the null left for a value
    with a bad tag) is the same mistake, told once; one at a mapping that lost an unreadable
    key (``unsure``: "required field is missing") may be that key, and is not said."""
    if not early:
        return later
    places = {(p.file, p.line, p.col) for p in early}
    rest = [
        p for p in later if (p.file, p.line, p.col) not in places and (p.line, p.col) not in unsure
    ]
    return sorted([*early, *rest], key=_place)


def _place(problem: Problem) -> tuple[int, int]:
    return (problem.line or 0, problem.col or 0)


def _without_system_key(
    src: Located, default: AnySystem, read: TeamRead[TeamModel]
) -> TeamRead[TeamModel]:
    """A file with no ``system:`` key is read as the default game; when that fails, say so, and
    name the game it does read as (when exactly one other game reads it without a problem)."""
    fits = []
    for sid in systems.ids():
        other = systems.get(sid)
        if sid == default.id:
            continue
        if all(p.field == "system" for p in other.read_team(src).problems):  # all but the key
            fits.append(other)
    if len(fits) == 1:
        game = fits[0]
        message = MESSAGES(
            "system-reads-as", game=_names(game), id=game.id, default=_names(default)
        )
        return TeamRead(None, src, [Problem(src.file, 1, 1, "system", message)])
    others = ", ".join(f"'system: {sid}'" for sid in systems.ids() if sid != default.id)
    hint = MESSAGES("system-missing", default=_names(default), others=others)
    # the system's own read (its TeamRead subclass) keeps its team; the hint joins its problems
    read.problems = [*read.problems, Problem(src.file, 1, 1, "system", hint, "warning")]
    return read


def _names(system: AnySystem) -> tuple[str, str]:
    """A game's name in English and in Japanese (a message parameter)."""
    return (system.name, system.name_ja)


def load_team(path: Path | str, expected: str | None = None) -> tuple[AnySystem, Any]:
    """Read a file that must be well-formed; raises InputError listing every problem.

    The team is the system's own model: a game's command reading its own file uses it as such.
    """
    system, read = read_team(path, expected)
    if system is None or read.problems or read.team is None:
        raise InputError(read.problems)
    return system, read.team


def _yaml() -> Any:
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 100
    yaml.representer.add_representer(
        type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    return yaml


Moves = dict[YamlPath, dict[int, int]]
"""For each list of the old file (by its path there): where each of its items went in the new
one (old index -> new index; an item not there was removed)."""


def _merge(old: Any, new: Any, path: YamlPath = (), moves: Moves | None = None) -> Any:
    """``new`` plain data written over ruamel node ``old`` (at ``path`` of the old file),
    keeping its styles; ``moves`` collects where each old list item went.

    A mapping loses the keys ``new`` no longer has (a field set back to its default is left
    out of the data); list items are paired by :func:`pair_items`; a new list of mappings is
    written in block style, any other new list in flow style (``[a, b, null]``).
    """
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    moves = {} if moves is None else moves
    if isinstance(new, dict):
        entry = old if isinstance(old, CommentedMap) else CommentedMap()
        for key in [k for k in entry if k not in new]:
            del entry[key]
        for key, value in new.items():
            entry[key] = _merge(entry.get(key), value, (*path, key), moves)
        return entry
    if isinstance(new, list | tuple):
        seq = old if isinstance(old, CommentedSeq) else None
        pairs = pair_items(list(seq) if seq is not None else [], list(new))
        if seq is not None:
            moves[path] = {j: i for i, j in enumerate(pairs) if j is not None}
        items = [
            _merge(seq[j] if seq is not None and j is not None else None, item, (*path, j), moves)
            if j is not None
            else _merge(None, item, (*path, -1), moves)
            for item, j in zip(new, pairs, strict=True)
        ]
        if seq is None:
            seq = CommentedSeq(items)
            if not (items and all(isinstance(item, dict) for item in new)):
                seq.fa.set_flow_style()  # units stay blocks, a list of ids one line
            return seq
        seq[:] = items  # in place: the list keeps its flow or block style
        return seq
    return new


def pair_items(old: list[Any], new: list[Any]) -> list[int | None]:
    """For each item of ``new``, the item of ``old`` it continues (None: a new item).

    Mappings with a ``name`` pair by that name where it is unique on both sides; then those
    sharing a name pair among themselves (the most alike first); then a renamed one pairs with
    an unpaired old one holding at least half of its other values, or the one at its place
    (the most alike first, then the one whose name it kept most of, then the nearest), but never
    with one less like it than another item of the new list is: a duplicate (even edited since)
    is a new item, not the removed one at its place. (A unit removed and a new one added at its
    place cannot be told from a renamed and re-equipped one: the new one then gets the old one's
    comments.)

    Other items pair by place in a list as long as before (a slot changed, a map row edited, a
    unit moved); in a longer or shorter one as a diff does: equal runs, then a changed run
    item by item.
    """
    if new and all(isinstance(item, dict) for item in new):
        return _pair_named(old, new)
    if len(old) == len(new):  # values changed in their places (a weapon slot, a map row)
        return list(range(len(new)))
    keys_old, keys_new = [_key(x) for x in old], [_key(x) for x in new]
    pairs: list[int | None] = [None] * len(new)
    matcher = difflib.SequenceMatcher(None, keys_old, keys_new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("equal", "replace"):
            for k in range(min(i2 - i1, j2 - j1)):
                pairs[j1 + k] = i1 + k
    return pairs


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _bare(item: Any) -> dict[Any, Any]:
    """A mapping's values other than its names (what a duplicate shares with its original)."""
    if not isinstance(item, dict):
        return {}
    return {k: v for k, v in item.items() if not (isinstance(k, str) and k.startswith("name"))}


def _alike(a: Any, b: Any) -> float:
    """The share of values two mappings hold alike (their names left out)."""
    one, two = _bare(a), _bare(b)
    keys = set(one) | set(two)
    if not keys:
        return 1.0
    return sum(k in one and k in two and _key(one[k]) == _key(two[k]) for k in keys) / len(keys)


def _pair_named(old: list[Any], new: list[dict[str, Any]]) -> list[int | None]:
    pairs: list[int | None] = [None] * len(new)
    old_names = _unique_names((j, e) for j, e in enumerate(old) if isinstance(e, dict))
    new_names = _unique_names(enumerate(new))
    for name, i in new_names.items():
        if name in old_names:
            pairs[i] = old_names[name]
    taken = {j for j in pairs if j is not None}
    # those sharing a name, among themselves
    _pick(
        pairs,
        taken,
        [
            (-_alike(new[i], old[j]), abs(i - j), i, j)
            for i, j in _free(pairs, old, taken)
            if _name(new[i]) is not None and _name(new[i]) == _name(old[j])
        ],
    )
    # renamed ones, never taken for the old one when more like an item already paired
    paired = [new[i] for i, j in enumerate(pairs) if j is not None]
    candidates = []
    for i, j in _free(pairs, old, taken):
        kin = max((_alike(new[i], other) for other in paired), default=0.0)  # a copy's is 1
        score = _alike(new[i], old[j])
        if score >= kin and (score >= 0.5 or i == j):
            candidates.append((-score, -_name_likeness(new[i], old[j]), abs(i - j), i, j))
    _pick(pairs, taken, candidates)
    return pairs


def _name_likeness(a: dict[Any, Any], b: dict[Any, Any]) -> float:
    """How much of its old name a renamed mapping kept (0 to 1): between two old items as like
    it in every other value, the one whose name it grew from ("Dias Red" -> "Dias Red R23")."""
    one, two = a.get("name"), b.get("name")
    if not isinstance(one, str) or not isinstance(two, str):
        return 0.0
    return difflib.SequenceMatcher(None, one, two, autojunk=False).ratio()


def _free(pairs: list[int | None], old: list[Any], taken: set[int]) -> list[tuple[int, int]]:
    """Each unpaired new item with each unpaired old mapping."""
    free_old = [j for j, e in enumerate(old) if j not in taken and isinstance(e, dict)]
    return [(i, j) for i, p in enumerate(pairs) if p is None for j in free_old]


def _pick(pairs: list[int | None], taken: set[int], candidates: list[tuple[Any, ...]]) -> None:
    """Pair the best candidates first (``(rank..., i, j)``), each item once."""
    for *_rank, i, j in sorted(candidates):
        if pairs[i] is None and j not in taken:
            pairs[i] = j
            taken.add(j)


def _name(entry: dict[Any, Any]) -> str | None:
    """A mapping's ``name`` as a key (None without one): any value, a list too."""
    name = entry.get("name")
    return None if name is None else _key(name)


def _unique_names(entries: Any) -> dict[str, int]:
    """Where each ``name`` is, for the names exactly one entry has."""
    by_name: dict[str, int] = {}
    twice: set[str] = set()
    for at, entry in entries:
        name = _name(entry)
        if name is None:
            continue
        if name in by_name:
            twice.add(name)
        by_name[name] = at
    return {k: v for k, v in by_name.items() if k not in twice}


def _strip_comments(node: Any) -> None:
    """Take every comment off a ruamel document (they are put back by path, see comments.py)."""
    from ruamel.yaml.comments import Comment, CommentedMap, CommentedSeq

    if isinstance(node, CommentedMap | CommentedSeq):
        setattr(node, Comment.attrib, Comment())
        for child in node.values() if isinstance(node, CommentedMap) else node:
            _strip_comments(child)


def _where(moves: Moves, doc: Any) -> Where:
    """Where a node of the old file is in the merged document: its path there, or None when an
    item on the way was removed from its list (what it held went with it), or a ``Gone`` when a
    key on the way was dropped or a collection became something else."""

    def where(path: YamlPath) -> YamlPath | Gone | None:
        out: list[str | int] = []
        node = doc
        for at, part in enumerate(path):
            moved = moves.get(path[:at])
            if moved is not None and isinstance(part, int):
                if part not in moved:
                    return None
                part = moved[part]
            there = isinstance(node, dict) and part in node
            there = there or (isinstance(node, list) and isinstance(part, int) and part < len(node))
            if not there:  # a key dropped, or a list or mapping that is now something else
                return Gone(tuple(out), dropped=isinstance(node, dict))
            node = node[part]
            out.append(part)
        return tuple(out)

    return where


def dump_team(
    data: dict[str, Any], original: str | None = None, value_text: ValueText | None = None
) -> str:
    """The YAML text of a team's plain data, editing ``original`` in place when given.

    Unchanged values keep their original text; ``value_text`` writes the changed ones it wants
    to (see the module docstring). Every comment and blank line stays with the part of the file
    it belongs to (:mod:`builder.roster.comments`); the comments of a removed item go with it.
    """
    from builder.roster.comments import notes, restore, shape

    old_shape = shape(original) if original else None
    if old_shape is not None:
        assert original is not None
        if same_data(load_plain(original), data):
            return original.removeprefix("\ufeff")  # nothing changed: not a byte either
        text = _dump(data, original, value_text, strip=True)
        if text is not None:
            new_text, where = text
            restored = restore(new_text, notes(old_shape), where)
            if restored is not None and same_data(load_plain(restored), load_plain(new_text)):
                return restored
    fallback = _dump(data, original, value_text, strip=False)
    assert fallback is not None
    return fallback[0]


def _dump(
    data: dict[str, Any], original: str | None, value_text: ValueText | None, *, strip: bool
) -> tuple[str, Where] | None:
    """ruamel's text of ``data`` written over ``original`` (its comments taken off when
    ``strip``), unchanged values given their original text back, and where each old node went."""
    from ruamel.yaml.comments import CommentedMap

    yaml = _yaml()
    doc = None
    if original:
        try:
            doc = yaml.load(original)
        except Exception:  # the original is broken: write a fresh document instead
            doc = None
    if not isinstance(doc, CommentedMap):
        if strip:
            return None
        doc = CommentedMap()
    if strip:
        _strip_comments(doc)
    moves: Moves = {}
    doc = _merge(doc, data, (), moves)
    out = io.StringIO()
    yaml.dump(doc, out)
    where = _where(moves, doc)

    def found(path: YamlPath) -> YamlPath | None:
        now = where(path)
        return now if isinstance(now, tuple) else None

    return keep_text(out.getvalue(), original, value_text, found), where


def save_team(
    system: AnySystem,
    team: TeamModel,
    path: Path | str,
    original: str | None = None,
    *,
    make_parents: bool = False,
    pin: Pin | None = None,
) -> Path:
    """Write ``team`` to ``path`` atomically: a temp file in the same folder, then a rename.

    ``original`` is the text the team was loaded from (to keep comments); by default the
    current content of ``path``, if it exists. See the module docstring for symlinks, hard
    links, read-only files and missing folders (``make_parents``). Raises OSError
    (:class:`SaveRefused` for a save we refuse) and leaves the file as it was. ``pin``: the
    catalog to record in the file (``catalog: {name, version, digest}``), in the same write.
    """
    path = Path(path)
    target = writable_target(path, make_parents=make_parents)
    if original is None and target.exists():
        try:
            original = read_input(target).decode("utf-8", errors="replace")
        except InputError:
            original = None  # unreadable or too large: a fresh document is written
    if pin is not None and pin.path is None and original:
        pin = _keeping_path(pin, original)
    text = team_text(system, team, original)
    if pin is not None:
        text = pinned_text(text, pin)
    write_atomic(target, text, make_parents=make_parents)
    return path


def _keeping_path(pin: Pin, original: str) -> Pin:
    """``pin`` with the catalog folder the file's pin records, when both name the same
    catalog (a save from a screen that was given that folder keeps where it is)."""
    old = _old_pin(original)
    if old is not None and old.path is not None and old.digest == pin.digest:
        return Pin(pin.name, pin.version, pin.digest, old.path)
    return pin


def _old_pin(original: str) -> Pin | None:
    try:
        data = load_plain(original)
    except Exception:  # a broken original has no pin worth keeping
        return None
    if not isinstance(data, dict):
        return None
    pin, _ = read_pin(Located("<file>", data))
    return pin


def _with_old_pin(data: dict[str, Any], original: str) -> dict[str, Any]:
    """``data`` with the pin ``original`` holds (as it is written there), if it holds one."""
    try:
        old = load_plain(original)
    except Exception:  # a broken original has no pin worth keeping
        return data
    if not isinstance(old, dict) or PIN_KEY not in old:
        return data
    return {**data, PIN_KEY: old[PIN_KEY]}  # the saver keeps the key where it was


def team_text(system: AnySystem, team: TeamModel, original: str | None) -> str:
    """The text a save of ``team`` writes over ``original`` (the file as it was), comments
    and unchanged values' text kept, and the file's pin kept where the team has none."""
    hook: ValueText | None = system.value_text if isinstance(system, WritesValues) else None
    data = system.dump_team(team)
    if original and PIN_KEY not in data:
        data = _with_old_pin(data, original)  # a save without a catalog keeps the file's pin
    return dump_team(data, original, hook)
