"""Game systems: the registry and one package per game (DESIGN.md "Layout")."""
