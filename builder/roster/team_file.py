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

import errno
import io
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import systems
from builder.catalogs.pin import Pin, pinned_text, read_pin, without_pin
from builder.core.input_files import read_input
from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem, unknown_system
from builder.core.source import Located, read_yaml
from builder.roster.keep_text import ValueText, keep_text
from builder.systems import TeamRead, WritesValues

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
    try:
        src = read_yaml(path, max_items=MAX_LIST_ITEMS)
    except InputError as exc:
        return None, TeamRead(None, None, exc.problems)
    # what a killed save left beside the file (a link's target) goes now, not at the next save
    remove_stale_temps(Path(os.path.realpath(path)))
    _, pin_problems = read_pin(src)  # the catalog pin is read here, never by the game
    src = without_pin(src)
    found = system_of(src, expected)
    if isinstance(found, TeamRead):
        return None, found
    read = found.read_team(src)
    if pin_problems or src.notes:  # src.notes: an input method's slips, as warnings
        read.problems = [*read.problems, *pin_problems, *src.notes]
    if (
        read.problems
        and expected is None
        and isinstance(src.data, dict)
        and "system" not in src.data
    ):
        return found, _without_system_key(src, found, read)
    return found, read


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


def _merge(old: Any, new: Any) -> Any:
    """``new`` plain data written over ruamel node ``old``, keeping its comments and styles.

    Lists of mappings are matched by their ``name`` where it is unique (a renamed or unnamed
    item reuses the entry at its position unless another item owns it; no entry is reused
    twice, so items never collapse into one); lists of scalars are edited in place, new ones are
    written in flow style (``[a, b, null]``).
    """
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(new, dict):
        entry = old if isinstance(old, CommentedMap) else CommentedMap()
        for key, value in new.items():
            before = _comments_above_items(entry, key)
            entry[key] = _merge(entry.get(key), value)
            if before is not None:
                _put_comments_above_items(entry, key, before)
        return entry
    if isinstance(new, list):
        if new and all(isinstance(item, dict) for item in new):
            seq = old if isinstance(old, CommentedSeq) else CommentedSeq()
            by_name = _unique_names(e for e in seq if isinstance(e, CommentedMap))
            new_names = {item.get("name") for item in new}
            used: set[int] = set()  # an old entry is reused once at most: never an alias
            items = []
            for i, item in enumerate(new):
                prior = by_name.get(item.get("name")) if item.get("name") is not None else None
                if prior is None or id(prior) in used:
                    prior = None
                    at = seq[i] if i < len(seq) else None
                    if (
                        isinstance(at, CommentedMap)
                        and id(at) not in used
                        and (at.get("name") is None or at.get("name") not in new_names)
                    ):
                        prior = at
                if prior is not None:
                    used.add(id(prior))
                items.append(_merge(prior, item))
            seq[:] = items  # in place, so comments attached to the list itself stay
            return seq
        if isinstance(old, CommentedSeq):
            # item by item, so a nested list keeps its style (a block-style map row stays block)
            old[:] = [_merge(old[i] if i < len(old) else None, x) for i, x in enumerate(new)]
            return old
        seq = CommentedSeq([_merge(None, item) for item in new])
        seq.fa.set_flow_style()
        return seq
    return new


def _comments_above_items(parent: Any, key: Any) -> dict[int, Any] | None:
    """The comment lines above each mapping item of the list at ``parent[key]``, by the item's
    identity (None when that value is no such list).

    Why: ruamel keeps the comment above item ``i`` by the list's index ``i`` (the first one on
    the parent's key), so removing, duplicating or reordering units would move a unit's
    comment onto another unit. Taken by item and put back where the item ends up, a comment
    stays with its unit."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    seq = parent.get(key)
    if not isinstance(seq, CommentedSeq) or not all(isinstance(e, CommentedMap) for e in seq):
        return None
    found: dict[int, Any] = {}
    for i, item in enumerate(seq):
        if i == 0:
            slot = parent.ca.items.get(key)
            tokens = slot[3] if slot and len(slot) > 3 else None
        else:
            slot = seq.ca.items.get(i)
            tokens = slot[1] if slot and len(slot) > 1 else None
        if tokens:
            found[id(item)] = tokens
    return found


def _put_comments_above_items(parent: Any, key: Any, before: dict[int, Any]) -> None:
    """Put the comments of :func:`_comments_above_items` back above the same items."""
    from ruamel.yaml.comments import CommentedSeq

    seq = parent.get(key)
    if not isinstance(seq, CommentedSeq):
        return
    slot = parent.ca.items.get(key)
    if slot and len(slot) > 3:
        slot[3] = None
    if seq.ca.comment is not None and len(seq.ca.comment) > 1:
        seq.ca.comment[1] = None
    for i in list(seq.ca.items):
        if len(seq.ca.items[i]) > 1:
            seq.ca.items[i][1] = None
    for i, item in enumerate(seq):
        tokens = before.get(id(item))
        if not tokens:
            continue
        if i == 0:
            slot = parent.ca.items.setdefault(key, [None, None, None, None])
            while len(slot) < 4:
                slot.append(None)
            slot[3] = tokens
        else:
            seq.ca.items.setdefault(i, [None, None, None, None])[1] = tokens


def _unique_names(entries: Any) -> dict[Any, Any]:
    """The entries by ``name``, for the names exactly one entry has (None is no name)."""
    by_name: dict[Any, Any] = {}
    twice: set[Any] = set()
    for entry in entries:
        name = entry.get("name")
        if name is None:
            continue
        if name in by_name:
            twice.add(name)
        by_name[name] = entry
    return {k: v for k, v in by_name.items() if k not in twice}


def dump_team(
    data: dict[str, Any], original: str | None = None, value_text: ValueText | None = None
) -> str:
    """The YAML text of a team's plain data, editing ``original`` in place when given.

    Unchanged values keep their original text; ``value_text`` writes the changed ones it wants
    to (see the module docstring).
    """
    from ruamel.yaml.comments import CommentedMap

    yaml = _yaml()
    doc = None
    if original:
        try:
            doc = yaml.load(original)
        except Exception:  # the original is broken: write a fresh document instead
            doc = None
    if not isinstance(doc, CommentedMap):
        doc = CommentedMap()
    doc = _merge(doc, data)
    out = io.StringIO()
    yaml.dump(doc, out)
    return keep_text(out.getvalue(), original, value_text)


class SaveRefused(OSError):
    """A save we will not do (read-only file, missing folder, not a regular file).

    ``strerror`` is the reason in English, as for any OSError; ``said`` is the same reason in
    both languages, for a screen that shows it in the player's language."""

    def __init__(self, path: Path, reason: Message, code: int = errno.EPERM) -> None:
        super().__init__(code, reason.en, str(path))
        self.said = reason


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
    hook: ValueText | None = system.value_text if isinstance(system, WritesValues) else None
    text = dump_team(system.dump_team(team), original, hook)
    if pin is not None:
        text = pinned_text(text, pin)
    write_atomic(target, text, make_parents=make_parents)
    return path


def writable_target(path: Path, *, make_parents: bool = False) -> Path:
    """The file a save of ``path`` writes (a symlink's target); SaveRefused if it may not."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        info = target.stat()
    except FileNotFoundError:
        if not target.parent.is_dir() and not make_parents:
            missing = MESSAGES("save-no-folder", folder=target.parent)
            raise SaveRefused(target, missing, errno.ENOENT) from None
        return target
    if not stat.S_ISREG(info.st_mode):
        raise SaveRefused(target, MESSAGES("save-not-regular"), errno.EISDIR)
    if not info.st_mode & stat.S_IWUSR or not os.access(target, os.W_OK):
        raise SaveRefused(target, MESSAGES("save-read-only"), errno.EACCES)
    return target


def temp_pattern(name: str) -> re.Pattern[str]:
    """Names of our temp files for ``name``: ``.name.<pid>-<random>.tmp`` (or ``.name.<random>.tmp``
    from older versions)."""
    return re.compile(rf"\.{re.escape(name)}\.(?:(\d+)-)?[a-z0-9_]{{8}}\.tmp")


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove temp files of earlier saves of ``path`` whose process is gone; returns them."""
    pattern = temp_pattern(path.name)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(match.group(1)) if match.group(1) else None
        if pid is not None and (pid == os.getpid() or _running(pid)):
            continue  # a save in progress (this process or another one)
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


def _umask_mode() -> int:
    """0o666 minus the process umask (read without changing it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o644


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_copy(path: Path, data: bytes, mode: int) -> str:
    """A complete, fsynced copy of ``data`` beside ``path``; returns its name."""
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def write_atomic(path: Path, text: str, *, make_parents: bool = False) -> None:
    """Replace ``path`` with ``text`` all at once: readers see the old or the new file.

    A hard-linked ``path`` is rewritten in place instead (see the module docstring).
    """
    if make_parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    data = text.encode("utf-8")
    try:
        info: os.stat_result | None = path.stat()
    except FileNotFoundError:
        info = None
    mode = stat.S_IMODE(info.st_mode) if info is not None else _umask_mode()
    tmp = _temp_copy(path, data, mode)
    if info is not None and info.st_nlink > 1:
        # every name of the file sees the new text; if this fails half-way, the temp copy
        # (complete and on disk) is the new text and is kept until the next save
        with open(path, "r+b") as handle:
            handle.write(data)
            handle.truncate()
            handle.flush()
            os.fsync(handle.fileno())
        os.unlink(tmp)
        return
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)
