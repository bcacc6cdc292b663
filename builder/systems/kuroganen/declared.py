"""What Kuroganen Gauge offers the command line, as data (``builder.systems.options.Declared``):
read by ``--help`` and the parser without importing the game."""

from __future__ import annotations

from builder.systems.options import CardSize, Declared

PAGE = CardSize("page", "page (the reference and the map are whole pages)")
"""The only "card size": the reference and the map are whole pages."""

REACH_HELP = "where a unit can end its move on a kuroganen height map, and its fall risk"

DECLARED = Declared(
    # a map has no units or threats: no analyze options (reach plans from the map)
    card_sizes=(PAGE,),
    commands={"reach": REACH_HELP},
)
