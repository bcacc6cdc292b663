"""What an action did, in a line or a few, both languages (``messages.yaml``): what the players
read after ``laminim play --do`` (and the play screen's log)."""

from __future__ import annotations

from builder.core.i18n import Pair
from builder.core.messages import Message, Messages
from builder.play.reader import unit_label
from builder.systems.battle_names import side_names
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.rules.play_attack import AttackReport, Blocker, Hit
from builder.systems.laminim.rules.play_round import RoundReport
from builder.systems.laminim.rules.play_score import score
from builder.systems.laminim.rules.play_state import Table, Token

WORDS = Messages.load(__file__)

FRAME: Pair = ("frame", "本体")
INDENT = Message("  ", "  ")  # a line under the action it belongs to (both languages alike)
INDENT2 = Message("    ", "    ")


def weapon_name(table: Table, unit: int, slot: int, catalog: Catalog) -> Pair:
    found = table.fighter(unit)
    spec = found.spec.slots[slot] if found is not None else None
    if spec is None:
        return (f"slot {slot + 1}", f"武装{slot + 1}")
    weapon = catalog.weapon(spec.name)
    return (weapon.name, weapon.name_ja) if weapon is not None else (spec.name, spec.name)


def part_name(table: Table, unit: int, part: int, catalog: Catalog) -> Pair:
    return FRAME if part == 0 else weapon_name(table, unit, part - 1, catalog)


def _join(items: list[Message], sep: str = "; ") -> Message:
    out = items[0]
    for item in items[1:]:
        out = out + sep + item
    return out


def hit_words(table: Table, hit: Hit, catalog: Catalog) -> Message:
    return hits_words(table, (hit,), catalog)


def hits_words(table: Table, hits: tuple[Hit, ...], catalog: Catalog) -> Message:
    """Location checks grouped by unit, then by part, in the order they came: ``2 Bulwark:
    Gatling gun −9 (locations 4 4 4), frame −3 (1)``; a face with no part there says so."""
    by_unit: dict[int, dict[tuple[int | None, bool], list[Hit]]] = {}
    for hit in hits:
        by_unit.setdefault(hit.unit, {}).setdefault((hit.part, hit.guarded), []).append(hit)
    said = []
    for unit, parts in by_unit.items():
        items = []
        for (part, guarded), found in parts.items():
            faces = " ".join(str(h.face) for h in found)
            if part is None:
                items.append(WORDS("hit-nothing", faces=faces))
                continue
            name = part_name(table, unit, part, catalog)
            key = "hit-guarded" if guarded else "hit"
            items.append(WORDS(key, part=name, dealt=sum(h.dealt for h in found), faces=faces))
        said.append(WORDS("unit-hits", unit=unit_label(table, unit)) + _join(items, ", "))
    return _join(said, "; ")


def attack(
    before: Table,
    after: Table,
    report: AttackReport,
    blockers: tuple[Blocker, ...],
    catalog: Catalog,
) -> tuple[Message, ...]:
    weapon = weapon_name(before, report.by, report.slot, catalog)
    target = (
        unit_label(before, report.target) if isinstance(report.target, int) else str(report.target)
    )
    head = WORDS(
        "attack",
        by=unit_label(before, report.by),
        weapon=weapon,
        target=target,
        bonus=report.bonus,
        proposed=report.proposed,
        faces=" ".join(str(d.face) for d in report.dice),
    )
    items: list[Message] = []
    misses = sum(1 for d in report.dice if d.outcome == "miss")
    hits = tuple(d.hit for d in report.dice if d.hit is not None and d.outcome == "target")
    if hits:
        items.append(hits_words(after, hits, catalog))
    blocked = tuple(d.hit for d in report.dice if d.hit is not None and d.outcome == "blocker")
    if blocked:
        items.append(WORDS("blocked") + hits_words(after, blocked, catalog))
    shot: dict[str, tuple[int, int, bool]] = {}  # token: (missiles taken, left, a blocker)
    for die in report.dice:
        if die.token is not None:
            token, count = die.token
            taken = shot.get(token, (0, count, False))[0] + 1
            shot[token] = (taken, count, die.outcome == "blocker")
    for token, (taken, count, blocker) in shot.items():
        said = (
            WORDS("token-hit", token=token, taken=taken, count=count)
            if count
            else WORDS("token-down", token=token)
        )
        items.append(WORDS("blocked") + said if blocker else said)
    for die in report.dice:
        if die.token is not None:
            continue
        if die.obstacle is not None:
            words = WORDS("obstacle-hit", name=die.obstacle[0], dealt=die.obstacle[1])
        elif die.hit is None and die.outcome != "miss":
            words = WORDS("token-gone", face=die.face)
        else:
            continue
        if die.outcome == "blocker":
            words = WORDS("blocked") + words
        items.append(words)
    if misses:
        items.append(WORDS("misses", count=misses))
    if not items:
        items.append(WORDS("no-effect"))
    ammo = []
    if report.ammo is not None:
        ammo = [INDENT + WORDS("ammo-left", weapon=weapon, ammo=report.ammo)]
    return (head, INDENT + _join(items), *ammo)


def launch(table: Table, token: Token, catalog: Catalog) -> Message:
    return WORDS(
        "launch",
        by=unit_label(table, token.owner),
        weapon=weapon_name(table, token.owner, token.slot, catalog),
        token=token.id,
        count=token.count,
        target=unit_label(table, token.target),
    )


def contact(table: Table, token: Token, hits: tuple[Hit, ...], catalog: Catalog) -> Message:
    unit = hits[0].unit if hits else token.target
    head = WORDS("contact", token=token.id, unit=unit_label(table, unit), count=token.count)
    if not hits:
        return head
    return head + " " + hits_words(table, hits, catalog)


def collide(a: Token, b: Token) -> Message:
    return WORDS("collide", a=a.id, b=b.id)


def removed(token: Token) -> Message:
    return WORDS("removed", token=token.id)


def zuzzer(table: Table, unit: int) -> Message:
    fighter = table.fighter(unit)
    assert fighter is not None
    if fighter.zuzzer is None:
        return WORDS("zuzzer-off", unit=unit_label(table, unit))
    return WORDS(
        "zuzzer",
        unit=unit_label(table, unit),
        distance=f"{fighter.zuzzer.distance:g}",
        direction=fighter.zuzzer.direction,
    )


def centre(table: Table, unit: int) -> Message:
    fighter = table.fighter(unit)
    assert fighter is not None and fighter.centre is not None
    return WORDS("centre", unit=unit_label(table, unit), distance=f"{fighter.centre:g}")


def done(table: Table, unit: int, is_done: bool) -> Message:
    return WORDS("done" if is_done else "not-done", unit=unit_label(table, unit))


def end_round(
    before: Table, after: Table, report: RoundReport, catalog: Catalog
) -> tuple[Message, ...]:
    lines = [WORDS("end-round", round=report.round)]
    for wave in report.waves:
        parts = [part_name(after, wave.unit, p, catalog) for p in wave.parts]
        names = _join([Message(p[0], p[1]) for p in parts], ", ")
        lines.append(INDENT + WORDS("wave", unit=unit_label(after, wave.unit), parts=names))
        for cook in wave.cook_offs:
            ones = sum(1 for f in cook.faces if f == 1)
            weapon = weapon_name(after, cook.unit, cook.slot, catalog)
            said = WORDS("cook-off", weapon=weapon, faces=" ".join(map(str, cook.faces)), ones=ones)
            if cook.hits:
                said = said + ": " + hits_words(after, cook.hits, catalog)
            lines.append(INDENT2 + said)
    for unit in report.destroyed:
        lines.append(INDENT + WORDS("unit-out", unit=unit_label(after, unit)))
    if not report.waves:
        lines.append(INDENT + WORDS("nothing-destroyed"))
    if report.over:
        result = score(after)
        totals = " – ".join(str(s.score) for s in result.sides)
        if result.winner is None:
            lines.append(WORDS("game-over-even", scores=totals))
        else:
            name = side_names(after.names, after.names_ja, result.winner)
            lines.append(WORDS("game-over", side=result.winner, name=name, scores=totals))
    else:
        lines.append(WORDS("next-round", round=after.round))
    return tuple(lines)
