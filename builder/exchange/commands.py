"""``laminim share``, ``laminim import`` and ``laminim export`` (docs/export.md).

Exit codes as everywhere: 0 success, 2 bad input (a bad, truncated or foreign code; an
unusable file; a part the catalog does not have) with one located line per problem.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang
from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem, errors_of
from builder.core.report_lang import current_lang
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


_CODE_LINE = re.compile(r"^[0-9A-Za-z]+$")
_CODE_LABEL = re.compile(r"^(?:import:|インポート：)\s*(?P<code>\S.*)$")


def code_in_text(text: str) -> str | None:
    """The share code of an exported text (its ``import:`` line and the indented lines under
    it, in either language), or of a text that is a code and nothing else."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        found = _CODE_LABEL.match(line.strip())
        if found is None:
            continue
        parts = [found["code"]]
        for more in lines[i + 1 :]:  # the code's next lines (a chat may drop their indent)
            if not _CODE_LINE.match(more.strip()):
                break
            parts.append(more.strip())
        return "".join(parts)
    from builder.exchange.code import looks_like_code

    stripped = text.strip()
    return stripped if looks_like_code(stripped) and len(stripped.split()) <= 40 else None


@dataclass
class Incoming:
    """What an import read: the game, the file's data (ids), the catalog it was made with,
    whether it was pinned, and the part names it knows (for messages)."""

    system: AnySystem
    data: dict[str, Any]
    made_name: str
    made_version: Any
    made_digest: str
    pinned: bool
    original: Any = None
    """The identity of the catalog it was made with, when this machine has it."""
    names: dict[tuple[str, str], str] = field(default_factory=dict)
    source: str = ""


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
        made = _label(name, decoded.version, decoded.digest)
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


def _label(name: str, version: Any, digest: str) -> tuple[str, str]:
    from builder.catalogs.words import identity_label

    return identity_label(name, version, digest)


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
        names=_names_in(doc.get("units")),
        source=where,
    )


def _names_in(units: Any) -> dict[tuple[str, str], str]:
    """Every ``{"id", "name", "name_ja"}`` found in the exported units: a part's names by id
    (the collection is not known here, so the key's first half is empty)."""
    out: dict[tuple[str, str], str] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and isinstance(value.get("name"), str):
                ja = value.get("name_ja")
                out[("", value["id"])] = f"{value['name']} / {ja}" if ja else value["name"]
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(units)
    return out


def _part_names(identity: Any, collection: str, item_id: str) -> str | None:
    from builder.catalogs.diff import items_by_id, merged

    item = items_by_id(merged(identity).get(collection, ("", None))[1]).get(item_id)
    if item is None:
        return None
    name, ja = item.get("name"), item.get("name_ja")
    if not isinstance(name, str):
        return None
    return f"{name} / {ja}" if isinstance(ja, str) else name


def reconcile(incoming: Incoming, local: Any) -> tuple[dict[str, Any], bool]:
    """The data against the catalog in use: what differs is said on stderr (the catalog diff
    when the catalog it was made with is here), renamed ids are rewritten, parts the catalog
    does not have are refused by name. Returns the data and whether an id was rewritten."""
    from builder.catalogs.diff import diff_catalogs, items_by_id, merged
    from builder.catalogs.diff_text import diff_text
    from builder.exchange.share import _set, collections_of, uses_of

    if incoming.made_digest == local.digest:
        return incoming.data, False
    lang = current_lang()
    made = _label(incoming.made_name, incoming.made_version, incoming.made_digest)
    system = incoming.system
    if incoming.original is not None:
        print(_say("catalog-differs", made=made, here=local.said()), file=sys.stderr)
        diff = diff_catalogs(incoming.original, local, collections_of(system))
        print(diff_text(diff, [], lang), file=sys.stderr)
    else:
        print(_say("catalog-differs-ids", made=made, here=local.said()), file=sys.stderr)
    data = incoming.data
    here = merged(local)
    problems = []
    renamed = False
    for use in uses_of(system, data):
        have = items_by_id(here.get(use.collection, ("", None))[1])
        if use.id in have:
            continue
        new = local.renamed.get(use.id)
        if new is not None and new in have:
            _set(data, use.path, new)
            renamed = True
            print(_say("part-renamed", old=use.id, new=new, here=local.said()), file=sys.stderr)
            continue
        names = (
            (_part_names(incoming.original, use.collection, use.id) if incoming.original else None)
            or incoming.names.get(("", use.id))
            or use.id
        )
        message = MESSAGES(
            "part-unknown", collection=use.collection, id=use.id, name=names, here=local.said()
        )
        problems.append(Problem(incoming.source, None, None, "", message))
    if problems:
        raise InputError(problems)
    return data, renamed


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
            _check_text(raw, incoming, local_of)
    else:
        code = code_in_text(source) or source
        from builder.exchange.record_code import is_record_code

        if is_record_code(code):  # a battle record's code (kind 1)
            from builder.exchange.record_share import import_record

            return import_record(code, where, args.catalog, args.output)
        incoming = _from_code(code, where, local_of)
    local = local_of(incoming.system)
    data, renamed = reconcile(incoming, local)
    text = _yaml(incoming, data, local if renamed else incoming.original)
    _judge(incoming.system, text, args.catalog, local)
    if args.output is None:
        sys.stdout.write(text)
        return EXIT_OK
    name = data.get("name") if isinstance(data.get("name"), str) else "team"
    _write_new(Path(args.output), text, ".yaml", str(name))
    return EXIT_OK


def _yaml(incoming: Incoming, data: dict[str, Any], pin_to: Any) -> str:
    """The file's YAML text (pinned again when it was pinned)."""
    from builder.catalogs.pin import Pin, pinned_text

    text = plain_yaml(data)
    if incoming.pinned:
        if pin_to is not None:
            pin = Pin.of(pin_to)
        else:
            pin = Pin(incoming.made_name, incoming.made_version, incoming.made_digest)
        text = pinned_text(text, pin)
    return text


def plain_yaml(data: dict[str, Any]) -> str:
    """A new file's YAML: mappings and lists of mappings in block style, a list of plain
    values on one line (``key: [a, b, null]``, a map row), list items
    indented under their key, as the bundled files are written."""
    import yaml

    class Dumper(yaml.SafeDumper):
        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)

    return str(
        yaml.dump(
            data,
            Dumper=Dumper,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=None,
            width=100,
        )
    )


def _judge(system: AnySystem, text: str, catalog_dir: Path | None, local: Any) -> None:
    """Say when the written team is not legal against the catalog in use (a warning: the
    file is written as it came)."""
    from builder.catalogs.pin import without_pin
    from builder.core.source import parse_yaml

    read = system.read_team(without_pin(parse_yaml(text, "import")))
    if read.team is None:
        raise InputError(read.problems)
    try:
        report = system.check(read, system.load_catalog(catalog_dir))
    except InputError:
        return
    if report.exit_code != EXIT_OK:
        print(_say("not-legal-now", here=local.said()), file=sys.stderr)


def _check_text(raw: str, incoming: Incoming, local_of: Callable[[AnySystem], Any]) -> None:
    """Warn when an exported text's unit lines were edited after it was made (the code is
    what is imported)."""
    from builder.exchange.export import LABELS  # noqa: F401  (the text's words)
    from builder.systems import Exchanges

    system = incoming.system
    if not isinstance(system, Exchanges) or incoming.original is None:
        return
    from builder.catalogs.pin import without_pin
    from builder.core.source import parse_yaml
    from builder.roster.team_file import dump_team

    try:
        read = system.read_team(without_pin(parse_yaml(dump_team(incoming.data), "import")))
        catalog = system.load_catalog(incoming.original.folder)
    except InputError:
        return
    if read.team is None:
        return
    pasted = "".join(raw.split())  # a wrapped line reads the same once spaces are gone
    langs: tuple[Lang, ...] = ("en", "ja")
    for lang in langs:
        lines = system.text_lines(read.team, catalog, lang)
        if lines and all("".join(line.split()) in pasted for line in lines):
            return
    print(_say("text-edited"), file=sys.stderr)
