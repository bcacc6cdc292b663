"""The compare table every game prints: one row per figure, one column per unit, two marks.

``laminim compare`` (text, JSON, sheet) and each game's TUI compare screen build their rows as
:class:`Row` and show them through this module, so the marks mean the same in every game
(docs/design.md "Compare: one table in every game"):

- ``*`` (:data:`BETTER`) marks the better value of a row that has one (a higher alive %, a
  lower exposure), and only when the values shown differ;
- ``~`` (:data:`DIFFERS`) marks a value that differs from the first column's in a row where
  neither is better (a frame, a weapon's name);
- ``+n`` / ``-n`` after a number is its difference to the first column (points for a %).

The text layout fits :data:`WIDTH` terminal columns: names and text are abbreviated with "…",
a number is never cut (its difference is dropped first when a column is narrow).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from builder.core.i18n import Labels, Lang
from builder.core.messages import Message, Messages
from builder.core.numbers import percent
from builder.core.problems import InputError, Problem
from builder.core.text_table import columns, shorten, table, wrap

Better = Literal["high", "low"] | None
Format = Literal["text", "int", "pct", "num1", "num2", "signed3"]
Value = float | int | str | None

BETTER, DIFFERS = "*", "~"
WIDTH = 80
LABEL_WIDTH = 20
"""Row labels are at most this wide (the label files say so), so four units fit in 80."""


@dataclass(frozen=True, kw_only=True)
class FromFile:
    """Where a compared unit came from, for the line under its name (a game's side of the
    table derives it): its file's name (the text table and JSON: the command line named the
    file) and its team's name, in Japanese too where its file gives one (the printed sheet: a
    handout names no file)."""

    source: str = ""
    team: str = ""
    team_ja: str | None = None

    def source_in(self, lang: Lang) -> str:
        """Under the name in the text table: the file's name, or under Japanese the team's
        Japanese name where the file gives one (the file name is English)."""
        return (self.team_ja if lang == "ja" else None) or self.source

    def team_in(self, lang: Lang) -> str:
        """Under the name on the sheet: the team's name (its Japanese one under Japanese,
        where the file gives one), else the file's."""
        return (self.team_ja if lang == "ja" else None) or self.team or self.source


@dataclass(frozen=True)
class Row:
    """One figure for every column: ``better`` says which way is better (None: neither)."""

    key: str
    label: str
    values: tuple[Value, ...]
    better: Better = None
    fmt: Format = "text"

    def numbers(self) -> list[float]:
        return [float(v) for v in self.values if isinstance(v, (int, float))]

    @property
    def differs(self) -> bool:
        """The values are not all shown the same (numbers compared as printed)."""
        return len({format_value(v, self.fmt) for v in self.values}) > 1

    @property
    def best(self) -> tuple[int, ...]:
        """Columns showing the better value, when at least two numbers are shown differently
        (a difference hidden by the rounding is no difference to the reader)."""
        nums = self.numbers()
        shown = {format_value(v, self.fmt) for v in nums}
        if self.better is None or len(nums) < 2 or len(shown) < 2:
            return ()
        top = format_value(max(nums) if self.better == "high" else min(nums), self.fmt)
        return tuple(
            i
            for i, v in enumerate(self.values)
            if isinstance(v, (int, float)) and format_value(v, self.fmt) == top
        )

    @property
    def different(self) -> tuple[int, ...]:
        """Columns of a row without a better whose value is shown unlike the first column's."""
        if self.better is not None or not self.values:
            return ()
        first = format_value(self.values[0], self.fmt)
        return tuple(
            i for i, v in enumerate(self.values) if i and format_value(v, self.fmt) != first
        )

    def mark(self, i: int) -> str:
        """The mark after column ``i``'s value: :data:`BETTER`, :data:`DIFFERS` or none."""
        if i in self.best:
            return BETTER
        return DIFFERS if i in self.different else ""

    @property
    def diffs(self) -> tuple[float | None, ...]:
        """Each value minus the first column's (None for text or a missing value)."""
        first = self.values[0] if self.values else None
        if self.fmt == "text" or not isinstance(first, (int, float)):
            return tuple(None for _ in self.values)
        return tuple(
            float(v) - float(first) if isinstance(v, (int, float)) else None for v in self.values
        )


def format_value(value: Value, fmt: Format) -> str:
    """A cell as the text, the TUI and the sheet print it (— for no value)."""
    if value is None:
        return "—"
    if fmt == "text" or isinstance(value, str):
        return str(value)
    if fmt == "int":
        return f"{value:.0f}"
    if fmt == "pct":
        return percent(value)
    if fmt == "num1":
        return f"{value:.1f}"
    if fmt == "signed3":
        return f"{value:+.3f}"
    return f"{value:.2f}"


def format_diff(diff: float | None, fmt: Format) -> str:
    """A difference to the first column: percentage points for percentages; "" when none
    shows at the printed precision."""
    if diff is None or fmt == "text":
        return ""
    if fmt == "int":
        text = f"{diff:+.0f}"
    elif fmt == "pct":
        text = f"{100 * diff:+.1f}"
    elif fmt == "signed3":
        text = f"{diff:+.3f}"
    else:
        text = f"{diff:+.1f}"  # num1, num2: one decimal keeps four columns within 80
    return "" if float(text) == 0.0 else text


def row_json(row: Row) -> dict[str, object]:
    """A row in ``laminim compare --json`` (documented in the README, the same in every game)."""
    return {
        "key": row.key,
        "label": row.label,
        "better": row.better,
        "values": [
            float(v) if isinstance(v, (int, float)) and row.fmt != "int" else v for v in row.values
        ],
        "best": list(row.best),
        "diff": list(row.diffs),
    }


def fit(text: str, width: int) -> str:
    """``text`` within ``width`` terminal columns, "…" when cut; a closing number stays
    (``Byalant Cu… 2``), so units of one type can still be told apart
    (:func:`builder.core.text_table.shorten`, the one rule for every table)."""
    return shorten(text, width)


def cell(row: Row, i: int, width: int) -> str:
    """Column ``i`` of ``row`` in ``width`` columns: the value and its mark, then the
    difference when it fits; text is abbreviated, a number never."""
    mark = row.mark(i)
    value = format_value(row.values[i], row.fmt)
    if row.fmt == "text" or isinstance(row.values[i], str):
        return fit(value, width - len(mark)) + mark
    diff = format_diff(row.diffs[i], row.fmt) if i else ""
    full = f"{value}{mark} {diff}" if diff else f"{value}{mark}"
    return full if columns(full) <= width else f"{value}{mark}"


_LABELS = Labels.load(__file__, "compare_labels.yaml")


def legend(first: str, lang: Lang) -> str:
    """The line under the title saying what the marks mean (``first``: the first column)."""
    return _LABELS.t("legend", lang, better=BETTER, differs=DIFFERS, first=fit(first, 16))


def side_by_side(
    heads: Sequence[str],
    sources: Sequence[str],
    rows: Sequence[Row],
    width: int = WIDTH,
) -> str:
    """The rows as a text table of at most ``width`` columns: a label column, then one column
    per unit headed by its name and where it came from (empty ``sources``: no such line)."""
    n = max(len(heads), 1)
    label_w = min(LABEL_WIDTH, max([columns(r.label) for r in rows] + [1]))
    cell_w = max(6, (width - label_w) // n - 2)
    head_line = [fit(h, cell_w) for h in heads]
    body = [[fit(r.label, label_w), *(cell(r, i, cell_w) for i in range(len(heads)))] for r in rows]
    if any(sources):  # a file by its name without the extension every one of them has
        stems = [re.sub(r"\.ya?ml$", "", s, flags=re.IGNORECASE) for s in sources]
        body.insert(0, ["", *(fit(s, cell_w) for s in stems)])
    return table(["", *head_line], body)


def table_text(
    title: str, heads: Sequence[str], sources: Sequence[str], rows: Sequence[Row], lang: Lang
) -> str:
    """``laminim compare``'s text in every game: ``title``, the marks' legend (naming the first
    column), then the rows side by side under each unit's name and where it came from."""
    return titled(title, legend(heads[0], lang), side_by_side(heads, sources, rows))


def titled(title: str, legend_line: str, body: str, width: int = WIDTH) -> str:
    """A compare as printed: its title and legend (wrapped at ``width``), a blank, the table."""
    return "\n".join([*wrap(title, width, "  "), *wrap(legend_line, width, "  "), "", body])


MESSAGES = Messages.load(__file__)

UNITS: tuple[str, str] = ("units", "体")
CHARACTERS: tuple[str, str] = ("characters", "人")


def count_problem(
    n: int,
    names: Sequence[str],
    low: int,
    high: int,
    noun: tuple[str, str] = UNITS,
    names_ja: Sequence[str] = (),
) -> InputError:
    """Exit 2 for a compare of ``n`` units (``names``; ``names_ja``: their names in Japanese,
    when they differ) outside ``low``–``high``."""
    listed = (", ".join(names) or "—", "、".join(names_ja or names) or "—")
    words = MESSAGES("compare-count", min=low, max=high, noun=noun, n=n, names=listed)
    return InputError([Problem("compare", None, None, "", words)])


def nothing_to_compare(game: tuple[str, str], games: Sequence[str]) -> Message:
    """What ``laminim compare`` says for a game without it (one sentence, exit 2)."""
    return MESSAGES("nothing-to-compare", game=game, games=", ".join(games))
