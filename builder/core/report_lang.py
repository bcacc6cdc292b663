"""The language a command reports in: ``--lang``, else ``LAMINIM_LANG``, else English.

A problem is found deep inside a game (a reader, a legality rule) and turned into words far
away: the CLI prints it, a game's JSON lists it, a game's text table counts it. The
:class:`~builder.core.messages.Message` it carries holds both languages, so only the place that
prints needs to know which; the CLI says it once here (:func:`reporting_in`) and every
:class:`~builder.core.problems.Problem` shown or serialised without a language given uses it,
in every game, without each game's report threading a ``lang`` through. The TUI, which switches
language while running, passes its language explicitly instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from builder.core.i18n import LANGS, Lang

ENV = "LAMINIM_LANG"
"""The environment variable giving the default of ``--lang`` (``ja`` or ``en``)."""

_CURRENT: ContextVar[Lang] = ContextVar("report_lang", default="en")


def env_lang() -> Lang:
    """``LAMINIM_LANG`` when it names a language (``ja``, ``en``; case and a region such as
    ``ja_JP`` ignored), else English."""
    value = os.environ.get(ENV, "").strip().lower().replace("-", "_").split("_")[0]
    return value if value in LANGS else "en"


def current_lang() -> Lang:
    """The language problems are reported in now."""
    return _CURRENT.get()


@contextmanager
def reporting_in(lang: Lang) -> Iterator[None]:
    """Report in ``lang`` inside the block (the CLI wraps one command in it)."""
    token = _CURRENT.set(lang)
    try:
        yield
    finally:
        _CURRENT.reset(token)
