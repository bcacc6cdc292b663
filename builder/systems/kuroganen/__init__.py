"""Kuroganen Gauge: elevation, climbing, falls and jumps on a height map (RULES §4)."""
