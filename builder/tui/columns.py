"""Column widths for a table at the terminal's width: every column as wide as its widest cell
while the row has room, then the columns that can give way do, in the order given, each down to
a floor (ending in …; ``builder.systems.compare_fit`` cuts between characters, so a wide one
never straddles the edge). Numbers and short words never give way."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len


def natural_widths(rows: Sequence[Sequence[str]]) -> list[int]:
    """The widest cell of each column (a header is a row)."""
    return [max(cell_len(row[c]) for row in rows) for c in range(len(rows[0]))]


def fitted_widths(
    widths: Sequence[int], room: int, give_way: Sequence[int], floor: int = 8
) -> list[int]:
    """``widths`` narrowed to sum to at most ``room``: column ``give_way[0]`` first, down to
    ``floor`` (or its own width when smaller), then the next; what still does not fit stays
    as it is (the table scrolls)."""
    out = list(widths)
    for column in give_way:
        over = sum(out) - room
        if over <= 0:
            break
        out[column] = max(min(floor, out[column]), out[column] - over)
    return out
