"""The data a game hands to the printer: which template, with which plain-data context.

It lives on the printer's side so ``builder.render`` needs nothing from the game systems; the
kit (``builder.systems``) re-exports it for games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Printout:
    """One PDF to write: ``<team>-<kind>.pdf`` from a template and its plain-data context."""

    kind: str
    template: str
    context: dict[str, Any]
