"""Problem messages as data: each one a key, its parameters, and its words in both languages.

A module that reports problems keeps its messages in a ``messages.yaml`` beside it, in the same
``key: [English, 日本語]`` format as the label files (:mod:`builder.core.i18n`), and makes each
message by calling the table::

    MESSAGES = Messages.load(__file__, "messages.yaml")
    MESSAGES("unknown-weapon", weapon=wanted, hint=did_you_mean(wanted, ids))

The :class:`Message` it gives holds the English and the Japanese already filled, so a problem
can be shown in either language long after it was found (the CLI's ``--lang``, the TUI's
language switch) without the code that found it knowing which. A parameter may itself be a
:class:`Message` (a "did you mean" hint) or an (english, japanese) pair (a part's two names): each
language gets its own words. The table is checked when it is loaded (both languages, the same
placeholders), and a key the table lacks fails at once — a message can never come out in one
language only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from builder.core.i18n import Lang, Pair, PairTable, fill, pick, read_labels_file

Param = object
"""A message parameter: text, a number, a :data:`Pair` or a :class:`Message`."""


@dataclass(frozen=True)
class Message:
    """One problem's words: English and Japanese, and the key and parameters they came from."""

    en: str
    ja: str
    key: str = ""
    """The message's key in its table; ``""`` for words that have no table entry (English only)."""
    params: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The parameters, each as its English text (for JSON readers and tests)."""

    def text(self, lang: Lang) -> str:
        """The words in ``lang``."""
        return self.ja if lang == "ja" else self.en

    @property
    def translated(self) -> bool:
        """True when the message came from a table (it has its own Japanese)."""
        return bool(self.key)

    def __str__(self) -> str:
        return self.en

    def __add__(self, other: Message | str) -> Message:
        """Two messages (or a message and a literal both languages share, e.g. ``"; "``) read
        one after the other; the key stays the first one's."""
        more = other if isinstance(other, Message) else Message(other, other)
        return Message(
            self.en + more.en, self.ja + more.ja, self.key or more.key, self.params + more.params
        )

    @classmethod
    def untranslated(cls, text: str) -> Message:
        """Words that have no Japanese (a library's own error text, a file name alone)."""
        return cls(text, text)

    @classmethod
    def of(cls, words: Message | str) -> Message:
        """``words`` as a message: a plain string counts as untranslated."""
        return words if isinstance(words, Message) else cls.untranslated(words)

    def to_json(self) -> dict[str, object]:
        """The key and parameters, for a reader that wants to tell problems apart by kind."""
        return {"code": self.key or None, "params": dict(self.params)}


EMPTY = Message("", "", "empty")
"""No words in either language (an optional suffix that does not apply)."""


def _in_lang(value: Param, lang: Lang) -> object:
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return pick(value, lang)
    return value


class Messages(PairTable):
    """A table of message templates, ``key -> (english, japanese)``; calling it makes a message."""

    def __init__(self, table: Mapping[str, Pair], origin: str = "") -> None:
        self._table = dict(table)
        self.origin = origin
        """Where the table was read from (for the test that walks every key)."""

    @classmethod
    def load(cls, beside: str, name: str = "messages.yaml") -> Messages:
        """The table in the file ``name`` in the folder of the module file ``beside`` (pass
        ``__file__``). A broken table (a language missing, placeholders that differ) raises
        ValueError at import, before any problem is shown."""
        path = Path(beside).resolve().with_name(name)
        return cls(read_labels_file(path), str(path))

    def __call__(self, key: str, **params: Param) -> Message:
        """The message ``key`` with its ``{placeholders}`` filled from ``params`` in each language.

        Raises KeyError for a key the table lacks: a typo in a key fails the first test that
        reaches it instead of printing a raw key to a player."""
        en, ja = self._table[key]
        return Message(
            fill(en, "en", {k: _in_lang(v, "en") for k, v in params.items()}),
            fill(ja, "ja", {k: _in_lang(v, "ja") for k, v in params.items()}),
            key,
            tuple((k, str(_in_lang(v, "en"))) for k, v in params.items()),
        )


class MessageError(ValueError):
    """A ``ValueError`` a model validator raises with a :class:`Message`: pydantic keeps the
    exception in the error's ``ctx``, and :mod:`builder.core.validation` shows its words in
    the player's language instead of pydantic's "Value error, …"."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.en)
        self.said = said
