"""Kind 1 of a share code: a battle record — its head, its state and its whole log — so a game
in progress moves to another machine (docs/export.md "A battle record's code").

Payload layout (after the header and length of :mod:`builder.exchange.code`)::

    game      2 bytes: CRC-16/CCITT of the game's id (as kind 0)
    flags     1 byte:  4 the catalog's name is the game's bundled catalog's · 8 the tree is
                       deflated (raw DEFLATE, used when shorter) · 16 the record's ``catalog:``
                       is exactly the catalog's identity (name, version, digest), so it is
                       left out and written back from the catalog the code is read with ·
                       32 and 64 as kind 0 (format 2: UTF-16 texts, the catalog's dictionary)
    version   one tree value: the catalog's version: (an integer, a text or null)
    name      one tree value, unless flag 4: the catalog's name
    digest    6 bytes: the catalog's content digest (12 hex digits)
    tree      the record as its file holds it (every key but ``system:``, and ``catalog:``
              under flag 16), in the record's vocabulary (below)

The vocabulary: the common words, the record's own words (:data:`RECORD_WORDS`), then every
id of the catalog the record is played with (its collections in order: one or two bytes for a
part), then the game's own share words (that list only grows at its end). A text equal to a
word is written as the word, so nothing is lost, whatever the text is. A record replays only
with the catalog it was played with, so the code is read with that very catalog (found by its
digest) or not at all.

Knows no game: the state is the game's plain data (``Battle.state_data``), carried as it is.
"""

from __future__ import annotations

from typing import Any

from builder.catalogs.identity import CatalogIdentity
from builder.exchange.code import (
    COMMON_WORDS,
    FORMAT_VERSION,
    KIND_RECORD,
    CodeError,
    Reader,
    Writer,
    unframe,
)
from builder.exchange.share import (
    FLAG_ZDICT,
    Head,
    catalog_lists,
    collections_of,
    read_head,
    read_tree,
    shortest,
    zdict_of,
)
from builder.systems import RECORD_KEYS, AnySystem, Exchanges

FLAG_SAME_CATALOG = 16
SYSTEM_KEY, CATALOG_KEY = "system", "catalog"

RECORD_WORDS = ("record", "teams", "sides", "seed", "log", "do", "undo", "round", "roll")
"""The record's own words (its head's keys, the log's most common ones): fixed for ever (a
code made earlier must read the same)."""


def words_of(system: AnySystem, identity: CatalogIdentity) -> tuple[str, ...]:
    """The vocabulary of a record code of ``system`` played with the catalog ``identity``."""
    ids = [i for ids in catalog_lists(identity, collections_of(system)) for i in ids]
    own = system.share_words() if isinstance(system, Exchanges) else ()
    return (*COMMON_WORDS, *RECORD_WORDS, *ids, *own)


def encode_record(
    system: AnySystem,
    data: dict[str, Any],
    identity: CatalogIdentity,
    bundled_name: str | None,
    version: int = FORMAT_VERSION,
) -> str:
    """The code of a record's plain data (its keys in file order, ``log`` last) played with
    the catalog ``identity``, in format ``version`` (an older one only to measure or test);
    ValueError/TypeError for a value no code holds."""
    tree = {k: v for k, v in data.items() if k != SYSTEM_KEY}
    flags = 0
    if tree.get(CATALOG_KEY) == identity.to_json():
        flags |= FLAG_SAME_CATALOG
        del tree[CATALOG_KEY]
    words = words_of(system, identity)

    def written(utf16: bool) -> bytes:
        writer = Writer(words, 0, version, utf16=utf16)
        writer.value(tree)
        return bytes(writer.out)

    return shortest(KIND_RECORD, system, identity, flags, written, bundled_name, version)


RecordCode = Head
"""A record code read up to its tree: the game, the catalog it was played with, the flags and
the tree's bytes (read with :func:`record_data` once the catalog is found)."""


def is_record_code(text: str) -> bool:
    """Whether ``text`` is a well-formed share code of kind 1 (a battle record)."""
    try:
        return unframe(text).kind == KIND_RECORD
    except CodeError:
        return False


def decode_record(text: str, systems: list[AnySystem]) -> RecordCode:
    """The game and catalog identity of a record code; CodeError when it is no code this
    program reads (foreign, truncated, damaged, newer, another game or another kind)."""
    return read_head(text, KIND_RECORD, systems)


def record_data(code: RecordCode, identity: CatalogIdentity) -> dict[str, Any]:
    """The record's plain data, its keys in the order a record file writes them, read with
    the catalog ``identity`` it was played with; CodeError when the tree is damaged."""
    zdict = zdict_of(code.system, identity) if code.flags & FLAG_ZDICT else b""
    reader = Reader(b"", words_of(code.system, identity), 0, code.format_version)
    tree = read_tree(reader, code.body, code.flags, zdict, 1 << 22)
    given = {SYSTEM_KEY: code.system.id, **tree}
    if code.flags & FLAG_SAME_CATALOG:
        given[CATALOG_KEY] = identity.to_json()
    head = {k: given[k] for k in RECORD_KEYS if k in given and k != "log"}
    state = {k: v for k, v in given.items() if k not in RECORD_KEYS}
    return {**head, **state, **({"log": given["log"]} if "log" in given else {})}
