"""Splitting a ``FILE:UNIT`` argument (``laminim compare``) into the file and the unit's name.

The split is made on the text first, never by handing the whole argument to the file system: a
unit name of 300 characters makes ``team.yaml:<name>`` longer than any file name may be, and
asking whether such a path exists raises instead of answering. The candidates are the whole
argument and every prefix ending before a colon (a Windows drive letter's colon, ``C:\\``, is no
split point); the longest candidate that names an existing file wins, so a file whose name holds
a colon still works and a unit name may hold colons too (``team.yaml:Unit: Alpha``).
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.core.input_files import exists_safely

_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def _split_points(text: str) -> list[int]:
    """Indexes of the colons that may end the file part, last first."""
    skip = 1 if _DRIVE.match(text) else -1
    return [i for i in range(len(text) - 1, -1, -1) if text[i] == ":" and i != skip]


def split_file_unit(text: str) -> tuple[Path, str | None]:
    """``(file, unit)`` for ``FILE`` or ``FILE:UNIT`` (unit None: every unit of the file).

    With no existing file among the candidates, the text before the first colon that ends a
    YAML file name is the file (else the whole argument), so "file not found" names what the
    user most likely meant.
    """
    points = _split_points(text)
    if not points or exists_safely(text):
        return Path(text), None
    for i in points:  # longest prefix first
        head = text[:i]
        if head and exists_safely(head):
            return Path(head), text[i + 1 :] or None
    for i in reversed(points):  # shortest first: the file most likely meant
        if text[:i].lower().endswith((".yaml", ".yml")):
            return Path(text[:i]), text[i + 1 :] or None
    return Path(text), None
