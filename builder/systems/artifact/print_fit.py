"""How an artifact card fills its card: one type scale for the deck, the spare room spread out.

A card is read at arm's length during play, so its type should be as large as the card allows,
and every card of one PDF is set at the same size (a player compares two cards side by side).
So a deck's scale is the largest body size on a ladder at which its fullest card fits; the room
a lighter card leaves is shared out between its blocks (head, tracks, weapons, rules), so no
card is left with a blank band at its foot. The numbers read in play (M, HP, P, the weapon's
numbers) print bold at a key size of at least 9 pt on a poker card and 11 pt on a large one.

Heights are estimated with the advances of the fonts WeasyPrint prints with
(:func:`builder.render.measure.font_em`) and the greedy line breaker of
:func:`builder.render.measure.count_lines`; every size here mirrors
``templates/artifact/cards.css``, which takes them from the context (no size is set twice).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from builder.core.i18n import Lang
from builder.render.fit import fit_words
from builder.render.measure import PT_MM, Piece, count_lines, font_em, pieces, segments
from builder.systems.artifact.card_name import Title
from builder.systems.artifact.card_name import fit_name as fit_title

LINE = 1.2
"""``line-height`` of the card's text (cards.css ``.card``)."""

CELL_X_MM = 2 * 0.5
"""A weapon-table cell's horizontal padding (cards.css ``.weapons th, td``)."""

CELL_Y_MM = 2 * 0.35 + 0.25
"""A weapon-table row's vertical padding and its rule."""

MARGIN_MM = 2.0
"""Kept free at the foot of every card: the estimate is close, not exact."""

MIN_GAP_MM = 1.0
"""The least room between two blocks of a card."""

MAX_GAP_MM = 9.0
"""The most room between two blocks: a lighter card keeps its blocks together and leaves the
rest at its foot, under the rules (under a sixth of a poker card)."""


@dataclass(frozen=True)
class Face:
    """One card size: its box, padding, tick boxes and the ladder of body sizes it may use."""

    width: float
    height: float
    pad_x: float
    pad_y: float
    box_mm: float
    """A tick box's side: at least 3.5 mm, big enough to tick with a pencil."""
    boxes_per_row: int
    label_mm: float
    """The track label's column at least ("HP 35"; wider when a label needs it)."""
    key_floor_pt: float
    """The numbers read in play are never under this."""
    ladder: tuple[float, ...]
    """Body sizes to try, largest first; the last is the floor (never under 6.5 pt)."""

    @property
    def inner(self) -> float:
        return self.width - 2 * self.pad_x


FACES: dict[str, Face] = {
    "poker": Face(63.0, 88.0, 3.0, 3.0, 3.6, 10, 13.0, 9.0, (8.5, 8.0, 7.5, 7.0, 6.5)),
    "large": Face(89.0, 127.0, 4.0, 4.0, 5.0, 10, 19.0, 11.0, (11.0, 10.5, 10.0, 9.5, 9.0, 8.5)),
}


@dataclass(frozen=True)
class Scale:
    """The type of one deck, pt."""

    body: float
    key: float
    """M, HP, P, capacity and the weapon's numbers (bold)."""
    name: float
    """The unit's name at its largest (it shrinks to fit two lines)."""

    @classmethod
    def at(cls, face: Face, body: float) -> Scale:
        key = max(face.key_floor_pt, math.ceil(body * 1.25 * 4) / 4)
        return cls(body, key, key + 2.0)

    def line(self, pt: float | None = None) -> float:
        """Height of one line of ``pt`` type (the body's by default), mm."""
        return (self.body if pt is None else pt) * LINE * PT_MM


@dataclass(frozen=True)
class CardText:
    """What a card prints whose height depends on the type (see :func:`card_mm`)."""

    name: str
    tracks: Sequence[tuple[str, int]]
    """Each track's label and box count (HP, then P or aboard)."""
    heads: Sequence[Sequence[str]]
    """The weapon table's column heads (bold, body size), each in the pieces it may break
    between (a head takes two lines rather than widen its column)."""
    weapons: Sequence[str]
    """Each weapon's name, above its first NAME_SPAN numbers (bold, body size)."""
    numbers: Sequence[Sequence[str]]
    """Each weapon's numbers, one per column (bold, key size)."""
    chances: Sequence[Sequence[str]]
    """Each weapon's hit chances, one per column ('' for none), above its number (body)."""
    legend: str
    rules: Sequence[str]


def move_mm(scale: Scale) -> float:
    """Room kept right of the type line for "M 15cm" at the key size (cards.css ``.move``)."""
    return 7 * 0.62 * scale.key * PT_MM + 1.5


def fit_name(name: str, face: Face, scale: Scale, lang: Lang) -> Title:
    """The unit's name in the card's head at the deck's scale (:mod:`card_name`)."""
    return fit_title(name, face.inner, scale.name, lang)


NAME_SPAN = 2
"""A weapon's name is printed above its first two numbers (range, dice): the columns to its
right hold the hit chances above their to-hit numbers."""


@dataclass(frozen=True)
class Tracks:
    """How a card's tick-box tracks print: the label column and the boxes a row holds."""

    label_mm: float
    per_row: int
    word_pts: tuple[float, ...]
    """Each track's label word ("HP", "Aboard"), pt; its count is at the key size."""


GROUP_GAP_MM = 1.2
"""Between two groups of five boxes (cards.css ``.group``)."""

BOX_GAP_MM = 0.6
"""Between two boxes of a group (cards.css ``.tick``)."""


def _label_mm(word: str, count: int, word_pt: float, scale: Scale, lang: Lang) -> float:
    """How wide a track's label prints: its word (bold, ``word_pt``) and its count (key)."""
    em = font_em(f"{word} ", lang, bold=True) * word_pt
    return (em + font_em(str(count), lang, bold=True) * scale.key) * PT_MM


def track_layout(face: Face, scale: Scale, lang: Lang, tracks: Sequence[tuple[str, int]]) -> Tracks:
    """The label column fits the widest label; the boxes come in groups of five, as many groups
    as the rest of the row holds (up to the face's row).

    Every word is at the key size when the row keeps its boxes; else a word too wide for the
    face's label column (the ship's "Aboard") drops to the body size and the others stay at
    the key size, so "HP" prints alike on every card of a deck; else every word is at the body
    size (the ship's HP once printed smaller than an MS's for the length of "Aboard")."""
    group = 5 * (face.box_mm + BOX_GAP_MM) + GROUP_GAP_MM
    at_key = tuple(scale.key for _ in tracks)
    long = tuple(
        scale.body if _label_mm(w, n, scale.key, scale, lang) + 1.0 > face.label_mm else scale.key
        for w, n in tracks
    )
    at_body = tuple(scale.body for _ in tracks)
    best = Tracks(0.0, 0, at_body)
    for pts in (at_key, long, at_body):
        need = max(
            (_label_mm(w, n, pt, scale, lang) for (w, n), pt in zip(tracks, pts, strict=True)),
            default=0.0,
        )
        label = max(face.label_mm, math.ceil((need + 1.0) * 10) / 10)
        groups = max(1, int((face.inner - label + GROUP_GAP_MM) // group))
        layout = Tracks(label, min(face.boxes_per_row, 5 * groups), pts)
        if layout.per_row == face.boxes_per_row:
            return layout
        if layout.per_row > best.per_row:
            best = layout
    return best


def columns_mm(scale: Scale, lang: Lang, text: CardText) -> list[float]:
    """Widths of the weapon table's columns: the widest of its bold head, its numbers (bold, at
    the key size) and its hit chances, plus padding, rounded up to 0.1 mm."""
    widths = []
    for i, head in enumerate(text.heads):
        need = max(font_em(part.strip(), lang, bold=True) for part in head) * scale.body
        for numbers, chances in zip(text.numbers, text.chances, strict=True):
            need = max(need, font_em(numbers[i], lang, bold=True) * scale.key)
            need = max(need, font_em(chances[i], lang) * scale.body)
        widths.append(math.ceil((need * PT_MM + CELL_X_MM) * 10) / 10)
    return widths


def spread_columns(face: Face, scale: Scale, lang: Lang, text: CardText) -> list[float]:
    """The columns once the table fills the card: the spare width goes first to the columns
    under the weapons' names until each name's longest word fits, then to every column alike."""
    widths = columns_mm(scale, lang, text)
    spare = max(0.0, face.inner - sum(widths))
    words = [w.strip() for name in text.weapons for w in segments(name)]
    need = max((font_em(w, lang, bold=True) * scale.body * PT_MM for w in words), default=0.0)
    short = max(0.0, need + CELL_X_MM - sum(widths[:NAME_SPAN]))
    give = min(short, spare)
    for i in range(NAME_SPAN):
        widths[i] += give / NAME_SPAN
    even = (spare - give) / len(widths)
    return [math.floor((w + even) * 10) / 10 for w in widths]


def name_span_mm(columns: Sequence[float]) -> float:
    """Room for a weapon's name: the columns it spans, less a cell's padding."""
    return sum(columns[:NAME_SPAN]) - CELL_X_MM


def wide_name(name: str, columns: Sequence[float], scale: Scale, lang: Lang) -> bool:
    """The weapon's name is too long for one line of its cell over the first two numbers: it
    then prints on a row of its own across the table, its
    hit chances on the row below (a long katakana name broke mid-word, ラン/チャー)."""
    return font_em(name, lang, bold=True) * scale.body * PT_MM > name_span_mm(columns)


def weapon_name_pt(name: str, columns: Sequence[float], scale: Scale) -> float:
    """A weapon's name at the body size, or smaller (never under 6.5 pt) when one of its words
    is wider than its cell; a word too long even then may break (the last resort)."""
    return fit_words(name, name_span_mm(columns), scale.body, min(scale.body, 6.5)).size


def card_mm(
    face: Face, scale: Scale, lang: Lang, text: CardText, rules: int | None = None
) -> float:
    """The height a card's blocks take at ``scale``, with the least gaps and the margin
    (infinite when the weapon table is wider than the card)."""
    if sum(columns_mm(scale, lang, text)) > face.inner:
        return math.inf
    box_row = face.box_mm + BOX_GAP_MM
    title = fit_name(text.name, face, scale, lang)
    head = title.lines * title.pt * 1.1 * PT_MM + scale.line(scale.key) + scale.line() + 0.3
    layout = track_layout(face, scale, lang, text.tracks)
    tracks = sum(
        max(scale.line(scale.key), math.ceil(n / layout.per_row) * box_row) for _, n in text.tracks
    )
    columns = spread_columns(face, scale, lang, text)
    head_lines = max(
        count_lines([Piece(part, scale.body, True) for part in head], width - CELL_X_MM, lang)
        for head, width in zip(text.heads, columns, strict=True)
    )
    table = head_lines * scale.line() + CELL_Y_MM
    for name in text.weapons:
        if wide_name(name, columns, scale, lang):  # the name's row, then the chances'
            pt = fit_words(name, face.inner, scale.body, min(scale.body, 6.5)).size
            name_lines = count_lines(pieces(pt, name, bold=True), face.inner, lang) + 1
        else:
            pt = weapon_name_pt(name, columns, scale)
            name_lines = count_lines(pieces(pt, name, bold=True), name_span_mm(columns), lang)
        table += name_lines * scale.line() + scale.line(scale.key) + CELL_Y_MM
    table += count_lines(pieces(scale.body, text.legend), face.inner, lang) * scale.line()
    body = head + tracks + table
    kept = kept_rules(text, rules)
    if kept:
        body += sum(
            count_lines(pieces(scale.body, p), face.inner, lang) * scale.line() for p in kept
        )
        body += 0.5 * (len(kept) - 1)
    return 2 * face.pad_y + body + gaps(text, rules) * MIN_GAP_MM + MARGIN_MM


def kept_rules(text: CardText, rules: int | None = None) -> Sequence[str]:
    """The last ``rules`` paragraphs of the card's reminder (all by default): the first ones
    are the most general (the actions) and give way first."""
    n = len(text.rules) if rules is None else rules
    return text.rules[len(text.rules) - n :] if n else []


def gaps(text: CardText, rules: int | None = None) -> int:
    """Gaps between a card's blocks: head, each track, the weapons and (maybe) the rules."""
    return len(text.tracks) + (2 if kept_rules(text, rules) else 1)


class Part(NamedTuple):
    """One card of a unit: its weapons ``start:stop`` and the tracks (indices) it prints."""

    start: int
    stop: int
    tracks: tuple[int, ...]


def _part(text: CardText, part: Part) -> CardText:
    """The card holding ``part`` of a unit too full for one; every card keeps the rules
    reminder (a player reads it on the card in hand)."""
    return replace(
        text,
        tracks=tuple(text.tracks[i] for i in part.tracks),
        weapons=text.weapons[part.start : part.stop],
        numbers=text.numbers[part.start : part.stop],
        chances=text.chances[part.start : part.stop],
    )


def whole(text: CardText) -> Part:
    """The one card of a unit that fits on one."""
    return Part(0, len(text.weapons), tuple(range(len(text.tracks))))


def card_parts(face: Face, scale: Scale, lang: Lang, text: CardText) -> list[Part]:
    """The cards of one unit at ``scale``: one when all fits it with its whole rules reminder;
    else the weapons, in order, on the fewest cards that hold them (each at least one weapon,
    each with the reminder), split where the emptiest card is the fullest, then the first card
    the fuller. The first card keeps the tracks; its last (P, or the ship's aboard) heads the
    first continuation card instead when that leaves the emptiest card fuller.

    A unit with many weapons once ran off the foot of its card; filling each card before the
    next then left a lone weapon on a continuation card, a quarter of it blank (as on LAMINIM's
    cards: two weapons on each of two cards, not three and one)."""
    n, t = len(text.weapons), len(text.tracks)
    if n < 2 or card_mm(face, scale, lang, text) <= face.height:
        return [whole(text)]
    every = tuple(range(t))
    # a part recurs in many splits (the same weapons a-b with the same tracks): measured once
    height = functools.cache(lambda part: card_mm(face, scale, lang, _part(text, part)))
    for count in range(2, n + 1):
        best: tuple[tuple[float, int, bool], list[Part]] | None = None
        for moved in (False, True) if t > 1 else (False,):
            for cuts in itertools.combinations(range(1, n), count - 1):
                bounds = (0, *cuts, n)
                parts = [
                    Part(a, b, every[:-1] if moved else every)
                    if i == 0
                    else Part(a, b, every[-1:] if moved and i == 1 else ())
                    for i, (a, b) in enumerate(itertools.pairwise(bounds))
                ]
                heights = [height(p) for p in parts]
                if max(heights) > face.height:
                    continue
                key = (min(heights), parts[0].stop, not moved)
                if best is None or key > best[0]:
                    best = (key, parts)
        if best is not None:
            return best[1]
    # a weapon too tall for a card of its own still gets one
    return [Part(i, i + 1, every if i == 0 else ()) for i in range(n)]


def part_text(text: CardText, part: Part) -> CardText:
    """The text of one card of a unit (:func:`card_parts`)."""
    return text if part == whole(text) else _part(text, part)


def _cards_at(face: Face, scale: Scale, lang: Lang, cards: Sequence[CardText]) -> list[CardText]:
    return [part_text(c, p) for c in cards for p in card_parts(face, scale, lang, c)]


def deck_scale(face: Face, lang: Lang, cards: Sequence[CardText]) -> Scale:
    """The largest scale on the face's ladder at which every card of the deck fits whole, its
    rules reminder included; when none does, the largest at which the deck takes no more cards
    (continuation cards counted, each with the whole reminder) than at the floor.

    Every card keeps the whole reminder: an MS card that left out "2 actions" to fit its
    weapons left a player without the rule its deck-mates print."""
    for body in face.ladder:
        scale = Scale.at(face, body)
        if all(card_mm(face, scale, lang, c) <= face.height for c in cards):
            return scale
    floor = Scale.at(face, face.ladder[-1])
    most = len(_cards_at(face, floor, lang, cards))
    for body in face.ladder[:-1]:
        scale = Scale.at(face, body)
        parts = _cards_at(face, scale, lang, cards)
        if len(parts) <= most and all(card_mm(face, scale, lang, c) <= face.height for c in parts):
            return scale
    return floor


@dataclass(frozen=True)
class Spread:
    """How one card sets its blocks at the deck's scale."""

    gap_mm: float
    rules: Sequence[str]
    """The reminder paragraphs the card has room for (the fullest cards leave out the first)."""


def spread(face: Face, scale: Scale, lang: Lang, text: CardText) -> Spread:
    """The gap between a card's blocks that shares out the room it leaves (up to a limit)."""
    kept = next(
        (
            n
            for n in range(len(text.rules), 0, -1)
            if card_mm(face, scale, lang, text, n) <= face.height
        ),
        0,
    )
    used = card_mm(face, scale, lang, text, kept)
    extra = max(0.0, face.height - used) / gaps(text, kept)
    return Spread(round(min(MAX_GAP_MM, MIN_GAP_MM + extra), 2), kept_rules(text, kept))
