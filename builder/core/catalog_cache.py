"""A catalog folder once read and checked, kept between runs (issue 38: start-up).

Reading a catalog is the same work every run: parse its YAML files, validate them against the
game's models, cross-check them. A catalog that passed is kept, pickled, in the user's cache
folder (``$XDG_CACHE_HOME/laminim/catalogs``, else ``~/.cache/laminim/catalogs``;
``LAMINIM_CACHE_DIR`` names another, ``LAMINIM_CACHE_DIR=off`` turns the cache off), under a
digest of everything the result depends on:

- what is kept (the type read) and the folder as named (a result may name its folder);
- the bytes of each of the folder's catalog files (or that it is absent), in order;
- the source of the modules that read, check and model it (a game names them: ``code``), so a
  changed model, validator or cross check reads the catalog again;
- this module's own source, and the versions of Python and pydantic (the pickle's format).

Only a catalog with no problem is kept (a catalog is all good or refused with all its problems,
:meth:`builder.core.catalog_folder.CatalogFolder.refuse`): a refused one is read, and reported
at its files and lines, every run. A cache file that cannot be read or unpickled, or holds
something else, is ignored and written again; a cache folder that cannot be written costs
nothing but the time saved. The cache is the user's own, like Python's bytecode cache; it
does not grow without end (:data:`KEEP_CATALOGS`, :data:`KEEP_WORDS`).

The words and labels tables the modules read at import (``builder.core.i18n``) are kept too
(:func:`cached_parse`), by their path, modification time and size as Python keeps bytecode. This
module imports nothing of the program's at import (i18n reads those tables while the modules
below it are still loading), nor the digest's and pickle's modules (``--help`` reads tables).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

C = TypeVar("C")

CACHE_ENV = "LAMINIM_CACHE_DIR"
OFF = "off"
STORE = "laminim/catalogs"
"""Where in the user's cache folder kept catalogs live (the program's folder, not a game's)."""
FORMAT = b"catalog cache 1"
"""Changed by hand when what is kept changes shape in a way the digest does not see."""
KEEP_CATALOGS = 32
"""Kept catalogs at the most: each edit of a catalog file keeps a new one (a designer tuning
numbers makes one a run), so the least recently used beyond these are removed."""
KEEP_WORDS = 200
"""Kept words tables at the most (the shipped tables are about 60; each upgrade keeps new ones,
by their new modification times): the oldest beyond these are removed."""


def cache_dir() -> Path | None:
    """The folder of kept catalogs; None when ``LAMINIM_CACHE_DIR=off``."""
    named = os.environ.get(CACHE_ENV)
    if named:
        return None if named == OFF else Path(named)
    base = os.environ.get("XDG_CACHE_HOME", "")
    home = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return home / STORE


def digest(folder: Path, files: Iterable[str], code: Iterable[str], kind: type) -> str:
    """The key of ``kind`` read from ``folder``: its ``files``' bytes, the sources of the
    ``code`` modules (imported ones, by name) and of this one, the versions the pickle needs."""
    import hashlib

    import pydantic

    from builder.core.input_files import CATALOG_FILE_CAP, read_input  # (imports i18n: see above)

    seal = hashlib.sha256(FORMAT)
    what = f"{kind.__module__}.{kind.__qualname__}"
    for part in (what, str(folder), sys.version, pydantic.VERSION):
        seal.update(b"\0" + part.encode())
    for name in files:
        path = folder / name
        seal.update(b"\0file " + name.encode() + b"\0")
        if os.path.lexists(path):
            seal.update(b"%d\0" % os.stat(path).st_size + read_input(path, cap=CATALOG_FILE_CAP))
        else:
            seal.update(b"absent")
    for module in (__name__, *code):
        source = sys.modules[module].__file__  # imported by the reader: a KeyError otherwise
        assert source is not None
        seal.update(b"\0code " + module.encode() + b"\0" + Path(source).read_bytes())
    return seal.hexdigest()


def cached_read(
    folder: Path,
    files: Iterable[str],
    code: Iterable[str],
    kind: type[C],
    read: Callable[[Path], C],
) -> C:
    """``read(folder)``, or the same value kept by an earlier run from the same files and
    code. ``read`` raises on a bad catalog (nothing is kept then); ``kind`` is what it returns
    (a kept file holding anything else is ignored)."""
    where = cache_dir()
    if where is None:
        return read(folder)
    try:
        key = digest(folder, files, code, kind)
    except Exception:  # an unreadable file: the real read reports it at its place
        return read(folder)
    value = _kept(where, key)
    if isinstance(value, kind):
        return value
    value = read(folder)
    _keep(where, key, value)
    return value


def cached_parse(path: Path, parse: Callable[[Path], object], parser: str) -> object:
    """``parse(path)`` of a data file that ships with the program (a words or labels table), or
    the same data kept by an earlier run that parsed the same file with the same ``parser`` (its
    name and version): the tables every command reads at start-up are parsed once.

    Kept as Python's bytecode cache keeps a module: by the file's path, modification time and
    size, in ``marshal`` (plain data only; other data is not kept), so that ``--help`` loads
    neither a digest nor pickle for them."""
    where = cache_dir()
    if where is None:
        return parse(path)
    try:
        info = os.stat(path)
    except OSError:
        return parse(path)
    key = f"{path}\0{info.st_mtime_ns}\0{info.st_size}\0{parser}\0{sys.version}\0{FORMAT!r}"
    kept = where / f"words-{zlib.crc32(key.encode()):08x}.marshal"
    try:
        found, value = marshal.loads(kept.read_bytes())
        if found == key:
            return value
    except Exception:  # missing, damaged or another file's: parse it
        pass
    value = parse(path)
    try:
        data = marshal.dumps((key, value))  # type: ignore[arg-type]  # checked: ValueError
    except ValueError:  # not plain data (a date, say): parsed every time
        return value
    _write(kept, data)
    _prune(where, "words-", ".marshal", KEEP_WORDS)
    return value


_NOTHING = object()


def _kept(where: Path, key: str) -> object:
    """The value kept under ``key``, or ``_NOTHING``: a file that is missing, cannot be read or
    unpickled, or was not written under this key (a foreign or damaged one) keeps nothing."""
    import pickle

    path = where / f"{key}.pickle"
    try:
        with path.open("rb") as stream:
            found, value = pickle.load(stream)
    except Exception:  # missing, truncated, corrupt or from an older laminim: read again
        return _NOTHING
    if found != key:
        return _NOTHING
    with contextlib.suppress(OSError):  # used now: the last to be pruned
        os.utime(path)
    return value


def _keep(where: Path, key: str, value: object) -> None:
    """Keep ``value`` under ``key`` (pickled with its key, which :func:`_kept` checks)."""
    import pickle

    try:
        data = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    _write(where / f"{key}.pickle", data)
    _prune(where, "", ".pickle", KEEP_CATALOGS)


def _prune(where: Path, prefix: str, suffix: str, most: int) -> None:
    """Remove the kept files named ``prefix…suffix`` beyond the ``most`` last used (by
    modification time, which a use of a kept catalog renews); a file that cannot be removed
    stays."""
    try:
        kept = [
            (entry.stat().st_mtime_ns, entry.path)
            for entry in os.scandir(where)
            if entry.name.startswith(prefix)
            and entry.name.endswith(suffix)
            and not entry.name.startswith(".")
        ]
    except OSError:
        return
    kept.sort()
    for _, path in kept[: max(0, len(kept) - most)]:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _write(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all (a temp file renamed into place); a folder
    that cannot be written is left alone."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(data)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
