"""The one way every input file (team, force, crew, map, threat, catalog file) is opened.

A user's path may name anything: a FIFO that never ends (``open`` would block for ever), a
device that never stops giving bytes (``/dev/zero``), a folder, a socket, a symlink loop, a name
longer than the file system allows, or a regular file of gigabytes. Each is bad input reported
with its path, never read whole, never followed into a crash. Only a regular file is read, and
only up to a cap: a team or catalog file is kilobytes, so the caps are far above any real file
(a 100 × 100 height map is ~50 KB) and far below what would cost seconds or gigabytes.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from builder.core.messages import Message
from builder.core.os_words import os_reason_words
from builder.core.problems import CORE, InputError, Problem

MiB = 1 << 20

TEAM_FILE_CAP = 1 * MiB
"""Most bytes a team, force, crew, map or threat file may hold."""

CATALOG_FILE_CAP = 2 * MiB
"""Most bytes each file of a catalog folder may hold."""

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO with no writer must not block the open
    | getattr(os, "O_NOCTTY", 0)  # a terminal device must not become ours
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)

_KINDS = (
    (stat.S_ISDIR, "file-is-folder"),
    (stat.S_ISFIFO, "file-is-fifo"),
    (stat.S_ISCHR, "file-is-device"),
    (stat.S_ISBLK, "file-is-device"),
    (stat.S_ISSOCK, "file-is-socket"),
)


def _bad(name: str, message: Message) -> InputError:
    return InputError([Problem(name, None, None, "", message)])


_WHAT = {"file": "what-file", "folder": "what-folder", "catalog folder": "what-catalog-folder"}


def _what(what: str) -> Message:
    return CORE(_WHAT[what]) if what in _WHAT else Message.untranslated(what)


def os_reason(exc: OSError, what: str = "file") -> Message:
    """A user's words for why ``exc`` stopped us reaching a path (``what``: file or folder)."""
    code = exc.errno
    if code == errno.ENOENT:
        return CORE("file-not-found", what=_what(what))
    if code == errno.ENOTDIR:
        return CORE("file-not-found-path", what=_what(what))
    if code == errno.ELOOP:
        return CORE("file-loop")
    if code == errno.ENAMETOOLONG:
        return CORE("file-name-too-long")
    if code in (errno.EACCES, errno.EPERM):
        return CORE("file-no-permission")
    return CORE("file-cannot-read", reason=os_reason_words(exc))


def _kind_problem(mode: int) -> Message | None:
    """Why a file of this mode is not read (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    for test, key in _KINDS:
        if test(mode):
            return CORE(key)
    return CORE("file-not-regular")


def _cap_words(cap: int) -> str:
    return f"{cap // MiB} MiB" if cap % MiB == 0 else f"{cap} bytes"


def _over_cap(name: str, head: bytes, cap: int) -> InputError:
    """The file goes on past ``cap`` bytes: placed at the first byte beyond the cap."""
    line = head.count(b"\n", 0, cap) + 1
    start = head.rfind(b"\n", 0, cap) + 1
    col = len(head[start:cap].decode("utf-8", errors="replace")) + 1
    message = CORE("file-too-large", cap=_cap_words(cap))
    return InputError([Problem(name, line, col, "", message)])


def read_input(path: Path | str, display: str | None = None, cap: int = TEAM_FILE_CAP) -> bytes:
    """The bytes of the regular file ``path``; InputError (with ``display`` or the path) if it
    is missing, unreachable, not a regular file or longer than ``cap`` bytes."""
    name = display or str(path)
    try:
        info = os.stat(path)  # before opening: a device or FIFO is never opened at all
    except OSError as exc:
        raise _bad(name, os_reason(exc)) from None
    except ValueError:  # an embedded NUL
        raise _bad(name, CORE("file-bad-name", what=_what("file"))) from None
    kind = _kind_problem(info.st_mode)
    if kind is not None:
        raise _bad(name, kind)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise _bad(name, os_reason(exc)) from None
    try:
        kind = _kind_problem(os.fstat(fd).st_mode)  # replaced since the stat above?
        if kind is not None:
            raise _bad(name, kind)
        chunks: list[bytes] = []
        size = 0
        while size <= cap:
            chunk = os.read(fd, min(cap + 1 - size, MiB))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _bad(name, os_reason(exc)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise _over_cap(name, data, cap)
    return data


def check_folder(path: Path | str, display: str | None = None, what: str = "folder") -> None:
    """InputError unless ``path`` is a folder we can reach (a symlink loop, an over-long name
    or a file in its place is reported, never followed)."""
    name = display or str(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _bad(name, os_reason(exc, what)) from None
    except ValueError:
        raise _bad(name, CORE("file-bad-name", what=_what(what))) from None
    if not stat.S_ISDIR(info.st_mode):
        raise _bad(name, CORE("folder-is-file", what=_what(what)))


def exists_safely(path: Path | str) -> bool:
    """Whether ``path`` names something, answering False for names the system refuses
    (too long, a loop, a NUL byte) instead of raising."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True
