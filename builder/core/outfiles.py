"""Output files that never escape their folder, never replace an existing file and are never
seen half-written."""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import stat
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from builder.core.os_words import os_reason_words


def slugify(name: str) -> str:
    """A safe file-name stem from a team name (``Night shift`` → ``night-shift``).

    Letters of any script are kept (a Japanese team name stays readable); path separators,
    dots and everything else become hyphens, so a name can never leave the output folder.
    """
    text = unicodedata.normalize("NFKC", name).lower()
    slug = re.sub(r"[^\w]+", "-", text, flags=re.UNICODE).strip("-_")
    return slug[:60].strip("-_") or "team"


MAX_SUFFIX = 10_000
"""Most numbered names tried for one output before giving up (``stem-10000.pdf``)."""


def _candidates(out_dir: Path, stem: str, suffix: str) -> Iterator[Path]:
    """The names to try, in order, made one at a time: building all ten thousand paths for
    every PDF written cost ``laminim cards`` a tenth of a second."""
    yield out_dir / f"{stem}{suffix}"
    for n in range(2, MAX_SUFFIX + 1):
        yield out_dir / f"{stem}-{n}{suffix}"


def free_path(out_dir: Path, stem: str, suffix: str = ".pdf") -> Path:
    """``stem.pdf`` in ``out_dir`` if no such name exists, else ``stem-2.pdf``, ``stem-3.pdf`` …

    Only a guess (another process may take the name next): write with :func:`create_new`.
    A symlink, even a dangling one, counts as taken.
    """
    for candidate in _candidates(out_dir, stem, suffix):
        if not os.path.lexists(candidate):
            return candidate
    raise FileExistsError(f"{out_dir}: no free name for {stem}{suffix}")


def create_new(out_dir: Path, stem: str, suffix: str = ".pdf", data: bytes = b"") -> Path:
    """Create ``stem.pdf`` (else ``stem-2.pdf`` …) in ``out_dir`` holding ``data``, whole.

    The data is written and synced to a temp file beside it first (``.stem.pdf.<pid>-….tmp``),
    which is then given the final name without replacing anything: a hard link, made only if
    the name is free (an existing file, a symlink even dangling, or a name another process
    claims at that moment makes it try the next number). So a run killed at any moment leaves
    either no file or a whole one under a final name, never a partial PDF; a killed run's temp
    file is removed by the next run writing into that folder (:func:`remove_stale_temps`).
    """
    remove_stale_temps(out_dir, f"{stem}{suffix}")
    tmp = _temp_file(out_dir, f"{stem}{suffix}", data)
    try:
        for candidate in _candidates(out_dir, stem, suffix):
            try:
                _link_new(tmp, candidate)
            except FileExistsError:
                continue
            return candidate
    finally:
        tmp.unlink(missing_ok=True)
    raise FileExistsError(f"{out_dir}: no free name for {stem}{suffix}")


def _temp_file(out_dir: Path, name: str, data: bytes) -> Path:
    """``data`` in a new, synced temp file in ``out_dir`` (removed again if that fails)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}-", suffix=".tmp", dir=out_dir)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, new_file_mode())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def new_file_mode() -> int:
    """0o666 minus the process umask (read without changing it: other threads may be making
    files), the mode a plain ``open`` would give a new file."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o644


def _link_new(tmp: Path, target: Path) -> None:
    """Give ``tmp``'s file the name ``target`` too, only if that name is free (FileExistsError
    if not). Where hard links cannot be made (some network or FAT folders) the file is renamed
    instead, after a check that the name is free: not atomic, but never a partial file."""
    try:
        os.link(tmp, target, follow_symlinks=False)
        return
    except FileExistsError:
        raise
    except OSError:
        pass  # no hard links here
    if os.path.lexists(target):
        raise FileExistsError(target)
    os.rename(tmp, target)


def temp_pattern(name: str) -> re.Pattern[str]:
    """Names of our temp files for ``name``: ``.name.<pid>-<random>.tmp``."""
    return re.compile(rf"\.{re.escape(name)}\.(\d+)-[a-z0-9_]{{8}}\.tmp")


def remove_stale_temps(folder: Path, name: str) -> list[Path]:
    """Remove the temp files for ``name`` in ``folder`` whose process is gone; returns them."""
    return remove_stale(folder, temp_pattern(name))


def remove_stale(folder: Path, pattern: re.Pattern[str]) -> list[Path]:
    """Remove the files of ``folder`` whose whole name ``pattern`` matches and whose process
    (the pattern's first group: a pid; none matched: a file of a version that wrote none) is
    gone; returns them."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(match.group(1)) if match.group(1) else None
        if pid is not None and (pid == os.getpid() or running(pid)):
            continue  # a write in progress (this process or another one)
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


def running(pid: int) -> bool:
    """True when a process ``pid`` exists (one we may not signal counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def output_path(text: str) -> Path:
    """An ``-o FILE`` argument (a PDF, a YAML file …) as a path, or ArgumentTypeError saying
    why it cannot be one, in the player's language, before any work is done: an empty name
    (``Path('')`` would quietly be the current folder), ``-``, a folder (``.``, ``..``, a name
    ending in ``/``), a device (``/dev/null``, ``/dev/full``) or another file that is not a
    regular one, or a folder we may not write into."""
    path = _given(text)
    if text.endswith(("/", os.sep)) or path.name in ("", ".", ".."):
        raise _refusal("out-is-folder", path=text, example=_example(text))
    try:
        info = os.stat(path)
    except OSError:
        info = None  # missing (to be made), or unreachable: the folder check below says why
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise _refusal("out-is-folder", path=text, example=_example(text))
        if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode):
            raise _refusal("out-is-device", path=text)
        if not stat.S_ISREG(info.st_mode):
            raise _refusal("out-not-regular", path=text)
    _writable_folder(text, path.parent)
    return path


def output_dir(text: str) -> Path:
    """An ``-o DIR`` argument (the folder printouts go to; made if missing) as a path, or
    ArgumentTypeError: an empty name, ``-``, a file or a device, or a folder we may not write
    into (checked before any layout: a run that cannot write its PDFs does no work)."""
    path = _given(text)
    _names_fit(text, path)
    try:
        info = os.stat(path)
    except OSError:
        info = None
    if info is None:
        _writable_folder(text, path)
    elif stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode):
        raise _refusal("out-device-folder", path=text)
    elif not stat.S_ISDIR(info.st_mode):
        raise _refusal("out-not-folder", path=text)
    else:
        _probe(path)
    return path


def output_file_or_folder(text: str) -> Path:
    """An ``-o`` argument that may name an existing folder (``import``/``export`` then name the
    file after the team inside it) or a file: :func:`output_dir` for a folder that exists,
    else :func:`output_path`."""
    if text.strip() and os.path.isdir(text):
        return output_dir(text)
    return output_path(text)


def _given(text: str) -> Path:
    if not text.strip():
        raise _refusal("out-empty")
    if text.strip() == "-":
        raise _refusal("out-dash")
    return Path(text)


def _example(text: str) -> str:
    return text.rstrip("/" + os.sep) + os.sep + "sheet.pdf"


def _writable_folder(text: str, folder: Path) -> None:
    """Refuse when the folder a new file (or folder) would go in cannot be written: its
    nearest existing ancestor is a file, or a folder we may not write into, or a name to be
    made there is longer than the file system takes."""
    current = folder if str(folder) else Path(".")
    _names_fit(text, Path(text))
    while True:
        try:
            info = os.stat(current)
        except (FileNotFoundError, NotADirectoryError):
            if current.parent == current:
                return
            current = current.parent
            continue
        except OSError as exc:  # a loop, a name too long …: the OS says why
            reason = os_reason_words(exc)
            raise _refusal("out-cannot-write", folder=current, reason=reason) from None
        break
    if not stat.S_ISDIR(info.st_mode):
        raise _refusal("out-path-not-folder", path=text, part=current)
    _probe(current)


NAME_MAX, PATH_MAX = 255, 4096
"""The longest name (bytes) and path most file systems take: a path past them is refused at
once (the system would say so only when the first folder of it is made, after the work)."""


def _names_fit(text: str, path: Path) -> None:
    long = next((part for part in path.parts if len(os.fsencode(part)) > NAME_MAX), None)
    if long is not None or len(os.fsencode(text)) > PATH_MAX:
        reason = os_reason_words(OSError(errno.ENAMETOOLONG, "File name too long"))
        raise _refusal("out-cannot-write", folder=text[:80], reason=reason)


def _probe(folder: Path) -> None:
    """Refuse unless a file can be made in ``folder``: tried, not guessed from its mode bits
    (a read-only mount, an immutable folder or an ACL says no where the bits say yes, and the
    bits say nothing to root)."""
    try:
        fd, name = tempfile.mkstemp(prefix=".laminim-probe-", dir=folder)
    except OSError as exc:
        reason = os_reason_words(exc)
        raise _refusal("out-cannot-write", folder=folder, reason=reason) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)


def _refusal(key: str, **params: object) -> argparse.ArgumentTypeError:
    """An ``-o`` refusal in the language argparse speaks now."""
    from builder.core.parser_words import parser_lang
    from builder.core.problems import CORE

    return argparse.ArgumentTypeError(CORE(key, **params).text(parser_lang()))
