"""Gundam Artifact: mobile suits and a battleship marker per player (RULES §2)."""
