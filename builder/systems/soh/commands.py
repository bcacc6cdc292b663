"""The soh sub-commands: ``laminim odds --system soh`` (docs/design.md "The command line") and
``laminim plan``.

``odds`` is offered by several systems: the generic CLI parses ``--system`` and hands the rest to
:func:`configure_odds`; when soh is the only system offering it, ``--system soh`` is accepted
here so the documented command line works either way.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from builder.core.text_table import fit_text
from builder.systems.base import Command
from builder.systems.soh.declared import ODDS_HELP, PLAN_HELP

VALUE_LIMIT = 1000
DAMAGE_LIMIT = 100_000
ODDS_VALUES = {  # each required number of ``odds``: its metavar and its help
    "hit": ("V", "hit value (ability - weapon size + skill, plus bonuses)"),
    "attack-dice": ("N", "dice on the attack, best one kept (0: the value alone)"),
    "evasion": ("V", "evasion value (agility - size + evasion skill)"),
    "evasion-dice": ("M", "AP put into evasion this round (0: the value alone)"),
    "damage": ("D", "the weapon's damage value"),
    "durability": ("T", "the target's durability against the weapon's type"),
}


def _int_in(low: int, high: int, what: str) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``; ``what`` is the key of its name in the
    messages, and argparse's refusal is in the language the command reports in."""
    from builder.core.report_lang import current_lang
    from builder.systems.soh.analysis import MESSAGES

    def refuse(key: str, **params: object) -> argparse.ArgumentTypeError:
        message = MESSAGES(key, what=MESSAGES(what), **params)
        return argparse.ArgumentTypeError(message.text(current_lang()))

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise refuse("whole-number", got=repr(text)) from None
        if not low <= value <= high:
            raise refuse("out-of-range", low=low, high=high, got=value)
        return value

    return parse


def configure_odds(p: argparse.ArgumentParser) -> None:
    from builder.systems.soh.rules import MAX_DICE

    p.add_argument("--system", choices=["soh"], default="soh", help=argparse.SUPPRESS)
    lim, most = VALUE_LIMIT, DAMAGE_LIMIT
    bounds = {  # each number's least and greatest value and its name in the messages
        "hit": (-lim, lim, "what-hit"),
        "attack-dice": (0, MAX_DICE, "what-attack-dice"),
        "evasion": (-lim, lim, "what-evasion"),
        "evasion-dice": (0, MAX_DICE, "what-evasion-dice"),
        "damage": (0, most, "what-damage"),
        "durability": (1, most, "what-durability"),
    }
    for name, (low, high, what) in bounds.items():
        metavar, text = ODDS_VALUES[name]
        number = _int_in(low, high, what)
        p.add_argument(f"--{name}", required=True, type=number, metavar=metavar, help=text)
    p.add_argument(
        "--targets",
        type=_int_in(1, 1 << 20, "what-targets"),
        default=1,
        metavar="N",
        help="packed targets, any of which may be hit (+1 per doubling)",
    )
    p.add_argument(
        "--track",
        type=_int_in(1, DAMAGE_LIMIT, "what-track"),
        metavar="R",
        help="wounds left on the target's track: adds the chance this attack puts it out "
        "of play (a battle record's target, D23)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run_odds(args: argparse.Namespace) -> int:
    from builder.systems.soh.rules import odds
    from builder.systems.soh.text import odds_text

    values = {
        k: getattr(args, k)
        for k in (
            "hit",
            "attack_dice",
            "evasion",
            "evasion_dice",
            "damage",
            "durability",
            "targets",
        )
    }
    result = odds(**values)
    track = getattr(args, "track", None)
    if args.json:
        document = result.as_json()
        if track is not None:
            document |= {"track_left": track, "p_out": result.p_wounds_at_least(track)}
        print(json.dumps(document, indent=2))
    else:
        text = odds_text(result, values)
        if track is not None:
            from builder.core.numbers import percent
            from builder.core.report_lang import current_lang
            from builder.systems.soh.text import WORDS

            lang = current_lang()
            p_out = percent(result.p_wounds_at_least(track))
            said = WORDS.t("odds-track", lang, left=track, p=p_out)
            text += "\n" + said
        print(fit_text(text))
    return 0


def configure_plan(p: argparse.ArgumentParser) -> None:
    p.add_argument("team", type=Path, metavar="CREW.yaml", help="crew file (system: soh)")
    p.add_argument("--unit", metavar="NAME", help="the character who plans (default: the first)")
    p.add_argument(
        "--threat",
        metavar="OPPONENT",
        help="a character of the crew, a catalog opponent (id or name), or FILE[:NAME] "
        "(default: the catalog's first opponent)",
    )
    p.add_argument(
        "--weapon",
        metavar="ID",
        help="your weapon, by id or name (default: your best against them)",
    )
    p.add_argument(
        "--opponent-weapon",
        metavar="ID",
        help="their weapon, by id or name (default: their best against you)",
    )
    p.add_argument(
        "--opponent-evasion",
        type=_int_in(0, 60, "what-opponent-evasion"),
        metavar="M",
        help="dice the opponent declared for evasion (default: half its AP)",
    )
    p.add_argument(
        "--objective",
        choices=["net", "dealt", "safe"],
        default="net",
        help="net: most wounds dealt minus taken; dealt: most dealt; safe: least "
        "risk of taking ×2 or more (default: net)",
    )
    p.add_argument("--catalog", metavar="DIR", type=Path, help="catalog folder")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def run_plan(args: argparse.Namespace) -> int:
    from builder.core.problems import InputError
    from builder.roster.team_file import read_team
    from builder.systems.soh.analysis import derive_pair, matchup, pick_unit, resolve_opponent
    from builder.systems.soh.catalog import load_catalog
    from builder.systems.soh.legality import check_crew
    from builder.systems.soh.models import Crew
    from builder.systems.soh.plan_text import matchup_json, plan_text
    from builder.systems.soh.read import SohRead

    system, read = read_team(args.team, expected="soh")
    if system is None or read.team is None:
        raise InputError(read.problems)
    catalog = load_catalog(args.catalog)
    assert isinstance(read, SohRead)
    report = check_crew(read, catalog)
    if report.exit_code == 2:
        raise InputError(report.errors)
    crew = read.team
    assert isinstance(crew, Crew)
    me_char = pick_unit(crew, args.unit)[0]
    opp_char, _source = resolve_opponent(args.threat, crew, catalog)
    everyone, opp = derive_pair(crew, catalog, opp_char)
    me = next(d for d in everyone if d.name == me_char.name)
    m = matchup(me, opp, args.opponent_evasion, args.weapon, args.opponent_weapon, args.objective)
    if args.json:
        print(json.dumps(matchup_json(m), ensure_ascii=False, indent=2))
    else:
        print(fit_text(plan_text(m)))
        for problem in report.errors:
            print(problem, file=sys.stderr)
    return 0


def commands() -> list[Command]:
    return [
        Command("odds", ODDS_HELP, configure_odds, run_odds),
        Command("plan", PLAN_HELP, configure_plan, run_plan),
    ]
