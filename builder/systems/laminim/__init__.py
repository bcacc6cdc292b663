"""LAMINIM: the primary game system (docs/rules.md §1)."""
