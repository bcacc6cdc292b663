"""Each LAMINIM action: its values read (``parse.Reader``), the rules core applied, what
happened worded (``words``). A refusal of the rules core (``PlayRefusal``) is worded by the
caller (``battle.py``)."""

from __future__ import annotations

from collections.abc import Callable

from builder.systems.battle import Applied, Dice
from builder.systems.laminim.play import words
from builder.systems.laminim.play.parse import Reader
from builder.systems.laminim.rules.play_attack import attack, launch
from builder.systems.laminim.rules.play_marks import mark_centre, mark_done, mark_zuzzer
from builder.systems.laminim.rules.play_missiles import collide, contact, remove
from builder.systems.laminim.rules.play_round import end_round
from builder.systems.laminim.rules.play_state import Table


def act_attack(read: Reader, dice: Dice) -> Applied[Table]:
    by = read.unit("by")
    slot = read.slot(by)
    target = read.unit("target")
    token = read.token("token")
    bonus = read.whole("bonus", 0, 99)
    distance = read.number("distance")
    blockers = read.blockers()
    single, rear, downed = read.flag("single"), read.flag("rear"), read.flag("downed")
    if "target" in read.action and "token" in read.action:
        read.bad(("token",), "target-or-token")
    elif "target" not in read.action and "token" not in read.action:
        read.bad((), "target-missing")
    read.refuse_if_any()
    assert by is not None and slot is not None
    table, report = attack(
        read.table,
        by,
        slot,
        dice,
        target=target,
        token=token,
        bonus=bonus,
        blockers=blockers,
        distance=distance,
        single=single,
        rear=rear,
        downed=downed,
    )
    log = {} if bonus is not None else {"bonus": report.bonus}
    return Applied(table, log, words.attack(read.table, table, report, blockers, read.catalog))


def act_launch(read: Reader, dice: Dice) -> Applied[Table]:
    by = read.unit("by")
    slot = read.slot(by)
    target = read.unit("target")
    single = read.flag("single")
    read.refuse_if_any()
    assert by is not None and slot is not None and target is not None
    table, token = launch(read.table, by, slot, target, single)
    return Applied(table, {}, (words.launch(table, token, read.catalog),))


def act_contact(read: Reader, dice: Dice) -> Applied[Table]:
    token = read.token("token")
    unit = read.unit("unit")
    other = read.token("other")
    if ("unit" in read.action) == ("other" in read.action):
        read.bad((), "contact-unit-or-token")
    read.refuse_if_any()
    assert token is not None
    if other is not None:
        table, a, b = collide(read.table, token, other)
        dice.take("locations", 0)
        return Applied(table, {}, (words.collide(a, b),))
    assert unit is not None
    table, found, hits = contact(read.table, token, unit, dice)
    return Applied(table, {}, (words.contact(read.table, found, hits, read.catalog),))


def act_remove(read: Reader, dice: Dice) -> Applied[Table]:
    token = read.token("token")
    read.refuse_if_any()
    assert token is not None
    table, found = remove(read.table, token)
    return Applied(table, {}, (words.removed(found),))


def act_zuzzer(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    distance = read.number("distance")
    direction = read.text("direction")
    read.refuse_if_any()
    assert unit is not None and distance is not None
    table = mark_zuzzer(read.table, unit, distance, direction)
    return Applied(table, {}, (words.zuzzer(table, unit),))


def act_centre(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    distance = read.number("distance")
    read.refuse_if_any()
    assert unit is not None and distance is not None
    table = mark_centre(read.table, unit, distance)
    return Applied(table, {}, (words.centre(table, unit),))


def act_done(read: Reader, dice: Dice) -> Applied[Table]:
    unit = read.unit("unit")
    done = read.flag("done", True)
    read.refuse_if_any()
    assert unit is not None
    table = mark_done(read.table, unit, done)
    return Applied(table, {}, (words.done(table, unit, done),))


def act_end_round(read: Reader, dice: Dice) -> Applied[Table]:
    read.refuse_if_any()
    dice.take("dice", 0)
    table, report = end_round(read.table, dice)
    return Applied(table, {}, words.end_round(read.table, table, report, read.catalog))


ACTS: dict[str, Callable[[Reader, Dice], Applied[Table]]] = {
    "attack": act_attack,
    "launch": act_launch,
    "contact": act_contact,
    "remove": act_remove,
    "zuzzer": act_zuzzer,
    "centre": act_centre,
    "move": act_centre,
    "done": act_done,
    "end-round": act_end_round,
}
