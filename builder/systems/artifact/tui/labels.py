"""TUI labels of the artifact screens, English and Japanese."""

from __future__ import annotations

import re

from builder.core.i18n import Labels, Lang

LABELS = Labels.load(__file__, "labels.yaml")


MESSAGES_JA: list[tuple[str, str]] = [
    (r"(.+) is an MS, not a battleship", "{0}はMSで、戦艦ではありません"),
    (
        r"(.+) is a battleship; a force has exactly one, under 'ship'",
        "{0}は戦艦です(戦艦は部隊に1隻だけ)",
    ),
    (
        r"unit name '(.+)' is already used by (.+); names must be unique",
        "名前「{0}」は{1}と重複しています(名前は一つずつ)",
    ),
    (r"a force needs at least (\d+) MS, this one has (\d+)", "MSは{0}機以上必要です(今は{1}機)"),
    (
        r"(\d+) MS but (.+) carries (\d+): they can never all be aboard",
        "MS{0}機に対し{1}の搭載数は{2}:全機は載せられません",
    ),
    (r"the ship \((.+)\)", "戦艦({0})"),
]
"""The D9 findings of legality.py in Japanese (the CLI speaks English; the TUI both)."""


def message(text: str, lang: Lang) -> str:
    """A legality message in ``lang`` (unchanged when no pattern matches)."""
    if lang != "ja":
        return text
    for pattern, ja in MESSAGES_JA:
        found = re.fullmatch(pattern, text)
        if found:
            return ja.format(*(message(g, lang) for g in found.groups()))
    return text


t = LABELS.t
"""The label ``key`` in ``lang`` (``t(key, lang, **params)``)."""
