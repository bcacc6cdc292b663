"""LAMINIM: the primary game system (RULES §1)."""
