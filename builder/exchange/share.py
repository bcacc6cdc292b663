"""Kind 0 of a share code: a team, force, crew or map file and the catalog it was made with.

Payload layout (after the header and length of :mod:`builder.exchange.code`)::

    game      2 bytes: CRC-16/CCITT of the game's id (its ``system:``)
    flags     1 byte:  1 the file has a system: key · 2 it was pinned to this catalog ·
                       4 the catalog's name is the game's bundled catalog's · 8 the tree is
                       deflated (raw DEFLATE, used when shorter: height maps)
    version   one tree value: the catalog's version: (an integer, a text or null)
    name      one tree value, unless flag 4: the catalog's name
    digest    6 bytes: the catalog's content digest (12 hex digits)
    tree      the file's own data, in the game's vocabulary, every catalog id it names
              (:class:`builder.systems.TracksCatalog`) written as a reference: its
              collection's number and its place in that collection of this catalog

So the code is short (a part is one or two bytes, a key one byte) and exact only against that
very catalog: ``import`` reads it with the catalog whose digest it holds — the one in use, a
snapshot kept by ``pin`` or ``share``, or the game's bundled one — and then says what the
catalog in use changed.
"""

from __future__ import annotations

import binascii
import zlib
from dataclasses import dataclass
from typing import Any

from builder.catalogs.diff import items_by_id, merged
from builder.catalogs.identity import DIGEST_CHARS, CatalogIdentity
from builder.exchange.code import (
    COMMON_WORDS,
    KIND_TEAM,
    CodeError,
    Reader,
    Ref,
    Writer,
    frame,
    unframe,
)
from builder.systems import AnySystem, Exchanges, PartUse, TracksCatalog

SYSTEM_KEY, PIN_KEY = "system", "catalog"
FLAG_SYSTEM, FLAG_PINNED, FLAG_BUNDLED_NAME, FLAG_DEFLATED = 1, 2, 4, 8
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
) -> str:
    """The share code of a file's plain data (without its pin; ``pinned``: it had a pin to
    ``identity``) made against the catalog ``identity`` (an id it lacks stays a text);
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
    tree = Writer(words_of(system), len(collections))
    tree.value(data)
    return pack(KIND_TEAM, system, identity, flags, bytes(tree.out), bundled_name)


def pack(
    kind: int,
    system: AnySystem,
    identity: CatalogIdentity,
    flags: int,
    body: bytes,
    bundled_name: str | None,
) -> str:
    """A code of ``kind`` (a team's, a record's): the game, the flags, the catalog's version,
    its name unless it is the bundled one's, its digest, then ``body`` deflated when that is
    shorter."""
    if bundled_name is not None and identity.name == bundled_name:
        flags |= FLAG_BUNDLED_NAME
    packed = zlib.compress(body, 9, wbits=-15)
    if len(packed) < len(body):
        flags |= FLAG_DEFLATED
        body = packed
    head = Writer((), 0)
    head.value(identity.version)
    if not flags & FLAG_BUNDLED_NAME:
        head.value(identity.name)
    out = game_tag(system.id) + bytes([flags]) + bytes(head.out)
    out += bytes.fromhex(identity.digest[:DIGEST_CHARS].ljust(DIGEST_CHARS, "0")) + body
    return frame(kind, out)


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

    @property
    def pinned(self) -> bool:
        return bool(self.flags & FLAG_PINNED)


def decode(text: str, systems: list[AnySystem]) -> Decoded:
    """The game, catalog identity and tree of a team code; CodeError when it is no code this
    program reads (foreign, truncated, damaged, newer, another game)."""
    framed = unframe(text)
    if framed.kind != KIND_TEAM:  # a battle record's code: builder.exchange.record_code
        raise CodeError("code-unknown-kind", kind=framed.kind)
    payload = framed.payload
    try:
        tag = payload[:2]
        system = next((s for s in systems if game_tag(s.id) == tag), None)
        if system is None:
            raise CodeError("code-other-game")
        flags = payload[2]
        head = Reader(payload, (), 0)
        head.at = 3
        version = head.value()
        name = None if flags & FLAG_BUNDLED_NAME else head.value()
        at = head.at
        digest = payload[at : at + DIGEST_BYTES].hex()
        if len(digest) != DIGEST_CHARS:
            raise CodeError("code-damaged")
        body = payload[at + DIGEST_BYTES :]
        if flags & FLAG_DEFLATED:
            inflate = zlib.decompressobj(wbits=-15)
            body = inflate.decompress(body, 1 << 20)
            if inflate.unconsumed_tail:
                raise CodeError("code-damaged")
        collections = collections_of(system)
        reader = Reader(body, words_of(system), len(collections))
        tree = reader.value()
        if reader.at != len(body) or not isinstance(tree, dict):
            raise CodeError("code-damaged")
        if not (version is None or isinstance(version, int | str)):
            raise CodeError("code-damaged")
        if name is not None and not isinstance(name, str):
            raise CodeError("code-damaged")
    except (IndexError, ValueError, UnicodeDecodeError, zlib.error) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("code-damaged") from None
    return Decoded(system, version, name, digest, flags, tree)


class MissingIndex(ValueError):
    """A reference past the end of its collection in the catalog the code is read with."""


def resolve(decoded: Decoded, identity: CatalogIdentity) -> dict[str, Any]:
    """The file's plain data: references turned back into ids of ``identity`` (the catalog
    the code was made with), the system key put back first."""
    lists = catalog_lists(identity, collections_of(decoded.system))

    def back(value: Any) -> Any:
        if isinstance(value, Ref):
            if value.collection >= len(lists) or value.index >= len(lists[value.collection]):
                raise MissingIndex(value)
            return lists[value.collection][value.index]
        if isinstance(value, dict):
            return {k: back(v) for k, v in value.items()}
        if isinstance(value, list):
            return [back(v) for v in value]
        return value

    data = back(decoded.tree)
    if decoded.flags & FLAG_SYSTEM:
        data = {SYSTEM_KEY: decoded.system.id, **data}
    return data
