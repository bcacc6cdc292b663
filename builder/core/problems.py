"""Problems found in a user's file, reported as ``file:line:col: field: message``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from builder.core.i18n import Lang
from builder.core.messages import EMPTY, Message, Messages
from builder.core.report_lang import current_lang

T = TypeVar("T")

Severity = Literal["bad-input", "illegal", "warning"]
"""``bad-input``: the file cannot be used (exit 2); ``illegal``: it breaks a rule (exit 1);
``warning``: legal but worth a look."""

Loc = tuple[str | int, ...]
"""A path into a file's data, e.g. ``("units", 0, "weapons", 2)``."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can.

    ``words`` is a :class:`~builder.core.messages.Message` (English and Japanese, from a
    ``messages.yaml`` table): a problem cannot be made in one language only."""

    file: str
    line: int | None
    col: int | None
    field: str
    words: Message
    severity: Severity = "bad-input"

    @property
    def said(self) -> Message:
        """The words as a message."""
        return Message.of(self.words)

    @property
    def message(self) -> str:
        """The words in English."""
        return self.said.en

    def text(self, lang: Lang | None = None) -> str:
        """The words in ``lang`` (default: the language the command reports in)."""
        return self.said.text(lang or current_lang())

    def where(self) -> str:
        """``file:line:col`` (as much of it as is known)."""
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return where

    def show(self, lang: Lang | None = None) -> str:
        """The located line ``file:line:col: field: message`` in ``lang`` (default: the
        language the command reports in, see :mod:`builder.core.report_lang`)."""
        words = self.text(lang)
        field = f"{self.field}: " if self.field else ""
        return f"{self.where()}: {field}{words}"

    def __str__(self) -> str:
        return self.show()

    def to_json(self, lang: Lang | None = None) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "field": self.field,
            "message": self.text(lang),
            "severity": self.severity,
            **self.said.to_json(),
        }


Locator = Callable[[Loc, Message, Severity], Problem]
"""Makes a located problem from a path, a message and a severity: the one way to place an error
(a file's :meth:`builder.core.source.Located.problem`, or :func:`unplaced` without a file)."""


class InputError(Exception):
    """Raised when a file cannot be used at all; carries every problem found in it."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class ReadingProblems(InputError):
    """Problems of single values found while reading a file (an unsupported tag, a key given
    twice) that leave the rest of it readable: ``partial`` holds the data read without them
    (such a value as null, a repeated key's first value), so a reader that wants every
    problem in one run can go on and check the rest."""

    def __init__(
        self,
        problems: list[Problem],
        partial: Any,
        unsure: frozenset[tuple[int, int]] = frozenset(),
    ):
        super().__init__(problems)
        self.partial = partial
        self.unsure = unsure
        """Where the mappings are that lost a key that could not be read: what a check says
        is missing there may be that key, so it is not said."""


def unplaced(name: str, prefix: Loc = ()) -> Locator:
    """A locator for data that did not come from a file: ``name`` stands where the file would."""

    def locate(loc: Loc, message: Message, severity: Severity = "bad-input") -> Problem:
        return Problem(name, None, None, field_path((*prefix, *loc)), message, severity)

    return locate


def exit_code(problems: list[Problem]) -> int:
    """docs/design.md "Exit codes and problems": 2 if any problem is bad input, 1 if any breaks a
    rule, else 0."""
    if any(p.severity == "bad-input" for p in problems):
        return 2
    return 1 if any(p.severity == "illegal" for p in problems) else 0


def errors_of(problems: Iterable[Problem]) -> list[Problem]:
    """The problems that are not warnings (they make a file illegal or unusable)."""
    return [p for p in problems if p.severity != "warning"]


def warnings_of(problems: Iterable[Problem]) -> list[Problem]:
    """The warnings: legal, but worth a look."""
    return [p for p in problems if p.severity == "warning"]


class Findings:
    """What a legality report says about its ``problems``: errors, warnings, legality, exit code.

    Mixed into each system's report (a dataclass with a ``problems`` field).
    """

    problems: list[Problem]

    @property
    def bad_input(self) -> bool:
        return any(p.severity == "bad-input" for p in self.problems)

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def errors(self) -> list[Problem]:
        return errors_of(self.problems)

    @property
    def warnings(self) -> list[Problem]:
        return warnings_of(self.problems)

    @property
    def exit_code(self) -> int:
        """docs/design.md "Exit codes and problems": 0 legal, 1 illegal, 2 bad input."""
        return exit_code(self.problems)


def field_path(loc: tuple) -> str:
    """``('units', 0, 'weapons', 2)`` → ``units[0].weapons[2]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


CORE = Messages.load(__file__)
"""The messages every game shares (hints, the words around a list of names)."""


def suggest(word: str, choices: list[str]) -> Message:
    """A " (did you mean 'X'?)" hint in both languages when a close match exists (the case
    and surrounding spaces ignored first, so ``Lancer`` finds ``lancer``), else no words."""
    close = closest(word, choices)
    if not close:
        folded = {c.casefold(): c for c in choices}
        close = folded.get(word.strip().casefold(), "")
    return CORE("did-you-mean", word=close) if close else EMPTY


def unknown_system(system_id: object, installed: Sequence[str]) -> Message:
    """The words for a ``system:`` value (or ``--system``) that names no installed game, with
    a did-you-mean among ``installed`` (the registry's ids)."""
    hint = suggest(str(system_id), list(installed))
    return CORE("unknown-system", system=str(system_id), hint=hint, systems=", ".join(installed))


def did_you_mean(word: str, choices: list[str]) -> str:
    """A ' (did you mean X?)' suffix when a close match exists, else ''."""
    close = closest(word, choices)
    return f" (did you mean '{close}'?)" if close else ""


def find_named(
    items: Sequence[T],
    wanted: str,
    name: Callable[[T], str],
    *,
    where: str = "--unit",
    noun: str = "unit",
    at: Callable[[Message], Problem] | None = None,
) -> T:
    """The item called ``wanted``: the exact name, else the one whose name matches whatever
    the case (and surrounding spaces). Raises InputError at ``where`` otherwise (or where ``at``
    places it: a file's list of units, for ``FILE:UNIT``): several matches ask for the exact
    name; none names a close one (did-you-mean) and lists every name.

    Why one function: every game looks units up by a name a player typed (``--unit``,
    ``FILE:UNIT``), and a player should meet the same forgiving rules and words everywhere.
    """
    exact = [item for item in items if name(item) == wanted]
    if len(exact) == 1:
        return exact[0]
    key = wanted.strip().casefold()
    folded = [item for item in items if name(item).casefold() == key]
    if len(folded) == 1 and not exact:
        return folded[0]
    names = [name(item) for item in items]
    several = exact if len(exact) > 1 else folded
    nouns = CORE(f"noun-{noun}") if f"noun-{noun}" in CORE else Message.untranslated(noun)
    if len(several) > 1:
        message = CORE(
            "name-matches-several", wanted=wanted, noun=nouns, names=", ".join(map(name, several))
        )
    else:
        starts = [n for n in names if key and n.casefold().startswith(key)]
        if len(starts) > 1:
            hint = CORE("did-you-mean-one-of", words=", ".join(starts))
        else:
            lower = {n.casefold(): n for n in starts or names}
            close = closest(key, list(lower))
            hint = CORE("did-you-mean", word=lower[close]) if close else EMPTY
        message = CORE(
            "name-not-found", wanted=wanted, noun=nouns, hint=hint, names=", ".join(names) or "—"
        )
    raise InputError([at(message) if at is not None else Problem(where, None, None, "", message)])


def verdict(code: int) -> Message:
    """The one summary word of a check in every game: LEGAL (exit 0), ILLEGAL (exit 1) or
    UNUSABLE (exit 2: bad input, the file cannot be used as it is)."""
    return CORE(("verdict-legal", "verdict-illegal", "verdict-unusable")[min(max(code, 0), 2)])


def closest(word: str, choices: list[str]) -> str:
    """The choice closest in spelling to ``word``, or '' when none is close."""
    import difflib

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else ""
