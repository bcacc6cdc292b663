"""What ``laminim import`` does with a file it read (docs/export.md "Import"): the share code
found in an exported text, the data set against the catalog in use (what differs said, renamed
ids rewritten, missing parts refused by name), the YAML written, and the warnings after it (the
team not legal here, an exported text edited after it was made).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang
from builder.core.messages import Messages
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.systems import AnySystem

MESSAGES = Messages.load(__file__)


def _say(key: str, **params: object) -> str:
    return MESSAGES(key, **params).text(current_lang())


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


def catalog_label(name: str, version: Any, digest: str) -> tuple[str, str]:
    from builder.catalogs.words import identity_label

    return identity_label(name, version, digest)


def names_in(units: Any) -> dict[tuple[str, str], str]:
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
    made = catalog_label(incoming.made_name, incoming.made_version, incoming.made_digest)
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


def import_yaml(incoming: Incoming, data: dict[str, Any], pin_to: Any) -> str:
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


def judge(system: AnySystem, text: str, catalog_dir: Path | None, local: Any) -> None:
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
    if report.exit_code != 0:
        print(_say("not-legal-now", here=local.said()), file=sys.stderr)


def check_text(raw: str, incoming: Incoming, local_of: Callable[[AnySystem], Any]) -> None:
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
