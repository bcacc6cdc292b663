"""The generic commands (``tui``, ``systems``, ``parts``, ``check``, ``analyze``, ``compare``,
``cards``): each reads the file, asks its game system, and prints; bad input is raised as
:class:`InputError` for :func:`builder.cli.main` to print."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import systems
from builder.cli.parser import _error, _given
from builder.cli.words import EXIT_BAD_INPUT, EXIT_ILLEGAL, EXIT_OK, MESSAGES, _refused, say
from builder.core.file_unit import split_file_unit
from builder.core.i18n import Lang
from builder.core.parser_words import (
    word,
)
from builder.core.problems import InputError, Problem, errors_of
from builder.core.report_lang import current_lang
from builder.core.text_table import fit_text
from builder.systems import (
    AnalyzeOptions,
    AnySystem,
    Output,
    TeamModel,
    TeamRead,
)

if TYPE_CHECKING:
    from builder.catalogs.pin import PinnedFolder
    from builder.render.batch import ProgressFn
    from builder.systems import Printout


def _dump(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_tui(args: argparse.Namespace) -> int:
    from builder.roster.team_file import catalog_system
    from builder.tui.app import run

    return run(args.team, args.catalog, args.system or catalog_system(args.catalog))


def cmd_systems(args: argparse.Namespace) -> int:
    rows = [systems.get(sid) for sid in systems.ids()]
    if args.json:
        _dump(
            {
                "systems": [
                    {
                        "id": s.id,
                        "name": s.name,
                        "name_ja": s.name_ja,
                        "default": s.id == systems.DEFAULT,
                    }
                    for s in rows
                ]
            }
        )
    else:
        ja = current_lang() == "ja"  # a Japanese list names the games in Japanese only
        for s in rows:
            default = "  " + say("default-system") if s.id == systems.DEFAULT else ""
            names = s.name_ja if ja else f"{s.name} / {s.name_ja}"
            print(f"{s.id:<10} {names}{default}")
    return EXIT_OK


def cmd_parts(args: argparse.Namespace) -> int:
    from builder.catalogs.commands import describe_identity
    from builder.roster.team_file import catalog_system

    system = systems.get(args.system or catalog_system(args.catalog))
    output = system.describe_catalog(system.load_catalog(args.catalog))
    output = describe_identity(system, output, args.catalog)  # its version and digest
    if args.json:
        _dump(output.json)
    else:
        print(fit_text(output.text))
    return EXIT_OK


def _read(
    args: argparse.Namespace, report_pin: bool = False
) -> tuple[AnySystem, Any, TeamRead[TeamModel], TeamModel]:
    """The file's system, its catalog (``--catalog``, else the folder the file is pinned
    to, else the bundled one), the file as read and its team; InputError when it is unusable.
    ``report_pin``: a pinned folder that is gone is left in ``args.pin_warning`` for the
    caller's report (else it is printed here)."""
    from builder.roster.team_file import catalog_system, read_team

    _pinned_catalog(args)
    if args.pin_warning is not None and not report_pin:
        _print_warning(args.pin_warning)
    system, read = read_team(args.team, expected=catalog_system(args.catalog))
    if system is None:
        raise InputError(read.problems)
    catalog = system.load_catalog(args.catalog)
    if read.team is None:
        raise InputError(read.problems)
    return system, catalog, read, read.team


def _print_warning(problem: Problem) -> None:
    from builder.core.problems import CORE

    lang = current_lang()
    print(CORE("warning-line", problem=problem.show(lang)).text(lang), file=sys.stderr)


def _pinned_catalog(args: argparse.Namespace) -> None:
    """Without ``--catalog``, the catalog folder the file is pinned to (``pin`` or ``migrate
    --catalog DIR`` record where it is), said on stderr; a pinned folder that is gone is a
    warning (``args.pin_warning``) and the bundled catalog is used."""
    args.pin_warning = None
    if getattr(args, "catalog", None) is not None or not isinstance(args.team, Path):
        return
    args.catalog, args.pin_warning, _ = pinned_catalog_of(args.team)


def pinned_catalog_of(file: Path) -> tuple[Path | None, Problem | None, PinnedFolder | None]:
    """The catalog folder ``file`` is pinned to when it is there (said on stderr), else None
    (the bundled catalog); a pinned folder that is gone is also a warning at the pin's
    ``path:``. The pin as read comes third (None for a file without a pinned folder)."""
    from builder.catalogs.pin import pinned_folder
    from builder.catalogs.words import MESSAGES as CATALOG_WORDS

    pinned = pinned_folder(file)
    if pinned is None:
        return None, None, None
    if pinned.folder.is_dir():
        note = CATALOG_WORDS("using-pinned", file=str(file), folder=_seen_from_here(pinned.folder))
        print(note.text(current_lang()), file=sys.stderr)
        return pinned.folder, None, pinned
    message = CATALOG_WORDS("pinned-folder-missing", folder=pinned.pin.path)
    warning = Problem(str(file), pinned.line, pinned.col, "catalog.path", message, "warning")
    return None, warning, pinned


def _seen_from_here(folder: Path) -> str:
    """``folder`` as the player reaches it from the current folder (the pin records it from
    the file's folder), or absolute where that is shorter or there is no relative way."""
    try:
        relative = os.path.relpath(folder)
    except ValueError:
        return str(folder)
    return relative if len(relative) <= len(str(folder)) else str(folder)


def cmd_check(args: argparse.Namespace) -> int:
    from builder.catalogs.impact import catalog_folder
    from builder.catalogs.notice import check_notice

    try:
        system, catalog, read, _ = _read(args, report_pin=True)
    except InputError as exc:  # no team to judge: the verdict every game gives, then why
        if not args.json:
            print(unusable_line(args.team, errors_of(exc.problems) or exc.problems))
        if getattr(args, "pin_warning", None) is not None:
            _print_warning(args.pin_warning)
        raise
    report = system.check(read, catalog)
    # a pinned file checked against another catalog (warnings), ids the catalog renamed (one
    # error each, in place of the game's "unknown id"): all in the report, counted and shown
    notice = check_notice(system, args.team, read, catalog, catalog_folder(system, args.catalog))
    notice.apply(report)
    if args.pin_warning is not None:
        report.problems.append(args.pin_warning)
    if args.json:
        data = report.to_json()
        _dump(data if notice.json is None else {**data, "catalog": notice.json})
    else:
        print(fit_text(report.text()), file=sys.stdout)
        for problem in errors_of(report.problems):
            print(notice.mark(problem), file=sys.stderr)
    return report.exit_code


def unusable_line(path: Path, problems: list[Problem]) -> str:
    """``FILE: UNUSABLE (3 errors)`` in the player's language: ``check``'s summary line for a
    file that cannot be read as a team at all (a game's own report gives it otherwise)."""
    from builder.core.problems import CORE, verdict

    count = CORE("n-error" if len(problems) == 1 else "n-errors", count=len(problems))
    line = CORE("unusable-file", file=str(path), verdict=verdict(EXIT_BAD_INPUT), count=count)
    return line.text(current_lang())


def cmd_analyze(args: argparse.Namespace) -> int:
    system, catalog, read, _ = _read(args)
    given = _given(args, system, system.analyze_options, "analyze")
    options = AnalyzeOptions(given.unit, given.threat, given.rounds, given.own)
    _show(system.analyze(read, catalog, options), args.json)
    return EXIT_OK


def _show(output: Output, as_json: bool, notes_with_json: bool = False) -> None:
    """Print an output as JSON or text; its notes go to stderr beside the text (and beside
    the JSON too with ``notes_with_json``)."""
    if as_json:
        _dump(output.json)
    else:
        print(fit_text(output.text))
    if notes_with_json or not as_json:
        for problem in output.notes:
            print(problem, file=sys.stderr)


def cmd_compare(args: argparse.Namespace) -> int:
    from builder.roster.team_file import catalog_system, read_team
    from builder.systems import (
        COMPARE_MAX,
        CompareEntry,
        CompareOptions,
        Compares,
        PrintOptions,
        nothing_to_compare,
    )

    if len(args.units) > COMPARE_MAX:
        raise _refused("compare", MESSAGES("compare-too-many", max=COMPARE_MAX, n=len(args.units)))
    entries: list[CompareEntry] = []
    system: AnySystem | None = None
    expected = catalog_system(args.catalog)
    for text in args.units:
        path, unit = split_file_unit(text)
        found, read = read_team(path, expected=expected)
        if found is None or read.team is None:
            raise InputError(read.problems)
        if system is not None and found.id != system.id:
            other = MESSAGES("compare-other-game", path=path, found=found.id, system=system.id)
            raise _refused("compare", other)
        system = found
        entries.append(CompareEntry(read, unit, str(path)))
    assert system is not None
    if not isinstance(system, Compares):
        games = [s.id for s in map(systems.get, systems.ids()) if isinstance(s, Compares)]
        message = nothing_to_compare((system.name, system.name_ja), games)
        raise InputError([Problem("compare", None, None, "", message)])
    catalog = system.load_catalog(args.catalog)
    given = _given(args, system, system.compare_options, "compare")
    options = CompareOptions(given.threat, given.rounds, given.own)
    _show(system.compare(entries, catalog, options), args.json, notes_with_json=True)
    if args.output is not None:
        from builder.render.report_file import write_report

        sheet = system.compare_printout(
            entries, catalog, options, PrintOptions(paper=args.paper, lang=args.lang)
        )
        return write_report(sheet, args.output, args.lang)
    return EXIT_OK


def _font_refusal(lang: Lang) -> InputError | None:
    """Bad input when a font ``lang`` prints with is missing (printing would give empty boxes
    for every glyph it lacks): the package to install and the set-up command."""
    from builder.render.fonts import missing_fonts

    missing = missing_fonts(lang)
    if not missing:
        return None
    language = {"en": ("English", "英語"), "ja": ("Japanese", "日本語")}[lang]
    fonts = ", ".join(str(f) for f in missing)
    packages = " ".join(dict.fromkeys(f.package for f in missing))
    message = MESSAGES("missing-font", language=language, font=fonts, package=packages)
    return _refused("cards", message)


def _calibrate(args: argparse.Namespace) -> int:
    """``cards --calibrate``: the duplex calibration sheet into ``-o``."""
    from builder.render.calibration import calibration_printout

    return write_printouts([calibration_printout(args.paper, args.lang)], args, "duplex")


def print_progress(step: str, done: int, total: int) -> None:
    """``[done/total] step`` on stderr as each printout is laid out (``cards``' progress)."""
    print(f"[{done}/{total}] {step}", file=sys.stderr, flush=True)


def write_printouts(
    printouts: list[Printout],
    args: argparse.Namespace,
    stem: str,
    *,
    progress: ProgressFn | None = None,
    parallel: bool = False,
    max_html: int | None = None,
) -> int:
    """What ``cards`` does with a file's printouts (a team's, a record's, the calibration
    sheet): render them into ``args.output`` as ``<stem>-<kind>.pdf``
    (:func:`builder.render.batch.render_printouts`, whose options the others are) and print
    each file written; the exit code (2 with the OS's reason when the folder cannot be
    written). :class:`builder.render.batch.TooMuchToLayOut` is the caller's."""
    from builder.render.batch import render_printouts
    from builder.render.report_file import cannot_write

    try:
        paths = render_printouts(
            printouts,
            args.output,
            stem,
            progress=progress,
            parallel=parallel,
            max_html=max_html,
        )
    except OSError as exc:
        print(cannot_write(args.output, exc).text(args.lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    for path in paths:
        print(path)
    return EXIT_OK


FORCED_PRINT_CAP = 160 * 1024
"""The most HTML a forced print (``cards --force`` of a file that is not legal) may lay out,
in characters: layout time and memory grow with it (60-90 ms of CPU and ~1 MB per KB for the
card sheets), so this keeps a forced print under 10 s of CPU and 500 MB (about 20 of the
largest cards of the bundled games). A legal file is bounded by its game's rules instead."""


def cmd_cards(args: argparse.Namespace) -> int:
    from builder.play.cards import is_record_file, record_cards
    from builder.render.batch import TooMuchToLayOut
    from builder.render.layout import Sheet
    from builder.systems import PrintOptions

    no_font = _font_refusal(args.lang)
    if no_font is not None:
        raise no_font
    if args.calibrate:
        return _calibrate(args)
    if args.team is None:
        raise _refused("cards", MESSAGES("need-file"))
    if is_record_file(args.team):  # a battle record: its state, the damage marked (docs/play.md)
        return record_cards(args)

    system, catalog, read, team = _read(args)
    report = system.check(read, catalog)
    errors = errors_of(report.problems)
    if report.exit_code == EXIT_BAD_INPUT:
        raise InputError(errors)
    sizes = [c.id for c in system.card_sizes]
    size = args.card_size or sizes[0]
    if size not in sizes:
        refusal = say("unknown-card-size", size=size, sizes=", ".join(sizes))
        said = word("%(prog)s: error: %(message)s\n") % _error(refusal)
        print(fit_text(said), end="", file=sys.stderr)
        return EXIT_BAD_INPUT
    if report.exit_code != EXIT_OK and not args.force:
        for problem in errors:
            print(problem, file=sys.stderr)
        refusal = say("not-legal-to-print", game=(system.name, system.name_ja))
        print(fit_text(refusal), file=sys.stderr)
        return EXIT_ILLEGAL

    sheet = Sheet(backs=args.backs, offset=args.offset, bleed=args.bleed)
    forced = report.exit_code != EXIT_OK  # a file past the rules may be past any sane size
    options = PrintOptions(args.paper, args.lang, size, sheet=sheet, legal=not forced)
    try:
        return write_printouts(
            system.printouts(team, catalog, options),
            args,
            team.name,
            progress=print_progress,
            parallel=True,
            max_html=FORCED_PRINT_CAP if forced else None,
        )
    except TooMuchToLayOut as big:
        kb = (big.size + 1023) // 1024
        refusal = say("forced-too-large", kb=kb, cap=FORCED_PRINT_CAP // 1024)
        print(word("%(prog)s: error: %(message)s\n") % _error(refusal), end="", file=sys.stderr)
        return EXIT_BAD_INPUT


_COMMANDS = {
    "tui": cmd_tui,
    "systems": cmd_systems,
    "parts": cmd_parts,
    "check": cmd_check,
    "analyze": cmd_analyze,
    "cards": cmd_cards,
    "compare": cmd_compare,
}


def cmd_play(args: argparse.Namespace) -> int:
    """``laminim play``: at a terminal, without ``--do`` or ``--json``, the play screen (the
    record opened or started); else the command's text or JSON (``builder.play.command``)."""
    from builder.play.command import run

    if args.actions is None and not args.json and sys.stdin.isatty() and sys.stdout.isatty():
        from builder.tui.play.host import run_screen

        return run_screen(args)
    return run(args)
