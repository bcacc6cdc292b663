"""``laminim optimize [--frame ID ...] [--threat ID|FILE] [--rounds N] [--top N] [--catalog DIR]
[--json]`` (docs/design.md "The command line"): every legal loadout of the catalog scored
against a threat, ranked.

The options, the size guard and the scoring are :mod:`builder.systems.laminim.optimizer`'s (the
TUI's suggest dialog uses the same); this module parses the command line and prints the
documented JSON or a table that fits 80 columns.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core import numbers
from builder.core.i18n import Labels, Lang, part_name
from builder.core.problems import InputError
from builder.systems.base import DEFAULT_ROUNDS, Command
from builder.systems.laminim.optimizer import optimize_catalog, option_problem
from builder.systems.options import whole_number

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog
    from builder.systems.laminim.rules import OptimizeResult, ScoredLoadout

DEFAULT_TOP = 10
MAX_ROUNDS = 50
WIDTH = 80


def configure(p: argparse.ArgumentParser) -> None:
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
    p.add_argument(
        "--rounds",
        type=whole_number(1, MAX_ROUNDS),
        default=DEFAULT_ROUNDS,
        metavar="N",
        help=f"rounds survived (default {DEFAULT_ROUNDS})",
    )
    p.add_argument(
        "--top",
        type=whole_number(0, 1_000_000),
        default=DEFAULT_TOP,
        metavar="N",
        help=f"list the best N loadouts (default {DEFAULT_TOP}; 0 lists all), text and JSON",
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
        help='machine-readable: {"threat", "rounds", "evaluated", "loadouts": [...]} best first',
    )


def command() -> Command:
    from builder.systems.laminim.declared import OPTIMIZE_HELP

    return Command("optimize", OPTIMIZE_HELP, configure, run)


def loadout_json(s: ScoredLoadout) -> dict[str, Any]:
    """One scored loadout as ``optimize --json`` lists it (``balance --json`` too)."""
    return {
        "frame": s.frame,
        "weapons": list(s.weapons),
        "payload": s.payload,
        "alive": s.alive,
        "expected_remaining": s.expected_remaining,
        "damage_all": s.damage_all,
        "pareto": s.pareto,
        "method": "exact" if s.interval is None else "sampled",
        **(
            {}
            if s.interval is None
            else {
                "interval": {
                    "alive": list(s.interval.alive),
                    "expected_remaining": list(s.interval.expected_remaining),
                }
            }
        ),
    }


def optimize_json(result: OptimizeResult, top: int = 0) -> dict[str, Any]:
    shown = result.loadouts[:top] if top else result.loadouts
    return {
        "threat": result.threat,
        "rounds": result.rounds,
        "evaluated": result.evaluated,
        "loadouts": [loadout_json(s) for s in shown],
    }


LABELS = Labels.load(__file__, "optimize_labels.yaml")
"""The words of ``optimize``'s text, in the language the command reports in."""


def weapon_names(s: ScoredLoadout, catalog: Catalog, lang: Lang = "en") -> str:
    """The mounted weapons by name, duplicates as ``2×Name``, in ``lang``'s list (the table
    wraps a long list between names; it shortens a name only when it truly has no room)."""
    counts: dict[str, int] = {}
    for wid in s.weapons:
        if wid is not None:
            name = part_name(catalog.weapon(wid), lang, wid)
            counts[name] = counts.get(name, 0) + 1
    named = [f"{n}×{name}" if n > 1 else name for name, n in counts.items()]
    return LABELS.t("list-comma", lang).join(named)


def percent(p: float) -> str:
    """A probability as a player reads it (builder.core.numbers: one decimal)."""
    return numbers.percent(p)


def small(x: float) -> str:
    return f"{x:.2f}" if x == 0 or x >= 0.005 else f"{x:.1e}"


def optimize_text(
    result: OptimizeResult, catalog: Catalog, top: int = DEFAULT_TOP, lang: Lang | None = None
) -> str:
    """The ranked table and its footer in ``lang`` (default: the language the command reports
    in), within 80 columns."""
    from builder.core.report_lang import current_lang
    from builder.systems.laminim.text import _table

    lang = lang or current_lang()
    t = LABELS.t
    threat = catalog.threat(result.threat)
    threat_name = (
        t("threat", lang, name=part_name(threat, lang), id=threat.id)
        if threat is not None
        else result.threat
    )
    front = [i for i, s in enumerate(result.loadouts) if s.pareto]
    shown = result.loadouts[:top] if top else result.loadouts
    rows = []
    alive = numbers.percents([s.alive for s in shown])  # the decimals that tell the rows apart
    for i, s in enumerate(shown):
        frame = catalog.frame(s.frame)
        rows.append(
            [
                f"{i + 1}{'*' if s.pareto else ''}",
                part_name(frame, lang, s.frame),
                weapon_names(s, catalog, lang=lang),
                f"{s.payload}/{frame.payload}" if frame is not None else str(s.payload),
                ("" if s.interval is None else "≈") + alive[i],
                ("" if s.interval is None else "≈") + small(s.expected_remaining),
                f"{s.damage_all:.2f}",
            ]
        )
    heads = ["number", "frame", "weapons", "payload", "alive", "remaining", "damage"]
    table = _table([t(k, lang) for k in heads], rows)
    lines = [
        t(
            "header",
            lang,
            threat=threat_name,
            rounds=result.rounds,
            evaluated=result.evaluated,
            front=len(front),
        ),
        "",
        table,
        "",
    ]
    if len(shown) < result.evaluated:
        lines.append(t("showing", lang, shown=len(shown), evaluated=result.evaluated))
    beyond = [i + 1 for i in front if i >= len(shown)]
    if beyond:
        listed = ", ".join(f"#{r}" for r in beyond[:12]) + (" …" if len(beyond) > 12 else "")
        lines.append(t("further", lang, listed=listed))
    lines.append(t("legend-alive", lang))
    lines.append(t("legend-damage", lang))
    if any(s.interval is not None for s in result.loadouts):
        lines.append(t("legend-sampled", lang))
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str) -> str:
    import textwrap

    from builder.core.text_table import columns, wrap

    if columns(line) <= WIDTH or "  " in line:
        return line
    if columns(line) > len(line):  # Japanese: wrap by terminal columns, between characters
        return "\n".join(wrap(line, WIDTH))
    return "\n".join(textwrap.wrap(line, WIDTH))


def run(args: argparse.Namespace) -> int:
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
        )
    except TooLarge as exc:  # check_size estimates every chain first; this is only a safety net
        raise InputError([option_problem("optimize", too_large(exc))]) from None
    if args.json:
        print(json.dumps(optimize_json(result, args.top), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(optimize_text(result, catalog, args.top) + "\n")
    return 0
