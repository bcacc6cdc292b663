"""``analyze`` and ``plan``: derived values, odds and the AP planner of crew characters against
a chosen opponent (a character of the crew, a catalog stock opponent, or one in another file).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from builder.core.file_unit import split_file_unit
from builder.core.input_files import exists_safely
from builder.core.messages import Message, Messages
from builder.core.names import Names, fold
from builder.core.problems import InputError, Problem, suggest
from builder.systems.soh.derive import Derived, WeaponLine, derive
from builder.systems.soh.models import Catalog, Character, Crew, Weapon
from builder.systems.soh.rules import Combatant, OddsResult, Plan, normalise_ap, odds, plan
from builder.systems.soh.rules.planner import MAX_PLANNER_AP, Objective

MESSAGES = Messages.load(__file__)


def _bad(where: str, message: Message) -> InputError:
    return InputError([Problem(where, None, None, "", message)])


def resolve_opponent(spec: str | None, crew: Crew, catalog: Catalog) -> tuple[Character, str]:
    """The opponent ``--threat`` names and where it came from (crew / catalog / a file).

    ``spec``: a character name of the crew, a catalog opponent id, or ``FILE`` / ``FILE:NAME``
    (another crew file; its first character without NAME). None: the catalog's first opponent.
    """
    if spec is None:
        if catalog.opponents:
            return catalog.opponents[0], "catalog"
        return crew.characters[0], "crew"
    for ch in crew.characters:
        if _named(ch, spec):
            return ch, "crew"
    found = catalog.opponent(spec)
    if found is not None:
        return found, "catalog"
    path, unit = split_file_unit(spec)  # split on the text: a long NAME is no path to stat
    name = unit or ""
    if exists_safely(path):
        from builder.roster.team_file import load_team

        _system, other = load_team(path, expected="soh")
        assert isinstance(other, Crew)
        if not name:
            return other.characters[0], str(path)
        for ch in other.characters:
            if _named(ch, name):
                return ch, str(path)
        names = [c.name for c in other.characters]
        hint = suggest(name, names)
        raise _bad("--threat", MESSAGES("no-character-in", name=name, path=str(path), hint=hint))
    choices = [c.name for c in crew.characters] + [o.id for o in catalog.opponents]
    hint = suggest(spec, choices)
    raise _bad("--threat", MESSAGES("no-opponent", spec=spec, hint=hint, choices=_listed(choices)))


def pick_unit(crew: Crew, name: str | None) -> list[Character]:
    if name is None:
        return list(crew.characters)
    for ch in crew.characters:
        if _named(ch, name):
            return [ch]
    names = [c.name for c in crew.characters]
    hint = suggest(name, names)
    listed = (", ".join(names), "、".join(c.name_ja or c.name for c in crew.characters))
    raise _bad("--unit", MESSAGES("no-character", name=name, hint=hint, names=listed))


def one_die_odds(w: WeaponLine, target: Derived, evasion_dice: int) -> OddsResult:
    return odds(
        w.hit,
        1,
        target.evasion,
        evasion_dice,
        w.weapon.damage,
        target.durability_against(w.weapon.type),
    )


def best_weapon(me: Derived, other: Derived) -> WeaponLine | None:
    """The weapon with the most expected wounds for one 1-die attack against an unevading
    ``other`` (ties: the first listed)."""
    best: tuple[float, WeaponLine] | None = None
    for w in me.weapons:
        e = one_die_odds(w, other, 0).expected_wounds
        if best is None or e > best[0] + 1e-12:
            best = (e, w)
    return best[1] if best else None


def _weapon(me: Derived, weapon_id: str | None, other: Derived, option: str) -> WeaponLine | None:
    if weapon_id is None:
        return best_weapon(me, other)
    carried = Names([w.weapon for w in me.weapons])
    found = carried.get(weapon_id)
    if found is not None:
        return next(w for w in me.weapons if w.weapon.id == found.id)
    ids = [w.weapon.id for w in me.weapons]
    unknown = partial(
        MESSAGES,
        "carries-no",
        name=me.name,
        weapon=weapon_id,
        weapons=_listed(ids) if ids else MESSAGES("none"),
    )
    raise _bad(option, carried.refusal(weapon_id, unknown))


def combatant(me: Derived, w: WeaponLine | None, their: Weapon | None) -> Combatant:
    """A planner side: ``me`` with weapon ``w``, durable against the other's weapon ``their``."""
    dur = me.durability_against(their.type) if their else max(me.durability_a, me.durability_b)
    if w is None:
        return Combatant(me.ap, 0, me.evasion, 0, dur, None)
    return Combatant(me.ap, w.hit, me.evasion, w.weapon.damage, dur, w.weapon.rate)


@dataclass(frozen=True)
class Matchup:
    me: Derived
    opponent: Derived
    weapon: Weapon | None
    opponent_weapon: Weapon | None
    opponent_evasion_dice: int
    plan: Plan


def matchup(
    me: Derived,
    opponent: Derived,
    opponent_evasion_dice: int | None = None,
    weapon: str | None = None,
    opponent_weapon: str | None = None,
    objective: Objective = "net",
) -> Matchup:
    """The planner table of ``me`` against ``opponent``; InputError for impossible requests."""
    for side in (me, opponent):
        if not 0 <= side.ap <= MAX_PLANNER_AP:
            message = MESSAGES("planner-ap", name=side.name, ap=side.ap, most=MAX_PLANNER_AP)
            raise _bad("AP", message)
    mine = _weapon(me, weapon, opponent, "--weapon")
    theirs = _weapon(opponent, opponent_weapon, me, "--opponent-weapon")
    evade = opponent.ap // 2 if opponent_evasion_dice is None else opponent_evasion_dice
    if not 0 <= evade <= opponent.ap:
        message = MESSAGES("evasion-dice-range", name=opponent.name, ap=opponent.ap, got=evade)
        raise _bad("--opponent-evasion", message)
    table = plan(
        combatant(me, mine, theirs.weapon if theirs else None),
        combatant(opponent, theirs, mine.weapon if mine else None),
        evade,
        objective=objective,
    )
    return Matchup(
        me, opponent, mine.weapon if mine else None, theirs.weapon if theirs else None, evade, table
    )


def derive_pair(crew: Crew, catalog: Catalog, opponent: Character) -> tuple[list[Derived], Derived]:
    """Every crew character and the opponent derived together: D15 raises all their AP alike."""
    chars = list(crew.characters)
    aps = normalise_ap([c.ap for c in chars] + [opponent.ap])
    return (
        [derive(c, catalog, ap) for c, ap in zip(chars, aps, strict=False)],
        derive(opponent, catalog, aps[-1]),
    )


@dataclass(frozen=True)
class CharacterAnalysis:
    derived: Derived
    opponent_evasion_dice: int
    attack_odds: tuple[OddsResult, ...]
    my_evasion_dice: int
    incoming: tuple[str, OddsResult] | None
    matchup: Matchup


@dataclass(frozen=True)
class Analysis:
    opponent: Derived
    opponent_from: str
    characters: tuple[CharacterAnalysis, ...]


def analyze_crew(crew: Crew, catalog: Catalog, unit: str | None, threat: str | None) -> Analysis:
    chosen = {c.name for c in pick_unit(crew, unit)}
    opp_char, source = resolve_opponent(threat, crew, catalog)
    everyone, opp = derive_pair(crew, catalog, opp_char)
    out = []
    for d in everyone:
        if d.name not in chosen:
            continue
        e_opp = opp.ap // 2
        attack = tuple(one_die_odds(w, opp, e_opp) for w in d.weapons)
        e_me = d.ap // 2
        theirs = best_weapon(opp, d)
        incoming = (theirs.weapon.id, one_die_odds(theirs, d, e_me)) if theirs else None
        out.append(CharacterAnalysis(d, e_opp, attack, e_me, incoming, matchup(d, opp)))
    return Analysis(opp, source, tuple(out))


def _listed(words: list[str]) -> tuple[str, str]:
    """``words`` for a message, in each language's commas."""
    return (", ".join(words), "、".join(words))


def _named(ch: Character, written: str) -> bool:
    """Whether ``written`` names ``ch``: its name or its Japanese name, as written or after
    NFKC and case folding (:func:`builder.core.names.fold`)."""
    if written == ch.name:
        return True
    return fold(written) in {fold(n) for n in (ch.name, ch.name_ja) if n}
