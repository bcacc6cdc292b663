"""Catalog entries named the way a player writes them: the id, or the English or Japanese name.

The TUI, the cards and ``laminim parts`` show 射撃型 and ライフル; a player writes what they see
(``frame: 射撃型``, ``optimize --frame 射撃型``), typed on whatever keyboard they have
(full-width ``Ｓｔｒｉｋｅｒ``, half-width ``ﾗｲﾌﾙ``). Every game looks its parts up through
:class:`Names`, so the same forgiving rules hold for every kind of entry a catalog holds:

- the exact id first (an id always means itself);
- then the id, the English name or the Japanese name after Unicode NFKC (full-width letters and
  digits, half-width katakana), case folding, and with spaces, ``_``, ``-`` and ``・`` left out
  (``Long Lance``, ``long_lance``, ``ﾗﾝｽ`` …);
- a name that several entries carry is refused, naming each with its id;
- a miss gets a "did you mean" in the player's language: the entry's name, not its id.

Files keep what the player wrote; the commands' JSON gives ids.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from builder.core.messages import EMPTY, Message
from builder.core.problems import CORE

_SEPARATORS = re.compile(r"[\s_\-・･·‐]+")


def fold(text: str) -> str:
    """``text`` as it is matched: NFKC, case folded, separators left out."""
    return _SEPARATORS.sub("", unicodedata.normalize("NFKC", text).casefold())


class Named(Protocol):
    """A catalog entry: an id and a name (and a Japanese ``name_ja``, which may be missing)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


@dataclass(frozen=True)
class Found(Generic[T]):
    """What a written name finds: the entry, or the several entries it could mean."""

    entry: T | None
    several: tuple[T, ...] = ()


class Names(Generic[T]):
    """The entries of one kind (a catalog's frames, a unit's weapons …) by id and by name."""

    def __init__(self, entries: Iterable[T], aliases: Callable[[T], Iterable[str]] = lambda _: ()):
        self.entries: tuple[T, ...] = tuple(entries)
        self._ids = {e.id: e for e in self.entries}
        self._folded: dict[str, list[T]] = {}
        for e in self.entries:
            for written in (e.id, e.name, _ja(e), *aliases(e)):
                key = fold(written)
                if not key:
                    continue
                bucket = self._folded.setdefault(key, [])
                if all(other.id != e.id for other in bucket):
                    bucket.append(e)

    def find(self, written: str) -> Found[T]:
        """The entry ``written`` names (see the module's docstring for the rules)."""
        if written in self._ids:
            return Found(self._ids[written])
        matches = self._folded.get(fold(written), [])
        if len(matches) == 1:
            return Found(matches[0])
        return Found(None, tuple(matches))

    def get(self, written: str | None) -> T | None:
        """The entry ``written`` names, or None (unknown, or a name several entries share)."""
        if written is None:
            return None
        return self.find(written).entry

    def id_of(self, written: str) -> str:
        """The id ``written`` names, or ``written`` itself when it names none."""
        entry = self.get(written)
        return entry.id if entry is not None else written

    def hint(self, written: str) -> Message:
        """A " (did you mean …?)" naming the closest entry by its name in each language, or
        no words when none is close."""
        key = fold(written)
        if not key:
            return EMPTY
        starts = {e.id: e for k, es in self._folded.items() if k.startswith(key) for e in es}
        if len(starts) == 1:
            return _did_you_mean(next(iter(starts.values())))
        close = difflib.get_close_matches(key, list(self._folded), n=1, cutoff=0.6)
        if close:
            return _did_you_mean(self._folded[close[0]][0])
        return EMPTY

    def refusal(
        self, written: str, unknown: Callable[..., Message], hint: Message | None = None
    ) -> Message:
        """Why ``written`` names no single entry: the entries sharing that name, each with its
        id, or ``unknown(hint=…)`` (the caller's "unknown frame …" words with the hint, e.g.
        ``partial(MESSAGES, "unknown-frame", frame=written)``; ``hint`` instead of this index's
        own)."""
        several = self.find(written).several
        if several:
            return CORE("name-several", written=written, entries=_listed(several))
        return unknown(hint=self.hint(written) if hint is None else hint)


def _ja(entry: Named) -> str:
    """The entry's Japanese name (its English one where it has none)."""
    return getattr(entry, "name_ja", None) or entry.name


def _did_you_mean(entry: Named) -> Message:
    return CORE("did-you-mean", word=(entry.name, _ja(entry)))


def _listed(entries: Sequence[Named]) -> tuple[str, str]:
    """``id (name)`` of each entry, in each language's words and commas."""
    en = ", ".join(f"{e.id} ({e.name})" for e in entries)
    ja = "、".join(f"{e.id}（{_ja(e)}）" for e in entries)
    return (en, ja)


def known(entries: Iterable[Named]) -> tuple[str, str]:
    """The entries an "unknown …; known: …" message lists: their ids in English (what the
    English tables show) and their Japanese names in Japanese (what 射撃型 players see and may
    write), each in its language's commas."""
    listed = tuple(entries)
    return (", ".join(e.id for e in listed), "、".join(_ja(e) for e in listed))


_INDEXES: dict[int, tuple[tuple[Named, ...], Names[Any]]] = {}


def names_of(entries: tuple[T, ...]) -> Names[T]:
    """The :class:`Names` of an immutable tuple of entries (a catalog's frames), built once per
    tuple. Kept here rather than on the catalog: a catalog copied with other entries
    (``model_copy(update=…)``) would carry its old index along."""
    held = _INDEXES.get(id(entries))
    if held is not None and held[0] is entries:
        return held[1]
    if len(_INDEXES) > 256:
        _INDEXES.clear()
    index = Names(entries)
    _INDEXES[id(entries)] = (entries, index)
    return index
