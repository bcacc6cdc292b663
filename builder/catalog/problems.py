"""Problems found in a user's file, reported as ``file:line:col: field: message``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can."""

    file: str
    line: int | None
    col: int | None
    field: str
    message: str
    severity: Literal["bad-input", "illegal", "warning"] = "bad-input"

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "field": self.field,
            "message": self.message,
            "severity": self.severity,
        }


class InputError(Exception):
    """Raised when a file cannot be used at all; carries every problem found in it."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def field_path(loc: tuple) -> str:
    """``('units', 0, 'weapons', 2)`` → ``units[0].weapons[2]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def did_you_mean(word: str, choices: list[str]) -> str:
    """A ' (did you mean X?)' suffix when a close match exists, else ''."""
    import difflib

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
