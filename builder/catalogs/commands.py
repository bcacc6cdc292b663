"""The catalog-version commands: ``laminim pin``, ``laminim catalog diff``, ``laminim migrate``,
and what ``parts`` and ``check`` add (the catalog's identity, the pinned file's notice).

Exit codes as everywhere: 0 success, 1 a file is not legal (``catalog diff``), 2 bad input
with one ``file:line:col: field: message`` line per problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.catalogs.words import MESSAGES, both
from builder.core.i18n import pick
from builder.core.input_files import read_input
from builder.core.messages import Message
from builder.core.os_words import os_reason_words
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.systems import AnySystem, Output, TeamModel, TeamRead, WritesValues

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2
"""As everywhere (``builder.cli``); the catalog machinery itself is imported by the commands
that run, not by the parser they add."""

AddOption = Callable[[argparse.ArgumentParser], None]


def add_commands(sub: Any, catalog_option: AddOption, system_option: AddOption) -> None:
    """Add ``pin``, ``catalog diff`` and ``migrate`` to the ``laminim`` parser."""
    p = sub.add_parser(
        "pin",
        help="record the catalog (name, version, digest) in a file",
        description="Write catalog: {name, version, digest} into FILE (comments kept) and keep "
        "a snapshot of the catalog in the user's data folder, so a later 'check' can say "
        "what a catalog update changed for this file.",
    )
    p.add_argument("team", type=Path, metavar="FILE", help="a team, force, crew or map file")
    catalog_option(p)
    p.set_defaults(run=cmd_pin)

    p = sub.add_parser("catalog", help="catalog versions: 'laminim catalog diff OLD NEW'")
    inner = p.add_subparsers(dest="catalog_command", metavar="COMMAND", required=True)
    d = inner.add_parser(
        "diff",
        help="what changed between two catalogs, and what it does to FILEs",
        description="Parts added, removed, renamed and changed field by field between the "
        "catalog folders OLD and NEW; then, per FILE, legal before and after with every "
        "reason, its parts that changed and the numbers that moved. Exit 0 when every FILE "
        "is legal against NEW, 1 when one is not, 2 on bad input.",
    )
    d.add_argument("old", type=Path, metavar="OLD", help="the old catalog folder")
    d.add_argument("new", type=Path, metavar="NEW", help="the new catalog folder")
    d.add_argument("files", nargs="*", type=Path, metavar="FILE", help="files to judge")
    system_option(d)
    d.add_argument("--json", action="store_true", help="machine-readable output")
    d.set_defaults(run=cmd_diff)

    p = sub.add_parser(
        "migrate",
        help="rewrite ids the catalog renamed (its renamed: map) and the pin",
        description="Rewrite every id FILE names that the catalog's renamed: map renamed, and "
        "pin FILE to the catalog; in place, atomically, comments and layout kept.",
    )
    p.add_argument("team", type=Path, metavar="FILE", help="a team, force, crew or map file")
    catalog_option(p)
    p.add_argument(
        "--dry-run", action="store_true", help="show the change as a diff; write nothing"
    )
    p.set_defaults(run=cmd_migrate)


def _bad(where: str, message: Message) -> InputError:
    return InputError([Problem(where, None, None, "", message)])


def _say(key: str, **params: object) -> str:
    """The message ``key`` in the language the command reports in."""
    return MESSAGES(key, **params).text(current_lang())


def _read_file(path: Path, catalog_dir: Path | None) -> tuple[AnySystem, TeamRead[TeamModel]]:
    from builder.roster.team_file import catalog_system, read_team

    system, read = read_team(path, expected=catalog_system(catalog_dir))
    if system is None or read.team is None:
        raise InputError(read.problems)
    return system, read


def _pin_for(identity: Any, file: Path, catalog_dir: Path | None) -> Any:
    """The pin ``pin``/``migrate`` write: the catalog's identity and, for a catalog given with
    ``--catalog DIR``, where that folder is (so a later ``check FILE`` finds it)."""
    from builder.catalogs.pin import Pin, catalog_path

    return Pin.of(identity, catalog_path(catalog_dir, file) if catalog_dir is not None else None)


def _say_where(pin: Any, file: Path) -> None:
    if pin.path is not None:
        print(_say("pinned-at", file=file, path=pin.path))


def _keep_snapshot(identity: Any) -> None:
    from builder.catalogs.store import save_snapshot

    try:
        save_snapshot(identity)
    except OSError as exc:
        print(_say("no-snapshot-kept", reason=os_reason_words(exc)), file=sys.stderr)


def cmd_pin(args: argparse.Namespace) -> int:
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.catalogs.pin import Pin, pin_said, write_pin

    system, _ = _read_file(args.team, args.catalog)
    folder = catalog_folder(system, args.catalog)
    system.load_catalog(folder)  # a catalog that does not load is not pinned to
    identity = identity_of(system, folder)
    _keep_snapshot(identity)
    pin = _pin_for(identity, args.team, args.catalog)
    try:
        written = write_pin(args.team, pin)
    except OSError as exc:
        raise _bad(str(args.team), MESSAGES("cannot-write", reason=os_reason_words(exc))) from None
    state = "pinned" if written else "already-pinned"
    print(_say(state, file=args.team, label=pin_said(Pin.of(identity))))
    _say_where(pin, args.team)
    return EXIT_OK


def cmd_migrate(args: argparse.Namespace) -> int:
    from builder.catalogs.impact import catalog_folder, identity_of, uses_of
    from builder.catalogs.migrate import migrate_text
    from builder.roster.team_file import writable_target, write_atomic

    system, read = _read_file(args.team, args.catalog)
    folder = catalog_folder(system, args.catalog)
    system.load_catalog(folder)
    identity = identity_of(system, folder)
    try:
        target = writable_target(Path(args.team)) if not args.dry_run else Path(args.team)
        original = read_input(target).decode("utf-8", errors="replace")
    except OSError as exc:
        reason = os_reason_words(exc)
        raise _bad(str(args.team), MESSAGES("cannot-migrate", reason=reason)) from None
    data = read.source.data if read.source is not None else None
    hook = system.value_text if isinstance(system, WritesValues) else None
    pin = _pin_for(identity, args.team, args.catalog)
    try:
        migration = migrate_text(original, uses_of(system, data), identity, hook, pin)
    except ValueError:  # the text is not a YAML mapping (the reader let it through)
        why = MESSAGES("not-a-mapping")
        raise _bad(str(args.team), MESSAGES("cannot-migrate", reason=why)) from None
    for path, old, new in migration.renamed:
        at = read.source.where(tuple(path)) if read.source else None
        line = f"{read.source.file}:{at[0]}" if read.source and at else str(args.team)
        print(f"{line}: {old} → {new}")
    if not migration.renamed:
        print(_say("nothing-to-rename", file=args.team, label=identity.said()))
    if args.dry_run:
        sys.stdout.write(migration.diff(str(args.team), current_lang()))
        return _still_wrong(system, args.team, migration.text, folder)
    if migration.changed:
        _keep_snapshot(identity)
        try:
            write_atomic(target, migration.text)
        except OSError as exc:
            reason = os_reason_words(exc)
            raise _bad(str(args.team), MESSAGES("cannot-write", reason=reason)) from None
        print(_say("migrated", file=args.team, label=identity.said()))
        _say_where(pin, args.team)
    return _still_wrong(system, args.team, migration.text, folder)


def _still_wrong(system: AnySystem, file: Path, text: str, folder: Path) -> int:
    """``check``'s exit code for the migrated text against the catalog of ``folder``; when it
    is not 0, what is still wrong (a migration rewrites renamed ids, nothing else)."""
    from builder.catalogs.pin import without_pin
    from builder.core.problems import ReadingProblems, errors_of, verdict
    from builder.core.source import parse_yaml

    try:
        src = without_pin(parse_yaml(text, str(file)))
    except ReadingProblems as exc:
        src = without_pin(exc.partial)
    except InputError:
        return EXIT_BAD_INPUT  # cannot happen: the file was read before it was migrated
    read = system.read_team(src)
    if read.team is None:
        problems = errors_of(read.problems)
        code = EXIT_BAD_INPUT
    else:
        report = system.check(read, system.load_catalog(folder))
        problems, code = errors_of(report.problems), report.exit_code
    if code == EXIT_OK:
        return EXIT_OK
    count = MESSAGES("n-error" if len(problems) == 1 else "n-errors", count=len(problems))
    print(_say("still-wrong", file=file, verdict=verdict(code), count=count), file=sys.stderr)
    for problem in problems:
        print(problem, file=sys.stderr)
    return code


def _diff_system(args: argparse.Namespace) -> AnySystem:
    from builder import systems
    from builder.roster.team_file import catalog_system

    if args.system:
        return systems.get(args.system)
    old, new = catalog_system(args.old), catalog_system(args.new)
    if old and new and old != new:
        raise _bad("catalog diff", MESSAGES("systems-differ", old=old, new=new))
    sid = old or new
    if sid is None:
        raise _bad("catalog diff", MESSAGES("no-system"))
    return systems.get(sid)


def cmd_diff(args: argparse.Namespace) -> int:
    from builder.catalogs.diff import diff_catalogs
    from builder.catalogs.diff_text import diff_text
    from builder.catalogs.impact import collections_of, file_impact, identity_of

    system = _diff_system(args)
    problems: list[Problem] = []
    catalogs = []
    for folder in (args.old, args.new):
        try:
            catalogs.append((system.load_catalog(folder), identity_of(system, folder)))
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    (old_catalog, old), (new_catalog, new) = catalogs
    diff = diff_catalogs(old, new, collections_of(system))
    impacts = [file_impact(system, path, diff, old_catalog, new_catalog) for path in args.files]
    if args.json:
        data = diff.to_json()
        data["files"] = [i.to_json() for i in impacts]
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(diff_text(diff, impacts, current_lang()))
    unreadable = [i for i in impacts if i.unreadable]
    if unreadable:
        if not args.json:
            for impact in unreadable:
                for problem in impact.reasons:
                    print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_ILLEGAL if any(i.after != EXIT_OK for i in impacts) else EXIT_OK


def describe_identity(system: AnySystem, output: Output, catalog_dir: Path | None) -> Output:
    """``parts`` with the catalog's identity: ``version`` and ``digest`` keys, a last line."""
    from builder.catalogs.impact import catalog_folder, identity_of

    identity = identity_of(system, catalog_folder(system, catalog_dir))
    data = {**output.json, "version": identity.version, "digest": identity.digest}
    version = both("version-then", version=identity.version) if identity.version is not None else ""
    line = both("parts-identity", name=identity.names, version=version, digest=identity.digest)
    text = f"{output.text}\n\n{pick(line, current_lang())}"
    return Output(data, text, output.notes)
