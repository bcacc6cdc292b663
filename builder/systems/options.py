"""Options as data: what a game's ``analyze`` / ``compare`` take and which card sizes it prints.

A game declares its options; the CLI builds ``--flag`` arguments from the declarations (naming,
in ``--help``, the games that take each one) and refuses an option the file's game does not
declare. The TUI's print dialog offers the declared card sizes. So no game's words (its options,
its card names) sit in generic code. Part of the kit: imports no game, no registry, no TUI.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from builder.core.messages import Message, Messages
from builder.core.parser_words import parser_lang

if TYPE_CHECKING:
    from builder.core.i18n import Labels

T = TypeVar("T")

MESSAGES = Messages.load(__file__)

DEFAULT_ROUNDS = 6
"""Rounds analysed when no ``--rounds`` is given (the games that count rounds play six)."""


@dataclass(frozen=True)
class Option(Generic[T]):
    """One ``--name VALUE`` option of ``analyze`` or ``compare``.

    ``parse`` turns the typed text into the value (raising ``argparse.ArgumentTypeError`` in
    the player's language, or a :class:`~builder.core.messages.MessageError` the CLI words in
    it); a game reads its value back, typed, with :meth:`of`.
    """

    name: str
    metavar: str
    help: str
    """English help; ends with ``)`` when it has a parenthesis the CLI may add the games to."""
    parse: Callable[[str], T]
    switch: bool = False
    """A flag that takes no value (``--exact``): its value is True when given."""

    @property
    def flag(self) -> str:
        return f"--{self.name.replace('_', '-')}"

    def of(self, values: Mapping[str, object]) -> T | None:
        """This option's value among ``values`` (None when not given)."""
        return cast("T | None", values.get(self.name))


@dataclass(frozen=True)
class CardSize:
    """A card size ``cards --card-size`` and the print dialog offer."""

    id: str
    help: str
    """What ``--help`` says about it, e.g. ``"small (50×70 mm, 12 a page)"``."""
    label: str = ""
    """What the print dialog shows (default: the id)."""

    @property
    def shown(self) -> str:
        return self.label or self.id


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An option's parser for a whole number from ``low`` to ``high``; its refusal reads in
    the language argparse speaks for this command (``--lang``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise _refused(MESSAGES("whole-number", got=text)) from None
        if not low <= value <= high:
            raise _refused(MESSAGES("number-out-of-range", low=low, high=high, got=value))
        return value

    return parse


def _refused(said: Message) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(said.text(parser_lang()))


def balance_options(p: argparse.ArgumentParser, words: Labels, pdf: str) -> None:
    """The options a game's ``balance`` ends with (docs/balance.md): ``--suggest``, ``--write
    DIR``, ``--json``, ``-o PDF`` (``pdf``: the file's metavar), ``--paper`` and ``--lang``, each
    helped by the English of ``balance-<option>`` in the game's help table ``words`` (its
    ``help_labels.yaml``, which gives the parser the Japanese too)."""
    from pathlib import Path

    from builder.core.i18n import LANGS
    from builder.core.outfiles import output_path
    from builder.render.layout import PAPERS

    def said(option: str) -> str:
        return words.t(f"balance-{option}", "en")

    p.add_argument("--suggest", action="store_true", help=said("suggest"))
    p.add_argument("--write", type=Path, metavar="DIR", help=said("write"))
    p.add_argument("--json", action="store_true", help=said("json"))
    p.add_argument("-o", "--output", type=output_path, metavar=pdf, help=said("output"))
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help=said("paper"))
    p.add_argument("--lang", choices=list(LANGS), default=None, help=said("lang"))


positive_rounds = whole_number(1, 50)
"""A number of rounds: a whole number from 1 to 50."""


UNIT: Option[str] = Option("unit", "NAME", "only this unit", str)
THREAT: Option[str] = Option(
    "threat",
    "ID|FILE",
    "a threat of the catalog (its id or name), a YAML file holding one threat, or FILE:UNIT, "
    "an enemy unit of a team file where the game takes one (default: the catalog's default "
    "threat)",
    str,
)
ROUNDS: Option[int] = Option("rounds", "N", f"rounds (default {DEFAULT_ROUNDS})", positive_rounds)
"""The options most games share: :class:`AnalyzeOptions` keeps their values as fields."""

COMMON = (UNIT, THREAT, ROUNDS)


@dataclass(frozen=True)
class Declared:
    """What a game offers the command line, as data: its ``analyze`` / ``compare`` options,
    its card sizes and its own sub-commands (name -> one-line help).

    A game keeps it in a ``declared`` module beside its ``system`` module that imports only
    this kit module, so ``laminim --help`` and the parsing of a command read every game's
    offer without importing any game (their models, readers and rules); the game's system
    class takes its attributes from it (a test holds the two equal). A game without such a
    module is read from its system (:func:`builder.systems.declared`), only slower.
    """

    analyze_options: tuple[Option[Any], ...] = ()
    compare_options: tuple[Option[Any], ...] = ()
    card_sizes: tuple[CardSize, ...] = ()
    commands: Mapping[str, str] = field(default_factory=dict)
