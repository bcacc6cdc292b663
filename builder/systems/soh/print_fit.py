"""How the character card's text fits its card: one type scale per deck, names in whole words,
nothing past the bottom, the spare room shared out.

Catalog names (weapons, armour, vehicles) are free text up to 60 characters, and WeasyPrint
breaks Japanese between any two characters, so a name that fills its box broke inside a
katakana word (``ハイパーレーザーピス / トル``). As on the LAMINIM cards
(:func:`builder.render.fit.fit_words`), a name prints as unbreakable pieces (``.kw``) at the
largest size down to 6.5 pt at which its longest piece fits its box: the gear name the card's
width, a weapon name what the number columns leave (their headers never wrap: ``ダメー / ジ``
was a break inside a word too). A weapon name too long for that even at 6.5 pt gets a row
across the whole table; only a single word longer than the card is wide still splits (the last
resort of ``fit_words``). The card's height is added up from the same sizes, and weapons that
do not fit go on a continuation card instead of running off the bottom, clipped.

A card is read at the table, so a crew's cards are set at the largest body size on the size's
ladder (:attr:`CardSize.ladder`) that needs no more cards than the smallest does, every card of
the PDF alike; the numbers read in play print bold at the key size (at least 9 pt on a poker
card, 11 pt on a large one), and the room a card leaves is shared out between its blocks
(:func:`spread_gap`) rather than left blank at its foot.

Name sizes use the generous per-character widths of :mod:`builder.render.fit` (a name shrinks
a little early rather than not fit). The number columns and the lines a block takes are
measured with the advances of the fonts WeasyPrint prints with
(:func:`builder.render.measure.font_em`: DejaVu Sans, and BIZ UDGothic, which Japanese cards
print Latin in too), so a card holds what it can; without the font files the generous widths
stand in. Every size here reaches ``templates/soh/cards.css`` through the context;
``tests/systems/soh/test_card_words.py`` and ``test_card_scale.py`` measure the PDFs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from builder.core.i18n import Lang
from builder.render.fit import Fitted, fit, fit_words
from builder.render.measure import (
    PT_MM,
    Piece,
    box_piece,
    char_em,
    count_lines,
    font_em,
    pieces,
    segments,
    text_em,
)
from builder.render.measure import width_mm as piece_mm

FLOOR_PT = 6.5
"""Nothing on a card under 6.5 pt (docs/design.md "Quality bars"): names shrink to this, then split
as a last resort."""

LINE = 1.2
"""``line-height`` of everything on the card (cards.css ``.card``)."""

CELL_X_MM = 2 * 0.6 + 0.2
"""A table cell's horizontal padding and one border (cards.css ``th, td``)."""

CELL_Y_MM = 2 * 0.3 + 0.2
"""A table cell's vertical padding and one border."""

TABLE_SLACK_MM = 0.5
"""Left off the width a table leaves its name column (the table's outer border, rounding)."""


NAME_SLACK_MM = 1.0
"""Kept in the name column beyond its widest name: a name measured to fit exactly may still
wrap as printed (kerning, rounding)."""


MARGIN_MM = 2.0
"""Kept free at the bottom of every card: the estimate is close, not exact."""


@dataclass(frozen=True)
class CardSize:
    """One card size's boxes and type at one scale, as cards.css sets them from the context
    (mm and pt)."""

    width: float
    height: float
    pad_x: float
    pad_y: float
    gap: float
    """The least room between the card's blocks (the spare room of a card adds to it)."""
    body_pt: float
    th_pt: float
    small_pt: float
    """``small``: the weapon's skill, the evasion skill."""
    tag_pt: float
    """The leader or continuation tag beside the name."""
    tick_row: float
    """Height of one row of wound boxes."""
    rules_pt: float
    name_pt: float
    """The character's name at its largest."""
    crew_pt: float
    key_pt: float
    """The numbers read in play (AP, evasion, durability, hit value, damage, rate), bold."""
    ammo_box: float
    """A box of an ammo track."""
    ladder: tuple[float, ...]
    """Body sizes a deck may use, largest first (the last is this size's own)."""

    @property
    def inner(self) -> float:
        return self.width - 2 * self.pad_x

    @property
    def text_mm(self) -> float:
        """The width a paragraph's lines are counted in: the card's, less a little (a line
        measured to fit exactly may still wrap as printed)."""
        return self.inner - NAME_SLACK_MM

    def at(self, body_pt: float) -> CardSize:
        """This size with its type scaled to ``body_pt`` (nothing under the 6.5 pt floor, the
        key numbers never under this size's own)."""
        k = body_pt / self.body_pt

        def pt(v: float) -> float:
            return max(FLOOR_PT, math.floor(v * k * 4 + 1e-9) / 4)

        return replace(
            self,
            body_pt=body_pt,
            th_pt=pt(self.th_pt),
            small_pt=pt(self.small_pt),
            tag_pt=pt(self.tag_pt),
            rules_pt=pt(self.rules_pt),
            name_pt=pt(self.name_pt),
            crew_pt=pt(self.crew_pt),
            key_pt=max(self.key_pt, math.ceil(body_pt * 1.3 * 4) / 4),
        )

    def line(self, pt: float | None = None) -> float:
        """Height of one line of ``pt`` type (the body's by default), mm."""
        return (self.body_pt if pt is None else pt) * LINE * PT_MM

    def _head(self, name_lines: int = 1, name_pt: float | None = None) -> float:
        """The name (``name_lines`` lines of ``name_pt``, the size's own by default) and the
        crew line under it."""
        pt = self.name_pt if name_pt is None else name_pt
        return name_lines * pt * 1.1 * PT_MM + 0.4 + self.line(self.crew_pt)

    def _th_row(self) -> float:
        return self.line(self.th_pt) + CELL_Y_MM

    def card_mm(
        self, gear_lines: int, plan_lines: int, rules_lines: int, title: Title | None = None
    ) -> float:
        """Everything on a character card but its weapon rows (with the margin), under
        ``title`` (by default a one-line name at the size's own size)."""
        abilities = self._th_row() + self.line(self.key_pt) + CELL_Y_MM
        derived = self.derived_mm()
        wounds = self.line() + 0.5 + 2 * self.tick_row
        plan = plan_lines * max(self.line(), WRITE_BOX_MM + 0.5)
        return (
            2 * self.pad_y
            + (BLOCKS - 1) * self.gap
            + self._head(*_title_lines(title))
            + abilities
            + gear_lines * self.line()
            + derived
            + self._th_row()
            + wounds
            + plan
            + rules_lines * self.line(self.rules_pt)
            + MARGIN_MM
        )

    def derived_mm(self) -> float:
        """The derived values' table (evasion, durability): its head row and its key row."""
        return self._th_row() + self.line(self.key_pt) + CELL_Y_MM

    def foot_mm(self, plan_lines: int, rules_lines: int) -> float:
        """The card's foot (wounds, round plan, rules) and the gaps before its blocks: it may
        go to a character's last card instead, so that card is not left nearly empty."""
        wounds = self.line() + 0.5 + 2 * self.tick_row
        plan = plan_lines * max(self.line(), WRITE_BOX_MM + 0.5)
        rules = rules_lines * self.line(self.rules_pt)
        return wounds + plan + rules + (FOOT_BLOCKS - (not rules_lines)) * self.gap

    def continuation_mm(self, title: Title | None = None) -> float:
        """Everything on a continuation card but its weapon rows: the name, the table head."""
        head = self._head(*_title_lines(title))
        return 2 * self.pad_y + head + self.gap + self._th_row() + MARGIN_MM


@dataclass(frozen=True)
class Title:
    """A character's name as its card's heading prints it."""

    words: list[str]
    """Unbreakable pieces (:func:`name_segments`); a two-line name breaks between them."""
    size: float
    """Font size in pt."""
    lines: int
    """1, or 2 for a name too long for one line at :data:`ONE_LINE_SHARE` of the size."""


def title_break(size: CardSize, lang: Lang, title: Title) -> int:
    """How many of a two-line name's pieces its first line holds (0: one line, or a name that
    fits one line with its tag under it): the heading breaks there, as its height was counted.
    Left to wrap on its own, a name counted as two lines printed on one and left the card's
    foot a seventh blank."""
    if title.lines < 2:
        return 0
    used = 0.0
    for i, word in enumerate(title.words):
        piece = Piece(word, title.size, bold=True)
        if i and used + piece_mm(piece, lang, strip=True) > size.text_mm:
            return i
        used += piece_mm(piece, lang)
    return 0


def _title_lines(title: Title | None) -> tuple[int, float | None]:
    return (1, None) if title is None else (title.lines, title.size)


ONE_LINE_SHARE = 0.8
"""A name shrinks on one line to this share of the heading's size, no further: a longer name
takes two lines rather than be cut (a card once printed "Gunnery Sergeant Maximili…", and a
Japanese name cut inside its katakana)."""

NAME_SEPARATORS = "・＝="
"""Where a transliterated name's words meet (マクシミリアーナ・ハルトマン＝フォンシュタイン):
a two-line name may break after one."""


def _script(ch: str) -> str:
    if "\u30a0" <= ch <= "\u30ff" and ch != "・":
        return "kana"
    if "\u4e00" <= ch <= "\u9fff":
        return "kanji"
    return "other"


def name_segments(text: str) -> list[str]:
    """``text`` in the pieces a name may break between: :func:`segments`, each also cut after
    a name separator (``・`` ``＝`` ``=``) and where a kanji title meets a katakana name
    (``砲術軍曹|マクシミリアーナ``, ``リンドクヴィスト|博士``). Joined, they are ``text``."""
    out: list[str] = []
    for seg in segments(text):
        start = 0
        for i in range(1, len(seg)):
            prev, ch = seg[i - 1], seg[i]
            if prev in NAME_SEPARATORS or {_script(prev), _script(ch)} == {"kana", "kanji"}:
                out.append(seg[start:i])
                start = i
        if out and start and len(seg) - start == 1:  # 「…スト卿」: no lone last character
            start = len(seg) - len(out.pop()) - 1
        out.append(seg[start:])
    return out


def fit_title(size: CardSize, lang: Lang, name: str, tag_mm: float, floor_pt: float) -> Title:
    """``name`` as the heading of a card ``size`` wide, with a tag ``tag_mm`` wide after it:
    on one line down to :data:`ONE_LINE_SHARE` of the heading's size; else the name on one
    line at the size it has without the tag, the tag under it; else on two lines from that
    share down to ``floor_pt``; a name too long even for that (untrusted text) is cut on its
    second line with an ellipsis. Measured with the bold face's own advances."""
    width = size.text_mm
    one_floor = max(floor_pt, math.floor(size.name_pt * ONE_LINE_SHARE * 4) / 4)

    def lines(words: Sequence[str], pt: float) -> int:
        line = [Piece(w, pt, bold=True) for w in words]
        if any(piece_mm(p, lang, strip=True) > width for p in line):
            return 3  # a piece wider than the card: no number of lines holds it
        return count_lines([*line, *([box_piece(tag_mm)] if tag_mm else [])], width, lang)

    def sizes(top: float, least: float) -> list[float]:
        steps = round((top - least) * 4)
        return [top - i / 4 for i in range(max(steps, 0) + 1)]

    words = name_segments(name)
    for pt in sizes(size.name_pt, one_floor):
        if lines(words, pt) == 1:
            return Title(words, pt, 1)
    if tag_mm:  # the name on one line as on the character's other cards, the tag under it
        alone = fit_title(size, lang, name, 0.0, floor_pt)
        if alone.lines == 1:
            return Title(words, alone.size, 2)
    for pt in sizes(one_floor, floor_pt):
        if lines(words, pt) <= 2:
            return Title(words, pt, 2)
    kept = name
    while kept:
        kept = kept[:-1].rstrip()
        words = name_segments(kept + "…")
        if (n := lines(words, floor_pt)) <= 2:
            return Title(words, floor_pt, n)
    return Title(["…"], floor_pt, 1)


BLOCKS = 8
"""A character card's blocks: head, abilities, gear, derived values, weapons, wounds, round
plan, rules."""

FOOT_BLOCKS = 3
"""Of them, the foot: wounds, round plan, rules."""

MAX_GAP_SHARE = 0.1
"""The most room between two blocks, as a share of the card's height: a card with little on
it keeps its blocks together rather than scatter them (the rest stays at its foot)."""


def spread_gap(size: CardSize, used_mm: float, blocks: int) -> float:
    """The gap between ``blocks`` blocks that shares out the room a card leaves (``used_mm``:
    its height at the least gap)."""
    if blocks < 2:
        return size.gap
    extra = max(0.0, size.height - used_mm) / (blocks - 1)
    return round(min(size.gap + extra, MAX_GAP_SHARE * size.height), 2)


WRITE_BOX_MM = 3.5
"""Height of the round plan's write-in boxes (cards.css ``.write``); widths below."""
WRITE_BOXES_MM = (7.0, 7.0)

AMMO_TRACK_MAX = 40
"""A magazine larger than this prints a write-in box, not a track to tick."""

AMMO_WRITE_MM = 12.0
"""The write-in box of a magazine too large for a track."""

BOX_GAP_MM = 0.6
"""Between two boxes of an ammo track (cards.css ``.ammo .tick``)."""

GROUP_GAP_MM = 1.0
"""Between two groups of five ammo boxes."""


def ammo_per_row(size: CardSize, label_mm: float) -> int:
    """How many ammo boxes one row holds beside the track's label (groups of five, up to 15)."""
    room = size.inner - CELL_X_MM - TABLE_SLACK_MM - label_mm
    group = 5 * (size.ammo_box + BOX_GAP_MM) + GROUP_GAP_MM
    return max(5, min(15, 5 * int((room + GROUP_GAP_MM) // group)))


def ammo_label_mm(
    size: CardSize, lang: Lang, bold: Sequence[str], plain: Sequence[str] = ()
) -> float:
    """The ammo label's column: its widest line (the magazine ``bold``, the reload ``plain``,
    as printed) and a little room; every millimetre it spares may let a row hold five more
    boxes."""
    widths = [font_em(t, lang, bold=True) for t in bold]
    widths += [font_em(t, lang, bold=False) for t in plain]
    widest = max(widths, default=0.0)
    return math.ceil((widest * size.body_pt * PT_MM + 1.0) * 10) / 10


AMMO_ROW_MIN = 10
"""The fewest boxes a row of an ammo track holds beside its label: a label wider than that
leaves (a poker card's "Ammo 30 / reload 3 AP" is 14.6 mm even at the 6.5 pt floor) goes on a
line above the boxes instead, which then take the row's whole width ("Ammo 30" printed as a
tower of six rows of five otherwise)."""


def ammo_stacked(size: CardSize, label_mm: float) -> bool:
    """The ammo label goes above its boxes (:data:`AMMO_ROW_MIN`)."""
    return ammo_per_row(size, label_mm) < min(AMMO_ROW_MIN, ammo_per_row(size, 0.0))


def ammo_mm(size: CardSize, ammo: int | None, per_row: int, stacked: bool = False) -> float:
    """Height of a weapon's ammo row (none for a weapon without ammo): its label's two lines
    beside the boxes, or its one line above them (``stacked``)."""
    if ammo is None:
        return 0.0
    rows = 1 if ammo > AMMO_TRACK_MAX else math.ceil(ammo / per_row)
    box = WRITE_BOX_MM if ammo > AMMO_TRACK_MAX else size.ammo_box
    if stacked:
        return size.line() + rows * (box + BOX_GAP_MM) + CELL_Y_MM
    return max(2 * size.line(), rows * (box + BOX_GAP_MM)) + CELL_Y_MM


SIZES: dict[str, CardSize] = {
    "large": CardSize(
        89.0, 127.0, 4.5, 4.0, 2.0, 9.0, 9.0, 7.5, 7.5, 6.6, 9.0, 12.0, 9.0, 11.0, 4.0,
        (11.0, 10.5, 10.0, 9.5, 9.0),
    ),
    "poker": CardSize(
        63.0, 88.0, 3.0, 3.0, 1.2, 6.5, 6.5, 6.5, 6.5, 4.1, 6.5, 10.0, 6.5, 9.0, 3.5,
        (8.0, 7.5, 7.0, 6.5),
    ),
}  # fmt: skip


def fit_line(text: str, width_mm: float, max_pt: float, min_pt: float) -> Fitted:
    """``text`` on one line (:func:`builder.render.fit.fit`), cut, when it must be, after its
    last whole word or phrase: the crew line once ended "Outer Ri…" and 「第二強襲…」."""
    fitted = fit(text, width_mm, max_pt, min_pt)
    if fitted.text == text:
        return fitted
    room = width_mm / PT_MM / fitted.size
    kept: list[str] = []
    for seg in segments(text):
        if text_em("".join([*kept, seg]).rstrip() + "…") > room:
            break
        kept.append(seg)
    while kept and len(kept[-1].strip()) == 1:  # not 「…第…」: a lone character reads as a cut
        kept.pop()
    cut = "".join(kept).rstrip() + "…"
    # a word longer than half the line (untrusted text) is cut inside, as fit() cut it
    return Fitted(cut, fitted.size) if len(cut) * 2 > len(fitted.text) else fitted


@dataclass(frozen=True)
class Name:
    """A name to print in whole pieces (see :func:`builder.render.fit.fit_words`)."""

    words: list[str]
    size: float
    """Font size in pt."""
    split: bool
    """The last resort: a piece too long even at 6 pt, printed so it may break anywhere."""


def fit_name(text: str, width_mm: float, max_pt: float) -> Name:
    """``text`` in whole pieces, the longest fitting ``width_mm`` with a space after it (the
    space before what follows stays inside the last piece, and a line's end does not drop it
    there)."""
    width_mm -= char_em(" ") * max_pt * PT_MM
    fitted = fit_words(text, width_mm, max_pt, FLOOR_PT)
    split = fitted.words != segments(text)
    return Name(fitted.words, fitted.size, split)


def name_pieces(name: Name) -> list[Piece]:
    """The pieces ``name`` prints in, each whole (a ``.kw`` span)."""
    return [Piece(word, name.size) for word in name.words]


def number_columns_mm(
    size: CardSize,
    lang: Lang,
    labels: Sequence[str],
    columns: Sequence[Sequence[str]],
    key: Sequence[bool],
) -> list[float]:
    """Widths of the weapon table's number columns (the table is ``table-layout: fixed``):
    each as wide as its bold header, which never wraps, or its widest value (a ``key`` column's
    values print bold at the key size), plus padding and border, rounded up to 0.01 mm. The
    fonts' own advances, no allowance: kerning only ever makes a word narrower (measured on the
    PDF), and the columns come out as wide as the automatic layout made them."""
    widths = []
    for label, values, big in zip(labels, columns, key, strict=True):
        pt = size.key_pt if big else size.body_pt
        head = font_em(label, lang, bold=True, safety=1.0) * size.th_pt
        cells = [font_em(v, lang, bold=big, safety=1.0) * pt for v in values]
        widths.append(math.ceil((max([head, *cells]) * PT_MM + CELL_X_MM) * 100) / 100)
    return widths


def spread_columns(
    size: CardSize,
    lang: Lang,
    numbers: Sequence[float],
    names: Sequence[tuple[str, str]],
    head: str,
) -> list[float]:
    """The number columns' widths once the table fills the card, as the automatic layout set
    them before: when every (name, skill) fits one line, the spare width goes to all six
    columns in proportion to their content; otherwise the name column takes all of it."""
    widths = [font_em(head, lang, bold=True, safety=1.0) * size.th_pt]
    for name, skill in names:
        text = font_em(f"{name} ", lang, safety=1.0) * size.body_pt
        widths.append(text + font_em(skill, lang, safety=1.0) * size.small_pt)
    total = max(widths) * PT_MM + CELL_X_MM + NAME_SLACK_MM + sum(numbers)
    room = size.inner - TABLE_SLACK_MM
    if total >= room:
        return list(numbers)
    return [math.floor(w * room / total * 100) / 100 for w in numbers]


@dataclass(frozen=True)
class WeaponName:
    """A weapon's name as its row prints it."""

    name: Name
    wide: bool
    """Too long for the name column even at 6 pt: the name gets a row across the whole table,
    and its skill and numbers the row below (rather than a break inside a word)."""
    height: float
    """Height of the row (both rows when wide), mm."""


def weapon_name(size: CardSize, lang: Lang, text: str, skill: str, column_mm: float) -> WeaponName:
    """``text`` fitted to the name column (``column_mm`` of text), or to a row of its own."""
    skill_pieces = pieces(size.small_pt, skill)
    fitted = fit_name(text, column_mm, size.body_pt)
    if not fitted.split:
        line = [*name_pieces(fitted), Piece(" ", size.body_pt), *skill_pieces]
        return WeaponName(fitted, False, _row_mm(size, count_lines(line, column_mm, lang)))
    full = size.inner - CELL_X_MM - TABLE_SLACK_MM
    fitted = fit_name(text, full, size.body_pt)
    lines = count_lines(name_pieces(fitted), full, lang)
    skill_lines = count_lines(skill_pieces, column_mm, lang)
    height = lines * size.line() + CELL_Y_MM + _row_mm(size, skill_lines)
    return WeaponName(fitted, True, height)


def _row_mm(size: CardSize, lines: int) -> float:
    """A row of ``lines`` lines in the name cell beside the big hit value."""
    return max(lines * size.line(), size.line(size.key_pt)) + CELL_Y_MM


def split_rows(rows_mm: Sequence[float], first_mm: float, next_mm: float) -> list[int]:
    """How many rows go on the first card and on each continuation card (each at least one)."""
    counts: list[int] = []
    room, used, n = first_mm, 0.0, 0
    for h in rows_mm:
        if n and used + h > room:
            counts.append(n)
            room, used, n = next_mm, 0.0, 0
        used += h
        n += 1
    counts.append(n)
    return counts


def balance_rows(
    rows_mm: Sequence[float], rooms_mm: Sequence[float], blocks: Sequence[int], size: CardSize
) -> list[int] | None:
    """The rows of one character over ``len(rooms_mm)`` cards (each at least one row, in
    order, within its card's room) so that the largest blank a card keeps is the least, or
    None when they do not fit.

    Filling cards first to last left a continuation card with one weapon and half of it
    blank; the blank a card keeps is its spare room less what its gaps take up
    (:func:`spread_gap`: ``blocks`` blocks, each gap at most a tenth of the card)."""
    n, k = len(rows_mm), len(rooms_mm)
    if k < 1 or n < k:
        return None
    stretch = max(0.0, MAX_GAP_SHARE * size.height - size.gap)
    best: tuple[float, list[int]] | None = None
    for cuts in itertools.combinations(range(1, n), k - 1):
        bounds = (0, *cuts, n)
        counts = [b - a for a, b in itertools.pairwise(bounds)]
        worst = 0.0
        for i, (a, b) in enumerate(itertools.pairwise(bounds)):
            spare = rooms_mm[i] - sum(rows_mm[a:b])
            if spare < -1e-9:
                break
            worst = max(worst, spare - (blocks[i] - 1) * stretch)
        else:
            # alike blank: the earlier cards full first, as they are read
            if (
                best is None
                or worst < best[0] - 1e-9
                or (abs(worst - best[0]) <= 1e-9 and counts > best[1])
            ):
                best = (worst, counts)
    return None if best is None else best[1]
