"""Plain aligned text tables for the commands' text output, in terminal columns.

Every game's ``parts`` / ``check`` / ``analyze`` text is such a table; the padding counts East
Asian wide characters as two columns, so Japanese names line up in a terminal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from builder.core.phrases import phrases


def columns(text: str) -> int:
    """Terminal columns of ``text``: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def table(
    headers: list[str],
    rows: list[list[str]],
    right: Collection[int] = (),
    width: int | None = 80,
) -> str:
    """Columns padded to the widest cell under a rule of dashes; columns in ``right`` are
    right-aligned (numbers). Trailing blanks of a line are cut.

    A table wider than ``width`` terminal columns narrows its widest text columns (those with
    spaces to break at first), each cell wrapped onto continuation lines under itself: a word
    moves down, a number (a right-aligned column) is never touched."""
    widths = [max([columns(h)] + [columns(r[i]) for r in rows]) for i, h in enumerate(headers)]
    if width is not None:
        widths = _narrowed(headers, rows, widths, set(right), width)

    def line(cells: list[str]) -> str:
        out = []
        for i, (c, w) in enumerate(zip(cells, widths, strict=True)):
            pad = " " * max(0, w - columns(c))
            out.append(pad + c if i in right else c + pad)
        return "  ".join(out).rstrip()

    def lines(cells: list[str]) -> list[str]:
        parts = [wrap(c, w) if columns(c) > w else [c] for c, w in zip(cells, widths, strict=True)]
        depth = max(len(p) for p in parts)
        return [line([p[k] if k < len(p) else "" for p in parts]) for k in range(depth)]

    body = [text for r in rows for text in lines(r)]
    return "\n".join([*lines(headers), line(["-" * w for w in widths]), *body])


def _narrowed(
    headers: list[str], rows: list[list[str]], widths: list[int], right: set[int], width: int
) -> list[int]:
    """Column widths within ``width``: left-aligned columns give way one terminal column at a
    time, first the rightmost (a table's free text: abilities, notes) and only down to its
    longest word (wrapping at spaces; a number column only as far as its header wraps), then
    the widest text column down to 8 (breaking words)."""
    widths = list(widths)
    gaps = 2 * (len(widths) - 1)
    longest = [
        max(columns(word) for cell in [headers[i], *(r[i] for r in rows)] for word in cell.split())
        if any(cell.strip() for cell in [headers[i], *(r[i] for r in rows)])
        else 1
        for i in range(len(widths))
    ]
    # a number column narrows only as far as its header wraps: its cells are never broken
    numbers = [max([columns(r[i]) for r in rows] + [1]) for i in range(len(widths))]
    floors = [max(numbers[i], longest[i]) if i in right else longest[i] for i in range(len(widths))]
    for floor, pick in ((lambda i: floors[i], max), (lambda i: 8, None)):
        while sum(widths) + gaps > width:
            give = [
                i
                for i in range(len(widths))
                if widths[i] > floor(i) and (pick is not None or i not in right)
            ]
            if not give:
                break
            widths[pick(give) if pick else max(give, key=lambda i: widths[i])] -= 1
    return widths


def wrap(text: str, width: int = 80, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` terminal columns, broken at spaces (a word wider
    than a line is broken where it must); later lines start with ``indent``. Why not
    :mod:`textwrap`: it counts characters, and a Japanese character takes two columns."""
    lines: list[str] = []
    mid_word: set[int] = set()  # lines whose last word goes on at the start of the next
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if columns(candidate) <= width or not line or _wide(word):
            line = candidate
        else:
            lines.append(line)
            line = indent + word
        while columns(line) > width:  # one word wider than the line
            cut = ""
            for ch in line:
                if columns(cut + ch) > width and cut.strip():
                    break
                cut += ch
            if len(cut) == len(line):
                break
            cut = cut[: _break_before(line, len(cut))]
            if not cut.endswith(" ") and line[len(cut)] != " ":
                mid_word.add(len(lines))
            lines.append(cut.rstrip(" "))
            line = indent + line[len(cut) :].lstrip(" ")
    lines.append(line)
    return _no_lone_word(lines, width, indent, len(lines) - 2 in mid_word)


_NO_LINE_START = set(",.;:!?)]}、。，．：；！？）」』】〕・ー")
"""Characters a line may not start with (Japanese line-breaking rules, kinsoku): closing
brackets and punctuation stay with the word before them."""


def _ascii_word(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "-_'")


def _katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff"


def _break_before(line: str, at: int) -> int:
    """Where to break ``line`` at or before index ``at``: Japanese between phrases
    (:mod:`builder.core.phrases`: never inside a word, a number and its counter or a formula),
    else not inside an ASCII word (an id such as ``laminim`` stays whole) or a katakana word,
    and not before a closing mark; ``at`` itself when no earlier place will do."""
    end = 0
    best = 0
    for phrase in phrases(line):
        end += len(phrase)
        if end > at:
            break
        if line[:end].strip() and line[end : end + 1] not in _NO_LINE_START:
            best = end
    if best:
        return best
    for i in range(at, 0, -1):
        before, after = line[i - 1], line[i]
        inside = (_ascii_word(before) and _ascii_word(after)) or (
            _katakana(before) and _katakana(after)
        )
        if inside or after in _NO_LINE_START:
            continue
        if line[:i].strip():
            return i
        break
    return at


def _wide(text: str) -> bool:
    """Whether ``text`` holds East Asian wide characters (a line may break between them)."""
    return any(unicodedata.east_asian_width(c) in "WF" for c in text)


SHORT_TAIL = 12
"""A wrapped paragraph's last line shorter than this takes words from the line above."""


def _no_lone_word(lines: list[str], width: int, indent: str, mid_word: bool = False) -> list[str]:
    """A short last line takes the words before it along (``… reachable`` / ``(risk 0: 24)``)
    while that still fits: a number alone on a line reads as belonging to nothing.
    ``mid_word``: the last line goes on a word the line above had to break (characters move,
    never a space between them)."""
    lines = list(lines)
    for _ in range(4):
        if len(lines) < 2 or columns(lines[-1].strip()) >= SHORT_TAIL:
            break
        if mid_word or (_wide(lines[-2][-1:]) and _wide(lines[-1][len(indent) : len(indent) + 1])):
            # a Japanese line broken between phrases: move phrases, not words
            while columns(lines[-1].strip()) < SHORT_TAIL:
                cut = phrases(lines[-2])
                if len(cut) < 2 or not "".join(cut[:-1]).strip():
                    break
                last = indent + cut[-1] + lines[-1][len(indent) :]
                if columns(last) > width:
                    break
                lines[-2], lines[-1] = "".join(cut[:-1]), last
            break
        head, _, moved = lines[-2].rpartition(" ")
        if not head.strip():
            break
        last = f"{indent}{moved} {lines[-1][len(indent) :]}"
        if columns(last) > width:
            break
        lines[-2:] = [head, last]
    return lines


LOCATED = re.compile(r"^(\w+: )?\S+:\d+:\d+: ")
"""A problem at its file, line and column (``warning:`` before it or not): always one line."""


def fit_text(text: str, width: int = 80) -> str:
    """``text`` with every line wider than ``width`` wrapped at spaces, its continuation lines
    indented two more than the line itself: the commands' prose fits an 80-column terminal
    (tables are laid out to fit on their own; a number is never cut, only moved down). A
    located problem stays one line, as compilers print it, and so does a command to copy
    (a line that starts with the program's name)."""
    out: list[str] = []
    for line in text.split("\n"):
        if columns(line) <= width or LOCATED.match(line) or line.lstrip().startswith("laminim "):
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out += [lead + part for part in wrap(line[len(lead) :], width - len(lead), "  ")]
    return "\n".join(out)
