"""What LAMINIM offers the command line, as data (``builder.systems.options.Declared``): read by
``--help`` and the parser without importing the game."""

from __future__ import annotations

from builder.systems.options import ROUNDS, THREAT, UNIT, CardSize, Declared, Option, whole_number

INTERCEPT: Option[str] = Option(
    "intercept",
    "SLOT[:BONUS]",
    "LAMINIM (RULES D19): the normal weapon in SLOT (1-3, or 'auto' for each unit's best) "
    "shoots at the threat's first missile salvo every round it is intact, with total bonus "
    "BONUS (default 2)",
    str,
)
"""``analyze`` / ``compare --intercept``: read back with ``INTERCEPT.of(options.values)`` and
parsed by :func:`builder.systems.laminim.intercepting.parse_intercept` once the file is read."""


EXACT: Option[bool] = Option(
    "exact",
    "",
    "refuse (exit 2) a unit beyond the exact chain's budget instead of estimating it by sampling",
    bool,
    switch=True,
)
"""``analyze`` / ``compare --exact``: without it, survival beyond the exact budget is a seeded
sampled estimate, marked as such."""

DEFAULT_TOP = 10
"""``optimize`` lists this many loadouts unless ``--top`` says otherwise."""
MAX_ROUNDS = 50
RANKS = ("delivered", "alive", "remaining", "damage", "payload")
"""``optimize --rank``'s choices (``rules.optimize.RANKS``, kept here so ``--help`` imports no
maths)."""
BONUS: Option[int] = Option(
    "bonus",
    "B",
    "LAMINIM (RULES D21): with --threat FILE:UNIT (an enemy unit of a team file firing every "
    "weapon while its ammo lasts), the total hit bonus of its normal and melee attacks "
    "(default 2)",
    whole_number(0, 6),
)
"""``analyze`` / ``compare --bonus``: the bonus of an enemy unit given as the threat."""

OPTIMIZE_HELP = (
    "rank every legal loadout of the LAMINIM catalog against a threat (Pareto front marked)"
)

BALANCE_HELP = "the designer's balance report: every frame, weapon and threat of a catalog"

DECLARED = Declared(
    analyze_options=(UNIT, THREAT, ROUNDS, INTERCEPT, EXACT, BONUS),
    compare_options=(THREAT, ROUNDS, INTERCEPT, EXACT, BONUS),
    card_sizes=(
        CardSize("poker", "poker (63×88 mm, 9 a page)"),
        CardSize("large", "large (89×127 mm, 4 a page)"),
    ),
    commands={"optimize": OPTIMIZE_HELP, "balance": BALANCE_HELP},
)
