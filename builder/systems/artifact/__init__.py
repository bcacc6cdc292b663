"""Gundam Artifact: mobile suits and a battleship marker per player (docs/rules.md §2)."""
