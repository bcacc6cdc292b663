"""Plain aligned text tables for the commands' text output, in terminal columns.

Every game's ``parts`` / ``check`` / ``analyze`` text is such a table; the padding counts East
Asian wide characters as two columns, so Japanese names line up in a terminal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection


def columns(text: str) -> int:
    """Terminal columns of ``text``: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def table(headers: list[str], rows: list[list[str]], right: Collection[int] = ()) -> str:
    """Columns padded to the widest cell under a rule of dashes; columns in ``right`` are
    right-aligned (numbers). Trailing blanks of a line are cut."""
    widths = [max([columns(h)] + [columns(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        out = []
        for i, (c, w) in enumerate(zip(cells, widths, strict=True)):
            pad = " " * (w - columns(c))
            out.append(pad + c if i in right else c + pad)
        return "  ".join(out).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def wrap(text: str, width: int = 80, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` terminal columns, broken at spaces (a word wider
    than a line is broken where it must); later lines start with ``indent``. Why not
    :mod:`textwrap`: it counts characters, and a Japanese character takes two columns."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if columns(candidate) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = indent + word
        while columns(line) > width:  # one word wider than the line
            cut = ""
            for ch in line:
                if columns(cut + ch) > width:
                    break
                cut += ch
            lines.append(cut)
            line = indent + line[len(cut) :]
    lines.append(line)
    return lines
