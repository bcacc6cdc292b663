"""The odds panel's numbers as plain text lines: hit chance, evasion, a damage bar chart, kill.

No Textual here: the panel widget only shows these lines, and tests read them directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len

from builder.core.i18n import Lang, part_name, shown_name
from builder.core.numbers import percent
from builder.systems import compare_fit as fit
from builder.systems.artifact.derive import Unit, all_units, unit_stats, weapon_stats
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit
from builder.systems.artifact.rules import AttackAction, OddsResult, attack_odds
from builder.systems.artifact.text import bar
from builder.systems.artifact.tui.labels import t

WIDTH = 30
"""Text columns inside the panel (its width in artifact.tcss less border and padding)."""
BAR_COLS = WIDTH - 18


def rjust(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal cells (a kanji takes two)."""
    return " " * max(0, width - cell_len(text)) + text


def modifier(k: int) -> str:
    """A D10 modifier as printed on the cards: 0, -1, -2 (never -0)."""
    return f"-{k}" if k else "0"


@dataclass(frozen=True)
class OddsChoice:
    """What the odds panel is set to (indexes wrap; the force may change under it)."""

    attacker: int = 0
    """Index into the force's members (the ship first, then the MS)."""
    weapon: int = 0
    target: int = 0
    """Index into the catalog's units (MS then ships)."""
    near: int = 0
    evade: bool = True
    evade_near: int = 0


def force_units(
    force: ForceFile, catalog: ArtifactCatalog, lang: Lang = "en"
) -> list[tuple[str, Unit]]:
    """The force's units found in the catalog, each by the name a player reads in ``lang``."""
    units = all_units(catalog)
    ship = force.ship
    out = [(shown_name(ship, lang), units[ship.type])] if ship.type in units else []
    out += [(shown_name(u, lang), units[u.type]) for u in force.units if u.type in units]
    return out


def catalog_targets(catalog: ArtifactCatalog) -> list[Unit]:
    return [*catalog.mobile_suits, *catalog.ships]


@dataclass(frozen=True)
class OddsView:
    lines: list[str]
    result: OddsResult | None


def compute(force: ForceFile, catalog: ArtifactCatalog, choice: OddsChoice, lang: Lang) -> OddsView:
    attackers = force_units(force, catalog, lang)
    if not attackers:
        return OddsView(["—"], None)
    name, attacker = attackers[choice.attacker % len(attackers)]
    weapon = attacker.weapons[choice.weapon % len(attacker.weapons)]
    targets = catalog_targets(catalog)
    target = targets[choice.target % len(targets)]
    stats = unit_stats(target)
    evade = choice.evade and isinstance(target, MobileSuit) and bool(target.propellant)
    action = AttackAction(weapon_stats(weapon), choice.near, choice.evade_near)
    result = attack_odds(action, stats, evade=evade)
    if not isinstance(target, MobileSuit):
        evade_text = t("ship_no_evade", lang)
    elif evade:
        evade_text = t("evade_on", lang).format(mod=modifier(choice.evade_near))
    else:
        evade_text = t("evade_off", lang)
    need = weapon.to_hit_ms if isinstance(target, MobileSuit) else weapon.to_hit_ship
    dice = t("dice", lang).format(n=weapon.attacks, need=need, d=weapon.damage)
    # the attacker is one of the force's units (its name), the target a catalog type; the
    # type goes on a line of its own rather than be cut
    mine = [f"{t('your_unit', lang)}: {name} ({part_name(attacker, lang)})"]
    if cell_len(mine[0]) > WIDTH:
        mine = [fit(f"{t('your_unit', lang)}: {name}", WIDTH)]
        mine.append(fit(f"  ({part_name(attacker, lang)})", WIDTH))
    lines = [
        *mine,
        fit(f"{t('weapon', lang)}: {part_name(weapon, lang)}", WIDTH),
        fit(f"  {dice}", WIDTH),
        fit(f"{t('target_type', lang)}: {part_name(target, lang)} HP {target.hp}", WIDTH),
        f"{t('near', lang)}: {modifier(choice.near)}",
        f"{t('evade', lang)}: {evade_text}",
        f"{t('p_hit', lang)} {percent(result.p_hit)}",
    ]
    if result.p_evade is not None:
        lines.append(f"{t('p_evade', lang)} {percent(result.p_evade)}")
    lines.append("")
    lines.append(f"{rjust(t('hits', lang), 4)} {rjust(t('dmg', lang), 4)} {rjust('P', 6)}")
    for k, p in enumerate(result.hits):
        dmg = min(k * weapon.damage, result.target_hp)
        lines.append(f"{k:>4} {dmg:>4} {percent(p):>6} {bar(p, BAR_COLS)}")
    lines += [
        f"{t('exp_dmg', lang)} {result.expected_damage:.2f}",
        f"{t('kill', lang)} {percent(result.p_kill)}",
    ]
    return OddsView(lines, result)
