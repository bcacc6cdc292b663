"""``laminim catalog diff`` as text, 80 columns: the catalog's changes, then file by file."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from builder.catalogs.diff import CatalogDiff, FieldChange, ItemChange, ItemRef
from builder.catalogs.identity import CatalogIdentity
from builder.catalogs.impact import EXIT_BAD_INPUT, EXIT_OK, FileImpact, Moved

WIDTH = 80


def _wrap(text: str, indent: str, hang: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=hang if hang is not None else indent + "  ",
        break_on_hyphens=False,
        break_long_words=True,
    ) or [indent]


def _who(identity: CatalogIdentity) -> str:
    version = f", version {identity.version}" if identity.version is not None else ""
    return f"{identity.name}{version} (digest {identity.digest})"


def _refs(refs: Sequence[ItemRef]) -> list[str]:
    by: dict[str, list[str]] = {}
    for r in refs:
        by.setdefault(r.collection, []).append(r.id)
    return [f"{c}: {', '.join(ids)}" for c, ids in by.items()]


def _changes(changes: Sequence[ItemChange]) -> list[str]:
    return [f"{c.collection}: {c.summary()}" for c in changes]


def _settings(settings: Sequence[FieldChange]) -> list[str]:
    return [f"{s.file + ': ' if s.file else ''}{s.text()}" for s in settings]


def _legal(code: int) -> str:
    if code == EXIT_OK:
        return "legal"
    return "unusable" if code == EXIT_BAD_INPUT else "ILLEGAL"


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.4g}"


def _moved(m: Moved) -> str:
    delta = "" if math.isinf(m.delta) else f" ({m.delta:+.3g}, {m.relative:.1%})"
    return f"{m.label}: {_number(m.before)} → {_number(m.after)}{delta}"


def diff_text(diff: CatalogDiff, files: Sequence[FileImpact]) -> str:
    lines = _wrap(f"old: {_who(diff.old)}", "", "     ")
    lines += _wrap(f"new: {_who(diff.new)}", "", "     ")
    if diff.old.digest == diff.new.digest:
        lines.append("the two catalogs hold the same content")
    elif diff.empty:
        lines.append("no item or setting differs (only the version or renames)")
    sections = (
        ("added", _refs(diff.added)),
        ("removed", _refs(diff.removed)),
        ("renamed", _changes(diff.renamed)),
        ("changed", _changes(diff.changed)),
        ("settings", _settings(diff.settings)),
    )
    for title, rows in sections:
        if not rows:
            continue
        lines += ["", f"{title}:"]
        for row in rows:
            lines += _wrap(row, "  ", "      ")
    for impact in files:
        lines += ["", *_file_lines(impact)]
    return "\n".join(lines)


def _file_lines(impact: FileImpact) -> list[str]:
    state = f"{_legal(impact.before)} → {_legal(impact.after)}"
    if impact.broke:
        state += " (broken by this change)"
    if impact.after_migrate is not None:
        state += f"; after 'laminim migrate': {_legal(impact.after_migrate)}"
    lines = _wrap(f"{impact.file}: {state}", "", "  ")
    if impact.reasons and impact.after != EXIT_OK:
        lines.append("  why:")
        for problem in [*impact.reasons, *impact.renames]:
            lines += _wrap(str(problem), "    ", "      ")
    if impact.parts_changed:
        lines.append("  its parts that changed:")
        for _use, line in impact.parts_changed:
            lines += _wrap(line, "    ", "      ")
    if impact.moved:
        after = " (after: the migrated file)" if impact.after_migrate is not None else ""
        lines.append(f"  numbers that moved, largest first{after}:")
        for m in impact.moved:
            lines += _wrap(_moved(m), "    ", "      ")
    if not (impact.parts_changed or impact.moved) and impact.after == impact.before == EXIT_OK:
        lines.append("  nothing it uses changed")
    return lines
