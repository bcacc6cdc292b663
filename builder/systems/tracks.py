"""What a game's ``versions.py`` (:class:`builder.systems.base.TracksCatalog`) is made of: the
lists in a file's plain data, where ids are looked for, and the analysis whose numbers head a
catalog update's report.

Part of the kit: imports no game, no registry and no TUI.
"""

from __future__ import annotations

from typing import Any

from builder.core.problems import InputError
from builder.systems.base import AnalyzeOptions, TeamRead


def items(data: Any, key: str) -> list[tuple[int, Any]]:
    """(index, item) of the list under ``key`` of a file's plain data, which may hold anything
    YAML does: none when ``data`` is no mapping or the value is no list."""
    value = data.get(key) if isinstance(data, dict) else None
    return list(enumerate(value)) if isinstance(value, list) else []


def analysis_json(system: Any, read: TeamRead[Any], catalog: Any) -> dict[str, Any]:
    """``analyze``'s JSON of ``read`` with the default options; {} when it cannot be analysed
    (so it has no headlines)."""
    try:
        data: dict[str, Any] = system.analyze(read, catalog, AnalyzeOptions()).json
    except InputError:
        return {}
    return data
