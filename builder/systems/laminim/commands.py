"""LAMINIM's own sub-commands (docs/design.md "The command line"): options and runs.

- ``laminim optimize [--frame ID ...] [--threat ID|FILE] [--rounds N] [--top N] [--rank R]
  [--catalog DIR] [--json]``: every legal loadout of the catalog scored against a threat,
  ranked (the scoring is :mod:`builder.systems.laminim.optimizer`'s, which the TUI's suggest
  dialog uses too; the output :mod:`optimize_text`'s);
- ``laminim balance [--catalog DIR] [--threat ID|FILE ...] [--rounds N] [--json] [-o PDF]
  [--suggest [--write DIR]]``: the designer's report across every frame, weapon and threat of
  a catalog (docs/balance.md; :mod:`balance`, :mod:`balance_text`, :mod:`balance_report`),
  and with ``--suggest`` the fitted costs (:mod:`suggest`, :mod:`suggest_text`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.i18n import Labels, Lang
from builder.core.problems import InputError
from builder.core.report_lang import current_lang
from builder.systems.base import DEFAULT_ROUNDS, Command
from builder.systems.laminim.declared import (
    BALANCE_HELP,
    DEFAULT_TOP,
    MAX_ROUNDS,
    OPTIMIZE_HELP,
    RANKS,
)
from builder.systems.laminim.optimizer import option_problem
from builder.systems.options import balance_options, whole_number

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog


def commands() -> list[Command]:
    return [
        Command("optimize", OPTIMIZE_HELP, configure_optimize, run_optimize),
        Command("balance", BALANCE_HELP, configure_balance, run_balance),
    ]


def rounds_option(p: argparse.ArgumentParser) -> None:
    """``--rounds N``, as ``optimize`` and ``balance`` score a loadout: rounds survived."""
    p.add_argument(
        "--rounds",
        type=whole_number(1, MAX_ROUNDS),
        default=DEFAULT_ROUNDS,
        metavar="N",
        help=f"rounds survived (default {DEFAULT_ROUNDS})",
    )


# --- optimize -------------------------------------------------------------------------------


def configure_optimize(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--frame",
        dest="frames",
        action="extend",
        nargs="+",
        default=None,
        metavar="ID",
        help="only loadouts of these frames, by id or name (default: every frame of the catalog)",
    )
    p.add_argument(
        "--threat",
        metavar="ID|FILE",
        help="threat id or name, or a YAML file (default: the catalog's)",
    )
    rounds_option(p)
    p.add_argument(
        "--top",
        type=whole_number(0, 1_000_000),
        default=DEFAULT_TOP,
        metavar="N",
        help=f"list the best N loadouts (default {DEFAULT_TOP}; 0 lists all), text and JSON",
    )
    p.add_argument(
        "--rank",
        choices=RANKS,
        default=RANKS[0],
        help="rank by: delivered (damage dealt over the rounds, D25), alive, remaining, damage "
        "(per round) or payload (lightest first); ties go to the others in that order "
        "(default: delivered)",
    )
    p.add_argument("--catalog", type=Path, metavar="DIR", help="parts catalog folder")
    p.add_argument(
        "--exact",
        action="store_true",
        help="refuse (exit 2) a loadout beyond the exact chain's budget instead of estimating "
        "it by sampling",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='machine-readable: {"threat", "rounds", "rank", "evaluated", "loadouts": [...]} '
        "best first",
    )


def run_optimize(args: argparse.Namespace) -> int:
    from builder.systems.laminim.optimize_text import optimize_json, optimize_text
    from builder.systems.laminim.optimizer import optimize_catalog
    from builder.systems.laminim.optimizer_run import terminal_progress
    from builder.systems.laminim.refusals import too_large
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.system import SYSTEM

    catalog = SYSTEM.load_catalog(args.catalog)
    try:
        result = optimize_catalog(
            catalog,
            args.frames,
            args.threat,
            args.rounds,
            args.catalog,
            terminal_progress(),
            args.exact,
            args.rank,
        )
    except TooLarge as exc:  # check_size estimates every chain first; this is only a safety net
        raise InputError([option_problem("optimize", too_large(exc))]) from None
    if args.json:
        print(json.dumps(optimize_json(result, args.top), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(optimize_text(result, catalog, args.top) + "\n")
    return 0


# --- balance --------------------------------------------------------------------------------


def configure_balance(p: argparse.ArgumentParser) -> None:
    p.add_argument("--system", choices=["laminim"], help=argparse.SUPPRESS)
    p.add_argument("--catalog", type=Path, metavar="DIR", help="parts catalog folder")
    p.add_argument(
        "--threat",
        dest="threats",
        action="extend",
        nargs="+",
        default=None,
        metavar="ID|FILE",
        help="threat ids or names, or YAML files (default: every threat of the catalog)",
    )
    rounds_option(p)
    p.add_argument(
        "--exact",
        action="store_true",
        help="refuse (exit 2) a loadout beyond the exact chain's budget instead of sampling it",
    )
    balance_options(p, Labels.load(__file__, "help_labels.yaml"), "REPORT.pdf")


def run_balance(args: argparse.Namespace) -> int:
    from builder.catalogs.fitted import refuse_lone_write
    from builder.systems.laminim.balance import run_balance as report
    from builder.systems.laminim.balance_text import balance_json, balance_text
    from builder.systems.laminim.optimizer_run import terminal_progress
    from builder.systems.laminim.refusals import too_large
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.system import SYSTEM

    lang = args.lang or current_lang()  # the shell's --lang, else LAMINIM_LANG
    refuse_lone_write(args)
    catalog = SYSTEM.load_catalog(args.catalog)
    if args.suggest:
        return _suggest(args, catalog, lang)
    try:
        found = report(
            catalog, args.threats, args.rounds, args.catalog, terminal_progress(), args.exact
        )
    except TooLarge as exc:  # check_size estimates every chain first; this is only a safety net
        raise InputError([option_problem("balance", too_large(exc))]) from None
    if args.json:
        print(json.dumps(balance_json(found, catalog), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(balance_text(found, catalog, lang) + "\n")
    if args.output is not None:
        from builder.render.report_file import write_report
        from builder.systems.laminim.balance_report import report_printout

        return write_report(report_printout(found, catalog, lang, args.paper), args.output, lang)
    return 0


def _suggest(args: argparse.Namespace, catalog: Catalog, lang: Lang) -> int:
    """``--suggest``: the search, its text or JSON, and ``--write``."""
    from builder.catalogs.fitted import write_fitted, written_note
    from builder.core.resources import bundled_catalog_dir
    from builder.systems.laminim.catalog import CATALOG_FILES
    from builder.systems.laminim.optimizer_run import terminal_progress
    from builder.systems.laminim.refusals import too_large
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.suggest import suggest
    from builder.systems.laminim.suggest_text import LABELS, suggest_json, suggest_text

    def phase(name: str) -> Callable[[int, int], None] | None:
        return terminal_progress(words=LABELS, key=f"progress-{name}")

    try:
        found = suggest(catalog, args.threats, args.rounds, args.catalog, phase, args.exact)
    except TooLarge as exc:  # sizes are checked first; this is only a safety net
        raise InputError([option_problem("balance", too_large(exc))]) from None
    written = None
    root = Path(args.catalog) if args.catalog is not None else bundled_catalog_dir("laminim")
    if args.write is not None and found.verified and found.changes:
        index = {("weapon", w.id): i for i, w in enumerate(catalog.weapons)}
        index |= {("frame", f.id): i for i, f in enumerate(catalog.frames)}
        edits = []
        said = []
        for i, step in found.changes:
            part = found.parts[i]
            key = "weapons" if part.kind == "weapon" else "frames"
            edits.append((key, index[(part.kind, part.id)], part.field, part.value + step))
            said.append(f"{part.id} {part.field} {part.value} → {part.value + step}")
        files = (CATALOG_FILES, ("threats.yaml",))
        folder, version = write_fitted(root, args.write, *files, edits, said)
        written = {"folder": str(folder), "version": version}
    if args.json:
        print(json.dumps(suggest_json(found, written), ensure_ascii=False, indent=2))
    else:
        note = written_note(written, args.write, root, lang)
        sys.stdout.write(suggest_text(found, catalog, lang) + note + "\n")
    if args.output is not None:
        from builder.render.report_file import write_report
        from builder.systems.laminim.balance_report import report_printout

        return write_report(
            report_printout(found.base, catalog, lang, args.paper), args.output, lang
        )
    return 0
