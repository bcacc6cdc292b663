"""The data a game hands to the printer: which template, with which plain-data context.

It lives on the printer's side so ``builder.render`` needs nothing from the game systems; the
kit (``builder.systems``) re-exports it for games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Printout:
    """One PDF to write: ``<team>-<kind>.pdf`` from a template and its plain-data context."""

    kind: str
    template: str
    context: Mapping[str, Any]


class LaterContext(Mapping[str, Any]):
    """A context worked out when it is first read, once: ``cards`` lays the first PDFs out in
    other processes while the roster's survival chains are still being computed here."""

    def __init__(self, make: Callable[[], Mapping[str, Any]]) -> None:
        self._make = make
        self._data: Mapping[str, Any] | None = None

    def _read(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = self._make()
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())
