"""``laminim share RECORD`` and ``laminim import CODE`` for a battle record (docs/export.md "A
battle record's code"), and the code's block on the record's printout.

A record's code holds its head, its state and its whole log (:mod:`builder.exchange.record_code`):
a record with its state replays from that state, so it plays on another machine without the
team files it names (they are needed only to rebuild the state after the log was edited by
hand, and ``import`` says when they are not beside the record it wrote). Import rebuilds the
file, replays it before writing anything (the same check ``laminim play`` makes), and writes it
where asked, never over a file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang
from builder.core.problems import InputError
from builder.core.text_table import fit_text
from builder.systems import AnySystem


def _commands() -> Any:
    from builder.exchange import commands

    return commands


def shared_record(path: Path, catalog_dir: Path | None) -> tuple[Any, Any, str]:
    """The record opened (its log replayed: a bad record is refused as ``play`` refuses it),
    the identity of its catalog and its code."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.play.session import Session

    session = Session.open(path, catalog_dir)
    identity = identity_of(session.system, catalog_folder(session.system, catalog_dir))
    return session, identity, record_code_of(session, identity)


def record_code_of(session: Any, identity: Any) -> str:
    """The code of an open record played with the catalog ``identity``."""
    from builder.exchange.record_code import encode_record

    cmd = _commands()
    try:
        return encode_record(
            session.system, session.record_data(), identity, cmd._bundled_name(session.system)
        )
    except (TypeError, ValueError) as exc:
        raise cmd._bad("share", cmd.MESSAGES("cannot-share", reason=str(exc))) from None


def cmd_share_record(args: argparse.Namespace) -> int:
    cmd = _commands()
    session, identity, code = shared_record(Path(args.team), args.catalog)
    cmd._keep_snapshot(identity)
    if args.json:
        out = {"code": code, "length": len(code), "system": session.system.id, "kind": "record"}
        print(json.dumps({**out, "catalog": identity.to_json()}, ensure_ascii=False, indent=2))
    else:
        print("\n".join(code[i : i + cmd.LINE] for i in range(0, len(code), cmd.LINE)))
    return cmd.EXIT_OK


def import_record(code: str, where: str, catalog_dir: Path | None, output: Path | None) -> int:
    """Write the record of ``code`` (to ``output``, else the standard output) once it replays."""
    from builder.exchange.code import CodeError
    from builder.exchange.record_code import decode_record, record_data
    from builder.play.record import MAX_ITEMS, read_record
    from builder.play.record_text import record_text
    from builder.play.session import Session

    cmd = _commands()
    try:
        found = decode_record(code, cmd._all_systems())
    except CodeError as exc:
        raise cmd._bad(where, cmd.MESSAGES(exc.key, **exc.params)) from None
    system = found.system
    system.load_catalog(catalog_dir)  # a catalog that does not load is refused first
    from builder.catalogs.impact import catalog_folder, identity_of

    local = identity_of(system, catalog_folder(system, catalog_dir))
    name = found.name if found.name is not None else cmd._bundled_name(system) or "?"
    made = cmd.catalog_label(name, found.version, found.digest)
    original = cmd._find_catalog(system, found.digest, local)
    if original is None:
        raise cmd._bad(where, cmd.MESSAGES("record-catalog-missing", made=made, here=local.said()))
    try:
        data = record_data(found, original)
    except CodeError as exc:
        raise cmd._bad(where, cmd.MESSAGES(exc.key, **exc.params)) from None
    text = record_text(data)
    target = _target(output, data)
    replay_with = catalog_dir if original.digest == local.digest else original.folder
    from builder.core.source import parse_yaml

    src = parse_yaml(text, where, MAX_ITEMS)
    try:  # the record replays here before anything is written (as `laminim play` opens it)
        Session.open(target, replay_with, read_record(target, text, src))
    except InputError as exc:
        said = cmd.MESSAGES("record-does-not-replay")
        raise InputError([cmd._bad(where, said).problems[0], *exc.problems]) from None
    if output is None:
        sys.stdout.write(text)
        written = Path("-")
    else:
        written = cmd._write_new(Path(output), text, ".battle.yaml", _stem(data))
    if original.digest != local.digest:
        note = cmd._say(
            "record-other-catalog-here", made=made, here=local.said(), folder=original.folder
        )
        print(fit_text(note), file=sys.stderr)
    _say_absent_teams(data, written)
    return cmd.EXIT_OK


def _target(output: Path | None, data: dict[str, Any]) -> Path:
    """Where the record will be (the folder its team paths are relative to)."""
    if output is None:
        return Path(f"{_stem(data)}.battle.yaml")
    if output.is_dir():
        return output / f"{_stem(data)}.battle.yaml"
    return output


def _stem(data: dict[str, Any]) -> str:
    """A new record's name: its first team file's (``samples.yaml`` → ``samples``)."""
    from builder.core.outfiles import slugify

    teams = data.get("teams")
    if isinstance(teams, list) and teams and isinstance(teams[0], str):
        return slugify(Path(teams[0]).name.split(".")[0]) or "record"
    return "record"


def _say_absent_teams(data: dict[str, Any], written: Path) -> None:
    """Say which team files the record names are not beside it (it plays without them)."""
    teams = data.get("teams")
    if not isinstance(teams, list):
        return
    folder = Path(".") if str(written) == "-" else written.parent
    absent = sorted({t for t in teams if isinstance(t, str) and not (folder / t).exists()})
    if absent:
        cmd = _commands()
        said = cmd._say("record-teams-absent", files=", ".join(absent))
        print(fit_text(said), file=sys.stderr)


# -- the printout -----------------------------------------------------------------------------


def record_code_printout(session: Any, identity: Any, lang: Lang, paper: str) -> Any:
    """The record's code as a page of its own (``templates/common/record_code.html``): its QR
    at a size a phone reads from the table, the code in text under it; None when the record
    cannot be put in a code."""
    from builder.exchange.export import LABELS
    from builder.exchange.roster import RECORD_SIZES, qr_block
    from builder.render.layout import PAPERS
    from builder.render.printout import Printout
    from builder.render.roster import MARGIN, CatalogLine, catalog_text

    try:
        code = record_code_of(session, identity)
    except InputError:
        return None
    block = qr_block(code, lang, RECORD_SIZES)
    words = LABELS.in_lang(lang)
    system: AnySystem = session.system
    game = system.name_ja if lang == "ja" else system.name
    line = CatalogLine(identity.name, identity.version, identity.digest, name_ja=identity.name_ja)
    width, height = PAPERS[paper]
    context = {
        "system": "common",
        "kind": "record-code",
        "lang": lang,
        "labels": words,
        "title": f"{session.path.name} — {words['record-title']}",
        "page": {"width": width, "height": height, "paper": paper, "margin": MARGIN},
        "record": session.path.name,
        "game": game,
        "catalog": catalog_text(line, lang),
        "share": block,
    }
    return Printout("code", "common/record_code.html", context)
