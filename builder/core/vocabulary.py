"""The shared vocabulary: one word per thing (docs/glossary.md) that the command line, the TUI
and the printouts all read, so legality, a threat or a unit's durability is named alike on every
screen and sheet (``VOCABULARY.t("threat", lang)``). ``tests/docs/test_glossary.py`` holds the
table to the glossary and every other table to its **Not** column."""

from __future__ import annotations

from builder.core.i18n import Labels

VOCABULARY = Labels.load(__file__, "vocabulary_labels.yaml")
