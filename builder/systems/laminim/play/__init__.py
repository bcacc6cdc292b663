"""LAMINIM at the table: the battle record's state and actions (docs/rules.md D20, D21,
docs/play.md), behind the kit's :class:`builder.systems.battle.Battle` (``battle.py``).

The rules themselves are the rules core's (``rules/play_*.py``, pure); this package reads the
record's state and the players' actions (YAML plain data, every problem located), words what
happened and the refusals in both languages, and shows the state with the odds from it.
"""
