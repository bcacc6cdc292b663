"""Gundam Artifact at the table: the battle record's state, actions and view (docs/play.md
"Gundam Artifact", docs/rules.md D22); the rules are in ``artifact/rules/play.py``."""
