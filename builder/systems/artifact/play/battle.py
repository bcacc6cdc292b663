"""Gundam Artifact's :class:`~builder.systems.battle.Battle` (docs/rules.md D22, docs/play.md
"Gundam Artifact"): the players' actions read, the rules core applied, what happened worded.

```yaml
- {do: initiative, dice: [5, 2]}                    # side 1's die, side 2's; a tie rolls again
- {do: move, unit: 2, distance: 12}                 # 1 P (at P 0: half M, no P)
- {do: declare, by: 2, weapon: funnel, target: 6}   # the odds of the attack, before the dice
- {do: attack, by: 2, weapon: funnel, target: 6, near: 1, hits: [6, 3, 2],
   evade: [5], evade_near: 0}     # hit dice, then the target's evasion: one die per hit
- {do: attack, by: 2, weapon: 1, target: 6, evade: true, roll: true}   # evades if it is hit
- {do: land, unit: 3}                               # aboard: P full, the activation over
- {do: launch, unit: 3}
- {do: end}                                         # the activation under way ends
- {do: end-round}
```

Units by ID or name, weapons by their place in the unit's ARMS (1, 2 …), id or name;
``round: N`` makes an action stand only in round N. Every key the action does not take, and
every value of the wrong kind, is a problem at its place, all reported at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from builder.core.messages import Message, Messages
from builder.play.acting import ActingBattle, threat_choices
from builder.play.reader import ActionReader, unit_label
from builder.systems.artifact.derive import all_units, find_weapon, unit_stats, weapon_stats
from builder.systems.artifact.models import ArtifactCatalog, Weapon
from builder.systems.artifact.play import state_data
from builder.systems.artifact.rules.play import (
    MAX_NEAR,
    AttackReport,
    Fighter,
    PlayRefusal,
    Table,
    attack,
    declare,
    end_activation,
    end_round,
    initiative,
    land,
    launch,
    move,
)
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle import Applied, Dice, Side
from builder.systems.battle_names import in_both, names_ja_of, side_names

MESSAGES = Messages.load(__file__)

COMMON = ("do", "round", "roll")
KEYS: dict[str, tuple[str, ...]] = {
    "initiative": ("dice",),
    "move": ("unit", "distance"),
    "declare": ("by", "weapon", "target", "near", "evade_near"),
    "attack": (
        "by",
        "weapon",
        "target",
        "near",
        "distance",
        "hits",
        "evade",
        "evade_near",
    ),
    "land": ("unit", "distance"),
    "launch": ("unit", "distance"),
    "end": ("unit",),
    "end-round": (),
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "initiative": (),
    "move": ("unit",),
    "declare": ("by", "weapon", "target"),
    "attack": (),
    "land": ("unit",),
    "launch": ("unit",),
    "end": (),
    "end-round": (),
}


def weapon_words(weapon: Weapon) -> tuple[str, str]:
    return (weapon.name, weapon.name_ja)


class Reader(ActionReader[Table, ArtifactCatalog]):
    """One artifact action's values, typed; every problem kept to be refused at once."""

    keys = KEYS
    required = REQUIRED
    messages = MESSAGES

    def weapon(self, unit_id: int | None, key: str = "weapon") -> Weapon | None:
        """A weapon of the unit by its place in ARMS (1 …), its id or its name."""
        fighter = self.owner(unit_id, key)
        if fighter is None:
            return None
        weapons = all_units(self.catalog)[fighter.stats.id].weapons
        arms = (
            ", ".join(f"{i + 1} {w.id}" for i, w in enumerate(weapons)),
            "、".join(f"{i + 1} {w.name_ja}" for i, w in enumerate(weapons)),
        )
        names = [(w.id, w.name, w.name_ja) for w in weapons]
        place = self.place(key, names, in_both(fighter.name, fighter.name_ja), arms)
        return None if place is None else weapons[place]

    def modifier(self, key: str) -> int:
        value = self.action.get(key, 0)
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NEAR:
            self.bad((key,), "not-a-modifier", field=key, most=MAX_NEAR)
            return 0
        return value

    def evade(self) -> bool:
        """``evade: [faces]`` (one a hit; ``[]``: no evasion) or ``evade: true`` (the faces
        rolled, with ``roll: true``): whether the target evades if the attack hits."""
        value = self.action.get("evade", False)
        if isinstance(value, list):
            return bool(value)
        if value is None or not isinstance(value, bool):
            if value is not None:
                self.bad(("evade",), "evade-shape")
            return False
        return value


# -- the actions ------------------------------------------------------------------------------


def _act_initiative(read: Reader, dice: Dice) -> Applied[Table]:
    read.refuse_if_any()
    table, pairs = initiative(read.table, dice)
    rolled = " / ".join(f"{a}–{b}" for a, b in pairs)
    first = table.first or 1
    name = side_names(table.names, table.names_ja, first)
    said = MESSAGES("initiative", round=table.round, dice=rolled, side=first, name=name)
    return Applied(table, {}, (said,))


def _act_move(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    distance = read.number("distance")
    read.refuse_if_any()
    assert unit is not None
    table = move(read.table, unit, distance)
    return Applied(table, {}, (_moved(read.table, table, unit, distance),))


def _moved(before: Table, after: Table, unit: int, distance: float | None) -> Message:
    f = after.fighter(unit)
    assert f is not None
    old = before.fighter(unit)
    half = old is not None and old.propellant == 0
    reach = f.stats.move // 2 if half else f.stats.move
    cm = "" if distance is None else f"{distance:g} cm"
    key = "moved-half" if half else ("moved" if f.propellant is not None else "moved-ship")
    return MESSAGES(key, unit=unit_label(after, unit), cm=cm, reach=reach, p=f.propellant) + _turn(
        after
    )


def _attack_parts(
    read: Reader, declared_ok: bool
) -> tuple[int | None, Weapon | None, int | None, int, int]:
    """by, weapon, target, near, evade_near: the action's, or the declared attack's."""
    d = read.table.declared
    action = read.action
    named = [k for k in ("by", "weapon", "target") if action.get(k) is not None]
    if declared_ok and d is not None and not named:
        fighter = read.table.fighter(d.by)
        assert fighter is not None
        weapon = find_weapon(all_units(read.catalog)[fighter.stats.id], d.weapon)
        near = read.modifier("near") if "near" in action else d.near
        evade_near = read.modifier("evade_near") if "evade_near" in action else d.evade_near
        return d.by, weapon, d.target, near, evade_near
    for key in ("by", "weapon", "target"):
        if action.get(key) is None:
            read.bad((), "action-missing-key", field=key, do=action["do"])
    by = read.unit("by")
    weapon = read.weapon(by)
    target = read.unit("target")
    return by, weapon, target, read.modifier("near"), read.modifier("evade_near")


def _act_declare(read: Reader, dice: Dice) -> Applied[Table]:
    by, weapon, target, near, evade_near = _attack_parts(read, False)
    read.refuse_if_any()
    assert by is not None and weapon is not None and target is not None
    table = declare(read.table, by, weapon_stats(weapon), target, near, evade_near)
    said = MESSAGES(
        "declared",
        by=unit_label(table, by),
        weapon=weapon_words(weapon),
        target=unit_label(table, target),
    )
    return Applied(table, {}, (said,))


def _act_attack(read: Reader, dice: Dice) -> Applied[Table]:
    by, weapon, target, near, evade_near = _attack_parts(read, True)
    distance = read.number("distance")
    evade = read.evade()
    if "evade_near" in read.action and not evade:
        read.bad(("evade_near",), "evade-near-alone")
    read.refuse_if_any()
    assert by is not None and weapon is not None and target is not None
    table, report = attack(
        read.table,
        by,
        weapon_stats(weapon),
        target,
        dice,
        near=near,
        evade=evade,
        evade_near=evade_near,
        distance=distance,
    )
    log: dict[str, Any] = {}
    if read.action.get("by") is None:  # the declared attack: the log says which it was
        log = {"by": by, "weapon": weapon.id, "target": target, "near": near}
        if evade:
            log["evade_near"] = evade_near
    return Applied(table, log, _attacked(read.table, table, report, weapon))


def _attacked(before: Table, after: Table, r: AttackReport, weapon: Weapon) -> tuple[Message, ...]:
    lines = [
        MESSAGES(
            "attack",
            by=unit_label(before, r.by),
            weapon=weapon_words(weapon),
            target=unit_label(before, r.target),
            needed=r.needed if r.needed <= 6 else "—",
            faces=" ".join(map(str, r.faces)),
            hits=r.hits,
        )
    ]
    if r.evaded:
        victim = after.fighter(r.target)
        assert victim is not None
        lines.append(
            Message("  ", "  ")
            + MESSAGES(
                "evaded",
                needed=r.evade_needed if r.evade_needed <= 6 else "—",
                faces=" ".join(map(str, r.evasion)),
                cancelled=r.cancelled,
                p=victim.propellant,
            )
        )
    if r.destroyed:
        key = "destroyed-ship" if r.game_over else "destroyed"
        lines.append(
            Message("  ", "  ") + MESSAGES(key, target=unit_label(after, r.target), dealt=r.damage)
        )
    else:
        lines.append(
            Message("  ", "  ")
            + MESSAGES("damage", target=unit_label(after, r.target), dealt=r.damage, hp=r.hp)
        )
    if r.game_over:
        w = after.winner or 1
        name = side_names(after.names, after.names_ja, w)
        lines.append(MESSAGES("game-over", side=w, name=name))
    else:
        attacker = after.fighter(r.by)
        assert attacker is not None
        if attacker.propellant is not None:
            lines.append(
                Message("  ", "  ")
                + MESSAGES("p-left", unit=unit_label(after, r.by), p=attacker.propellant)
                + _turn(after)
            )
    return tuple(lines)


def _ship_side(
    read: Reader, rule: Callable[[Table, int, float | None], Table], key: str
) -> tuple[Table, Message]:
    """Landing or launching (``rule``): the unit and its distance to its ship read, the rule
    applied, and what happened (``key``: the unit and its P)."""
    unit = read.unit("unit")
    distance = read.number("distance")
    read.refuse_if_any()
    assert unit is not None
    table = rule(read.table, unit, distance)
    f = table.fighter(unit)
    assert f is not None
    return table, MESSAGES(key, unit=unit_label(table, unit), p=f.propellant)


def _act_land(read: Reader, dice: Dice) -> Applied[Table]:
    table, said = _ship_side(read, land, "landed")
    return Applied(table, {}, (said,))


def _act_launch(read: Reader, dice: Dice) -> Applied[Table]:
    table, said = _ship_side(read, launch, "launched")
    return Applied(table, {}, (said + _turn(table),))


def _act_end(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    read.refuse_if_any()
    table, ended = end_activation(read.table, unit)
    return Applied(table, {}, (MESSAGES("ended", unit=unit_label(table, ended)),))


def _act_end_round(read: Reader, dice: Dice) -> Applied[Table]:
    read.refuse_if_any()
    table, passed = end_round(read.table)
    said = MESSAGES("end-round", round=read.table.round, next=table.round)
    if passed:
        labels = [unit_label(table, u) for u in passed]
        units = (", ".join(en for en, _ in labels), "、".join(ja for _, ja in labels))
        said = said + MESSAGES("passed", units=units)
    return Applied(table, {}, (said,))


def _turn(table: Table) -> Message:
    """`` (activation over)`` when the unit's activation just ended."""
    if table.active is None and table.acted:
        return MESSAGES("activation-over")
    return Message("", "")


ACTS: dict[str, Callable[[Reader, Dice], Applied[Table]]] = {
    "initiative": _act_initiative,
    "move": _act_move,
    "declare": _act_declare,
    "attack": _act_attack,
    "land": _act_land,
    "launch": _act_launch,
    "end": _act_end,
    "end-round": _act_end_round,
}


def _refusal(exc: PlayRefusal, table: Table, catalog: ArtifactCatalog) -> Message:
    params: dict[str, Any] = {
        k: f"{v:g}" if isinstance(v, float) else v for k, v in exc.params.items()
    }
    if "weapon" in params:
        for unit in all_units(catalog).values():
            found = find_weapon(unit, str(params["weapon"]))
            if found is not None:
                params["weapon"] = weapon_words(found)
                break
    if exc.key == "no-propellant":
        params["action"] = MESSAGES(f"action-{params['action']}")
    return MESSAGES(exc.key, **params)


class ArtifactBattle(ActingBattle[Table, ArtifactCatalog]):
    """The battle record's rules for Gundam Artifact (docs/rules.md D22)."""

    states = state_data
    screen_keys = (  # the play screen's keys (builder/tui/play): each opens the action line
        ("i", "initiative dice: ", ("initiative", "先攻決め")),
        ("m", "move unit: ", ("move", "移動")),
        ("f", "attack by: ", ("attack", "攻撃")),
        ("e", "end", ("end activation", "行動終了")),
        ("n", "end-round", ("end round", "ラウンド終了")),
    )
    reader = Reader
    refused = PlayRefusal
    acts = ACTS
    dice_keys = ("hits", "evade", "dice")

    def start(self, sides: Sequence[Side], catalog: ArtifactCatalog) -> Table:
        """Units numbered 1.. in force-file order, the ship first, side 1 first; every MS on
        the table (launched) with full P."""
        from builder.systems.artifact.legality import check
        from builder.systems.artifact.models import ForceFile

        fighters: list[Fighter] = []
        for side_no, side in enumerate(sides, start=1):
            force = side.team
            assert isinstance(force, ForceFile)
            report = check(force, catalog)
            for member in report.members:
                assert member.unit is not None  # the record starts only from usable forces
                stats = unit_stats(member.unit)
                name_ja = report.names_ja.get(member.name)
                fighters.append(
                    Fighter.whole(len(fighters) + 1, side_no, member.name, stats, name_ja)
                )
        forces = [s.team for s in sides]
        return Table.begin(fighters, [f.name for f in forces], names_ja_of(forces))

    def threat_choices(self, state: Table, catalog: ArtifactCatalog) -> tuple[str, ...]:
        return threat_choices([t.id for t in catalog.threats], catalog.info.default_threat, state)

    def refusal(self, exc: PlayRefusal, state: Table, catalog: ArtifactCatalog) -> Message:
        return _refusal(exc, state, catalog)

    def printouts(
        self, state: Table, catalog: ArtifactCatalog, options: PrintOptions, catalog_line: Any
    ) -> list[Printout]:
        """``laminim cards RECORD``: both sides' cards with HP lost, P spent and MS aboard."""
        from builder.systems.artifact.play.printing import printouts

        return printouts(state, catalog, options)

    def view(self) -> Any:
        from builder.systems.artifact.play import view

        return view
