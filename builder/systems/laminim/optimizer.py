"""The LAMINIM optimiser as the CLI and the TUI both use it: catalog options, a size guard, scores.

The scoring, ranking and Pareto front are the rules core's (``rules/optimize.py``); this module
turns the catalog into its options and guards the job's size before computing anything, so
``laminim optimize`` (``commands.py``) and the unit editor's suggest dialog share one path and
neither reaches into the other.

Size. Every loadout's exact chain is estimated first (``rules.estimate``, microseconds each): a
loadout beyond the rules core's budget gets the seeded sampled estimate (``rules.sampled``,
marked ``"method": "sampled"`` with 95 % intervals), or with ``exact`` is bad input located at
its frame in the catalog (as is one beyond even the sampler's dice limit). The total is not
limited: any catalog whose single loadouts fit is scored, with progress on a terminal's stderr
(``optimizer_run``); Ctrl-C stops it (exit 130).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.i18n import Lang, Pair
from builder.core.messages import EMPTY, Message, Messages
from builder.core.problems import InputError, Problem

MESSAGES = Messages.load(__file__)

DEFAULT_RANK = "delivered"
"""The optimiser's default ranking (``rules.optimize.DEFAULT_RANK``, without importing it)."""

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog, Threat
    from builder.systems.laminim.rules import OptimizeResult, ThreatSpec
    from builder.systems.laminim.rules.optimize import (
        ChainRunner,
        FrameOption,
        Memo,
        Slots,
        WeaponOption,
    )


def option_problem(option: str, message: Message) -> Problem:
    """A problem with an option or a whole run, which has no place in a file."""
    return Problem(option, None, None, "", message)


# --- options from the catalog --------------------------------------------------------------------


def pick_frames(catalog: Catalog, ids: Sequence[str] | None) -> list[FrameOption]:
    """The catalog's frames (all, or those named by id or name, in the order given);
    InputError for a name that finds no frame or several."""
    from builder.systems.laminim.rules import FrameOption

    known = ", ".join(f.id for f in catalog.frames)
    written = list(dict.fromkeys(ids)) if ids else [f.id for f in catalog.frames]
    problems = [
        option_problem(
            "--frame",
            catalog.frame_names.refusal(
                i, partial(MESSAGES, "optimize-unknown-frame", frame=i, known=known)
            ),
        )
        for i in written
        if catalog.frame(i) is None
    ]
    if problems:
        raise InputError(problems)
    frames = list({f.id: f for f in (catalog.frame(i) for i in written) if f is not None}.values())
    return [FrameOption(f.id, f.durability, f.payload) for f in frames]


def weapon_options(catalog: Catalog) -> list[WeaponOption]:
    from builder.systems.laminim.derive import weapon_spec
    from builder.systems.laminim.rules import WeaponOption

    return [WeaponOption(weapon_spec(w), w.weight) for w in catalog.weapons]


# --- size -----------------------------------------------------------------------------------------


def _loadout_text(frame: FrameOption, slots: Slots) -> Pair:
    """``striker [rifle, empty, empty]`` in both languages (ids stay ids: the catalog's words)."""
    empty = MESSAGES("empty-slot")

    def words(lang: Lang) -> str:
        names = ", ".join(w.id if w else empty.text(lang) for w in slots)
        return f"{frame.id} [{names}]"

    return (words("en"), words("ja"))


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
    locate: Callable[[int, Message], Problem],
    exact: bool = True,
) -> int:
    """Estimate every loadout's chain; the summed work, or InputError when over a budget.

    ``locate(i, message)`` places a problem at ``frames[i]``. One line per frame with a loadout
    beyond the single-job budget (its first such loadout, and how many more); with ``exact``
    False, only one beyond the sampler's limit too (the others are sampled).
    """
    from builder.systems.laminim.refusals import too_large
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
            more = MESSAGES("more-loadouts", count=over - 1) if over > 1 else EMPTY
            text = MESSAGES(
                "loadout-too-large",
                loadout=_loadout_text(frame, worst),
                threat=threat.id,
                why=too_large(refusal),
                more=more,
            )
            problems.append(locate(i, text))
    if problems:
        raise InputError(problems)
    return total


def _frame_locator(
    catalog_dir: Path | None, catalog: Catalog, frames: Sequence[FrameOption]
) -> Callable[[int, Message], Problem]:
    """Problems at the catalog entry of ``frames[i]`` (files re-read only when one is reported)."""

    def locate(index: int, message: Message) -> Problem:
        from builder.core.catalog_folder import read_catalog_folder
        from builder.core.resources import bundled_catalog_dir
        from builder.systems.laminim.catalog import CATALOG_FILES

        root = Path(catalog_dir) if catalog_dir is not None else bundled_catalog_dir("laminim")
        row = next(j for j, f in enumerate(catalog.frames) if f.id == frames[index].id)
        try:
            folder = read_catalog_folder(root, CATALOG_FILES, optional=("threats.yaml",))
        except InputError:
            return option_problem(f"frames[{row}]", message)
        return folder.problem(("frames", row), message)

    return locate


# --- the scoring ------------------------------------------------------------------------------


def optimize_catalog(
    catalog: Catalog,
    frame_ids: Sequence[str] | None,
    threat_ref: str | None,
    rounds: int,
    catalog_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    exact: bool = True,
    rank: str = DEFAULT_RANK,
) -> OptimizeResult:
    """Check sizes, then score every legal loadout (the catalog's team format's weapon counts)."""
    from builder.systems.laminim.derive import find_threat

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
        rank,
    )


def check_catalog(
    catalog: Catalog,
    frames: Sequence[FrameOption],
    threat: Threat,
    rounds: int,
    catalog_dir: Path | None = None,
    exact: bool = True,
) -> None:
    """``check_size`` of every loadout of ``frames`` against ``threat``, problems placed at the
    frames in the catalog's files."""
    from builder.systems.laminim.derive import threat_spec

    check_size(
        frames,
        weapon_options(catalog),
        threat_spec(threat, catalog),
        rounds,
        catalog.team_format.min_weapons,
        _frame_locator(catalog_dir, catalog, frames),
        exact,
    )


def score_frames(
    catalog: Catalog,
    frames: Sequence[FrameOption],
    threat: Threat,
    rounds: int,
    locate: Callable[[int, Message], Problem] | None = None,
    progress: Callable[[int, int], None] | None = None,
    exact: bool = True,
    rank: str = DEFAULT_RANK,
    runner: ChainRunner | None = None,
    checked: bool = False,
    memo: Memo | None = None,
) -> OptimizeResult:
    """``optimize`` over ``frames`` and every catalog weapon, after ``check_size`` (unless the
    caller ``checked`` it already), ranked by ``rank`` (``rules.optimize.RANKS``); ``runner``
    computes the chains (default: threads); ``memo`` keeps the rows scored for another run
    against the same threat (``ChainBank.memo``).

    Used by the command, the balance report and the TUI's suggest dialog; InputError when the
    job is too large.
    """
    from builder.systems.laminim.derive import threat_spec
    from builder.systems.laminim.rules import optimize
    from builder.systems.laminim.rules.optimize import finish

    weapons = weapon_options(catalog)
    spec = threat_spec(threat, catalog)
    fmt = catalog.team_format
    if not checked:
        if locate is None:
            locate = _unplaced_frames(frames)
        check_size(frames, weapons, spec, rounds, fmt.min_weapons, locate, exact)
    result = optimize(
        frames,
        weapons,
        spec,
        rounds,
        fmt.min_weapons,
        progress,
        exact=exact,
        rank=rank,
        runner=runner,
        memo=memo,
    )
    if fmt.max_weapons >= 3:
        return result
    kept = [s for s in result.loadouts if sum(w is not None for w in s.weapons) <= fmt.max_weapons]
    return finish(result.threat, result.rounds, kept, rank)


def _unplaced_frames(frames: Sequence[FrameOption]) -> Callable[[int, Message], Problem]:
    def locate(index: int, message: Message) -> Problem:
        return option_problem(f"frame '{frames[index].id}'", message)

    return locate
