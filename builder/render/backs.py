"""Card backs: what a player needs mid-game and the front has no room for.

Every game's deck gets its backs from :func:`card_back`: the unit's name and a write-in ID box
(a back shows which card this is when the cards lie face down or in a sleeve), the team, the
card kind's rules reminder, the catalog it was checked against and a share code's QR (or a slot
for one). ``templates/common/_back.html`` lays a back out; ``layout.deck_pages`` places it
behind its front (duplex) or beside it (fold-over).

Sizes are fitted here, before WeasyPrint sets the text: the reminder takes the largest type
(down to the 6.5 pt floor) at which its lines fit the room between the header and the foot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from builder.core.i18n import Labels, Lang
from builder.render.fit import fit
from builder.render.layout import BLEED, CUT_MARGIN, Grid, Sheet, deck_pages, sheet_context
from builder.render.measure import PT_MM, count_lines, font_em, pieces

LABELS = Labels.load(__file__, "back_labels.yaml")


class DeckOptions(Protocol):
    """What a deck's layout reads of the print options (``builder.systems.PrintOptions``)."""

    @property
    def sheet(self) -> Sheet: ...

    @property
    def legal(self) -> bool: ...


FLOOR_PT = 6.5
"""Nothing on a back is smaller."""

LINE = 1.25
"""The back's line height (common.css ``.card-back``)."""

GAP_MM = 1.5
"""Between the back's blocks (``.card-back`` gap)."""


def _sizes(width: float) -> dict[str, float]:
    """Sizes for a card ``width`` mm wide: 63 mm, 89 mm and between."""
    large = width >= 80
    return {
        "pad": CUT_MARGIN + (1.0 if large else 0.2),
        "id_mm": 11.0 if large else 8.0,
        "qr_mm": 28.0 if large else 20.0,
        "name_max": 14.0 if large else 11.0,
        "body_max": 10.0 if large else 8.5,
    }


def reminder_pt(
    reminder: Sequence[str], width_mm: float, room_mm: float, lang: Lang, top: float
) -> float:
    """The largest size from ``top`` down (0.25 pt steps) at which the paragraphs fit
    ``room_mm`` of height in ``width_mm``; the floor when none does (a back has no more room
    to give: the paragraphs are the kind's short reminder, which fits at the floor)."""
    size = top
    while size > FLOOR_PT:
        if _need(reminder, width_mm, lang, size) <= room_mm:
            return size
        size -= 0.25
    return FLOOR_PT


def _need(reminder: Sequence[str], width_mm: float, lang: Lang, size: float) -> float:
    """The height (mm) the paragraphs take at ``size``."""
    lines = sum(count_lines(pieces(size, p), width_mm, lang, font_em) for p in reminder)
    return lines * size * LINE * PT_MM + len(reminder) * 0.8  # .back-rules p: 0.8 mm under


class ShareCode(Protocol):
    """A team's share code as a QR (``builder.exchange.roster.ShareQR``)."""

    @property
    def modules(self) -> int: ...

    def svg(self, size_mm: float) -> str: ...


MODULE_MM = 0.5
"""The smallest QR module a back prints: a phone over the table reads 0.5 mm and up (the roster
sheet's QR, with a page of room, prints 0.8 mm: ``builder.exchange.roster.MODULE_MM``). A
code too long for a back at this size leaves the slot, and the roster sheet carries it."""


def card_back(
    *,
    name: str,
    team: str,
    kind: str,
    reminder: Sequence[str],
    catalog: str,
    lang: Lang,
    card_mm: tuple[float, float],
    qr: ShareCode | None = None,
    lead: str = "",
    team_word: str = "",
) -> dict[str, Any]:
    """The plain-data context of one card's back (``templates/common/_back.html``).

    ``kind``: what the card is ("Unit card", "MS"), ``reminder``: the kind's rules reminder in
    paragraphs, ``catalog``: the catalog line (name and version), ``qr``: the team's share
    code, drawn with modules of :data:`MODULE_MM` or more (a QR larger than the slot when the
    reminder still fits at the floor beside it), None or a code too long for the back: an
    empty slot; ``lead``: a bold line heading the reminder; ``team_word``: the game's word
    for a team, as its fronts print it ("Force", "Crew"; default the backs' "Team")."""
    width, height = card_mm
    s = _sizes(width)
    inner_w = width - 2 * s["pad"]
    name_mm = inner_w - s["id_mm"] - 2.0
    title = fit(name, name_mm, s["name_max"], 7.0, lines=2)
    lines = min(2, count_lines(pieces(title.size, title.text, bold=True), name_mm, lang, font_em))
    # the name, the team and the kind lines beside the ID box (its label over it), then the
    # header's rule 1 mm under them (common.css .back-head, .back-team)
    words = lines * title.size * 1.1 * PT_MM + 2 * (FLOOR_PT * LINE * PT_MM + 0.6)
    head = max(s["id_mm"] + 3.0, words) + 1.3
    catalog_lines = count_lines(pieces(FLOOR_PT, catalog), inner_w, lang, font_em)
    below = 1.0 + catalog_lines * FLOOR_PT * LINE * PT_MM  # the catalog line under the QR
    paragraphs = [lead, *reminder] if lead else list(reminder)

    def room(qr_mm: float) -> float:
        return height - 2 * s["pad"] - head - qr_mm - below - 2 * GAP_MM

    qr_mm, svg = s["qr_mm"], None
    if qr is not None:
        want = max(s["qr_mm"], qr.modules * MODULE_MM)
        if want <= inner_w and _need(paragraphs, inner_w, lang, FLOOR_PT) <= room(want):
            qr_mm, svg = round(want, 2), qr.svg(round(want, 2))
    body = reminder_pt(paragraphs, inner_w, room(qr_mm), lang, s["body_max"])
    return {
        "name": title.text,
        "name_pt": title.size,
        "name_mm": round(name_mm, 2),
        "team": fit(team, inner_w - 10.0, FLOOR_PT, FLOOR_PT).text,
        "team_word": team_word,
        "kind": kind,
        "reminder": list(reminder),
        "lead": lead,
        "body_pt": body,
        "catalog": catalog,
        "qr": svg,
        "pad": s["pad"],
        "id_mm": s["id_mm"],
        "qr_mm": qr_mm,
    }


def back_labels(lang: Lang) -> dict[str, str]:
    """The backs' words in ``lang``, for a deck's context (``back_labels``)."""
    return LABELS.in_lang(lang)


def not_legal_word(lang: Lang) -> str:
    """The band a forced print of an illegal team carries on every card."""
    return LABELS.t("not_legal_band", lang)


def deck_context(
    system: str,
    lang: Lang,
    paper: str,
    grid: Grid,
    fronts: list[Any],
    backs: list[Any] | None,
    options: DeckOptions,
    labels: dict[str, str],
    title: str,
    *,
    empty_page: bool = False,
) -> dict[str, Any]:
    """What ``templates/common/base.html`` needs to print a deck: the fronts (and their backs
    as ``options.sheet`` asks) on pages, a forced print's band, the backs' words."""
    pages = deck_pages(grid, fronts, backs, options.sheet, empty_page=empty_page)
    context = sheet_context(system, "cards", lang, paper, grid, pages, labels, title)
    if options.sheet.bleed:
        context["page"]["bleed"] = BLEED
    context["back_labels"] = back_labels(lang)
    context["not_legal"] = "" if options.legal else not_legal_word(lang)
    return context
