"""``laminim check`` on a map: a map has no rule to break, so it is usable or bad input.

Every problem was found while reading (``read.py``); the report carries them with the map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.core.problems import Problem, errors_of, exit_code, warnings_of

from .models import KuroganenMap


@dataclass
class MapReport:
    """``laminim check`` on a map: it is either usable (exit 0) or bad input (exit 2)."""

    team: KuroganenMap
    problems: list[Problem] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return exit_code(self.problems)

    def to_json(self) -> dict[str, Any]:
        from .text import map_summary

        return {
            "valid": self.exit_code == 0,
            "errors": [p.to_json() for p in errors_of(self.problems)],
            "warnings": [p.to_json() for p in warnings_of(self.problems)],
            "map": map_summary(self.team),
        }

    def text(self) -> str:
        from builder.core.problems import verdict
        from builder.core.report_lang import current_lang

        from .text import LABELS, levels_grid, summary_line

        lang = current_lang()
        word = verdict(self.exit_code).text(lang)
        head = LABELS.t("checked", lang, summary=summary_line(self.team, lang), verdict=word)
        lines = [head, "", *levels_grid(self.team, lang)]
        warnings = warnings_of(self.problems)  # e.g. a pinned catalog's notice
        if warnings:
            lines += ["", *(LABELS.t("warning", lang, problem=p.show(lang)) for p in warnings)]
        return "\n".join(lines)
