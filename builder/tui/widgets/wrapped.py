"""Text that wraps between phrases, not inside Japanese words, with its later lines indented.

Rich wraps at spaces only: a Japanese sentence, which has none, is folded at whatever cell
the line ends (「…選べます」 then 「）」 alone, 「En」 then 「terで反映」). :class:`Wrapped`
breaks where :func:`builder.core.phrases.phrases` allows (between phrases, never before a
closing bracket, an English word kept whole) at the width it is given when drawn, and a short
last line takes a phrase from the line above, so no word stands alone. A bullet's text lines
up under itself.
"""

from __future__ import annotations

import re

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style, StyleType
from rich.text import Text

from builder.core.phrases import phrases

SHORT_TAIL = 8
"""A last line narrower than this (cells) takes a phrase from the line above when it can."""


def wrap_phrases(text: str, width: int, later: int | None = None) -> list[str]:
    """``text`` as lines of at most ``width`` cells (``later`` for the lines after the first,
    default the same), broken between phrases (a phrase wider than a line is cut where it must
    be); a short last line takes phrases from the one above."""
    first = max(width, 2)
    rest = max(later if later is not None else width, 2)
    lines: list[list[str]] = [[]]  # each line's phrases, spaces kept until the end

    def used(chunks: list[str]) -> int:
        return cell_len("".join(chunks).strip())

    def room() -> int:
        return first if len(lines) == 1 else rest

    for chunk in _pieces(text, min(first, rest)):
        if used([*lines[-1], chunk]) > room() and used(lines[-1]):
            lines.append([])
        lines[-1].append(chunk)
        while used(lines[-1]) > room():  # one phrase wider than a line
            whole = "".join(lines[-1]).lstrip()
            head = chop_cells(whole, room())[0]
            lines[-1] = [head]
            lines.append([whole[len(head) :]])
    if len(lines) > 1 and used(lines[-1]) < SHORT_TAIL:  # no word alone on the last line
        while len(lines[-2]) > 1 and used([lines[-2][-1], *lines[-1]]) <= rest:
            lines[-1].insert(0, lines[-2].pop())
            if used(lines[-1]) >= SHORT_TAIL:
                break
    return ["".join(chunks).strip() for chunks in lines]


def _pieces(text: str, width: int) -> list[str]:
    """The phrases of ``text``, a phrase wider than a line cut at its spaces first (a list of
    Japanese names joined by ", " is one phrase to the segmenter)."""
    out: list[str] = []
    for phrase in phrases(text):
        if cell_len(phrase.strip()) <= width or " " not in phrase.strip():
            out.append(phrase)
            continue
        out += re.findall(r"\S+\s*|\s+", phrase)
    return out


class Wrapped:
    """A Rich renderable: ``text`` wrapped between phrases at the width it is drawn in.

    ``lead`` (e.g. ``"  • "``) starts the first line and the later lines are indented by its
    width, so a list item's text reads as one block; ``hang`` indents them without a lead (a
    located problem's second line)."""

    def __init__(self, text: str, style: StyleType = "", lead: str = "", hang: int = 0) -> None:
        self.text = text
        self.style = style
        self.lead = lead
        self.indent = max(cell_len(lead), hang)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = self.indent
        width = options.max_width
        first, *rest = wrap_phrases(self.text, width - cell_len(self.lead), width - indent)
        lines = [self.lead + first, *(" " * indent + line for line in rest)]
        style = console.get_style(self.style) if self.style else Style()
        yield Text("\n".join(lines), style=style, no_wrap=True, overflow="crop")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(p.strip()) for p in phrases(self.text)), default=0)
        whole = cell_len(self.lead + self.text)
        return Measurement(min(whole, widest + self.indent), whole)
