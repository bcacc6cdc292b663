"""Share codes: a document (a team file today) as a short, chat-safe text (docs/export.md).

The text is ``LM`` followed by the body in Crockford base32 (digits and capitals without I, L,
O and U): nothing a chat app turns into formatting or a link, no case to get wrong, no letters
that read as digits, and a QR code carries it in its dense alphanumeric mode. Reading it back
forgives what copying does to a code: spaces, line breaks and hyphens are dropped, full-width
characters (a Japanese input method) are folded, lower case is read as upper, ``O`` as ``0`` and
``I``/``L`` as ``1``.

The body, byte by byte::

    header   (format version << 4) | kind         kind 0: a team/force/crew/map file,
                                                 kind 1: a battle record
    length   varint: bytes of the whole body, checksum included (so a cut code says "truncated")
    payload  the kind's own bytes (:mod:`builder.exchange.share` for kind 0,
             :mod:`builder.exchange.record_code` for kind 1)
    crc      CRC-32 of everything before it, 4 bytes big-endian

A new document kind takes the next kind number and writes its own payload; everything else
here is shared. A reader reads every format up to its own (format 1: texts in UTF-16; format 2:
short texts and name references). The tree encoding (:class:`Writer` / :class:`Reader`) is a
compact CBOR-like one: a byte holds a 3-bit major type and a 5-bit argument (0–23, or 24–27 for
1, 2, 4 or 8 bytes that follow).
"""

from __future__ import annotations

import struct
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from builder.exchange import short_text

PREFIX = "LM"
"""Every share code starts with these two letters (a code for laminim, whatever the game)."""

FORMAT_VERSION = 2
"""The body layout's version (the header's high nibble): a reader refuses a newer one and
reads every older one. Version 2 writes a text that is not plain ASCII as a short text
(:mod:`builder.exchange.short_text`, where version 1 wrote UTF-16) and, in a team's code, a
text equal to a catalog item's name as a *name reference*."""

KIND_TEAM = 0
"""Kind 0: a team, force, crew or map file (:mod:`builder.exchange.share`)."""

KIND_RECORD = 1
"""Kind 1: a battle record, its state and its whole log (:mod:`builder.exchange.record_code`)."""

KINDS = {KIND_TEAM: "team", KIND_RECORD: "record"}
"""The kinds this version reads; a new kind takes the next number, with its own payload."""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32: no I, L, O, U."""

_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})
_SKIP = set(" \t\r\n-_.·")
CRC_BYTES = 4
MAX_BODY = 1 << 20
"""Bytes a body may declare: a larger length is damage, not a code."""


class CodeError(ValueError):
    """A text that is not a share code this program can read; ``key`` names the message
    (``builder/exchange/messages.yaml``), ``params`` fill it."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def to_base32(data: bytes) -> str:
    """``data`` as base32 digits, 5 bits each from the first byte on (a cut code keeps its
    first bytes, so it can say it was cut rather than garbled)."""
    bits = int.from_bytes(data, "big") << (-len(data) * 8 % 5)
    count = (len(data) * 8 + 4) // 5
    return "".join(ALPHABET[(bits >> (5 * (count - 1 - i))) & 31] for i in range(count))


def from_base32(text: str) -> bytes:
    """The bytes of base32 digits (the last byte's spare bits are dropped)."""
    number = 0
    for char in text:
        number = number * 32 + _VALUE[char]
    spare = len(text) * 5 % 8
    return (number >> spare).to_bytes(len(text) * 5 // 8, "big")


def cleaned(text: str) -> str:
    """``text`` as a code's characters: folded, upper case, separators dropped."""
    text = unicodedata.normalize("NFKC", text).upper()
    return "".join(c for c in text if c not in _SKIP)


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a share code (it starts with the prefix)."""
    return cleaned(text).startswith(PREFIX)


def frame(kind: int, payload: bytes, version: int = FORMAT_VERSION) -> str:
    """The code text of a payload of ``kind`` (written in format ``version``)."""
    head = bytes([(version << 4) | kind])
    # the length counts itself: find the length whose own varint size makes it consistent
    for extra in range(1, 6):
        total = len(head) + extra + len(payload) + CRC_BYTES
        size = varint(total)
        if len(size) == extra:
            break
    body = head + size + payload
    return PREFIX + to_base32(body + zlib.crc32(body).to_bytes(CRC_BYTES, "big"))


@dataclass(frozen=True)
class Framed:
    kind: int
    payload: bytes
    version: int = FORMAT_VERSION


def unframe(text: str) -> Framed:
    """The kind and payload of a code; CodeError saying what is wrong with it."""
    chars = cleaned(text)
    if not chars:
        raise CodeError("code-empty")
    if not chars.startswith(PREFIX):
        raise CodeError("code-foreign", start=chars[:12])
    chars = chars[len(PREFIX) :]
    bad = sorted({c for c in chars if c not in _VALUE})
    if bad:
        raise CodeError("code-bad-characters", chars=" ".join(bad))
    if len(chars) < 4:
        raise CodeError("code-too-short")
    body = from_base32(chars)
    head = body[0]
    version, kind = head >> 4, head & 0x0F
    try:
        total, at = read_varint(body, 1)
    except IndexError:
        raise CodeError("code-too-short") from None
    except ValueError:
        raise CodeError("code-damaged") from None
    if total > MAX_BODY:
        raise CodeError("code-damaged")
    if len(body) < total:
        want = len(PREFIX) + (total * 8 + 4) // 5
        raise CodeError("code-truncated", have=len(PREFIX) + len(chars), want=want)
    if len(body) > total or to_base32(body) != chars:  # or spare bits set in the last digit
        raise CodeError("code-damaged")
    crc = int.from_bytes(body[-CRC_BYTES:], "big")
    if zlib.crc32(body[:-CRC_BYTES]) != crc:
        raise CodeError("code-damaged")
    if version > FORMAT_VERSION:
        raise CodeError("code-newer", version=version)
    if version < 1 or kind not in KINDS:
        raise CodeError("code-unknown-kind", kind=kind)
    return Framed(kind, body[at:-CRC_BYTES], version)


# -- numbers --------------------------------------------------------------------------------------


def varint(n: int) -> bytes:
    """``n`` (≥ 0) in 7-bit groups, low first, the high bit saying "more follows"."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def read_varint(data: bytes, at: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        byte = data[at]
        at += 1
        n |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return n, at
        if shift > 63:
            raise ValueError("varint too long")


# -- the tree -------------------------------------------------------------------------------------

UINT, NEGINT, UTF8, UTF16, LIST, MAP, REF, WORD = range(8)
SHORT = UTF16
"""Major type 3: UTF-16 text in format 1, short text (:mod:`short_text`) from format 2 on."""

NAME_BASE = 64
"""Format 2, a team's code: a word from this number on is a name reference (a vocabulary stays
below it)."""


class _Special:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


FLOAT = _Special("FLOAT")
"""Word: an IEEE double follows (8 bytes)."""
HALF = _Special("HALF")
"""Word: a signed number of halves follows (a level of 1.5 is HALF 3)."""
RECORDS = _Special("RECORDS")
"""Word: a list of mappings with the same keys; the count, the keys once, then the values."""

SPECIALS: tuple[object, ...] = (None, False, True, FLOAT, HALF, RECORDS)
COMMON_WORDS = ("system", "name", "name_ja", "units", "catalog", "version", "digest")
"""Words every game's vocabulary starts with (after the specials); a game appends its own."""


@dataclass(frozen=True)
class Ref:
    """A catalog id written as its collection's number and its place in that collection."""

    collection: int
    index: int


@dataclass(frozen=True)
class NameRef:
    """A text equal to a catalog item's name (format 2, a team's code): the item (as a
    :class:`Ref`), which name (0 ``name``, 1 ``name_ja``) and whether it is written in
    half-width katakana (``ﾐｻｲﾙ`` for ミサイル, as an input method leaves it)."""

    collection: int
    index: int
    lang: int
    half: bool

    def number(self, collections: int) -> int:
        return ((self.index * collections + self.collection) * 2 + self.lang) * 2 + self.half

    @classmethod
    def of(cls, number: int, collections: int) -> NameRef:
        ref, half = divmod(number, 2)
        ref, lang = divmod(ref, 2)
        return cls(ref % collections, ref // collections, lang, bool(half))


class Writer:
    """Plain data (mappings, lists, texts, numbers, None, booleans, :class:`Ref`) to bytes;
    ``words`` are written as one byte each where they fit (keys above all)."""

    def __init__(
        self,
        words: Sequence[str],
        collections: int,
        version: int = FORMAT_VERSION,
        names: dict[str, NameRef] | None = None,
        utf16: bool = False,
    ) -> None:
        self.vocab: list[object] = [*SPECIALS, *words]
        self.index = {w: i for i, w in enumerate(self.vocab) if isinstance(w, str)}
        self.collections = max(1, collections)
        self.utf16 = utf16 or version < 2
        """Texts not in ASCII as UTF-16 where shorter than UTF-8 (format 1, or a format-2 code
        whose flag says so), else as short texts."""
        self.names = names or {}
        if self.names and len(self.vocab) > NAME_BASE:
            raise ValueError("a vocabulary of name references grew past NAME_BASE")
        self.out = bytearray()

    def head(self, major: int, arg: int) -> None:
        if arg < 24:
            self.out.append(major << 5 | arg)
            return
        for extra, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
            if arg < 1 << (8 * size):
                self.out.append(major << 5 | extra)
                self.out += arg.to_bytes(size, "big")
                return
        raise ValueError("number too large for a share code")

    def word(self, index: int) -> None:
        self.head(WORD, index)

    def special(self, value: object) -> None:
        self.word(next(i for i, s in enumerate(SPECIALS) if s is value))

    def value(self, value: Any) -> None:
        if value is None or value is True or value is False:
            self.special(value)
        elif isinstance(value, Ref):
            self.head(REF, value.index * self.collections + value.collection)
        elif isinstance(value, int):
            if value >= 0:
                self.head(UINT, value)
            else:
                self.head(NEGINT, -1 - value)
        elif isinstance(value, float):
            self._float(value)
        elif isinstance(value, str):
            self.text(value)
        elif isinstance(value, dict):
            self.head(MAP, len(value))
            for key, item in value.items():
                self.value(key)
                self.value(item)
        elif isinstance(value, list | tuple):
            self.sequence(list(value))
        else:
            raise TypeError(f"cannot share a {type(value).__name__}")

    def _float(self, value: float) -> None:
        doubled = value * 2
        if doubled.is_integer() and abs(doubled) < 1 << 62:
            self.special(HALF)
            n = int(doubled)
            self.value(n)
        else:
            self.special(FLOAT)
            self.out += struct.pack(">d", value)

    def text(self, value: str) -> None:
        if value in self.index:
            self.word(self.index[value])
            return
        if value in self.names and len(value.encode("utf-8")) > 1:
            self.word(NAME_BASE + self.names[value].number(self.collections))
            return
        utf8 = value.encode("utf-8")
        if self.utf16:
            utf16 = value.encode("utf-16-be")
            if len(utf16) < len(utf8):
                self.head(UTF16, len(utf16) // 2)
                self.out += utf16
                return
        elif not value.isascii():
            short = short_text.encode(value)
            if len(short) < len(utf8):
                self.head(SHORT, len(short))
                self.out += short
                return
        self.head(UTF8, len(utf8))
        self.out += utf8

    def sequence(self, items: list[Any]) -> None:
        keys = _common_keys(items)
        if keys is not None:
            self.special(RECORDS)
            self.head(UINT, len(items))
            self.head(UINT, len(keys))
            for key in keys:
                self.value(key)
            for item in items:
                for key in keys:
                    self.value(item[key])
            return
        self.head(LIST, len(items))
        for item in items:
            self.value(item)


def _common_keys(items: list[Any]) -> list[Any] | None:
    """The keys, in order, when every item is a mapping with the same keys (two or more)."""
    if len(items) < 2 or not all(isinstance(i, dict) and i for i in items):
        return None
    keys = list(items[0])
    return keys if all(list(i) == keys for i in items[1:]) else None


class Reader:
    """Bytes of :class:`Writer` back to plain data (refs as :class:`Ref`); ValueError or
    IndexError on bytes no writer made."""

    MAX_ITEMS = 100_000

    def __init__(
        self,
        data: bytes,
        words: Sequence[str],
        collections: int,
        version: int = FORMAT_VERSION,
        names: bool = False,
        utf16: bool = False,
    ) -> None:
        self.data = data
        self.at = 0
        self.vocab: list[object] = [*SPECIALS, *words]
        self.collections = max(1, collections)
        self.utf16 = utf16 or version < 2
        self.names = names and version >= 2
        self.items = 0

    def head(self) -> tuple[int, int]:
        byte = self.data[self.at]
        self.at += 1
        major, arg = byte >> 5, byte & 0x1F
        if arg >= 24:
            size = {24: 1, 25: 2, 26: 4, 27: 8}.get(arg)
            if size is None:
                raise ValueError("bad argument")
            raw = self.data[self.at : self.at + size]
            if len(raw) < size:
                raise IndexError("cut")
            self.at += size
            arg = int.from_bytes(raw, "big")
        return major, arg

    def count(self, n: int) -> int:
        self.items += n
        if self.items > self.MAX_ITEMS:
            raise ValueError("too many items")
        return n

    def value(self) -> Any:
        major, arg = self.head()
        if major == UINT:
            return arg
        if major == NEGINT:
            return -1 - arg
        if major in (UTF8, UTF16):
            size = arg * 2 if major == UTF16 and self.utf16 else arg
            raw = self.data[self.at : self.at + size]
            if len(raw) < size:
                raise IndexError("cut")
            self.at += size
            if major == UTF8:
                return raw.decode("utf-8")
            return raw.decode("utf-16-be") if self.utf16 else short_text.decode(raw)
        if major == LIST:
            return [self.value() for _ in range(self.count(arg))]
        if major == MAP:
            out: dict[Any, Any] = {}
            for _ in range(self.count(arg)):
                key = self.value()
                if isinstance(key, dict | list):
                    raise ValueError("bad key")
                out[key] = self.value()
            return out
        if major == REF:
            return Ref(arg % self.collections, arg // self.collections)
        return self.word(arg)

    def word(self, index: int) -> Any:
        if self.names and index >= NAME_BASE:
            return NameRef.of(index - NAME_BASE, self.collections)
        if index >= len(self.vocab):
            raise ValueError("unknown word")
        word = self.vocab[index]
        if word is FLOAT:
            raw = self.data[self.at : self.at + 8]
            if len(raw) < 8:
                raise IndexError("cut")
            self.at += 8
            return struct.unpack(">d", raw)[0]
        if word is HALF:
            n = self.value()
            if not isinstance(n, int):
                raise ValueError("bad half")
            return n / 2
        if word is RECORDS:
            rows, width = self.value(), self.value()
            if not isinstance(rows, int) or not isinstance(width, int):
                raise ValueError("bad records")
            keys = [self.value() for _ in range(self.count(width))]
            if any(isinstance(k, dict | list) for k in keys):
                raise ValueError("bad key")
            return [{k: self.value() for k in keys} for _ in range(self.count(rows))]
        return word
