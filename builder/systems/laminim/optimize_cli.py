"""``laminim optimize [--frame ID ...] [--threat ID|FILE] [--rounds N] [--top N] [--catalog DIR]
[--json]`` (DESIGN.md): every legal loadout of the catalog scored against a threat, ranked.

The scoring, ranking and Pareto front are the rules core's (``rules/optimize.py``); this module
turns the catalog into its options, guards the job's size before computing anything, and prints
the documented JSON or a table that fits 80 columns.

Size. Every loadout's exact chain is estimated first (``rules.estimate``, microseconds each): a
loadout beyond the rules core's budget gets the seeded sampled estimate (``rules.sampled``,
marked ``"method": "sampled"`` with 95 % intervals), or with ``--exact`` is bad input located at
its frame in the catalog (as is one beyond even the sampler's dice limit). The total is not
limited: any catalog whose single loadouts fit is scored, with progress on a
terminal's stderr (``optimizer_run``); Ctrl-C stops it (exit 130).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core.problems import InputError, Problem, did_you_mean
from builder.systems.base import DEFAULT_ROUNDS, Command

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog, Threat
    from builder.systems.laminim.rules import OptimizeResult, ScoredLoadout, ThreatSpec
    from builder.systems.laminim.rules.optimize import FrameOption, Slots, WeaponOption

DEFAULT_TOP = 10
MAX_ROUNDS = 50
WIDTH = 80


def _whole(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be {low}-{high}, got {value}")
        return value

    return parse


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--frame",
        dest="frames",
        action="extend",
        nargs="+",
        default=None,
        metavar="ID",
        help="only loadouts of these frames (default: every frame of the catalog)",
    )
    p.add_argument(
        "--threat", metavar="ID|FILE", help="threat id or a YAML file (default: the catalog's)"
    )
    p.add_argument(
        "--rounds",
        type=_whole("rounds", 1, MAX_ROUNDS),
        default=DEFAULT_ROUNDS,
        metavar="N",
        help=f"rounds survived (default {DEFAULT_ROUNDS})",
    )
    p.add_argument(
        "--top",
        type=_whole("top", 0, 1_000_000),
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
    return Command(
        "optimize",
        "rank every legal loadout of the LAMINIM catalog against a threat (Pareto front marked)",
        configure,
        run,
    )


# --- options from the catalog --------------------------------------------------------------------


def _option_problem(option: str, message: str) -> Problem:
    return Problem(option, None, None, "", message)


def pick_frames(catalog: Catalog, ids: Sequence[str] | None) -> list[FrameOption]:
    """The catalog's frames (all, or those named, in the order given); InputError for unknowns."""
    from builder.systems.laminim.rules import FrameOption

    known = [f.id for f in catalog.frames]
    wanted = list(dict.fromkeys(ids)) if ids else known
    problems = [
        _option_problem(
            "--frame", f"unknown frame '{i}'{did_you_mean(i, known)}; known: {', '.join(known)}"
        )
        for i in wanted
        if catalog.frame(i) is None
    ]
    if problems:
        raise InputError(problems)
    frames = [catalog.frame(i) for i in wanted]
    return [FrameOption(f.id, f.durability, f.payload) for f in frames if f is not None]


def weapon_options(catalog: Catalog) -> list[WeaponOption]:
    from builder.systems.laminim.rules import WeaponOption
    from builder.systems.laminim.specs import weapon_spec

    return [WeaponOption(weapon_spec(w), w.weight) for w in catalog.weapons]


# --- size -----------------------------------------------------------------------------------------


def _loadout_text(frame: FrameOption, slots: Slots) -> str:
    return f"{frame.id} [{', '.join(w.id if w else 'empty' for w in slots)}]"


def _chain_key(frame: FrameOption, slots: Slots) -> tuple:
    """What the chain's size depends on, so loadouts it computes once are counted once."""

    def part(w: WeaponOption | None) -> str:
        if w is None:
            return ""
        cooks = bool(w.spec.cook_off_dice)
        return repr(
            (w.spec.durability, cooks and w.spec.power, cooks and w.spec.ammo, w.spec.guard)
        )

    return (frame.durability, tuple(sorted(part(w) for w in slots)))


def check_size(
    frames: Sequence[FrameOption],
    weapons: Sequence[WeaponOption],
    threat: ThreatSpec,
    rounds: int,
    min_weapons: int,
    locate: Callable[[int, str], Problem],
    exact: bool = True,
) -> int:
    """Estimate every loadout's chain; the summed work, or InputError when over a budget.

    ``locate(i, message)`` places a problem at ``frames[i]``. One line per frame with a loadout
    beyond the single-job budget (its first such loadout, and how many more); with ``exact``
    False, only one beyond the sampler's limit too (the others are sampled).
    """
    from builder.systems.laminim.rules import TooLarge, UnitSpec, check_budget
    from builder.systems.laminim.rules.optimize import loadouts
    from builder.systems.laminim.rules.sampled import check_sample

    seen: set[tuple] = set()
    total = 0
    problems: list[Problem] = []
    for i, frame in enumerate(frames):
        first: tuple[Slots, TooLarge] | None = None
        over = 0
        for slots in loadouts(frame, weapons, min_weapons):
            key = _chain_key(frame, slots)
            if key in seen:
                continue
            seen.add(key)
            unit = UnitSpec(frame.id, frame.durability, tuple(w.spec if w else None for w in slots))  # type: ignore[arg-type]
            try:
                total += check_budget(unit, threat, rounds).work
            except TooLarge as exc:
                found: TooLarge | None = exc
                if not exact:  # sampled instead, unless even the sampler refuses
                    try:
                        check_sample(unit, threat)
                        found = None
                    except TooLarge as beyond:
                        found = beyond
                if found is not None:
                    over += 1
                    first = first or (slots, found)
        if first is not None:
            worst, refusal = first
            more = f" (and {over - 1} more loadouts of this frame)" if over > 1 else ""
            text = f"loadout {_loadout_text(frame, worst)} against '{threat.id}': {refusal}{more}"
            problems.append(locate(i, text))
    if problems:
        raise InputError(problems)
    return total


def _frame_locator(
    catalog_dir: Path | None, catalog: Catalog, frames: Sequence[FrameOption]
) -> Callable[[int, str], Problem]:
    """Problems at the catalog entry of ``frames[i]`` (files re-read only when one is reported)."""

    def locate(index: int, message: str) -> Problem:
        from builder.core.catalog_folder import read_catalog_folder
        from builder.core.resources import bundled_catalog_dir
        from builder.systems.laminim.catalog import CATALOG_FILES

        root = Path(catalog_dir) if catalog_dir is not None else bundled_catalog_dir("laminim")
        row = next(j for j, f in enumerate(catalog.frames) if f.id == frames[index].id)
        try:
            folder = read_catalog_folder(root, CATALOG_FILES, optional=("threats.yaml",))
        except InputError:
            return _option_problem(f"frames[{row}]", message)
        return folder.problem(("frames", row), message)

    return locate


# --- the run --------------------------------------------------------------------------------------


def optimize_catalog(
    catalog: Catalog,
    frame_ids: Sequence[str] | None,
    threat_ref: str | None,
    rounds: int,
    catalog_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    exact: bool = True,
) -> OptimizeResult:
    """Check sizes, then score every legal loadout (the catalog's team format's weapon counts)."""
    from builder.systems.laminim.specs import find_threat

    frames = pick_frames(catalog, frame_ids)
    threat = find_threat(threat_ref, catalog)
    return score_frames(
        catalog,
        frames,
        threat,
        rounds,
        _frame_locator(catalog_dir, catalog, frames),
        progress,
        exact,
    )


def score_frames(
    catalog: Catalog,
    frames: Sequence[FrameOption],
    threat: Threat,
    rounds: int,
    locate: Callable[[int, str], Problem] | None = None,
    progress: Callable[[int, int], None] | None = None,
    exact: bool = True,
) -> OptimizeResult:
    """``optimize`` over ``frames`` and every catalog weapon, after ``check_size``.

    Used by the command and by the TUI's suggest dialog; InputError when the job is too large.
    """
    from dataclasses import replace

    from builder.systems.laminim.rules import OptimizeResult, optimize
    from builder.systems.laminim.rules.optimize import pareto_front
    from builder.systems.laminim.specs import threat_spec

    weapons = weapon_options(catalog)
    spec = threat_spec(threat, catalog)
    fmt = catalog.team_format
    if locate is None:
        locate = _unplaced_frames(frames)
    check_size(frames, weapons, spec, rounds, fmt.min_weapons, locate, exact)
    result = optimize(frames, weapons, spec, rounds, fmt.min_weapons, progress, exact=exact)
    if fmt.max_weapons >= 3:
        return result
    kept = [s for s in result.loadouts if sum(w is not None for w in s.weapons) <= fmt.max_weapons]
    flags = pareto_front(kept)
    ranked = tuple(replace(s, pareto=f) for s, f in zip(kept, flags, strict=True))
    return OptimizeResult(result.threat, result.rounds, len(ranked), ranked)


def _unplaced_frames(frames: Sequence[FrameOption]) -> Callable[[int, str], Problem]:
    def locate(index: int, message: str) -> Problem:
        return _option_problem(f"frame '{frames[index].id}'", message)

    return locate


def optimize_json(result: OptimizeResult, top: int = 0) -> dict[str, Any]:
    shown = result.loadouts[:top] if top else result.loadouts
    return {
        "threat": result.threat,
        "rounds": result.rounds,
        "evaluated": result.evaluated,
        "loadouts": [
            {
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
            for s in shown
        ],
    }


def _fit(names: list[str], width: int) -> str:
    """``names`` joined by commas in at most ``width`` columns, each cut to a common length."""
    from builder.systems.laminim.text import _width

    text = ", ".join(names)
    if _width(text) <= width or not names:
        return text
    for keep in range(max(len(n) for n in names), 0, -1):
        cut = [n if len(n) <= keep else n[: keep - 1].rstrip() + "…" for n in names]
        text = ", ".join(cut)
        if _width(text) <= width:
            return text
    return text[: width - 1] + "…"


WEAPONS_WIDTH = 33  # what is left of 80 columns beside the other columns


def weapon_names(s: ScoredLoadout, catalog: Catalog, width: int = WEAPONS_WIDTH) -> str:
    """The mounted weapons by name, duplicates as ``2× Name``, cut to ``width`` columns."""
    counts: dict[str, int] = {}
    for wid in s.weapons:
        if wid is not None:
            weapon = catalog.weapon(wid)
            name = weapon.name if weapon is not None else wid
            counts[name] = counts.get(name, 0) + 1
    return _fit([f"{n}×{name}" if n > 1 else name for name, n in counts.items()], width)


def percent(p: float) -> str:
    """A probability as a percentage; tiny ones in scientific notation, not a flat 0.0%."""
    if p == 0 or p * 100 >= 0.05:
        return f"{p * 100:.1f}%"
    return f"{p * 100:.1e}%"


def small(x: float) -> str:
    return f"{x:.2f}" if x == 0 or x >= 0.005 else f"{x:.1e}"


def optimize_text(result: OptimizeResult, catalog: Catalog, top: int = DEFAULT_TOP) -> str:
    from builder.systems.laminim.text import _table

    threat = catalog.threat(result.threat)
    threat_name = f"{threat.name} ({threat.id})" if threat is not None else result.threat
    front = [i for i, s in enumerate(result.loadouts) if s.pareto]
    shown = result.loadouts[:top] if top else result.loadouts
    rows = []
    for i, s in enumerate(shown):
        frame = catalog.frame(s.frame)
        rows.append(
            [
                f"{i + 1}{'*' if s.pareto else ''}",
                frame.name if frame is not None else s.frame,
                weapon_names(s, catalog),
                f"{s.payload}/{frame.payload}" if frame is not None else str(s.payload),
                ("" if s.interval is None else "≈") + percent(s.alive),
                ("" if s.interval is None else "≈") + small(s.expected_remaining),
                f"{s.damage_all:.2f}",
            ]
        )
    table = _table(["#", "frame", "weapons", "payload", "alive", "E[rem]", "damage"], rows)
    lines = [
        f"{threat_name}, {result.rounds} rounds: {result.evaluated} loadouts, "
        f"{len(front)} on the Pareto front (*)",
        "",
        table,
        "",
    ]
    if len(shown) < result.evaluated:
        lines.append(f"showing {len(shown)} of {result.evaluated}; --top N for more, --top 0 all")
    beyond = [i + 1 for i in front if i >= len(shown)]
    if beyond:
        listed = ", ".join(f"#{r}" for r in beyond[:12]) + (" …" if len(beyond) > 12 else "")
        lines.append(f"Pareto front further down: {listed}")
    lines.append("alive: P(alive) after the last round; E[rem]: expected remaining durability;")
    lines.append("damage: damage output with all weapons; *: no loadout beats it on all three.")
    if any(s.interval is not None for s in result.loadouts):
        lines.append("≈: beyond the exact budget, a seeded sampled estimate; --exact refuses.")
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str) -> str:
    import textwrap

    if len(line) <= WIDTH or "  " in line:
        return line
    return "\n".join(textwrap.wrap(line, WIDTH))


def run(args: argparse.Namespace) -> int:
    from builder.systems.laminim.optimizer_run import terminal_progress
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
        raise InputError([_option_problem("optimize", str(exc))]) from None
    if args.json:
        print(json.dumps(optimize_json(result, args.top), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(optimize_text(result, catalog, args.top) + "\n")
    return 0
