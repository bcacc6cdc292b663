"""Writing a file all at once (team files, battle records, catalog pins): the new text or the
old one, never half of either (issue 14; the cases are in :mod:`builder.roster.team_file`'s
docstring): a symlink's target is written, a hard-linked file in place after a complete copy,
a read-only file or anything but a regular file is refused, and our temp files a killed save
left (``.name.<pid>-<random>.tmp``) are removed.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from builder.core.messages import Message, Messages
from builder.core.outfiles import new_file_mode, remove_stale

MESSAGES = Messages.load(__file__)


class SaveRefused(OSError):
    """A save we will not do (read-only file, missing folder, not a regular file).

    ``strerror`` is the reason in English, as for any OSError; ``said`` is the same reason in
    both languages, for a screen that shows it in the player's language."""

    def __init__(self, path: Path, reason: Message, code: int = errno.EPERM) -> None:
        super().__init__(code, reason.en, str(path))
        self.said = reason


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


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove temp files of earlier saves of ``path`` whose process is gone; returns them."""
    return remove_stale(path.parent, temp_pattern(path.name))


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
    mode = stat.S_IMODE(info.st_mode) if info is not None else new_file_mode()
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
