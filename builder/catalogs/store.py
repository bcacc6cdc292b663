"""Snapshots of the catalogs files were pinned to, under the user's data folder.

Why keep them: when the catalog under a pinned file changes, ``check`` can say what changed for
that file's own parts only if it still has the catalog the file was built against. Each
snapshot is a copy of the catalog files, in ``$XDG_DATA_HOME/laminim/catalogs/<digest>/``
(default ``~/.local/share/laminim/catalogs/<digest>/``), written to a temp folder first and
renamed into place, so a reader never sees half a snapshot.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from builder.catalogs.identity import CatalogIdentity, read_identity


def data_home() -> Path:
    """``$XDG_DATA_HOME`` (when set to an absolute path), else ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path.home() / ".local" / "share"


STORE = "laminim/catalogs"
"""Where in the data folder the snapshots live (the program's folder, not a game's)."""


def store_root() -> Path:
    return data_home() / STORE


def snapshot_dir(digest: str) -> Path:
    return store_root() / digest


def save_snapshot(identity: CatalogIdentity) -> Path:
    """Keep a copy of ``identity``'s catalog files (once per digest); returns its folder.

    An existing snapshot whose files no longer give the digest (edited by hand) is replaced.
    Raises OSError when the data folder cannot be written.
    """
    target = snapshot_dir(identity.digest)
    if find_snapshot(identity.digest, identity.files) is not None:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{identity.digest}-", dir=target.parent))
    try:
        for name in identity.files:
            shutil.copyfile(identity.folder / name, tmp / name)
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def find_snapshot(digest: str, files: tuple[str, ...] | None = None) -> Path | None:
    """The snapshot folder of ``digest`` when it is there and still has that digest."""
    from builder.core.problems import InputError

    folder = snapshot_dir(digest)
    if not folder.is_dir():
        return None
    try:
        found = read_identity(folder, files)
    except InputError:
        return None
    return folder if found.digest == digest else None
