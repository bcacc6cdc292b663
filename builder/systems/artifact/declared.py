"""What Gundam Artifact offers the command line, as data (``builder.systems.options.Declared``):
read by ``--help`` and the parser without importing the game."""

from __future__ import annotations

from builder.systems.options import ROUNDS, THREAT, UNIT, CardSize, Declared

ODDS_HELP = "exact hit, evasion, damage and kill odds of one artifact attack"

BALANCE_HELP = "the artifact balance matrix: one activation of each unit against each unit"

DECLARED = Declared(
    analyze_options=(UNIT, THREAT, ROUNDS),
    compare_options=(THREAT, ROUNDS),
    card_sizes=(
        CardSize("poker", "poker (63×88 mm, 9 a page)"),
        CardSize("large", "large (89×127 mm, 4 a page)"),
    ),
    commands={"odds": ODDS_HELP, "balance": BALANCE_HELP},
)
