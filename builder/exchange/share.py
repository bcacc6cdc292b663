"""Kind 0 of a share code: a team, force, crew or map file and the catalog it was made with.

Payload layout (after the header and length of :mod:`builder.exchange.code`)::

    game      2 bytes: CRC-16/CCITT of the game's id (its ``system:``)
    flags     1 byte:  1 the file has a system: key · 2 it was pinned to this catalog ·
                       4 the catalog's name is the game's bundled catalog's · 8 the tree is
                       deflated (raw DEFLATE, used when shorter: height maps) · 32 (format 2)
                       its texts are UTF-16, not short texts · 64 (format 2) deflated with
                       the catalog's preset dictionary (:func:`zdict_of`)
    version   one tree value: the catalog's version: (an integer, a text or null)
    name      one tree value, unless flag 4: the catalog's name
    digest    6 bytes: the catalog's content digest (12 hex digits)
    tree      the file's own data, in the game's vocabulary, every catalog id it names
              (:class:`builder.systems.TracksCatalog`) written as a reference: its
              collection's number and its place in that collection of this catalog, and
              (format 2) every text equal to a catalog name as a name reference

So the code is short (a part is one or two bytes, a key one byte) and exact only against that
very catalog: ``import`` reads it with the catalog whose digest it holds — the one in use, a
snapshot kept by ``pin`` or ``share``, or the game's bundled one — and then says what the
catalog in use changed.
"""

from __future__ import annotations

import binascii
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from builder.catalogs.diff import items_by_id, merged
from builder.catalogs.identity import DIGEST_CHARS, CatalogIdentity
from builder.exchange.code import (
    COMMON_WORDS,
    FORMAT_VERSION,
    KIND_TEAM,
    CodeError,
    NameRef,
    Reader,
    Ref,
    Writer,
    frame,
    unframe,
)
from builder.exchange.short_text import half_width
from builder.systems import AnySystem, Exchanges, PartUse, TracksCatalog

SYSTEM_KEY, PIN_KEY = "system", "catalog"
FLAG_SYSTEM, FLAG_PINNED, FLAG_BUNDLED_NAME, FLAG_DEFLATED = 1, 2, 4, 8
FLAG_UTF16, FLAG_ZDICT = 32, 64
"""Format 2: the tree's texts not in ASCII are UTF-16 (not short texts) · the tree is deflated
with the catalog's dictionary (:func:`zdict_of`). Flag 16 is the record code's."""
DIGEST_BYTES = DIGEST_CHARS // 2


def game_tag(system_id: str) -> bytes:
    return binascii.crc_hqx(system_id.encode("utf-8"), 0).to_bytes(2, "big")


def words_of(system: AnySystem) -> tuple[str, ...]:
    own = system.share_words() if isinstance(system, Exchanges) else ()
    return (*COMMON_WORDS, *own)


def collections_of(system: AnySystem) -> tuple[str, ...]:
    return system.catalog_collections() if isinstance(system, TracksCatalog) else ()


def uses_of(system: AnySystem, data: Any) -> list[PartUse]:
    return system.part_uses(data) if isinstance(system, TracksCatalog) else []


def catalog_lists(identity: CatalogIdentity, collections: tuple[str, ...]) -> list[list[str]]:
    """Each collection's ids in the catalog's order."""
    all_items = merged(identity)
    return [list(items_by_id(all_items.get(c, ("", None))[1])) for c in collections]


NAME_KEYS = ("name", "name_ja")
"""The names a name reference points at (format 2): an item's ``name`` and ``name_ja``."""


def catalog_names(identity: CatalogIdentity, collections: tuple[str, ...]) -> list[list[Any]]:
    """Each collection's items' (name, name_ja) in the catalog's order (None: none given)."""
    all_items = merged(identity)
    return [
        [
            tuple(n if isinstance(n := item.get(key), str) else None for key in NAME_KEYS)
            for item in items_by_id(all_items.get(c, ("", None))[1]).values()
        ]
        for c in collections
    ]


def name_refs(identity: CatalogIdentity, collections: tuple[str, ...]) -> dict[str, NameRef]:
    """Every text a name reference writes: each item's names as they are and in half-width
    kana (the first item to have a text keeps it)."""
    out: dict[str, NameRef] = {}
    for c, names in enumerate(catalog_names(identity, collections)):
        for i, pair in enumerate(names):
            for lang, name in enumerate(pair):
                if name:
                    out.setdefault(name, NameRef(c, i, lang, False))
                    out.setdefault(half_width(name), NameRef(c, i, lang, True))
    return out


def _set(data: Any, path: tuple[str | int, ...], value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_copy(v) for v in data]
    return data


def _ref(collections: tuple[str, ...], lists: list[list[str]], use: PartUse) -> Ref | None:
    """The reference of a used id: in its own collection, else in the collection that has it
    (an MS written where a ship goes is illegal, not unknown, and must come back as written);
    None for an id no collection has (it stays a text: ``check`` says what is wrong)."""
    order = sorted(range(len(collections)), key=lambda c: collections[c] != use.collection)
    for c in order:
        if use.id in lists[c]:
            return Ref(c, lists[c].index(use.id))
    return None


def encode(
    system: AnySystem,
    data: dict[str, Any],
    identity: CatalogIdentity,
    pinned: bool,
    bundled_name: str | None,
    version: int = FORMAT_VERSION,
) -> str:
    """The share code of a file's plain data (without its pin; ``pinned``: it had a pin to
    ``identity``) made against the catalog ``identity`` (an id it lacks stays a text), in
    format ``version`` (an older one only to measure or to test that old codes still read);
    ValueError for a number too large for a code, TypeError for a value no file holds."""
    data = _copy(data)
    collections = collections_of(system)
    lists = catalog_lists(identity, collections)
    for use in uses_of(system, data):
        ref = _ref(collections, lists, use)
        if ref is not None:
            _set(data, use.path, ref)
    flags = 0
    if data.get(SYSTEM_KEY) == system.id:
        flags |= FLAG_SYSTEM
        data = {k: v for k, v in data.items() if k != SYSTEM_KEY}
    if pinned:
        flags |= FLAG_PINNED
    names = name_refs(identity, collections) if version >= 2 else None

    def tree(utf16: bool) -> bytes:
        writer = Writer(words_of(system), len(collections), version, names, utf16)
        writer.value(data)
        return bytes(writer.out)

    return shortest(KIND_TEAM, system, identity, flags, tree, bundled_name, version)


def zdict_of(system: AnySystem, identity: CatalogIdentity) -> bytes:
    """The preset dictionary a format-2 code's tree may be deflated with (flag 64): every id of
    the catalog's collections with its name and name_ja, as a tree writes these texts. Both
    sides build it from the very catalog of the code's digest, so it is never sent."""
    writer = Writer((), 0)
    collections = collections_of(system)
    for ids, names in zip(
        catalog_lists(identity, collections), catalog_names(identity, collections), strict=True
    ):
        for item_id, pair in zip(ids, names, strict=True):
            for text in (item_id, *pair):
                if text:
                    writer.text(text)
    return bytes(writer.out)


def shortest(
    kind: int,
    system: AnySystem,
    identity: CatalogIdentity,
    flags: int,
    tree: Callable[[bool], bytes],
    bundled_name: str | None,
    version: int = FORMAT_VERSION,
) -> str:
    """The shortest code of the tree ``tree(utf16)`` writes: format 2 tries its texts as short
    texts and as UTF-16 (flag 32: a name in kanji is shorter so), each deflated with and
    without the catalog's dictionary."""
    if version < 2:
        return pack(kind, system, identity, flags, tree(True), bundled_name, version)
    zdict = zdict_of(system, identity)
    codes = [
        pack(kind, system, identity, flags | more, tree(bool(more)), bundled_name, version, zdict)
        for more in (0, FLAG_UTF16)
    ]
    return min(codes, key=len)


def pack(
    kind: int,
    system: AnySystem,
    identity: CatalogIdentity,
    flags: int,
    body: bytes,
    bundled_name: str | None,
    version: int = FORMAT_VERSION,
    zdict: bytes = b"",
) -> str:
    """A code of ``kind`` (a team's, a record's): the game, the flags, the catalog's version,
    its name unless it is the bundled one's, its digest, then ``body`` as it is or deflated
    (with ``zdict``, flag 64, when given), whichever is shortest (the first of equals)."""
    if bundled_name is not None and identity.name == bundled_name:
        flags |= FLAG_BUNDLED_NAME
    choices = [(0, body), (FLAG_DEFLATED, zlib.compress(body, 9, wbits=-15))]
    if zdict:
        primed = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
        choices.append((FLAG_DEFLATED | FLAG_ZDICT, primed.compress(body) + primed.flush()))
    more, body = min(choices, key=lambda choice: len(choice[1]))
    flags |= more
    head = Writer((), 0, version)
    head.value(identity.version)
    if not flags & FLAG_BUNDLED_NAME:
        head.value(identity.name)
    out = game_tag(system.id) + bytes([flags]) + bytes(head.out)
    out += bytes.fromhex(identity.digest[:DIGEST_CHARS].ljust(DIGEST_CHARS, "0")) + body
    return frame(kind, out, version)


def inflated(body: bytes, flags: int, zdict: bytes, limit: int) -> bytes:
    """A code's tree bytes as written (inflated under flag 8, with ``zdict`` under flag 64);
    CodeError when the deflated bytes are damaged."""
    if not flags & FLAG_DEFLATED:
        return body
    try:
        inflate = zlib.decompressobj(-15, zdict) if flags & FLAG_ZDICT else zlib.decompressobj(-15)
        out = inflate.decompress(body, limit)
    except zlib.error:
        raise CodeError("code-damaged") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise CodeError("code-damaged")
    return out


@dataclass
class Decoded:
    """A team code read up to its references: the game, the catalog it was made with and the
    tree (ids still as :class:`Ref`)."""

    system: AnySystem
    version: Any
    name: str | None
    """The catalog's name (None: the game's bundled catalog's name)."""
    digest: str
    flags: int
    tree: Any
    """The tree, None until :func:`resolve` reads it when it needs the catalog (flag 64)."""
    body: bytes
    format_version: int

    @property
    def pinned(self) -> bool:
        return bool(self.flags & FLAG_PINNED)


@dataclass(frozen=True)
class Head:
    """What a code of either kind opens with: its game, its catalog's version, name (None: the
    game's bundled catalog's) and digest, its flags, and the body after them."""

    system: AnySystem
    version: Any
    name: str | None
    digest: str
    flags: int
    body: bytes
    format_version: int


def read_head(text: str, kind: int, systems: list[AnySystem]) -> Head:
    """The head of a code of ``kind`` (a team's, a battle record's: builder.exchange.record_code);
    CodeError when it is no code this program reads (foreign, truncated, damaged, newer,
    another game or another kind)."""
    framed = unframe(text)
    if framed.kind != kind:
        raise CodeError("code-unknown-kind", kind=framed.kind)
    payload = framed.payload
    try:
        system = next((s for s in systems if game_tag(s.id) == payload[:2]), None)
        if system is None:
            raise CodeError("code-other-game")
        flags = payload[2]
        head = Reader(payload, (), 0, framed.version)
        head.at = 3
        version = head.value()
        name = None if flags & FLAG_BUNDLED_NAME else head.value()
        at = head.at
        digest = payload[at : at + DIGEST_BYTES].hex()
    except (IndexError, ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("code-damaged") from None
    if len(digest) != DIGEST_CHARS or not (version is None or isinstance(version, int | str)):
        raise CodeError("code-damaged")
    if name is not None and not isinstance(name, str):
        raise CodeError("code-damaged")
    body = payload[at + DIGEST_BYTES :]
    return Head(system, version, name, digest, flags, body, framed.version)


def decode(text: str, systems: list[AnySystem]) -> Decoded:
    """The game, catalog identity and tree of a team code; CodeError when it is no code this
    program reads (foreign, truncated, damaged, newer, another game)."""
    h = read_head(text, KIND_TEAM, systems)
    try:
        tree = (
            None
            if h.flags & FLAG_ZDICT
            else _tree(h.system, h.body, h.flags, h.format_version, b"")
        )
    except (IndexError, ValueError, UnicodeDecodeError, zlib.error) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("code-damaged") from None
    return Decoded(h.system, h.version, h.name, h.digest, h.flags, tree, h.body, h.format_version)


def _tree(system: AnySystem, body: bytes, flags: int, version: int, zdict: bytes) -> Any:
    reader = Reader(b"", words_of(system), len(collections_of(system)), version, names=True)
    return read_tree(reader, body, flags, zdict, 1 << 20)


def read_tree(reader: Reader, body: bytes, flags: int, zdict: bytes, limit: int) -> dict[Any, Any]:
    """The mapping a code's tree holds, read by ``reader`` (its vocabulary, format and
    references) from ``body`` as the flags say (deflated, with ``zdict``, UTF-16 texts);
    CodeError when it is damaged."""
    try:
        reader.data = raw = inflated(body, flags, zdict, limit)
        reader.utf16 = reader.utf16 or bool(flags & FLAG_UTF16)
        tree = reader.value()
    except (IndexError, ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("code-damaged") from None
    if reader.at != len(raw) or not isinstance(tree, dict):
        raise CodeError("code-damaged")
    return tree


class MissingIndex(ValueError):
    """A reference past the end of its collection in the catalog the code is read with."""


def resolve(decoded: Decoded, identity: CatalogIdentity) -> dict[str, Any]:
    """The file's plain data: references turned back into ids of ``identity`` (the catalog
    the code was made with), the system key put back first; CodeError when its tree, read
    only now (flag 64: deflated with the catalog's dictionary), is damaged."""
    lists = catalog_lists(identity, collections_of(decoded.system))
    names = catalog_names(identity, collections_of(decoded.system))

    def back(value: Any) -> Any:
        if isinstance(value, Ref | NameRef):
            if value.collection >= len(lists) or value.index >= len(lists[value.collection]):
                raise MissingIndex(value)
            if isinstance(value, Ref):
                return lists[value.collection][value.index]
            name = names[value.collection][value.index][value.lang]
            if name is None:
                raise MissingIndex(value)
            return half_width(name) if value.half else name
        if isinstance(value, dict):
            return {back(k): back(v) for k, v in value.items()}
        if isinstance(value, list):
            return [back(v) for v in value]
        return value

    tree = decoded.tree
    if tree is None:
        zdict = zdict_of(decoded.system, identity)
        tree = _tree(decoded.system, decoded.body, decoded.flags, decoded.format_version, zdict)
    data = back(tree)
    if decoded.flags & FLAG_SYSTEM:
        data = {SYSTEM_KEY: decoded.system.id, **data}
    return data
