"""Output files that never escape their folder and never replace an existing file."""

from __future__ import annotations

import argparse
import os
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path


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


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_NEW_FILE |= getattr(os, "O_CLOEXEC", 0)


def create_new(out_dir: Path, stem: str, suffix: str = ".pdf", data: bytes = b"") -> Path:
    """Create ``stem.pdf`` (else ``stem-2.pdf`` …) in ``out_dir`` holding ``data``.

    The file is created exclusively (``O_CREAT | O_EXCL``): an existing file, a symlink (even a
    dangling one, which is never followed) or a name another process claims at the same moment
    makes it try the next number, so two runs writing into one folder never overwrite each
    other. A write error removes the half-written file.
    """
    for candidate in _candidates(out_dir, stem, suffix):
        try:
            fd = os.open(candidate, _NEW_FILE, 0o666)
        except FileExistsError:
            continue
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        except BaseException:
            candidate.unlink(missing_ok=True)
            raise
        return candidate
    raise FileExistsError(f"{out_dir}: no free name for {stem}{suffix}")


def output_path(text: str) -> Path:
    """An ``-o`` argument as a path; an empty one is refused (``Path('')`` would quietly be the
    current folder, and cards or a sheet would land there instead of where they were meant)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty name is no output path; give a folder or file name (e.g. -o output)"
        )
    return Path(text)
