"""A fifth game written the way docs/adding-a-game.md says, used by the generic tests.

"Squads" of robots, each of a catalog kind with an armour value: a squad is legal with one to
three robots of known kinds; ``analyze`` sums the armour; ``cards`` prints one card per robot.
It is small on purpose: the generic tests (CLI dispatch, reading and saving, rendering, the TUI
shell) exercise the kit through it instead of through a real game's rules, and its line counts
measure what a new game has to write.
"""
