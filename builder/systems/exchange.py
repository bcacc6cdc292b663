"""The kit's share-and-export hook: what ``laminim share``, ``import`` and ``export`` need of a
game (docs/export.md, docs/adding-a-game.md).

Generic code (:mod:`builder.exchange`) writes share codes, the JSON envelope, the text's frame
and CCFOLIA's clipboard wrapper; a game gives the words its files use (the share code's
vocabulary), its units as the open format describes them (with the numbers a reader needs
without the catalog), its text lines and its CCFOLIA pieces. A game that derives
:class:`ExchangingGame` keeps all of it in ``exchange.py`` beside its ``system.py``.

Part of the kit: imports no game, no registry and no TUI.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from builder.core.i18n import Lang


def ccfolia_character(
    name: str,
    memo: str,
    status: list[dict[str, Any]],
    params: list[dict[str, Any]],
    commands: list[str],
    initiative: int = 0,
) -> dict[str, Any]:
    """The ``data`` of a CCFOLIA clipboard piece (docs/export.md): ``status`` bars
    ``{label, value, max}``, ``params`` ``{label, value}`` (values as texts), the chat palette
    one command a line."""
    return {
        "name": name,
        "memo": memo,
        "initiative": initiative,
        "status": status,
        "params": [{"label": p["label"], "value": str(p["value"])} for p in params],
        "commands": "\n".join(commands),
    }


def bar(label: str, value: int, maximum: int | None = None) -> dict[str, Any]:
    """A CCFOLIA status bar (full unless ``maximum`` says otherwise)."""
    return {"label": label, "value": value, "max": value if maximum is None else maximum}


@runtime_checkable
class Exchanges(Protocol):
    """Optional part of a game system: share codes, ``import`` and ``export``.

    ``share_words``: the texts its files use most (keys, fixed values), written as one byte
    each in a share code; the list may only grow at its end (a code made earlier must read the
    same). ``export_units``: each unit of a usable team as the open format's unit of this game
    (plain data that validates against ``unit_model``, a pydantic model). ``text_lines``: one
    line per unit (parts and payload) in ``lang``. ``ccfolia_pieces``: one CCFOLIA character
    per unit (the ``data`` of a clipboard piece: name, status, params, memo, commands)."""

    def share_words(self) -> tuple[str, ...]: ...

    def unit_model(self) -> Any: ...

    def export_units(self, team: Any, catalog: Any) -> list[dict[str, Any]]: ...

    def text_lines(self, team: Any, catalog: Any, lang: Lang) -> list[str]: ...

    def ccfolia_pieces(self, team: Any, catalog: Any, lang: Lang) -> list[dict[str, Any]]: ...


class ExchangeModule(Protocol):
    """What a game's ``exchange`` module holds (mypy checks each game's module against it)."""

    @property
    def WORDS(self) -> Sequence[str]: ...

    @property
    def Unit(self) -> Any:
        """The pydantic model of one exported unit."""
        ...

    def export_units(self, team: Any, catalog: Any) -> list[dict[str, Any]]: ...

    def text_lines(self, team: Any, catalog: Any, lang: Lang) -> list[str]: ...

    def ccfolia_pieces(self, team: Any, catalog: Any, lang: Lang) -> list[dict[str, Any]]: ...


class ExchangingGame(ABC):
    """:class:`Exchanges` from the game's own ``exchange`` module (mixed in before ``Game``),
    which the game declares in :meth:`exchange` (importing it there, when first asked: a
    module named in code, typed, not found by a name made at run time)."""

    @abstractmethod
    def exchange(self) -> ExchangeModule: ...

    def _exchange(self) -> ExchangeModule:
        return self.exchange()

    def share_words(self) -> tuple[str, ...]:
        return tuple(self._exchange().WORDS)

    def unit_model(self) -> Any:
        return self._exchange().Unit

    def export_units(self, team: Any, catalog: Any) -> list[dict[str, Any]]:
        return list(self._exchange().export_units(team, catalog))

    def text_lines(self, team: Any, catalog: Any, lang: Lang) -> list[str]:
        return list(self._exchange().text_lines(team, catalog, lang))

    def ccfolia_pieces(self, team: Any, catalog: Any, lang: Lang) -> list[dict[str, Any]]:
        return list(self._exchange().ccfolia_pieces(team, catalog, lang))
