"""Printed words of the kuroganen reference and map sheets, English and Japanese.

The words are data beside this: ``print_labels.yaml`` (labels) and ``reference.yaml`` (the rules
text, which restates docs/rules.md §4 (seed 003) and the planner's decisions D16–D18, and the
movement cost table).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.core.i18n import LANGS, Labels, Lang, read_words_file

LABELS = Labels.load(__file__, "print_labels.yaml")

TABLE_TITLE = LABELS["table_title"]
PLANNER_NOTE = LABELS["planner_note"]


Table = tuple[list[str], list[list[str]]]
"""A table's header and rows."""


def _reference(path: Path) -> tuple[dict[Lang, list[tuple[str, list[str]]]], dict[Lang, Table]]:
    """The rules sections and the cost table of ``reference.yaml``, checked: both languages,
    the same number of sections and the same table shape in each (a sheet is never half
    translated)."""
    data: Any = read_words_file(path)
    try:
        sections: dict[Lang, list[tuple[str, list[str]]]] = {
            lang: [(str(s["title"]), [str(x) for x in s["lines"]]) for s in data["sections"][lang]]
            for lang in LANGS
        }
        table: dict[Lang, Table] = {}
        for lang in LANGS:
            given = data["table"][lang]
            table[lang] = (
                [str(h) for h in given["header"]],
                [[str(c) for c in r] for r in given["rows"]],
            )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not sections and table in en and ja ({exc!r})") from None
    shapes = {lang: [len(row) for row in [table[lang][0], *table[lang][1]]] for lang in LANGS}
    if len(sections["en"]) != len(sections["ja"]) or shapes["en"] != shapes["ja"]:
        raise ValueError(f"{path}: English and Japanese differ in sections or table shape")
    return sections, table


SECTIONS, TABLE = _reference(Path(__file__).resolve().with_name("reference.yaml"))
"""The rules text of the reference sheet and its movement cost table, by language."""


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""
