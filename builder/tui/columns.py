"""Column widths for a table at the terminal's width: every column as wide as its widest cell
while the row has room, then the columns that can give way do, in the order given, each down to
a floor (ending in …; the registry's ``compare_fit`` cuts between characters, so a wide one
never straddles the edge). Numbers and short words never give way. A column that gives way may
instead wrap its cells onto more lines (:func:`name_lines`), each cut only where one name or
phrase is wider than the column alone."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.cells import cell_len

from builder.core.phrases import phrases
from builder.systems import compare_fit as fit


def natural_widths(rows: Sequence[Sequence[str]]) -> list[int]:
    """The widest cell of each column (a header is a row)."""
    return [max(cell_len(row[c]) for row in rows) for c in range(len(rows[0]))]


def widest(rows: Sequence[Sequence[str]], pieces: Callable[[str], list[str]]) -> list[int]:
    """The widest piece (``pieces`` of a cell: :func:`names`, :func:`phrases_of`) of each
    column (a header is a row): as narrow as the column can be while its cells wrap between
    those pieces (:func:`phrase_lines`) and none is cut."""
    return [
        max((cell_len(p.strip()) for row in rows for p in pieces(row[c])), default=0)
        for c in range(len(rows[0]))
    ]


def names(text: str) -> list[str]:
    """The names of a cell that lists them joined by ", " (each keeps its ", ")."""
    return re.findall(r".+?(?:, |$)", text) or [text]


def phrases_of(text: str) -> list[str]:
    """The phrases (Japanese) or words of each name of a cell."""
    return [p for name in names(text) for p in phrases(name)]


def fitted_widths(
    widths: Sequence[int], room: int, give_way: Sequence[int], floor: int | Sequence[int] = 8
) -> list[int]:
    """``widths`` narrowed to sum to at most ``room``: column ``give_way[0]`` first, down to
    ``floor`` (or its own width when smaller; one floor for all or one per column), then the
    next; what still does not fit stays as it is (the table scrolls)."""
    out = list(widths)
    floors = [floor] * len(out) if isinstance(floor, int) else list(floor)
    for column in give_way:
        over = sum(out) - room
        if over <= 0:
            break
        out[column] = max(min(floors[column], out[column]), out[column] - over)
    return out


def name_lines(names: Sequence[str], width: int, sep: str = "·") -> list[str]:
    """``names`` joined by ``sep`` in lines of at most ``width`` cells, broken between names (a
    line ends in ``sep`` when it has room for it): a row grows a line rather than cut a name
    while the row has room (issue 31). Only a name wider than the column alone is cut, between
    characters, ending in … (a wide character never straddles the edge)."""
    lines: list[str] = []
    for name in names:
        if lines and cell_len(f"{lines[-1]}{sep}{name}".rstrip()) <= width:
            lines[-1] = f"{lines[-1]}{sep}{name}"
            continue
        if lines and cell_len(f"{lines[-1]}{sep}".rstrip()) <= width:
            lines[-1] = f"{lines[-1]}{sep}".rstrip()
        lines.append(name)
    return [fit(line.strip(), width) for line in lines] or [""]


def phrase_lines(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between phrases (Japanese) or words
    (:func:`builder.core.phrases.phrases`), a name of a list joined by ", " kept on one line
    when it fits; only a phrase wider than the column is cut (…)."""
    pieces = [
        piece
        for name in names(text)
        for piece in ([name] if cell_len(name.strip()) <= width else phrases(name))
    ]
    return name_lines(pieces, width, sep="")
