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


def share_qr(system: AnySystem, team: Any, folder: Path) -> ShareQR | None:
    """``team``'s share code made with the catalog in ``folder``, as a QR; None when the team
    cannot be put in a code."""
    import segno

    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.exchange.share import encode

    identity = identity_of(system, folder)
    try:
        bundled = identity_of(system, catalog_folder(system, None)).name
    except Exception:
        bundled = None
    try:
        code = encode(system, system.dump_team(team), identity, False, bundled)
    except (TypeError, ValueError):  # nothing to share: the sheet prints without it
        return None
    return ShareQR(code, segno.make(code, error="m", micro=False))


def share_block(system: AnySystem, team: Any, folder: Path, lang: Lang) -> dict[str, Any] | None:
    """The roster's share block of ``team`` made with the catalog in ``folder``: the code,
    its QR (inline SVG), the printed size; None when the team cannot be put in a code."""
    share = share_qr(system, team, folder)
    if share is None:
        return None
    code, modules = share.code, share.modules
    size = min(MAX_MM, max(MIN_MM, modules * MODULE_MM))
    return {
        "code": code,
        "lines": [code[i : i + CHUNK] for i in range(0, len(code), CHUNK)],
        "qr": share.svg(size),
        "size_mm": round(size, 2),
        "module_mm": round(size / modules, 3),
        "version": share.qr.version,
        "label": LABELS.t("qr-label", lang),
        "how": LABELS.t("qr-how", lang),
    }
