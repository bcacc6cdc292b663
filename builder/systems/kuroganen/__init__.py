"""Kuroganen Gauge: elevation, climbing, falls and jumps on a height map (docs/rules.md §4)."""
