"""The slips a Japanese keyboard makes in YAML, named at their character before YAML's own words.

With the input method on, the keys for ``:`` ``,`` ``[`` ``]`` ``-`` and space type ``：`` ``、``
``「`` ``」`` ``ー`` and a full-width space. YAML reads none of them as syntax, so it either
fails a line later with words about something else ("mapping values are not allowed here") or
reads the file into something other than what was meant (``parts: ［a, b］`` is one string).
This module reads the text line by line as YAML would see its syntax (quotes, comments, flow
collections and block scalars skipped or followed) and finds each such character where YAML
syntax belongs: a key's colon, a list's commas and brackets, a list item's ``-``, indentation
(a full-width space or a tab), the space before a comment or after a colon, a quote, and
full-width digits where a number is written. :mod:`builder.core.source` shows them before
YAML's message when the file does not read, and as warnings beside what goes wrong when it
does (a full-width character inside a name is the player's own text and is left alone).

:mod:`builder.core.yaml_slips.indentation` tells a mis-indented key as such.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from builder.core.messages import Message, Messages
from builder.core.problems import Problem, Severity

SLIPS = Messages.load(__file__)

FULL_SPACE = "\u3000"
HYPHENS = frozenset("－ー−‐—–―ｰ")
"""What an input method types for ``-``: full-width hyphen-minus, the long-vowel mark, the minus
sign, hyphen, dashes and the half-width long-vowel mark."""
OPEN_BRACKETS = {"［": "[", "｛": "{", "「": "[", "【": "["}
CLOSE_BRACKETS = {"］": "]", "｝": "}", "」": "]", "】": "]"}
QUOTES = {"“": '"', "”": '"', "＂": '"', "‘": "'", "’": "'", "＇": "'"}
_NUMBER = re.compile(r"[0-9０-９.．\-－−+＋]+")
_KEY = re.compile(r"[A-Za-z0-9_\-]+")


_SLIP_CHARS = re.compile("[\t\u3000：，、［］｛｝「」【】“”＂‘’＇＃－ー−‐—–―ｰ０-９．＋]")
"""A text without any of these has no slip (most files: read at no cost)."""
_STRONG = re.compile("[\t\u3000：，［］｛｝“”＂‘’＇＃]")
"""Characters that are a slip wherever YAML syntax may stand."""
_WEAK = re.compile("[、「」【】０-９－ー−‐—–―ｰ＋．]")
_WEAK_PLACE = re.compile("^[ ]*(?:- +)*[－ー−‐—–―ｰ]|(?:^|[:\\-] )[ ]*[「【０-９－＋．−]")


def _weak_slip_possible(line: str) -> bool:
    """Japanese text's own characters (、「ー０…) are a slip only at a list item's mark, inside
    a flow collection or at a value's first character: elsewhere the line is walked past."""
    if _WEAK.search(line) is None:
        return False
    return "[" in line or "{" in line or _WEAK_PLACE.search(line) is not None


@dataclass(frozen=True)
class Slip:
    """One slip: where its character is (1-based line and column) and what to type instead."""

    line: int
    col: int
    message: Message


@dataclass
class _State:
    """What carries from one line to the next: an open quote, open flow brackets, a block
    scalar's indentation."""

    quote: str | None = None
    flow: list[str] = field(default_factory=list)
    """Open ``[`` / ``{`` (a full-width one that stands for a bracket counts as its ASCII)."""
    block: int | None = None
    """Indentation of the line that opened a ``|`` / ``>`` scalar: deeper lines are its text."""


def slips_in(text: str) -> list[Slip]:
    """Every slip of ``text``, in file order (at most one indentation slip per line)."""
    found: list[Slip] = []
    state = _State()
    for number, line in enumerate(text.split("\n"), start=1):
        _read_line(line.rstrip("\r"), number, state, found)
    return found


def _leading(line: str) -> int:
    """How many blank characters (spaces, tabs, full-width spaces) the line starts with."""
    return len(line) - len(line.lstrip(" \t" + FULL_SPACE))


def _balanced(line: str) -> bool:
    """A line without quotes whose flow brackets all close on it (most lines of a file)."""
    if "'" in line or '"' in line:
        return False
    return line.count("[") + line.count("{") == line.count("]") + line.count("}")


def _block_opened(line: str, state: _State) -> None:
    """A ``|`` or ``>`` ending the line opens a block scalar: the deeper lines are its text."""
    code = line.split(" #")[0].rstrip()
    if state.quote is None and not state.flow and _BLOCK.search(code):
        state.block = _leading(line)


_BLOCK = re.compile(r"(^|[:\-]\s)[|>][-+0-9]*$")


def _read_line(line: str, number: int, state: _State, found: list[Slip]) -> None:
    lead = _leading(line)
    if state.block is not None:
        if not line.strip(" \t" + FULL_SPACE) or lead > state.block:
            return  # the block scalar's own text
        state.block = None
    if not line.strip(" \t" + FULL_SPACE):
        return
    quiet = _STRONG.search(line) is None and not _weak_slip_possible(line)
    if state.quote is None and not state.flow and _balanced(line) and quiet:
        _block_opened(line, state)
        return  # no slip, and the line leaves no quote or bracket open
    if state.quote is None and not state.flow:
        blanks = line[:lead]
        if "\t" in blanks or FULL_SPACE in blanks:
            bad = min(i for i, c in enumerate(blanks) if c in ("\t", FULL_SPACE))
            key = "tab-indent" if blanks[bad] == "\t" else "fw-space-indent"
            found.append(Slip(number, bad + 1, SLIPS(key)))
    _Line(line, number, state, found).walk(lead)


class _Line:
    """One line read as YAML sees its syntax, reporting slips as it goes."""

    def __init__(self, line: str, number: int, state: _State, found: list[Slip]) -> None:
        self.line, self.number, self.state, self.found = line, number, state, found
        self.key_allowed = True  # a block key may start here (no ': ' yet on this line)
        self.token_start: int | None = None  # where the current plain token began
        self.virtual_from: int | None = None  # where the full-width brackets begin in the flow
        self.flow_before = len(state.flow)  # flow brackets open when the line began

    def slip(self, index: int, key: str, **params: object) -> None:
        self.found.append(Slip(self.number, index + 1, SLIPS(key, **params)))

    def walk(self, start: int) -> None:
        line, state = self.line, self.state
        i = start
        at_value = state.quote is None
        while i < len(line):
            ch = line[i]
            if state.quote is not None:
                i = self._in_quote(i)
                at_value = False
                continue
            nxt = line[i + 1] if i + 1 < len(line) else ""
            prev = line[i - 1] if i > 0 else " "
            if ch == "#" and (i == start or prev in " \t"):
                break  # a comment
            if ch == FULL_SPACE and nxt == "#":
                self.slip(i, "fw-space-before-comment")
                break
            if ch == "＃" and (i == start or prev in " \t" + FULL_SPACE):
                self.slip(i, "fw-hash")
                break
            if ch in " \t":
                i += 1
                continue
            if at_value:
                skip = self._value_start(i, ch, nxt)
                if skip is not None:
                    i = skip
                    continue
            at_value = self._char(i, ch, nxt)
            i += 1
        self._end_token(len(line))
        if self.virtual_from is not None:  # a full-width bracket never closed: not a flow
            del state.flow[self.virtual_from :]
        _block_opened(line, state)

    def _in_quote(self, i: int) -> int:
        line, quote = self.line, self.state.quote
        ch = line[i]
        if quote == '"' and ch == "\\":
            return i + 2
        if ch == quote:
            if quote == "'" and line[i + 1 : i + 2] == "'":
                return i + 2
            self.state.quote = None
        return i + 1

    def _value_start(self, i: int, ch: str, nxt: str) -> int | None:
        """A token starts at ``i``: quotes, brackets, list markers and numbers are read here.
        Returns where to go on, or None to read ``ch`` as an ordinary character."""
        if ch in "'\"":
            self.state.quote = ch
            return i + 1
        if ch in QUOTES:
            self.slip(i, "fw-quote", char=ch, ascii=QUOTES[ch])
            closing = {"“": "”", "‘": "’"}.get(ch, ch)
            end = self.line.find(closing, i + 1)
            if end < 0 and ch in "“‘":
                end = self.line.find(ch, i + 1)
            return end + 1 if end > i else len(self.line)
        if ch in "-" + "".join(HYPHENS) and nxt in (" ", FULL_SPACE, ""):
            if ch != "-" and self._is_first_of_line(i):
                self.slip(i, "fw-hyphen", char=ch)
            if nxt == FULL_SPACE:
                self.slip(i + 1, "fw-space-after", mark=ch if ch == "-" else "-")
            self.key_allowed = True
            return i + 2 if nxt else i + 1
        if ch in OPEN_BRACKETS and self._opens_collection(i, ch):
            self.slip(i, "fw-bracket", char=ch, ascii=OPEN_BRACKETS[ch])
            if self.virtual_from is None:
                self.virtual_from = len(self.state.flow)
            self.state.flow.append(OPEN_BRACKETS[ch])
            return i + 1
        if ch in "[{":
            self.state.flow.append(ch)
            return i + 1
        self.token_start = i
        return None

    def _is_first_of_line(self, i: int) -> bool:
        before = self.line[:i].strip(" \t" + FULL_SPACE)
        return not self.state.flow and all(c in "-" + "".join(HYPHENS) for c in before)

    def _opens_collection(self, i: int, ch: str) -> bool:
        """A full-width bracket at a value's start stands for ``[`` / ``{`` when the value
        ends with its closing bracket (a corner bracket 「 only when the value also holds a
        comma: 「隼」 may be a Japanese quotation), or holds a comma (``［a, b``)."""
        rest = self.line[i + 1 :].split(" #")[0]
        if self.state.flow:  # only this item of the flow collection around it
            rest = re.split(r"[,\]}]", rest)[0]
        rest = rest.rstrip(" \t" + FULL_SPACE)
        closes = rest[-1:] in CLOSE_BRACKETS or (not self.state.flow and rest[-1:] in "]}")
        comma = any(c in rest for c in ",，、")
        if ch == "「":
            return closes and comma
        return closes or comma

    def _char(self, i: int, ch: str, nxt: str) -> bool:
        """Read an ordinary character; True when a new token starts after it."""
        flow = self.state.flow
        if ch == ":" and (nxt in (" ", "", FULL_SPACE) or (flow and nxt in ",]}")):
            if nxt == FULL_SPACE:
                self.slip(i + 1, "fw-space-after", mark=":")
            self._end_token(i)
            self.key_allowed = bool(flow)
            return True
        if ch == "：" and self._at_key(i, nxt):
            self.slip(i, "fw-colon")
            self._end_token(i)
            self.key_allowed = bool(flow)
            return True
        if flow and ch == ",":
            self._end_token(i)
            self.key_allowed = True
            return True
        own = len(flow) > self.flow_before  # a bracket left open above: its own problem
        if flow and (ch == "，" or (ch == "、" and flow[-1] == "[" and own)):
            self.slip(i, "fw-comma", char=ch)
            self._end_token(i)
            self.key_allowed = True
            return True
        if flow and ch in "]}":
            self._end_token(i)
            self._close()
            return False
        if flow and ch in CLOSE_BRACKETS and CLOSE_BRACKETS[ch] == {"[": "]", "{": "}"}[flow[-1]]:
            self.slip(i, "fw-bracket", char=ch, ascii=CLOSE_BRACKETS[ch])
            self._end_token(i)
            self._close()
            return False
        if self.token_start is None:
            self.token_start = i
        return False

    def _close(self) -> None:
        """A flow collection closes (a full-width one too)."""
        self.state.flow.pop()
        if self.virtual_from is not None and len(self.state.flow) <= self.virtual_from:
            self.virtual_from = None

    def _at_key(self, i: int, nxt: str) -> bool:
        """Whether a ``：`` at ``i`` ends a key: the text before it on its token is a key's name
        (ASCII, as every key of our files), or any one word followed by a blank or the end."""
        if not self.key_allowed:
            return False
        start = self.token_start if self.token_start is not None else i
        key = self.line[start:i].strip()
        if not key:
            return False
        if _KEY.fullmatch(key):
            return True
        return nxt in (" ", FULL_SPACE, "") and not any(c.isspace() for c in key)

    def _end_token(self, end: int) -> None:
        """A plain token ends at ``end``: full-width digits where a number is written."""
        start, self.token_start = self.token_start, None
        if start is None:
            return
        text = self.line[start:end].strip(" \t" + FULL_SPACE)
        wide = any(c in "０１２３４５６７８９．－−＋" for c in text)
        if _NUMBER.fullmatch(text) and wide and any(c.isdigit() for c in text):
            half = unicodedata.normalize("NFKC", text).replace("−", "-")
            self.slip(start, "fw-digits", text=text, ascii=half)


_MEND = {
    "：": ":",
    "，": ",",
    "、": ",",
    "＃": "#",
    FULL_SPACE: " ",
    **OPEN_BRACKETS,
    **CLOSE_BRACKETS,
    **QUOTES,
    **{h: "-" for h in HYPHENS},
}
"""What each slip's character was meant to be."""
INDENT_WIDTH = 2
"""Half-width spaces a full-width space or a tab in indentation stands for (a full-width space
looks two columns wide: the lines the player lined up stay lined up)."""


@dataclass(frozen=True)
class Mended:
    """A text with its slips typed as meant (in memory only) and, for each line whose length
    changed, the original column of each mended column."""

    text: str
    columns: dict[int, list[int]]

    def original(self, line: int, col: int) -> int:
        """The column in the text as written of ``col`` (1-based) on ``line``."""
        cols = self.columns.get(line)
        if cols is None or not 1 <= col <= len(cols):
            return col
        return cols[col - 1]


def mended(text: str) -> Mended | None:
    """``text`` with every slip typed as meant — a ``：`` as ``:``, full-width brackets, commas,
    quotes, hyphens and digits as ASCII, a full-width space or a tab in indentation as two
    spaces — so the rest of a file a slip stopped YAML from reading can be checked in the same
    run; None when it has no slip to mend."""
    if _SLIP_CHARS.search(text) is None:
        return None
    found = slips_in(text)
    if not found:
        return None
    lines = text.split("\n")
    at: dict[int, set[int]] = {}
    for slip in found:
        at.setdefault(slip.line, set()).add(slip.col - 1)
    columns: dict[int, list[int]] = {}
    for number, starts in at.items():
        line = lines[number - 1]
        out: list[str] = []
        origin: list[int] = []
        lead = _leading(line)
        for i, ch in enumerate(line):
            fixed = ch
            if i < lead and ch in ("\t", FULL_SPACE):
                fixed = " " * INDENT_WIDTH
            elif any(s <= i for s in starts) and _is_slip_char(line, i, starts):
                fixed = _MEND.get(ch) or unicodedata.normalize("NFKC", ch).replace("−", "-")
            out.append(fixed)
            origin += [i + 1] * len(fixed)
        lines[number - 1] = "".join(out)
        if len(origin) != len(line):
            columns[number] = origin
    return Mended("\n".join(lines), columns)


def _is_slip_char(line: str, i: int, starts: set[int]) -> bool:
    """Whether the character at ``i`` is a slip's: at a slip's column, or within the
    full-width number a slip starts at."""
    if i in starts:
        return True
    j = i
    while j > 0 and line[j - 1] in "０１２３４５６７８９．－−＋":
        j -= 1
    return j in starts and line[i] in "０１２３４５６７８９．－−＋"


def located_slips(text: str, name: str, severity: Severity) -> list[Problem]:
    """The slips of the file ``name`` as problems of ``severity``, in file order."""
    if _SLIP_CHARS.search(text) is None:
        return []
    return [Problem(name, s.line, s.col, "", s.message, severity) for s in slips_in(text)]


def before_syntax_error(text: str, name: str, error: Problem) -> list[Problem]:
    """What to show for a file YAML could not read: each slip and each mis-indented key in
    file order, then YAML's own words (``error``) unless a slip stands at its
    very place (a tab YAML refused: the slip already says it)."""
    from builder.core.yaml_slips.indentation import misindented

    found = located_slips(text, name, "bad-input")
    found += [Problem(name, s.line, s.col, "", s.message) for s in misindented(text)]
    found.sort(key=lambda p: (p.line or 0, p.col or 0))
    if any((p.line, p.col) == (error.line, error.col) for p in found):
        return found
    return [*found, error]
