"""The "did you mean" of an unknown part id: a near spelling, the same id in other case, or
the part a display name names (``frame: Striker`` or ``frame: ストライカー`` → ``striker``).

Why its own function: a player often writes what the card or the TUI shows, not the id; the
hint should name the id to write whichever of those they typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from builder.core.messages import EMPTY, Message
from builder.core.problems import CORE, closest, suggest


class _Part(Protocol):
    id: str
    name: str
    name_ja: str


def part_hint(word: str, parts: Sequence[_Part]) -> Message:
    """The hint for ``word``, an id the catalog lacks, among ``parts``."""
    key = word.strip().casefold()
    for part in parts:
        if key in (part.name.casefold(), part.name_ja.casefold()):
            return CORE("did-you-mean", word=part.id)
    hint = suggest(word, [p.id for p in parts])
    if hint is not EMPTY:
        return hint
    names = {p.name.casefold(): p.id for p in parts}
    close = closest(key, list(names))
    return CORE("did-you-mean", word=names[close]) if close else EMPTY
