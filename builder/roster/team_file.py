"""Reading and saving team files of any game system (a LAMINIM team, a force, a crew, a map).

Reading dispatches on the file's ``system:`` key through the registry; the system validates its
own model (leniently per item, so one ``laminim check`` lists every mistake). Saving is atomic
(temp file + fsync + rename) and round-trips the user's comments and key order by editing the
original YAML document with ruamel.yaml instead of writing a fresh one.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import systems
from builder.core.problems import InputError
from builder.core.source import Located, read_yaml
from builder.systems.base import TeamRead

if TYPE_CHECKING:
    from builder.systems.base import GameSystem

NOT_A_MAPPING = "expected a mapping with system, name and units"


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


def system_of(src: Located, expected: str | None = None) -> GameSystem | TeamRead:
    """The system a read file belongs to, or a TeamRead carrying why it has none."""
    if not isinstance(src.data, dict):
        return TeamRead(None, src, [src.problem((), NOT_A_MAPPING)])
    if expected is not None:
        return systems.get(expected)
    sid = src.data.get("system", systems.DEFAULT)
    if sid not in systems.INSTALLED:
        problem = systems.unknown(sid, src.file)
        return TeamRead(None, src, [src.problem(("system",), problem.message)])
    return systems.get(sid)


def read_team(path: Path | str, expected: str | None = None) -> tuple[GameSystem | None, TeamRead]:
    """Read a file, collecting every problem (never raises for bad content).

    ``expected``: the system to read it as (e.g. the ``--catalog``'s); default its ``system:``.
    """
    try:
        src = read_yaml(path)
    except InputError as exc:
        return None, TeamRead(None, None, exc.problems)
    found = system_of(src, expected)
    if isinstance(found, TeamRead):
        return None, found
    return found, found.read_team(src)


def load_team(path: Path | str, expected: str | None = None) -> tuple[GameSystem, Any]:
    """Read a file that must be well-formed; raises InputError listing every problem."""
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

    Lists of mappings are matched by their ``name`` (a renamed item reuses the entry at its
    position unless another item owns it); lists of scalars are edited in place, new ones are
    written in flow style (``[rifle, missile, null]``).
    """
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(new, dict):
        entry = old if isinstance(old, CommentedMap) else CommentedMap()
        for key, value in new.items():
            entry[key] = _merge(entry.get(key), value)
        return entry
    if isinstance(new, list):
        if new and all(isinstance(item, dict) for item in new):
            seq = old if isinstance(old, CommentedSeq) else CommentedSeq()
            names = {item.get("name") for item in new}
            by_name = {e.get("name"): e for e in seq if isinstance(e, CommentedMap)}
            items = []
            for i, item in enumerate(new):
                prior = by_name.get(item.get("name"))
                if (
                    prior is None
                    and i < len(seq)
                    and isinstance(seq[i], CommentedMap)
                    and seq[i].get("name") not in names
                ):
                    prior = seq[i]
                items.append(_merge(prior, item))
            seq[:] = items  # in place, so comments attached to the list itself stay
            return seq
        if isinstance(old, CommentedSeq):
            old[:] = [_merge(None, item) for item in new]
            return old
        seq = CommentedSeq([_merge(None, item) for item in new])
        seq.fa.set_flow_style()
        return seq
    return new


def dump_team(data: dict[str, Any], original: str | None = None) -> str:
    """The YAML text of a team's plain data, editing ``original`` in place when given."""
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
    return out.getvalue()


def save_team(system: GameSystem, team: Any, path: Path | str, original: str | None = None) -> Path:
    """Write ``team`` to ``path`` atomically: a temp file in the same folder, then a rename.

    ``original`` is the text the team was loaded from (to keep comments); by default the
    current content of ``path``, if it exists.
    """
    path = Path(path)
    if original is None and path.exists():
        try:
            original = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            original = None
    text = dump_team(system.dump_team(team), original)
    write_atomic(path, text)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: readers see the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
