"""Output files that never escape their folder and never replace an existing file."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path


def slugify(name: str) -> str:
    """A safe file-name stem from a team name (``Night shift`` → ``night-shift``).

    Letters of any script are kept (a Japanese team name stays readable); path separators,
    dots and everything else become hyphens, so a name can never leave the output folder.
    """
    text = unicodedata.normalize("NFKC", name).lower()
    slug = re.sub(r"[^\w]+", "-", text, flags=re.UNICODE).strip("-_")
    return slug[:60].strip("-_") or "team"


def free_path(out_dir: Path, stem: str, suffix: str = ".pdf") -> Path:
    """``stem.pdf`` in ``out_dir`` if it does not exist, else ``stem-2.pdf``, ``stem-3.pdf`` …"""
    candidate = out_dir / f"{stem}{suffix}"
    n = 2
    while candidate.exists():
        candidate = out_dir / f"{stem}-{n}{suffix}"
        n += 1
    return candidate
