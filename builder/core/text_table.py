"""Plain aligned text tables for the commands' text output, in terminal columns.

Every game's ``parts`` / ``check`` / ``analyze`` text is such a table; the padding counts East
Asian wide characters as two columns, so Japanese names line up in a terminal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection
from functools import partial

from builder.core.phrases import SMALL_KANA, labelled, phrases


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

    A table wider than ``width`` terminal columns narrows its widest text columns, each cell
    wrapped onto continuation lines under itself between words (English) or phrases
    (Japanese, :mod:`builder.core.phrases`): never inside a word, a katakana word or a number
    with its counter. Only when a column truly has no room for a word is the word's cell
    shortened with "…", so that the column's values still differ (:func:`shorten_all`). A
    number (a right-aligned column) is never touched."""
    widths = [max([columns(h)] + [columns(r[i]) for r in rows]) for i, h in enumerate(headers)]
    if width is not None:
        widths = _narrowed(headers, rows, widths, set(right), width)
    headers, rows = _shortened(headers, rows, widths, set(right))

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


def unbreakable(text: str) -> int:
    """Columns of the widest piece of ``text`` a line may not break inside: a word (English)
    or a phrase (Japanese)."""
    pieces = phrases(text) if _wide(text) else text.split()
    return max((columns(p.strip()) for p in pieces), default=0)


def _narrowed(
    headers: list[str], rows: list[list[str]], widths: list[int], right: set[int], width: int
) -> list[int]:
    """Column widths within ``width``: left-aligned columns give way one terminal column at a
    time, first the widest, and only down to their widest word or phrase (their cells wrap);
    a number column only as far as its header wraps. If that is not enough, the widest text
    column goes on down to 8 (its overlong cells are then shortened, :func:`_shortened`)."""
    widths = list(widths)
    gaps = 2 * (len(widths) - 1)
    longest = [
        max([unbreakable(headers[i]), *(unbreakable(r[i]) for r in rows)], default=1) or 1
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


def _shortened(
    headers: list[str], rows: list[list[str]], widths: list[int], right: set[int]
) -> tuple[list[str], list[list[str]]]:
    """The cells of each text column that hold a word too wide for it, shortened to fit in a
    way that keeps the column's values apart (:func:`shorten_all`)."""
    rows = [list(r) for r in rows]
    headers = list(headers)
    for i, w in enumerate(widths):
        if i in right:
            continue
        cells = [headers[i], *(r[i] for r in rows)]
        if not any(_wider_than(w, c) for c in cells):
            continue
        cut = shorten_all(cells, w, only=partial(_wider_than, w))
        headers[i] = cut[0]
        for r, c in zip(rows, cut[1:], strict=True):
            r[i] = c
    return headers, rows


def _wider_than(width: int, text: str) -> bool:
    """Whether ``text`` holds a piece no line of ``width`` columns can take whole, even with
    its overlong phrases cut at their spaces (:func:`_pieces`)."""
    if unbreakable(text) <= width:
        return False
    pieces = _pieces(text, width) if _wide(text) else text.split()
    return max((columns(p.strip()) for p in pieces), default=0) > width


def _pieces(text: str, width: int) -> list[str]:
    """The phrases of ``text``, a phrase wider than ``width`` cut at its spaces first
    (``クイックブースト サイドステップ 2`` is one phrase to the segmenter), as the TUI's
    wrapper does: a name is shortened only when even that leaves no room."""
    out: list[str] = []
    for phrase in phrases(text):
        if columns(phrase.strip()) <= width or " " not in phrase.strip():
            out.append(phrase)
            continue
        for piece in re.findall(r"(?:\S|(?<=\d) (?=\S))+\s*|\s+", phrase):  # 2 ラウンド whole
            if out and labelled(out[-1], piece):  # ダイジェスト 1a2b3c4d5e6f stays whole too
                out[-1] += piece
            else:
                out.append(piece)
    return out


ELLIPSIS = "…"


def shorten(text: str, width: int, tail: int = 0) -> str:
    """``text`` in at most ``width`` terminal columns: its head, "…" and its last ``tail``
    columns (a closing number always: ``Byalant Cu… 2``, so units of one type are told
    apart); ``text`` itself when it fits. A tail never starts with a long-vowel mark, a small
    kana or a closing mark."""
    if columns(text) <= width:
        return text
    if width <= 0:
        return ""
    number = re.search(r" \d+$", text)
    kept = ""
    if number and columns(number.group(0)) + 3 <= width:
        kept = number.group(0)
    if tail and columns(kept) < tail:
        body = text[: len(text) - len(kept)]
        start = len(body)
        while start > 0 and columns(body[start - 1 :] + kept) <= tail:
            start -= 1
        while start < len(body) and body[start] in _NO_LINE_START:
            start += 1
        kept = body[start:] + kept
    room = width - columns(ELLIPSIS) - columns(kept)
    head = ""
    for ch in text[: len(text) - len(kept)]:
        if columns(head + ch) > room:
            break
        head += ch
    return head.rstrip() + ELLIPSIS + kept


def shorten_all(
    texts: list[str], width: int, only: Callable[[str], bool] | None = None
) -> list[str]:
    """Each of ``texts`` (those ``only`` picks, default: those wider than ``width``) shortened
    to ``width`` columns so that texts that differ still differ: the head first, and where two
    would read the same, their tails too (``ビームライ…`` twice becomes ``ビーム…ライフル`` and
    ``ビーム…ピストル``)."""
    pick = only or (lambda t: columns(t) > width)
    out = [shorten(t, width) if pick(t) else t for t in texts]
    for tail in range(1, width):
        seen: dict[str, set[str]] = {}
        for original, shown in zip(texts, out, strict=True):
            seen.setdefault(shown, set()).add(original)
        clashes = {shown for shown, originals in seen.items() if len(originals) > 1}
        if not clashes:
            break
        out = [
            shorten(t, width, tail) if pick(t) and shown in clashes else shown
            for t, shown in zip(texts, out, strict=True)
        ]
    return out


def wrap(text: str, width: int = 80, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` terminal columns; later lines start with
    ``indent``. English breaks at spaces; text with Japanese between phrases
    (:mod:`builder.core.phrases`: never inside a word, a katakana word or a formula, never
    between a number and its counter, no line starting with a closing mark, a small kana or
    a long-vowel mark). A word or phrase wider than a line is broken where it must be. Why
    not :mod:`textwrap`: it counts characters, and a Japanese character takes two columns."""
    if _wide(text):
        return _wrap_phrases(text, width, indent)
    lines: list[str] = []
    mid_word: set[int] = set()  # lines whose last word goes on at the start of the next
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


def _wrap_phrases(text: str, width: int, indent: str) -> list[str]:
    """Text with Japanese, filled phrase by phrase (see :func:`wrap`)."""
    lines: list[str] = []
    line = ""
    for phrase in _pieces(text, width - columns(indent)):
        if not line.strip():
            line = (line + phrase) if not lines else indent + phrase.lstrip()
        elif columns((line + phrase).rstrip()) <= width:
            line += phrase
        else:
            lines.append(line.rstrip())
            line = indent + phrase.lstrip()
        while columns(line.rstrip()) > width:  # one phrase wider than the line
            lead = len(indent) if lines else 0
            cut = _break_before(line, max(_fitting(line, width), lead + 1))
            if cut <= lead or cut >= len(line.rstrip()):
                break
            lines.append(line[:cut].rstrip())
            line = indent + line[cut:].lstrip()
    lines.append(line.rstrip())
    return _no_lone_word(lines, width, indent, text=text)


def _fitting(line: str, width: int) -> int:
    """How many characters of ``line`` fit in ``width`` columns."""
    used = 0
    for i, ch in enumerate(line):
        used += columns(ch)
        if used > width:
            return i
    return len(line)


_NO_LINE_START = set(",.;:!?)]}、。，．：；！？）」』】〕・") | set(SMALL_KANA)
"""Characters a line may not start with (Japanese line-breaking rules, kinsoku): closing
brackets and punctuation stay with the word before them, and so do small kana and the
long-vowel mark."""


def _ascii_word(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "-_'")


def _katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff" and ch != "・"


def _break_before(line: str, at: int) -> int:
    """Where to break ``line`` at or before index ``at``: Japanese between phrases
    (:mod:`builder.core.phrases`: never inside a word, a number and its counter or a formula),
    else not inside an ASCII word (an id such as ``laminim``), a katakana word or a number with
    what follows it, and not before a closing mark; ``at`` itself when no earlier place will
    do."""
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
        inside = (
            (_ascii_word(before) and _ascii_word(after))
            or (_katakana(before) and _katakana(after))
            or (before.isdigit() and not after.isspace())
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


def _no_lone_word(
    lines: list[str], width: int, indent: str, mid_word: bool = False, text: str = ""
) -> list[str]:
    """A short last line takes the words before it along (``… reachable`` / ``(risk 0: 24)``)
    while that still fits: a number alone on a line reads as belonging to nothing.
    ``mid_word``: the last line goes on a word the line above had to break (characters move,
    never a space between them). ``text``: the text wrapped, so that a phrase moved down keeps
    the space written after it (``--option value (rule)``, not ``--optionvalue(rule)``)."""
    lines = list(lines)
    for _ in range(4):
        if len(lines) < 2 or columns(lines[-1].strip()) >= SHORT_TAIL:
            break
        if mid_word or _wide(lines[-2]) or _wide(lines[-1]):
            # a Japanese line broken between phrases: move phrases, not words
            while columns(lines[-1].strip()) < SHORT_TAIL:
                cut = phrases(lines[-2])
                if len(cut) < 2 or not "".join(cut[:-1]).strip():
                    break
                moved, rest = cut[-1].strip(), lines[-1][len(indent) :]
                gap = " " if f"{moved} {rest.split(' ', 1)[0][:6]}" in text else ""
                last = indent + moved + gap + rest
                if columns(last) > width or last.lstrip()[:1] in _NO_LINE_START:
                    break
                lines[-2], lines[-1] = "".join(cut[:-1]).rstrip(), last
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
