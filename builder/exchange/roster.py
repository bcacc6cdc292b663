"""The share code's block on the roster sheet: a QR code a phone reads from the table, and the
code in text under it (``templates/common/roster.html``, the ``share`` block).

Why segno: a kept, pure-Python QR encoder that picks the dense alphanumeric mode for a share
code by itself (capitals and digits) and writes SVG, which the PDF keeps as vectors.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang
from builder.exchange.export import LABELS
from builder.systems import AnySystem

MODULE_MM = 0.8
"""The width of one QR module on paper: a phone held over the table (30–40 cm) reads 0.5 mm and
up; 0.8 mm leaves room for a worn printer and a dim room."""
QUIET_MODULES = 4
"""The white border the QR standard asks for, in modules."""
MIN_MM, MAX_MM = 30.0, 60.0
"""The block's width on paper: a small code is not drawn smaller than this, a long one (a big
crew) no larger (its modules are then smaller: :data:`MODULE_MM` is a floor below MAX_MM)."""
CHUNK = 28
"""Characters of the code per printed line under the QR."""


def _svg(qr: Any, size_mm: float) -> str:
    """The QR as inline SVG markup sized in mm (the renderer fetches no data URIs: only the
    project's own files)."""
    svg: str = qr.svg_inline(border=QUIET_MODULES, dark="#000", light="#fff", omitsize=True)
    return svg.replace("<svg ", f'<svg width="{size_mm}mm" height="{size_mm}mm" ', 1)


@dataclass(frozen=True)
class ShareQR:
    """A team's share code as a QR, drawn at any size: the roster sheet's block
    (:func:`share_block`) and the card backs' (``builder.render.backs.card_back``) draw the
    same code."""

    code: str
    qr: Any
    """The segno QR code."""

    @property
    def modules(self) -> int:
        """Its width in modules, the quiet zone included."""
        return int(self.qr.symbol_size(border=QUIET_MODULES)[0])

    def svg(self, size_mm: float) -> str:
        return _svg(self.qr, size_mm)


def make_qr(code: str) -> Any:
    """``code`` as a segno QR at level M (15 % may be damaged), or L where M cannot hold it;
    None when no QR holds it."""
    import segno
    from segno import DataOverflowError

    for error in ("m", "l"):
        try:
            return segno.make(code, error=error, micro=False)
        except DataOverflowError:
            continue
    return None


@dataclass(frozen=True)
class QrSizes:
    """How large a share block's QR is printed: its width on paper is kept between ``min_mm``
    and ``max_mm``, at :data:`MODULE_MM` a module where that fits (below ``max_mm``)."""

    min_mm: float
    max_mm: float
    chunk: int
    """Characters of the code per printed line under the QR."""


ROSTER_SIZES = QrSizes(MIN_MM, MAX_MM, CHUNK)
RECORD_SIZES = QrSizes(40.0, 130.0, 56)
"""A battle record's code (its state and its whole log: a six-round game is about 1,400
characters) on a page of its own: up to 130 mm wide, so its modules stay at 0.8 mm up to a QR
of version 30 (a long game: about 0.6 mm at version 40, the largest QR there is)."""
MM_PER_CHAR = 1.5
"""The printed code's monospaced 7 pt character, in mm (a line of the code under a QR is kept
no wider than the QR)."""


def qr_block(code: str, lang: Lang, sizes: QrSizes = ROSTER_SIZES) -> dict[str, Any]:
    """A share block of ``code``: the code, its lines, its QR (inline SVG; None when the code
    is longer than any QR holds: the page then carries the code in text only) and the size."""
    qr = make_qr(code)
    if qr is None:
        chunk = sizes.chunk
        block: dict[str, Any] = {"qr": None, "size_mm": sizes.max_mm}
    else:
        modules = qr.symbol_size(border=QUIET_MODULES)[0]
        size = min(sizes.max_mm, max(sizes.min_mm, modules * MODULE_MM))
        chunk = max(CHUNK, min(sizes.chunk, int(size / MM_PER_CHAR)))
        block = {
            "qr": _svg(qr, size),
            "size_mm": round(size, 2),
            "module_mm": round(size / modules, 3),
            "version": qr.version,
            "error": qr.error,
        }
    return {
        "code": code,
        "lines": [code[i : i + chunk] for i in range(0, len(code), chunk)],
        **block,
        "label": LABELS.t("qr-label", lang),
        "how": LABELS.t("qr-how", lang),
        "too_long": LABELS.t("qr-too-long", lang) if qr is None else "",
    }


def share_code(system: AnySystem, team: Any, folder: Path) -> str | None:
    """``team``'s share code made with the catalog in ``folder``; None when the team cannot be
    put in a code."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.exchange.share import encode

    identity = identity_of(system, folder)
    try:
        bundled = identity_of(system, catalog_folder(system, None)).name
    except Exception:
        bundled = None
    try:
        return encode(system, system.dump_team(team), identity, False, bundled)
    except (TypeError, ValueError):  # nothing to share: the sheet prints without it
        return None


def share_qr(system: AnySystem, team: Any, folder: Path) -> ShareQR | None:
    """``team``'s share code as a QR (the roster's code: :func:`share_block`); None when the
    team cannot be put in a code, or the code in a QR."""
    code = share_code(system, team, folder)
    qr = None if code is None else make_qr(code)
    return None if code is None or qr is None else ShareQR(code, qr)


def share_block(system: AnySystem, team: Any, folder: Path, lang: Lang) -> dict[str, Any] | None:
    """The roster's share block of ``team`` made with the catalog in ``folder``: the code,
    its QR (inline SVG), the printed size; None when the team cannot be put in a code."""
    code = share_code(system, team, folder)
    if code is None:
        return None
    block = qr_block(code, lang)
    return block if block["qr"] is not None else None
