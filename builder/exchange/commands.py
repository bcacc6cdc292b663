"""``laminim share``, ``laminim import`` and ``laminim export`` (docs/export.md).

Exit codes as everywhere: 0 success, 2 bad input (a bad, truncated or foreign code; an
unusable file; a part the catalog does not have) with one located line per problem.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem, errors_of
from builder.core.report_lang import current_lang
from builder.exchange.reconcile import (
    Incoming,
    catalog_label,
    check_text,
    code_in_text,
    import_yaml,
    judge,
    names_in,
    reconcile,
)
from builder.systems import AnySystem

MESSAGES = Messages.load(__file__)
EXIT_OK, EXIT_BAD_INPUT = 0, 2
FORMATS = ("json", "text", "ccfolia")
LINE = 80
"""Characters of a code per line that ``share`` prints (text output fits 80 columns)."""

AddOption = Callable[[argparse.ArgumentParser], None]


def add_commands(sub: Any, catalog_option: AddOption, output_type: Callable[[str], Path]) -> None:
    """Add ``share``, ``import`` and ``export`` to the ``laminim`` parser."""
    p = sub.add_parser(
        "share",
        help="print the file's share code (short, chat-safe, with its catalog)",
        description="Print a short code holding the whole team, force, crew or map and the "
        "catalog it was made with (name, version, digest), or a battle record (its state and "
        "its whole log: a game in progress moves to another machine). 'laminim import CODE' "
        "writes the file back. Letters and digits only, a checksum; a snapshot of the catalog "
        "is kept in the user's data folder, so a code made here reads here whatever catalog "
        "is in use later.",
    )
    p.add_argument(
        "team", type=Path, metavar="FILE", help="a team, force, crew or map file, or a record"
    )
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=cmd_share)

    p = sub.add_parser(
        "import",
        help="write a file back from a share code, a JSON export or an exported text",
        description="Read a share code (or a file holding a JSON export or a text export) and "
        "write the team file: to -o FILE (never over an existing file: FILE-2.yaml …), else to "
        "the standard output. Against another catalog than the one it was made with, it says "
        "what differs and refuses parts the catalog does not have, by name. Exit 0 on "
        "success, 2 on a bad, truncated or foreign code.",
    )
    p.add_argument(
        "source",
        nargs="+",
        metavar="CODE|FILE",
        help="a share code, or a file: a JSON export or a text export",
    )
    catalog_option(p)
    p.add_argument(
        "-o",
        "--output",
        type=output_type,
        metavar="FILE",
        help="the file to write (default: the standard output)",
    )
    p.set_defaults(run=cmd_import)

    p = sub.add_parser(
        "export",
        help="write the file as JSON, chat text or CCFOLIA pieces",
        description="json: the open format (docs/export.md, schema docs/export.schema.json) "
        "with every unit's parts, names in both languages and numbers; text: a line per unit "
        "for chats and forums, in the player's language, with the share code 'laminim "
        "import' reads back; ccfolia: one CCFOLIA piece per unit (paste one at a time), with "
        "status bars, params and a BCDice chat palette.",
    )
    p.add_argument("team", type=Path, metavar="FILE", help="a team, force, crew or map file")
    p.add_argument("--format", choices=FORMATS, required=True, help="json, text or ccfolia")
    catalog_option(p)
    p.add_argument(
        "-o",
        "--output",
        type=output_type,
        metavar="OUT",
        help="write to OUT instead of the standard output (never over an existing file)",
    )
    p.set_defaults(run=cmd_export)


def _bad(where: str, message: Message) -> InputError:
    return InputError([Problem(where, None, None, "", message)])


def _say(key: str, **params: object) -> str:
    return MESSAGES(key, **params).text(current_lang())


# -- reading the file -----------------------------------------------------------------------------


@dataclass
class Usable:
    """A file that can be shared or exported: its game, catalog, team, report, the catalog's
    identity, its own data (without the pin) and whether it was pinned to that catalog."""

    system: AnySystem
    catalog: Any
    team: Any
    report: Any
    identity: Any
    data: dict[str, Any]
    pinned: bool


def usable_file(path: Path, catalog_dir: Path | None) -> Usable:
    """The file read and checked; InputError when it is bad input (exit 2 of ``check``)."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.catalogs.pin import read_pin, without_pin
    from builder.core.source import read_yaml
    from builder.roster.team_file import MAX_LIST_ITEMS, catalog_system, read_team

    system, read = read_team(path, expected=catalog_system(catalog_dir))
    if system is None or read.team is None:
        raise InputError(read.problems)
    catalog = system.load_catalog(catalog_dir)
    report = system.check(read, catalog)
    if report.exit_code == EXIT_BAD_INPUT:
        raise InputError(errors_of(report.problems))
    identity = identity_of(system, catalog_folder(system, catalog_dir))
    source = read_yaml(path, max_items=MAX_LIST_ITEMS)
    pin, _ = read_pin(source)
    data = dict(without_pin(source).data)
    pinned = pin is not None and pin.digest == identity.digest
    if pin is not None and not pinned:
        data["catalog"] = pin.to_json()  # pinned to another catalog: kept as it is
    return Usable(system, catalog, read.team, report, identity, data, pinned)


def _bundled_name(system: AnySystem) -> str | None:
    from builder.catalogs.impact import catalog_folder, identity_of

    try:
        return identity_of(system, catalog_folder(system, None)).name
    except InputError:
        return None


def share_code(found: Usable) -> str:
    """The share code of a usable file."""
    from builder.exchange.share import encode

    try:
        return encode(
            found.system, found.data, found.identity, found.pinned, _bundled_name(found.system)
        )
    except (TypeError, ValueError) as exc:  # a value no code holds (a number past 2^64)
        raise _bad("share", MESSAGES("cannot-share", reason=str(exc))) from None


def _keep_snapshot(identity: Any) -> None:
    """Keep the catalog a code was made with, so this machine reads the code later (quietly:
    sharing works without it)."""
    from builder.catalogs.store import save_snapshot

    with contextlib.suppress(OSError):
        save_snapshot(identity)


def cmd_share(args: argparse.Namespace) -> int:
    from builder.play.cards import is_record_file

    if is_record_file(args.team):  # a battle record: its own code (kind 1)
        from builder.exchange.record_share import cmd_share_record

        return cmd_share_record(args)
    found = usable_file(args.team, args.catalog)
    code = share_code(found)
    _keep_snapshot(found.identity)
    if args.json:
        out = {"code": code, "length": len(code), "system": found.system.id}
        print(
            json.dumps({**out, "catalog": found.identity.to_json()}, ensure_ascii=False, indent=2)
        )
    else:  # 80 columns: import joins the lines (and the words of a command line) again
        print("\n".join(code[i : i + LINE] for i in range(0, len(code), LINE)))
    return EXIT_OK


# -- export ---------------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from builder.catalogs.pin import Pin
    from builder.exchange.export import ccfolia_pieces, json_document, text_document

    found = usable_file(args.team, args.catalog)
    lang = current_lang()
    if args.format == "json":
        data = found.data
        if found.pinned:  # the pin is the file's own data too: import writes it back
            data = {**data, "catalog": Pin.of(found.identity).to_json()}
        doc = json_document(
            found.system, found.team, found.catalog, found.report, found.identity, data
        )
        text = json.dumps(doc, ensure_ascii=False, indent=2)
    elif args.format == "text":
        code = share_code(found)
        _keep_snapshot(found.identity)
        text = text_document(
            found.system, found.team, found.catalog, found.report, found.identity, code, lang
        )
    else:
        text = "\n".join(ccfolia_pieces(found.system, found.team, found.catalog, lang))
    if args.output is None:
        print(text)
        return EXIT_OK
    suffix = {"json": ".json", "text": ".txt", "ccfolia": ".json"}[args.format]
    _write_new(Path(args.output), text + "\n", suffix, found.team.name)
    return EXIT_OK


def _write_new(wanted: Path, text: str, suffix: str, team_name: str) -> Path:
    """Write ``text`` to ``wanted`` (a folder: a file named after the team in it), never over
    an existing file (``name-2.ext`` …); says where."""
    from builder.core.outfiles import create_new, slugify

    if wanted.is_dir():
        folder, stem, ext = wanted, slugify(team_name), suffix
    else:
        folder = wanted.parent if str(wanted.parent) else Path(".")
        stem, ext = wanted.stem, wanted.suffix or suffix
    try:
        path = create_new(folder, stem, ext, text.encode("utf-8"))
    except OSError as exc:
        raise _bad(str(wanted), MESSAGES("cannot-write", reason=exc.strerror or exc)) from None
    wanted_file = folder / f"{stem}{ext}"
    if path != wanted_file and not wanted.is_dir():
        print(_say("written-elsewhere", wanted=wanted_file, path=path), file=sys.stderr)
    else:
        print(_say("written", path=path), file=sys.stderr)
    return path


# -- import ---------------------------------------------------------------------------------------


def _all_systems() -> list[AnySystem]:
    from builder import systems

    return [systems.get(sid) for sid in systems.ids()]


def _find_catalog(system: AnySystem, digest: str, local: Any) -> Any:
    """The identity of the catalog of ``digest``: the one in use, a kept snapshot, or the
    game's bundled one (None when none of them has it)."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.catalogs.store import find_snapshot

    if local.digest == digest:
        return local
    files = tuple(local.files) or None
    folder = find_snapshot(digest, files)
    if folder is not None:
        return identity_of(system, folder)
    try:
        bundled = identity_of(system, catalog_folder(system, None))
    except InputError:
        return None
    return bundled if bundled.digest == digest else None


def _from_code(text: str, where: str, local_of: Callable[[AnySystem], Any]) -> Incoming:
    from builder.exchange.code import CodeError
    from builder.exchange.share import MissingIndex, decode, resolve

    try:
        decoded = decode(text, _all_systems())
    except CodeError as exc:
        raise _bad(where, MESSAGES(exc.key, **exc.params)) from None
    system = decoded.system
    local = local_of(system)
    name = decoded.name if decoded.name is not None else _bundled_name(system) or "?"
    original = _find_catalog(system, decoded.digest, local)
    if original is None:
        made = catalog_label(name, decoded.version, decoded.digest)
        raise _bad(where, MESSAGES("catalog-missing", made=made, here=local.said()))
    try:
        data = resolve(decoded, original)
    except CodeError as exc:  # a tree read only with its catalog (deflated with its dictionary)
        raise _bad(where, MESSAGES(exc.key, **exc.params)) from None
    except MissingIndex as exc:
        ref = exc.args[0]
        message = MESSAGES("index-missing", index=ref.index + 1, collection=ref.collection)
        raise _bad(where, message) from None
    return Incoming(
        system,
        data,
        name,
        decoded.version,
        decoded.digest,
        decoded.pinned,
        original,
        source=where,
    )


def _from_json(raw: str, where: str, local_of: Callable[[AnySystem], Any]) -> Incoming:
    from pydantic import ValidationError

    from builder.exchange.export import FORMAT, FORMAT_VERSION, document_model

    try:
        doc = json.loads(raw)
    except ValueError as exc:
        raise _bad(where, MESSAGES("not-an-export", why=str(exc))) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _bad(where, MESSAGES("not-an-export", why=f"format is not {FORMAT}"))
    version = doc.get("format_version")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise _bad(where, MESSAGES("export-newer", version=version))
    system = next((s for s in _all_systems() if s.id == doc.get("system")), None)
    if system is None:
        raise _bad(where, MESSAGES("code-other-game"))
    try:
        document_model(system).model_validate(doc)
    except ValidationError as exc:
        first = exc.errors()[0]
        at = ".".join(str(x) for x in first["loc"])
        raise _bad(where, MESSAGES("not-an-export", why=f"{at}: {first['msg']}")) from None
    catalog = doc["catalog"]
    local = local_of(system)
    original = _find_catalog(system, catalog["digest"], local)
    data = dict(doc["file"])
    return Incoming(
        system,
        data,
        catalog["name"],
        catalog["version"],
        catalog["digest"],
        False,
        original,
        names=names_in(doc.get("units")),
        source=where,
    )


def cmd_import(args: argparse.Namespace) -> int:
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.core.input_files import exists_safely, read_input

    source: str = " ".join(args.source)  # a code given in pieces (its lines) is one code
    where = "import"

    def local_of(system: AnySystem) -> Any:
        system.load_catalog(args.catalog)  # a catalog that does not load is refused first
        return identity_of(system, catalog_folder(system, args.catalog))

    if len(args.source) == 1 and exists_safely(source) and not Path(source).is_dir():
        where = source
        raw = read_input(Path(source)).decode("utf-8", errors="replace")
        if raw.lstrip().startswith("{"):
            incoming = _from_json(raw, where, local_of)
        else:
            code = code_in_text(raw)
            if code is None:
                raise _bad(where, MESSAGES("no-code-in-text"))
            from builder.exchange.record_code import is_record_code

            if is_record_code(code):  # a battle record's code kept in a file
                from builder.exchange.record_share import import_record

                return import_record(code, where, args.catalog, args.output)
            incoming = _from_code(code, where, local_of)
            check_text(raw, incoming, local_of)
    else:
        code = code_in_text(source) or source
        from builder.exchange.record_code import is_record_code

        if is_record_code(code):  # a battle record's code (kind 1)
            from builder.exchange.record_share import import_record

            return import_record(code, where, args.catalog, args.output)
        incoming = _from_code(code, where, local_of)
    local = local_of(incoming.system)
    data, renamed = reconcile(incoming, local)
    text = import_yaml(incoming, data, local if renamed else incoming.original)
    judge(incoming.system, text, args.catalog, local)
    if args.output is None:
        sys.stdout.write(text)
        return EXIT_OK
    name = data.get("name") if isinstance(data.get("name"), str) else "team"
    _write_new(Path(args.output), text, ".yaml", str(name))
    return EXIT_OK
