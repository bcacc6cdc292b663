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
nothing but the time saved. The cache is the user's own, like Python's bytecode cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from builder.core.input_files import CATALOG_FILE_CAP, read_input

C = TypeVar("C")

CACHE_ENV = "LAMINIM_CACHE_DIR"
OFF = "off"
STORE = "laminim/catalogs"
"""Where in the user's cache folder kept catalogs live (the program's folder, not a game's)."""
FORMAT = b"catalog cache 1"
"""Changed by hand when what is kept changes shape in a way the digest does not see."""


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
    import pydantic

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
        kept = where / f"{digest(folder, files, code, kind)}.pickle"
    except Exception:  # an unreadable file: the real read reports it at its place
        return read(folder)
    try:
        with kept.open("rb") as stream:
            value = pickle.load(stream)
        if isinstance(value, kind):
            return value
    except Exception:  # missing, truncated, corrupt or from an older laminim: read again
        pass
    value = read(folder)
    _keep(kept, value)
    return value


def _keep(path: Path, value: object) -> None:
    """Write ``value`` to ``path`` whole or not at all (a temp file renamed over it); a folder
    that cannot be written is left alone."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with temp.open("wb") as stream:
            pickle.dump(value, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
