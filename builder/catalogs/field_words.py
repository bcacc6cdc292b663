"""A catalog's field names and a file's headline numbers in the player's language.

``catalog diff`` names what changed by the catalog's own field paths (``payload``,
``attacks[0].weapon``) and what moved by the game's headline labels (``Bulwark: damage
output``): English data. Each game keeps their Japanese beside its code in
``catalog_labels.yaml`` (``payload: [payload, 積載]``, a headline as a pattern
``"{unit}: damage output"``; a probability's key starts ``chance-``), found here without
importing the game, as the ``--help`` tables are; a field or label the table lacks stays as
written.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from builder import systems
from builder.core.i18n import Lang, read_labels_file
from builder.core.parser_words import HelpTexts

TABLE = "catalog_labels.yaml"

_SEGMENT = re.compile(r"([^.\[\]]+)")


class FieldWords:
    """One game's catalog words: field names one by one, headlines by pattern."""

    def __init__(self, pairs: dict[str, tuple[str, str]]) -> None:
        self.fields = {en: ja for en, ja in pairs.values() if "{" not in en}
        self.labels = HelpTexts(pair for pair in pairs.values() if "{" in pair[0])
        self.chances = HelpTexts(
            pair for key, pair in pairs.items() if "{" in pair[0] and key.startswith("chance-")
        )

    def field(self, path: str, lang: Lang) -> str:
        """A field path (``attacks[0].weapon``) with each name said in ``lang``."""
        if lang != "ja":
            return path
        return _SEGMENT.sub(lambda m: self.fields.get(m.group(1), m.group(1)), path)

    def label(self, text: str, lang: Lang) -> str:
        """A headline's label (``Bulwark: damage output``) in ``lang``."""
        return self.labels(text) if lang == "ja" else text

    def is_chance(self, label: str) -> bool:
        """Whether the headline ``label`` is a probability (its key starts ``chance-``): a
        player reads it as a percentage."""
        return self.chances(label) != label


NONE = FieldWords({})


@cache
def field_words(system_id: str | None) -> FieldWords:
    """The catalog words of the game ``system_id`` (no words when it has no table)."""
    module = systems.INSTALLED.get(system_id or "")
    spec = find_spec(module.rpartition(".")[0]) if module and "." in module else None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        table = Path(folder) / TABLE
        if table.is_file():
            return FieldWords(read_labels_file(table))
    return NONE
