"""Space Opera Heroes' :class:`~builder.systems.battle.Battle` (docs/rules.md D23, docs/play.md
"Space Opera Heroes"): the players' actions read, the rules core applied, what happened worded.

```yaml
- {do: evade, unit: 1, ap: 2}                  # AP into evasion (the initiative's loser first)
- {do: declare, by: 1, weapon: 1, target: 4, ap: 2}   # the attack's odds, before the dice
- {do: attack, by: 1, weapon: revolver, target: 4, ap: 2, dice: [3, 6, 2],
   evasion_dice: [4, 1]}        # attack dice (a 6 is followed by its extra roll), then the
                                # target's evasion dice at the first attack on it this round
- {do: attack, by: 2, weapon: 1, target: 5, roll: true}    # the record rolls the dice
- {do: move, unit: 3, ap: 1}                   # the evasion's free movement first, then AP
- {do: reload, unit: 2, weapon: 1}
- {do: wait, unit: 3}                          # 1 AP: act later, at any point
- {do: end}                                    # the turn under way ends
- {do: end-round}
```

Characters by ID or name, weapons by their place on the character (1, 2 …), id or name;
``round: N`` makes an action stand only in round N. Every key the action does not take, and
every value of the wrong kind, is a problem at its place, all reported at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from builder.core.i18n import part_name
from builder.core.messages import Message, Messages
from builder.play.acting import ActingBattle
from builder.play.reader import ActionReader, At, fold
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle import Applied, Dice, Side
from builder.systems.battle_names import side_names
from builder.systems.soh.models import Catalog
from builder.systems.soh.play import state_data
from builder.systems.soh.play.sheets import names_ja
from builder.systems.soh.rules.play import (
    MAX_BONUS,
    MAX_TARGETS,
    AttackReport,
    PlayRefusal,
    Table,
    attack,
    declare,
    end_round,
    end_turn,
    evade,
    move,
    reload,
    wait,
)

MESSAGES = Messages.load(__file__)

KEYS: dict[str, tuple[str, ...]] = {
    "evade": ("unit", "ap"),
    "declare": ("by", "weapon", "target", "ap", "bonus", "targets"),
    "attack": ("by", "weapon", "target", "ap", "bonus", "targets", "dice", "evasion_dice"),
    "move": ("unit", "ap"),
    "reload": ("unit", "weapon"),
    "wait": ("unit",),
    "end": ("unit",),
    "end-round": (),
}
REQUIRED: dict[str, tuple[str, ...]] = {  # declare's and attack's: read with the attack
    "evade": ("unit", "ap"),
    "declare": (),
    "attack": (),
    "move": ("unit",),
    "reload": ("unit", "weapon"),
    "wait": ("unit",),
    "end": (),
    "end-round": (),
}


def label(table: Table, unit: int) -> tuple[str, str]:
    """A character as a message names it: its ID and its name in each language."""
    found = table.fighter(unit)
    if found is None:
        return (str(unit), str(unit))
    return (f"{unit} {found.name}", f"{unit} {found.name_in('ja')}")


class Reader(ActionReader[Table, Catalog]):
    """One soh action's values, typed; every problem kept to be refused at once. Characters are
    named by ID, name or Japanese name; a refusal lists them in the player's language."""

    keys = KEYS
    required = REQUIRED
    messages = MESSAGES

    def unit(self, key: str, value: Any = ..., at: At | None = None) -> int | None:
        value = self.action.get(key) if value is ... else value
        if isinstance(value, str):
            fighters = self.table.fighters
            if not any(fold(f.name) == fold(value) for f in fighters):
                ja = [f.id for f in fighters if fold(f.name_in("ja")) == fold(value)]
                if len(ja) == 1:
                    value = ja[0]
        return super().unit(key, value, at)

    def bad(self, at: At, key: str, **params: object) -> None:
        if key == "no-such-unit":  # the roll call in each language
            params["units"] = _listed([label(self.table, f.id) for f in self.table.fighters])
        super().bad(at, key, **params)

    def weapon(self, unit_id: int | None, key: str = "weapon") -> int | None:
        """A weapon of the character by its place (1 …), its id or its name -> its place (0 …)."""
        fighter = self.owner(unit_id, key)
        if fighter is None:
            return None
        arms = fighter.sheet.arms
        listed = (  # the ids, and the Japanese names (typed as well) under Japanese
            ", ".join(f"{i + 1} {a.id}" for i, a in enumerate(arms)) or "—",
            "、".join(
                f"{i + 1} {part_name(self.catalog.weapon(a.id), 'ja', a.id)}"
                for i, a in enumerate(arms)
            )
            or "—",
        )
        names = [(a.id, *_weapon_words(self.catalog, a.id)) for a in arms]
        return self.place(key, names, (fighter.name, fighter.name_in("ja")), listed)

    def count(self, key: str, default: int, low: int, high: int, what: str) -> int:
        """A whole number from ``low`` to ``high`` (``default`` when left out)."""
        value = self.action.get(key, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.bad((key,), what, field=key, low=low, high=high)
            return default
        return value


# -- the actions ------------------------------------------------------------------------------


def _act_evade(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    ap = read.count("ap", 0, 0, 60, "not-ap")
    read.refuse_if_any()
    assert unit is not None
    table = evade(read.table, unit, ap)
    f = table.fighter(unit)
    assert f is not None
    said = MESSAGES("evaded", unit=label(table, unit), ap=ap, left=f.ap_left, move=ap // 2)
    return Applied(table, {}, (said,))


def _attack_parts(read: Reader, declared_ok: bool) -> tuple[int | None, int | None, int | None]:
    d = read.table.declared
    named = [k for k in ("by", "weapon", "target") if read.action.get(k) is not None]
    if declared_ok and d is not None and not named:
        return d.by, d.weapon, d.target
    for key in ("by", "weapon", "target"):
        if read.action.get(key) is None:
            read.bad((), "action-missing-key", field=key, do=read.action["do"])
    by = read.unit("by")
    return by, read.weapon(by), read.unit("target")


def _modifiers(read: Reader, declared: bool) -> tuple[int, int, int]:
    """ap, bonus, targets: the action's, else the declared attack's, else 1, 0, 1."""
    d = read.table.declared if declared else None
    return (
        read.count("ap", d.ap if d else 1, 1, 60, "not-ap-attack"),
        read.count("bonus", d.bonus if d else 0, -MAX_BONUS, MAX_BONUS, "not-bonus"),
        read.count("targets", d.targets if d else 1, 1, MAX_TARGETS, "not-targets"),
    )


def _act_declare(read: Reader, dice: Dice) -> Applied[Table]:
    by, weapon, target = _attack_parts(read, False)
    ap, bonus, targets = _modifiers(read, False)
    read.refuse_if_any()
    assert by is not None and weapon is not None and target is not None
    table = declare(read.table, by, weapon, target, ap, bonus, targets)
    said = MESSAGES(
        "declared",
        by=label(table, by),
        weapon=_weapon_words(read.catalog, _arm_id(table, by, weapon)),
        target=label(table, target),
        ap=ap,
    )
    return Applied(table, {}, (said,))


def _act_attack(read: Reader, dice: Dice) -> Applied[Table]:
    by, weapon, target = _attack_parts(read, True)
    from_declared = read.table.declared is not None and read.action.get("by") is None
    ap, bonus, targets = _modifiers(read, from_declared)
    read.refuse_if_any()
    assert by is not None and weapon is not None and target is not None
    table, report = attack(
        read.table, by, weapon, target, dice, ap=ap, bonus=bonus, targets=targets
    )
    log: dict[str, Any] = {}
    if from_declared:  # the declared attack: the log says which it was
        log = {"by": by, "weapon": _arm_id(read.table, by, weapon), "target": target, "ap": ap}
        log |= {
            k: v
            for k, v in (("bonus", bonus), ("targets", targets))
            if v != (0 if k == "bonus" else 1)
        }
    return Applied(table, log, _attacked(read.catalog, read.table, table, report))


def _arm_id(table: Table, unit: int, weapon: int) -> str:
    """The id of the weapon at place ``weapon`` (0 …) of character ``unit``."""
    f = table.fighter(unit)
    assert f is not None
    return f.sheet.arms[weapon].id


def _weapon_words(catalog: Catalog, weapon_id: str) -> tuple[str, str]:
    part = catalog.weapon(weapon_id)
    return (part.name, part.name_ja) if part else (weapon_id, weapon_id)


def _attacked(
    catalog: Catalog, before: Table, after: Table, r: AttackReport
) -> tuple[Message, ...]:
    indent = Message("  ", "  ")
    lines = [
        MESSAGES(
            "attack",
            by=label(before, r.by),
            weapon=_weapon_words(catalog, r.weapon),
            target=label(before, r.target),
            ap=r.ap,
            dice=" ".join(map(str, r.dice)),
            best=r.best,
            hit=r.hit,
            total=r.hit + r.best,
        )
    ]
    if r.evasion_ap == 0:
        lines.append(indent + MESSAGES("evasion-value", value=r.evasion))
    elif r.evasion_dice:
        lines.append(
            indent
            + MESSAGES(
                "evasion-rolled",
                dice=" ".join(map(str, r.evasion_dice)),
                best=r.evasion_roll,
                value=r.evasion,
                total=r.evasion + r.evasion_roll,
            )
        )
    else:
        lines.append(
            indent
            + MESSAGES(
                "evasion-stands",
                value=r.evasion,
                roll=r.evasion_roll,
                total=r.evasion + r.evasion_roll,
            )
        )
    if r.multiplier == 0:
        lines.append(indent + MESSAGES("missed", margin=r.margin))
    else:
        lines.append(
            indent
            + MESSAGES(
                "wounded",
                margin=r.margin,
                multiplier=r.multiplier,
                durability=r.durability,
                wounds=r.wounds,
                target=label(after, r.target),
                total=r.total_wounds,
            )
        )
    if r.out:
        lines.append(indent + MESSAGES("out", target=label(after, r.target)))
    if r.game_over:
        lines.append(_game_over(after))
    else:
        attacker = after.fighter(r.by)
        assert attacker is not None
        ammo = "" if r.ammo is None else MESSAGES("ammo-left", ammo=r.ammo)
        lines.append(
            indent + MESSAGES("ap-left", unit=label(after, r.by), left=attacker.ap_left) + ammo
        )
    return tuple(lines)


def _listed(labels: list[tuple[str, str]]) -> tuple[str, str]:
    return (", ".join(a for a, _ in labels), "、".join(b for _, b in labels))


def _game_over(table: Table) -> Message:
    w = table.winner
    if w is None:
        return MESSAGES("game-over-none")
    name = side_names(table.names, names_ja(table), w)
    return MESSAGES("game-over", side=w, name=name)


def _act_move(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    ap = read.count("ap", 1, 1, 60, "not-ap-attack")
    read.refuse_if_any()
    assert unit is not None
    table, free, paid = move(read.table, unit, ap)
    f = table.fighter(unit)
    assert f is not None
    said = MESSAGES("moved", unit=label(table, unit), ap=ap, free=free, paid=paid, left=f.ap_left)
    return Applied(table, {}, (said,))


def _act_reload(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    weapon = read.weapon(unit)
    read.refuse_if_any()
    assert unit is not None and weapon is not None
    table, paid = reload(read.table, unit, weapon)
    f = table.fighter(unit)
    assert f is not None
    said = MESSAGES(
        "reloaded",
        unit=label(table, unit),
        weapon=_weapon_words(read.catalog, _arm_id(table, unit, weapon)),
        ammo=f.ammo[weapon],
        paid=paid,
        left=f.ap_left,
    )
    return Applied(table, {}, (said,))


def _act_wait(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    read.refuse_if_any()
    assert unit is not None
    table = wait(read.table, unit)
    return Applied(table, {}, (MESSAGES("waited", unit=label(table, unit)),))


def _act_end(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    read.refuse_if_any()
    table, ended = end_turn(read.table, unit)
    return Applied(table, {}, (MESSAGES("ended", unit=label(table, ended)),))


def _act_end_round(read: Reader, dice: Dice) -> Applied[Table]:
    read.refuse_if_any()
    table, passed = end_round(read.table)
    name = side_names(table.names, names_ja(table), table.first)
    said = MESSAGES(
        "end-round", round=read.table.round, next=table.round, side=table.first, name=name
    )
    if passed:
        said = said + MESSAGES("passed", units=_listed([label(table, u) for u in passed]))
    return Applied(table, {}, (said,))


ACTS: dict[str, Callable[[Reader, Dice], Applied[Table]]] = {
    "evade": _act_evade,
    "declare": _act_declare,
    "attack": _act_attack,
    "move": _act_move,
    "reload": _act_reload,
    "wait": _act_wait,
    "end": _act_end,
    "end-round": _act_end_round,
}


def _refusal(exc: PlayRefusal, table: Table, catalog: Catalog) -> Message:
    params: dict[str, Any] = dict(exc.params)
    if isinstance(params.get("units"), tuple):
        params["units"] = _listed([label(table, u) for u in params["units"]])
    for f in table.fighters:  # a character in the player's language
        if params.get("unit") == f.name:
            params["unit"] = (f.name, f.name_in("ja"))
        if params.get("next") == f"{f.id} {f.name}":
            params["next"] = label(table, f.id)
    if "weapon" in params:
        params["weapon"] = _weapon_words(catalog, str(params["weapon"]))
    return MESSAGES(exc.key, **params)


class SohBattle(ActingBattle[Table, Catalog]):
    """The battle record's rules for Space Opera Heroes (docs/rules.md D23)."""

    states = state_data
    screen_keys = (  # the play screen's keys (builder/tui/play): each opens the action line
        ("v", "evade unit: ", ("evade", "回避")),
        ("f", "attack by: ", ("attack", "攻撃")),
        ("e", "end", ("end turn", "手番終了")),
        ("n", "end-round", ("end round", "ラウンド終了")),
    )
    reader = Reader
    refused = PlayRefusal
    acts = ACTS
    dice_keys = ("dice", "evasion_dice")

    def start(self, sides: Sequence[Side], catalog: Catalog) -> Table:
        """Characters numbered 1.. in crew-file order, side 1 first; round 1 set up."""
        from builder.systems.soh.play.sheets import table_of

        return table_of(sides, catalog)

    def refusal(self, exc: PlayRefusal, state: Table, catalog: Catalog) -> Message:
        return _refusal(exc, state, catalog)

    def printouts(
        self, state: Table, catalog: Catalog, options: PrintOptions, catalog_line: Any
    ) -> list[Printout]:
        """``laminim cards RECORD``: both sides' cards with wounds and ammo spent marked."""
        from builder.systems.soh.play.printing import printouts

        return printouts(state, catalog, options)

    def view(self) -> Any:
        from builder.systems.soh.play import view

        return view
