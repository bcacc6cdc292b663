"""The README's console examples, as (command, expected output) pairs (see test_readme.py)."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


@dataclass
class Example:
    line: int
    """Line of the ``$ laminim …`` command in README.md."""
    args: list[str]
    expected: str


def examples(text: str | None = None) -> list[Example]:
    """Every ``$ laminim …`` line of a ``console``/plain code block and the lines after it (up to
    the next command or the end of the block). Commands shortened with ``...`` are skipped."""
    lines = (text if text is not None else README.read_text(encoding="utf-8")).splitlines()
    out: list[Example] = []
    fence: str | None = None  # the language of the open block, None outside blocks
    current: Example | None = None
    for number, line in enumerate(lines, start=1):
        if line.startswith("```"):
            if current is not None:
                out.append(current)
                current = None
            fence = line.strip()[3:] if fence is None else None
            continue
        if fence not in ("", "console"):
            continue
        if line.startswith("$ "):
            if current is not None:
                out.append(current)
            command = re.sub(r"\s+#.*$", "", line[2:]).strip()
            current = None
            if command.startswith("laminim ") and "..." not in command:
                current = Example(number, shlex.split(command)[1:], "")
        elif current is not None:
            current.expected += line + "\n"
    return out
