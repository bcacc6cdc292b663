"""LAMINIM's :class:`~builder.systems.battle.Battle`: its state, its actions, its view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from builder.core.messages import Message, Messages
from builder.play.acting import ActingBattle, threat_choices
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle import Applied, Dice, Side
from builder.systems.battle_names import japanese_name, names_ja_of
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.play import state_data
from builder.systems.laminim.play.parse import Reader
from builder.systems.laminim.rules.play_state import Fighter, PlayRefusal, Table

MESSAGES = Messages.load(__file__)


class LaminimBattle(ActingBattle[Table, Catalog]):
    """The battle record's rules for LAMINIM (docs/rules.md D20)."""

    states = state_data
    screen_keys = (  # the play screen's keys (builder/tui/play): each opens the action line
        ("f", "attack by: ", ("attack", "攻撃")),
        ("m", "launch by: ", ("launch", "発射")),
        ("n", "end-round dice: ", ("end round", "ラウンド終了")),
    )
    dice_keys = ("hits", "locations", "dice")
    reader = Reader
    refused = PlayRefusal

    def start(self, sides: Sequence[Side], catalog: Catalog) -> Table:
        """Units numbered 1.. in team-file order, side 1 first (the deployment IDs, §1.1)."""
        from builder.systems.laminim.derive import unit_spec
        from builder.systems.laminim.legality import resolve_unit
        from builder.systems.laminim.team import Team

        fighters: list[Fighter] = []
        for side_no, side in enumerate(sides, start=1):
            team = side.team
            assert isinstance(team, Team)
            for unit in team.units:
                resolved = resolve_unit(unit, catalog)
                assert resolved is not None  # the record starts only from usable teams
                spec = unit_spec(resolved)
                whole = Fighter.whole(len(fighters) + 1, side_no, unit.name, unit.frame, spec)
                fighters.append(replace(whole, name_ja=japanese_name(unit)))
        teams = [s.team for s in sides]
        return Table.begin(fighters, [t.name for t in teams], names_ja_of(teams))

    def threat_choices(self, state: Table, catalog: Catalog) -> tuple[str, ...]:
        return threat_choices([t.id for t in catalog.threats], catalog.default_threat, state)

    def act(self, do: str, read: Reader, dice: Dice) -> Applied[Table]:
        from builder.systems.laminim.play import acting

        return acting.ACTS[do](read, dice)

    def refusal(self, exc: PlayRefusal, state: Table, catalog: Catalog) -> Message:
        return _refusal(exc, catalog)

    def printouts(
        self, state: Table, catalog: Catalog, options: PrintOptions, catalog_line: Any
    ) -> list[Printout]:
        """``laminim cards RECORD``: the marked cards of both sides and the score sheet."""
        from builder.systems.laminim.play.printing import printouts

        return printouts(state, catalog, options, catalog_line)

    def view(self) -> Any:
        from builder.systems.laminim.play import view

        return view


def _refusal(exc: PlayRefusal, catalog: Catalog) -> Message:
    """The rules core's refusal in words; a weapon (an id there) by its name in each language."""
    params = {k: f"{v:g}" if isinstance(v, float) else v for k, v in exc.params.items()}
    weapon = catalog.weapon(str(params.get("weapon"))) if "weapon" in params else None
    if weapon is not None:
        params["weapon"] = (weapon.name, weapon.name_ja)
    return MESSAGES(exc.key, **params)
