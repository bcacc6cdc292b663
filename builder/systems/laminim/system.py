"""LAMINIM as a game system of the builder (the :class:`builder.systems.base.GameSystem` protocol).

Everything the shell asks of LAMINIM goes through :data:`SYSTEM`; the modules beside this one
do the work (catalog, team and legality, analysis, text, printouts, TUI screens).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core.problems import InputError, Problem, unplaced
from builder.core.resources import bundled_catalog_dir
from builder.core.source import Located
from builder.systems.base import (
    DEFAULT_ROUNDS,
    AnalyzeOptions,
    Command,
    CompareEntry,
    CompareOptions,
    Output,
    PrintOptions,
    Printout,
    TeamRead,
)
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.legality import TeamReport, check_team
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.read import LaminimRead, read_team
from builder.systems.laminim.team import Team

if TYPE_CHECKING:
    from builder.tui.shell import SystemUI


class CheckedTeam:
    """``laminim check``'s report of a LAMINIM team: the legality and its text table."""

    def __init__(self, team: Team | None, report: TeamReport) -> None:
        self.team = team
        self.report = report

    @property
    def problems(self) -> list[Problem]:
        return self.report.problems

    @property
    def exit_code(self) -> int:
        return self.report.exit_code

    def to_json(self) -> dict[str, Any]:
        return self.report.to_json()

    def text(self) -> str:
        from builder.systems.laminim.text import check_text

        assert self.team is not None
        return check_text(self.team, self.report)


class Laminim:
    id = "laminim"
    name = "LAMINIM"
    name_ja = "ラミニム"
    analyze_options: tuple[str, ...] = ("unit", "threat", "rounds", "intercept")

    @property
    def card_sizes(self) -> tuple[str, ...]:
        from builder.systems.laminim.printouts import CARD_SIZES

        return tuple(CARD_SIZES)

    def demo_file(self) -> Path:
        return bundled_catalog_dir(self.id) / "demo_team.yaml"

    def load_catalog(self, directory: Path | None = None) -> Catalog:
        return load_catalog(directory)

    def read_team(self, source: Located) -> LaminimRead:
        return read_team(source)

    def check(self, read: TeamRead, catalog: Catalog) -> CheckedTeam:
        if read.team is None:
            raise InputError(read.problems)
        assert isinstance(read, LaminimRead)
        return CheckedTeam(read.team, check_team(read.team, catalog, read))

    def describe_catalog(self, catalog: Catalog) -> Output:
        from builder.systems.laminim.text import parts_json, parts_text

        return Output(parts_json(catalog), parts_text(catalog))

    def analyze(self, read: TeamRead, catalog: Catalog, options: AnalyzeOptions) -> Output:
        from builder.systems.laminim.analysis import analyze
        from builder.systems.laminim.intercepting import parse_intercept
        from builder.systems.laminim.rules import TooLarge
        from builder.systems.laminim.specs import find_threat, unit_spec
        from builder.systems.laminim.text import analysis_json, analysis_text

        checked = self.check(read, catalog)
        report = checked.report
        if report.bad_input:
            raise InputError(report.errors)
        threat = find_threat(options.threat, catalog)
        choice = parse_intercept(options.intercept)
        units = report.units
        if options.unit is not None:
            units = _units_named(units, options.unit)
        rows = {id(u): i for i, u in enumerate(report.units)}
        results = []
        for u in units:
            if u.resolved is None:
                continue
            assert isinstance(read, LaminimRead)
            intercept = None
            if choice is not None:
                try:
                    intercept = choice.for_unit(unit_spec(u.resolved))
                except ValueError as exc:
                    locate = read.unit_locator(rows[id(u)])
                    raise InputError(
                        [locate(("weapons",), f"--intercept: {exc}", "bad-input")]
                    ) from None
            try:
                results.append(
                    (
                        u,
                        analyze(
                            u.resolved, threat, catalog, options.rounds, intercept, options.exact
                        ),
                    )
                )
            except TooLarge as exc:  # huge durability/ammo/attacks: bad input, not a crash
                locate = read.unit_locator(rows[id(u)])
                raise InputError(
                    [locate((), f"unit '{u.name}' against '{threat.id}': {exc}", "bad-input")]
                ) from None
            except OverflowError:  # e.g. hundreds of identical attacks: beyond float range
                locate = read.unit_locator(rows[id(u)])
                message = (
                    f"against '{threat.id}': the odds overflow ({len(threat.attacks)} attacks "
                    "a round); use fewer attacks"
                )
                raise InputError([locate((), message, "bad-input")]) from None
        return Output(
            analysis_json(threat, results),
            analysis_text(threat, results, catalog),
            notes=report.errors,
        )

    def printouts(self, team: Team, catalog: Catalog, options: PrintOptions) -> list[Printout]:
        from builder.systems.laminim.printouts import printouts
        from builder.systems.laminim.rules import TooLarge

        try:
            return printouts(team, catalog, options)
        except TooLarge as exc:  # the cards' survival table is beyond the budget: bad input
            raise InputError([_too_large_unit(team, catalog, exc)]) from None

    def compare(
        self, entries: Sequence[CompareEntry], catalog: Catalog, options: CompareOptions
    ) -> Output:
        from builder.systems.laminim.compare import compare_json, compare_text, compute

        compared, notes = compute(entries, catalog, options)
        return Output(compare_json(compared, catalog), compare_text(compared, catalog), notes)

    def compare_printout(
        self,
        entries: Sequence[CompareEntry],
        catalog: Catalog,
        options: CompareOptions,
        print_options: PrintOptions,
    ) -> Printout:
        from builder.systems.laminim.compare import compute, sheet_context

        compared, _ = compute(entries, catalog, options)
        context = sheet_context(compared, catalog, print_options.lang, print_options.paper)
        return Printout("compare", "laminim/compare.html", context)

    def tui(self) -> SystemUI:
        from builder.systems.laminim.tui.ui import laminim_ui

        return laminim_ui()

    def commands(self) -> list[Command]:
        from builder.systems.laminim.optimize_cli import command

        return [command()]

    def dump_team(self, team: Team) -> dict[str, Any]:
        return team.model_dump()


def _too_large_unit(team: Team, catalog: Catalog, exc: Exception) -> Problem:
    """The cards' problem at the first unit whose survival table is beyond the budget."""
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.rules import TooLarge, check_budget
    from builder.systems.laminim.specs import threat_spec, unit_spec

    threat = catalog.threat(catalog.default_threat) if catalog.default_threat else None
    for row, unit in enumerate(team.units):
        resolved = resolve_unit(unit, catalog)
        if resolved is None or threat is None:
            continue
        try:
            check_budget(unit_spec(resolved), threat_spec(threat, catalog), DEFAULT_ROUNDS)
        except TooLarge as found:
            message = f"unit '{unit.name}' against '{threat.id}': {found}"
            return unplaced(team.name, ("units", row))((), message, "bad-input")
    return unplaced(team.name, ("units",))((), str(exc), "bad-input")


SYSTEM = Laminim()


def _units_named(units: list[Any], wanted: str) -> list[Any]:
    """The unit ``--unit`` names: exact, else case-insensitive if that is unambiguous.

    Raises InputError (exit 2) with a did-you-mean and the team's unit names otherwise.
    """
    exact = [u for u in units if u.name == wanted]
    if exact:
        return exact
    folded = [u for u in units if u.name.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded
    names = [u.name for u in units]
    if folded:
        message = f"'{wanted}' matches several units ({', '.join(u.name for u in folded)})"
        message += "; give the exact name"
    else:
        import difflib

        lower = {n.casefold(): n for n in names}
        close = difflib.get_close_matches(wanted.casefold(), list(lower), n=1, cutoff=0.6)
        hint = f" (did you mean '{lower[close[0]]}'?)" if close else ""
        message = f"no unit named '{wanted}'{hint}; units: {', '.join(names)}"
    raise InputError([Problem("--unit", None, None, "", message)])
