"""``laminim export``: the open JSON format, the chat text and CCFOLIA pieces (docs/export.md).

The JSON document is an envelope this module defines (format name and version, the game, the
catalog's identity, the team's name, its legality, the file's own data) around the game's units
(each game's ``exchange.Unit``), so a reader needs no catalog to know a unit's parts and numbers,
and ``import`` needs nothing but ``file`` to write the team back. Its JSON Schema, generated
from these pydantic models, is published in ``docs/export.schema.json``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from builder.catalogs.identity import CatalogIdentity
from builder.core.i18n import Labels, Lang, shown_name
from builder.core.text_table import columns, wrap
from builder.systems import AnySystem, Exchanges, Report

LABELS = Labels.load(__file__, "labels.yaml")

FORMAT = "laminim-export"
FORMAT_VERSION = 1
"""The document's ``format`` and ``format_version``: a new version only when an existing key
changes meaning; new keys may be added to version 1."""

WIDTH = 80
"""The text fits an 80-column terminal (and a forum's code block): longer lines wrap, their
continuation indented."""

CODE_WIDTH = 70
"""Characters of the share code per line of the text (the code reads back across lines)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CatalogRef(_Model):
    """The catalog the team was checked against."""

    name: str = Field(description="The catalog's name (catalog.yaml name:).")
    version: int | str | None = Field(description="The catalog's version: (null: none).")
    digest: str = Field(description="The catalog's content digest (12 hex digits).")


class GameRef(_Model):
    en: str = Field(description="The game's name in English.")
    ja: str = Field(description="The game's name in Japanese.")


class Finding(_Model):
    """A legality error or warning."""

    severity: str = Field(description="error or warning.")
    field: str = Field(description="What it is about (a unit, a field).")
    message: str = Field(description="In English.")
    message_ja: str = Field(description="In Japanese.")


class Envelope(_Model):
    format: Literal["laminim-export"] = Field(description="Always laminim-export.")
    format_version: Literal[1] = Field(description="The format's version.")
    system: str = Field(description="The game's id (the file's system:).")
    game: GameRef
    catalog: CatalogRef
    name: str = Field(description="The team's (force's, crew's, map's) name.")
    legal: bool = Field(description="Whether the team is legal against that catalog.")
    findings: list[Finding] = Field(description="Every legality error and warning.")
    file: dict[str, Any] = Field(
        description="The file's own data, ids as the file writes them (import writes it back)."
    )


def document_model(system: AnySystem) -> type[Envelope]:
    """The envelope with ``system`` fixed to the game's id and ``units`` its units."""
    unit: Any = system.unit_model() if isinstance(system, Exchanges) else dict[str, Any]
    fixed: Any = Literal[system.id]
    model: type[Envelope] = create_model(
        f"{system.id.title().replace('-', '')}Export",
        __base__=Envelope,
        system=(fixed, Field(description="The game's id.")),
        units=(list[unit], Field(description="Every unit, in file order.")),
    )
    return model


def schema(games: list[AnySystem]) -> dict[str, Any]:
    """The JSON Schema of every game's export document (one of them, by ``system``)."""
    models = tuple(document_model(g) for g in games)
    union: Any = models[0]
    if len(models) > 1:
        union = Annotated[Union[models], Field(discriminator="system")]  # noqa: UP007
    out = TypeAdapter(union).json_schema()
    out = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://laminim.invalid/schema/{FORMAT}/{FORMAT_VERSION}",
        "title": "laminim export (format_version 1)",
        "description": "A team, force, crew or map exported by 'laminim export --format json'; "
        "see docs/export.md.",
        **out,
    }
    return out


def findings(report: Report) -> list[dict[str, Any]]:
    out = []
    for p in report.problems:
        out.append(
            {
                "severity": "warning" if p.severity == "warning" else "error",
                "field": p.field,
                "message": p.said.en,
                "message_ja": p.said.ja,
            }
        )
    return out


def json_document(
    system: AnySystem,
    team: Any,
    catalog: Any,
    report: Report,
    identity: CatalogIdentity,
    file_data: dict[str, Any],
) -> dict[str, Any]:
    """The export document of a usable team (validated against the game's model)."""
    units = system.export_units(team, catalog) if isinstance(system, Exchanges) else []
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "system": system.id,
        "game": {"en": system.name, "ja": system.name_ja},
        "catalog": identity.to_json(),
        "name": team.name,
        "legal": report.exit_code == 0,
        "findings": findings(report),
        "file": file_data,
        "units": units,
    }
    return document_model(system).model_validate(doc).model_dump(mode="json")


# -- text -----------------------------------------------------------------------------------------


def code_lines(code: str, lang: Lang) -> list[str]:
    """The share code under its label, cut into lines that fit 80 columns (``import`` joins
    them: a code reads back across spaces and line breaks)."""
    label = LABELS.t("code", lang)
    pad = " " * columns(label)
    size = min(CODE_WIDTH, WIDTH - columns(label))
    chunks = [code[i : i + size] for i in range(0, len(code), size)]
    return [f"{label}{chunks[0]}", *(pad + c for c in chunks[1:])]


def text_document(
    system: AnySystem,
    team: Any,
    catalog: Any,
    report: Report,
    identity: CatalogIdentity,
    code: str,
    lang: Lang,
) -> str:
    """The text for a chat or a forum: the game and team, a line per unit, the legality
    line, the catalog, and the share code ``import`` reads back."""
    game = system.name_ja if lang == "ja" else system.name
    lines = [f"{game} · {shown_name(team, lang)}"]
    lines += system.text_lines(team, catalog, lang) if isinstance(system, Exchanges) else []
    errors = [p for p in report.problems if p.severity != "warning"]
    if report.exit_code == 0:
        lines.append(LABELS.t("legal", lang))
    else:
        first = errors[0].said.text(lang) if errors else ""
        lines.append(LABELS.t("not-legal", lang, count=len(errors), first=first))
    name = identity.name_ja if lang == "ja" and identity.name_ja else identity.name
    version = (
        LABELS.t("version", lang, version=identity.version) if identity.version is not None else ""
    )
    lines.append(LABELS.t("catalog", lang, name=name, version=version, digest=identity.digest))
    out = [part for line in lines for part in (wrap(line, WIDTH, "    ") or [""])]
    return "\n".join(out + code_lines(code, lang))


# -- CCFOLIA --------------------------------------------------------------------------------------


class CcfoliaStatus(_Model):
    label: str
    value: int
    max: int


class CcfoliaParam(_Model):
    label: str
    value: str


class CcfoliaCharacter(_Model):
    """What the pieces carry of CCFOLIA's ``Character`` (docs/export.md cites the type)."""

    model_config = ConfigDict(extra="allow")
    name: str
    memo: str = ""
    initiative: int | float = 0
    externalUrl: str = ""
    status: list[CcfoliaStatus] = []
    params: list[CcfoliaParam] = []
    commands: str = ""


class CcfoliaPiece(_Model):
    """A clipboard piece: ``{"kind": "character", "data": Partial<Character>}``."""

    kind: Literal["character"]
    data: CcfoliaCharacter


def ccfolia_pieces(system: AnySystem, team: Any, catalog: Any, lang: Lang) -> list[str]:
    """One clipboard piece per unit, each a one-line JSON text (paste one at a time)."""
    pieces = system.ccfolia_pieces(team, catalog, lang) if isinstance(system, Exchanges) else []
    out = []
    for data in pieces:
        piece = CcfoliaPiece.model_validate({"kind": "character", "data": data})
        out.append(json.dumps(piece.model_dump(), ensure_ascii=False, separators=(",", ":")))
    return out


SCHEMA_FILE = "docs/export.schema.json"
"""Where the schema is published (relative to the repository; tests hold it equal to
:func:`schema` of the installed games)."""


def schema_text(games: list[AnySystem]) -> str:
    """The published schema's text: :func:`schema`, indented, a newline at the end."""
    return json.dumps(schema(games), ensure_ascii=False, indent=2) + "\n"
