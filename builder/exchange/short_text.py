"""Short text: how a format-2 share code writes a text that is not plain ASCII (docs/export.md
"Texts"), an SCSU-like window coding so a kana costs one byte instead of three (UTF-8) or two
(UTF-16).

The bytes, read with a *window* (a base code point; it starts at U+3080, the katakana)::

    09 0A 0D 20–7F   that ASCII character
    80–FF            the character window + (byte − 0x80)
    01 hi lo         one UTF-16 code unit (a lone kanji)
    02 hi lo         the window moves to U+hilo (any block)
    03 / 04 / 05     the window moves to U+3040 (hiragana) / U+3080 (katakana) /
                     U+FF20 (full-width letters and half-width katakana)
    06 n             the next n UTF-16 code units (n 1–255: a run of kanji)
    07               the rest of the text is UTF-16 code units

Other bytes are no short text (damage). The writer finds the shortest bytes by dynamic
programming over (place, window), and a code writes the text this way only when that is
shorter than its UTF-8.
"""

from __future__ import annotations

import unicodedata
from functools import cache

KATAKANA = 0x3080
"""The window a short text starts with."""

FIXED = {0x03: 0x3040, 0x04: KATAKANA, 0x05: 0xFF20}
"""One-byte window moves: hiragana, katakana, full-width letters and half-width katakana."""

LITERAL, MOVE, RUN, REST = 0x01, 0x02, 0x06, 0x07
ASCII = frozenset((0x09, 0x0A, 0x0D, *range(0x20, 0x80)))
MAX_RUN = 255
MAX_SEARCH = 400
"""Longer texts are written as 07 and UTF-16 (the search is quadratic)."""
RUN_SEARCH = 40


def _units(char: str) -> list[int]:
    raw = char.encode("utf-16-be")
    return [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw), 2)]


def _move(window: int) -> bytes:
    fixed = next((tag for tag, base in FIXED.items() if base == window), None)
    return bytes([fixed]) if fixed is not None else bytes([MOVE]) + window.to_bytes(2, "big")


def encode(text: str) -> bytes:
    """The shortest short-text bytes of ``text`` this writer finds (UnicodeEncodeError for a
    lone surrogate, which no code holds)."""
    chars = list(text)
    if len(chars) > MAX_SEARCH:
        return bytes([REST]) + text.encode("utf-16-be")
    units = [_units(c) for c in chars]
    n = len(chars)
    # at[i][window] = (bytes so far, the place and window it came from, what it wrote):
    # the cheapest way to write chars[:i] ending with that window
    at: list[dict[int, tuple[int, tuple[int, int], bytes]]] = [{} for _ in range(n + 1)]
    at[0][KATAKANA] = (0, (-1, 0), b"")

    def offer(j: int, window: int, cost: int, came: tuple[int, int], out: bytes) -> None:
        if cost < at[j].get(window, (1 << 62,))[0]:
            at[j][window] = (cost, came, out)

    for i in range(n):
        code = units[i]
        single = code[0] if len(code) == 1 else -1
        for w, (cost, _, _) in list(at[i].items()):
            came = (i, w)
            if single in ASCII:
                offer(i + 1, w, cost + 1, came, bytes([single]))
                continue
            if w <= single < w + 0x80:
                offer(i + 1, w, cost + 1, came, bytes([single - w + 0x80]))
            elif single >= 0x80:
                fixed = {b for b in FIXED.values() if b <= single < b + 0x80}
                for to in {single & ~0x7F, *fixed}:
                    out = _move(to) + bytes([single - to + 0x80])
                    offer(i + 1, to, cost + len(out), came, out)
            literal = b"".join(bytes([LITERAL]) + u.to_bytes(2, "big") for u in code)
            offer(i + 1, w, cost + len(literal), came, literal)
            raw, count = b"", 0  # a run of code units up to the next ASCII character: 06 n
            for j in range(i, min(n, i + RUN_SEARCH)):
                if len(units[j]) == 1 and units[j][0] in ASCII:
                    break
                count += len(units[j])
                if count > MAX_RUN:
                    break
                raw += chars[j].encode("utf-16-be")
                offer(j + 1, w, cost + 2 + len(raw), came, bytes([RUN, count]) + raw)
            tail = 2 * sum(len(u) for u in units[i:])  # the rest as code units: 07
            offer(n, -1 - i, cost + 1 + tail, came, bytes([REST]) + text[i:].encode("utf-16-be"))
    window = min(at[n], key=lambda w: at[n][w][0])
    parts: list[bytes] = []
    place = n
    while place > 0:
        _, (place, window), out = at[place][window]
        parts.append(out)
    return b"".join(reversed(parts))


def decode(data: bytes) -> str:
    """The text of short-text bytes; ValueError (or UnicodeDecodeError) on bytes no writer
    made."""
    units: list[int] = []
    window = KATAKANA
    at = 0
    while at < len(data):
        byte = data[at]
        at += 1
        if byte >= 0x80:
            units.append(window + byte - 0x80)
        elif byte in ASCII:
            units.append(byte)
        elif byte in FIXED:
            window = FIXED[byte]
        elif byte in (LITERAL, MOVE):
            if at + 2 > len(data):
                raise ValueError("cut")
            value = int.from_bytes(data[at : at + 2], "big")
            at += 2
            if byte == LITERAL:
                units.append(value)
            elif value + 0x7F > 0xFFFF:
                raise ValueError("bad window")
            else:
                window = value
        elif byte in (RUN, REST):
            count = (len(data) - at) // 2 if byte == REST else data[at] if at < len(data) else 0
            at += byte == RUN
            if count < 1 or at + 2 * count > len(data) or (byte == REST and (len(data) - at) % 2):
                raise ValueError("bad run")
            run = data[at : at + 2 * count]
            units += [int.from_bytes(run[k : k + 2], "big") for k in range(0, len(run), 2)]
            at += 2 * count
        else:
            raise ValueError("not a short text")
    return b"".join(u.to_bytes(2, "big") for u in units).decode("utf-16-be")


@cache
def _half_widths() -> dict[str, str]:
    """Each full-width kana (and mark) that has a half-width form: that form (one character,
    or two with a voiced or semi-voiced sound mark: ブ ﾌﾞ)."""
    out: dict[str, str] = {}
    for code in range(0xFF61, 0xFFA0):
        half = chr(code)
        for written in (half, half + "\uff9e", half + "\uff9f"):
            full = unicodedata.normalize("NFKC", written)
            if len(full) == 1 and full != written:
                out.setdefault(full, written)
    return out


def half_width(text: str) -> str:
    """``text`` with its kana in half-width forms (ミサイル ﾐｻｲﾙ), as an input method may leave
    a name."""
    table = _half_widths()
    return "".join(table.get(c, c) for c in text)
