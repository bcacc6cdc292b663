"""The battle record (``laminim play``): generic, it knows no game (docs/play.md).

A record is a YAML file beside the team: which teams play, the catalog they play with, the live
state the game keeps, and an append-only log of every action with its dice. This package reads
and writes it (:mod:`.record`, :mod:`.record_text`), reads actions files (:mod:`.actions`),
rolls the dice a player leaves out (:mod:`.dice`), applies actions all or nothing and undoes by
replaying the log (:mod:`.session`), and runs the command (:mod:`.command`). The game's rules
come through the kit's :class:`builder.systems.battle.Battle`.
"""
