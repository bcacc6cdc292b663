"""The artifact sub-commands: ``laminim odds --system artifact``, the exact odds of one attack (its
JSON: docs/design.md "Gundam Artifact"), and ``laminim balance --system artifact``, the
activation matrix and its fitted counts (docs/balance.md; words in ``balance_text.py`` and
``suggest.py``)."""

from __future__ import annotations

import argparse
import json
from functools import partial
from pathlib import Path
from typing import Any

from builder.core.i18n import Labels
from builder.core.messages import Message, Messages
from builder.core.names import known
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.core.text_table import fit_text
from builder.systems.artifact.declared import BALANCE_HELP, ODDS_HELP
from builder.systems.base import Command
from builder.systems.options import balance_options

MESSAGES = Messages.load(__file__)


def _refuse(message: Message) -> argparse.ArgumentTypeError:
    """argparse's error for an option's value, in the language the command reports in."""
    return argparse.ArgumentTypeError(message.text(current_lang()))


def _modifier(text: str) -> int:
    """K enemy MS (the modifier the cards and the odds text print as -K)."""
    try:
        value = int(text)
    except ValueError:
        raise _refuse(MESSAGES("whole-number", got=repr(text))) from None
    if value < 0:
        raise _refuse(MESSAGES("near-negative", value=value, count=-value))
    if not value <= 10:
        raise _refuse(MESSAGES("near-range", value=value))
    return value


def _hp(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise _refuse(MESSAGES("whole-number", got=repr(text))) from None


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--system", choices=["artifact"], help=argparse.SUPPRESS)
    p.add_argument(
        "--attacker",
        required=True,
        metavar="ID",
        help="attacking MS or ship: its catalog id or name "
        "(`laminim parts --system artifact` lists them)",
    )
    p.add_argument(
        "--weapon",
        required=True,
        metavar="ID",
        help="one of the attacker's weapons, by id or name (`funnel`)",
    )
    p.add_argument(
        "--target", required=True, metavar="ID", help="target MS or ship, by catalog id or name"
    )
    p.add_argument(
        "--near",
        type=_modifier,
        default=0,
        metavar="K",
        help="D10 attack modifier: enemy MS within 10 cm of the attacker, target excluded "
        "(K for modifier -K; default 0)",
    )
    p.add_argument(
        "--evade",
        action="store_true",
        help="the target (an MS with P left) evades every hit, 4+ each (D11)",
    )
    p.add_argument(
        "--evade-near",
        type=_modifier,
        default=0,
        metavar="J",
        help="with --evade, the D10 evasion modifier: enemy MS within 10 cm of the target, "
        "attacker excluded (J for modifier -J; default 0)",
    )
    p.add_argument("--target-hp", type=_hp, metavar="H", help="the target's HP now (default: full)")
    p.add_argument(
        "--catalog", type=Path, metavar="DIR", help="catalog folder (default: the bundled one)"
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _bad(option: str, message: Message) -> InputError:
    return InputError([Problem(option, None, None, "", message)])


def run(args: argparse.Namespace) -> int:
    from builder.systems.artifact.catalog import load_catalog
    from builder.systems.artifact.derive import (
        all_units,
        find_weapon,
        unit_stats,
        unknown_weapon,
        weapon_stats,
    )
    from builder.systems.artifact.rules import AttackAction, attack_odds
    from builder.systems.artifact.text import odds_text

    catalog = load_catalog(args.catalog)
    units = all_units(catalog)
    problems = []
    for option, value in (("--attacker", args.attacker), ("--target", args.target)):
        if value not in units:
            listed = known(units[u] for u in units)
            unknown = partial(MESSAGES, "unknown-unit-known", unit=value, known=listed)
            message = units.names.refusal(value, unknown)
            problems.append(Problem(option, None, None, "", message))
    if problems:
        raise InputError(problems)
    attacker, target = units[args.attacker], units[args.target]
    weapon = find_weapon(attacker, args.weapon)
    if weapon is None:
        raise _bad("--weapon", unknown_weapon(attacker, args.weapon))
    stats = unit_stats(target)
    if args.evade_near and not args.evade:
        raise _bad("--evade-near", MESSAGES("evade-near-alone"))
    if args.evade and stats.kind == "ship":
        raise _bad("--evade", MESSAGES("ship-never-evades", unit=target.id))
    if args.evade and not stats.propellant:
        raise _bad("--evade", MESSAGES("no-propellant", unit=target.id))
    if args.target_hp is not None and not 1 <= args.target_hp <= target.hp:
        message = MESSAGES("target-hp-range", hp=target.hp, unit=target.id, got=args.target_hp)
        raise _bad("--target-hp", message)
    action = AttackAction(weapon_stats(weapon), args.near, args.evade_near)
    result = attack_odds(action, stats, evade=args.evade, target_hp=args.target_hp)
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
    else:
        text = odds_text(attacker, weapon, target, args.near, args.evade, args.evade_near, result)
        print(fit_text(text))
    return 0


ODDS = Command("odds", ODDS_HELP, configure, run)


# --- balance --------------------------------------------------------------------------------


def configure_balance(p: argparse.ArgumentParser) -> None:
    """``laminim balance --system artifact [--catalog DIR] [--json] [-o MATRIX.pdf]
    [--suggest [--write DIR]]`` (docs/balance.md)."""
    p.add_argument("--system", choices=["artifact"], help=argparse.SUPPRESS)
    p.add_argument("--catalog", type=Path, metavar="DIR", help="catalog folder")
    balance_options(p, Labels.load(__file__, "help_labels.yaml"), "MATRIX.pdf")


def run_balance(args: argparse.Namespace) -> int:
    import sys

    from builder.catalogs.fitted import refuse_lone_write
    from builder.systems.artifact.balance_text import (
        matrix,
        matrix_context,
        matrix_json,
        matrix_text,
    )
    from builder.systems.artifact.catalog import load_catalog
    from builder.systems.base import Printout

    refuse_lone_write(args)
    catalog = load_catalog(args.catalog)
    lang = args.lang or current_lang()
    if args.suggest:
        _suggest(args, catalog, lang)
    else:
        cells = matrix(catalog)
        if args.json:
            print(json.dumps(matrix_json(cells, catalog), ensure_ascii=False, indent=2))
        else:
            sys.stdout.write(matrix_text(cells, catalog, lang) + "\n")
    if args.output is not None:
        from builder.render.report_file import write_report

        context = matrix_context(matrix(catalog), catalog, lang, args.paper)
        sheet = Printout("balance", "artifact/balance.html", context)
        return write_report(sheet, args.output, lang)
    return 0


def _suggest(args: argparse.Namespace, catalog: Any, lang: Any) -> None:
    import sys

    from builder.catalogs.fitted import write_fitted, written_note
    from builder.core.resources import bundled_catalog_dir
    from builder.systems.artifact.catalog import CATALOG_FILES
    from builder.systems.artifact.suggest import fit, fit_json, fit_text

    found = fit(catalog)
    written = None
    root = Path(args.catalog) if args.catalog is not None else bundled_catalog_dir("artifact")
    if args.write is not None and found.verified and found.changes:
        index = {s.id: i for i, s in enumerate(catalog.ships)}
        edits = [("ships", index[sid], "capacity", new) for sid, _, new in found.changes]
        said = [f"{sid} capacity {old} → {new}" for sid, old, new in found.changes]
        folder, version = write_fitted(root, args.write, CATALOG_FILES, (), edits, said)
        written = {"folder": str(folder), "version": version}
    if args.json:
        print(json.dumps(fit_json(found, written), ensure_ascii=False, indent=2))
        return
    sys.stdout.write(fit_text(found, lang) + written_note(written, args.write, root, lang) + "\n")


BALANCE = Command("balance", BALANCE_HELP, configure_balance, run_balance)
