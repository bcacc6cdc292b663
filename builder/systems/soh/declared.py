"""What Space Opera Heroes offers the command line, as data
(``builder.systems.options.Declared``): read by ``--help`` and the parser without importing the
game."""

from __future__ import annotations

from builder.systems.options import THREAT, UNIT, CardSize, Declared

ODDS_HELP = "exact odds of one attack (multiplier and wounds)"
PLAN_HELP = "soh: how to split a round's AP between evasion and attacks"

DECLARED = Declared(
    analyze_options=(UNIT, THREAT),  # analysed one round at a time: no --rounds
    compare_options=(THREAT,),
    card_sizes=(
        # a character card holds more than a poker card comfortably shows: large first
        CardSize("large", "large (89×127 mm, 4 a page)"),
        CardSize("poker", "poker (63×88 mm, 9 a page)"),
    ),
    commands={"odds": ODDS_HELP, "plan": PLAN_HELP},
)
