"""The fonts a printout's language needs, asked of fontconfig before anything is rendered.

Pango quietly falls back to another font when one is missing, and without a Japanese font every
Japanese glyph prints as an empty box: a deck of tofu that looks fine in the terminal (exit 0).
So ``laminim cards`` asks fontconfig (the library WeasyPrint's Pango reads fonts through, with
the same configuration, ``FONTCONFIG_FILE`` included) whether each face is there, and refuses
with the package to install when one is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.core.i18n import Lang


@dataclass(frozen=True)
class Face:
    """One font face a language prints with, and the Debian package that installs it."""

    family: str
    bold: bool
    package: str

    def __str__(self) -> str:
        return f"{self.family} {'Bold' if self.bold else 'Regular'}"


_DEJAVU = "fonts-dejavu-core"
_BIZUD = "fonts-morisawa-bizud-gothic"

NEEDED: dict[str, tuple[Face, ...]] = {
    "en": (Face("DejaVu Sans", False, _DEJAVU), Face("DejaVu Sans", True, _DEJAVU)),
    "ja": (
        Face("BIZ UDGothic", False, _BIZUD),
        Face("BIZ UDGothic", True, _BIZUD),
        Face("BIZ UDPGothic", False, _BIZUD),
        Face("BIZ UDPGothic", True, _BIZUD),
    ),
}
"""The faces each language's printouts are set in (templates/common/common.css): English in
DejaVu Sans; Japanese in BIZ UDGothic (a true bold) with its proportional sibling BIZ UDPGothic
for Latin letters and 「・」 (one Debian package holds both)."""


def missing_fonts(lang: Lang) -> list[Face]:
    """The faces ``lang`` needs that fontconfig does not have (it matches each to the nearest
    font it has: another family, or a regular face for a bold, means missing)."""
    from weasyprint.text.ffi import ffi, fontconfig  # the library Pango reads fonts with

    config = fontconfig.FcInitLoadConfigAndFonts()
    missing = []
    try:
        for face in NEEDED[lang]:
            pattern = fontconfig.FcPatternCreate()
            fontconfig.FcPatternAddString(pattern, b"family", face.family.encode())
            style = b"Bold" if face.bold else b"Regular"
            fontconfig.FcPatternAddString(pattern, b"style", style)
            fontconfig.FcConfigSubstitute(config, pattern, fontconfig.FcMatchPattern)
            fontconfig.FcDefaultSubstitute(pattern)
            result = ffi.new("FcResult *")
            match = fontconfig.FcFontMatch(config, pattern, result)
            fontconfig.FcPatternDestroy(pattern)
            if match == ffi.NULL:
                missing.append(face)
                continue
            families = _strings(ffi, fontconfig, match, b"family")
            styles = _strings(ffi, fontconfig, match, b"style")
            fontconfig.FcPatternDestroy(match)
            bold_ok = not face.bold or any("bold" in s.lower() for s in styles)
            if face.family not in families or not bold_ok:
                missing.append(face)
    finally:
        fontconfig.FcConfigDestroy(config)
    return missing


def _strings(ffi: Any, fontconfig: Any, pattern: Any, key: bytes) -> list[str]:
    """Every value of a pattern's string property (a family has one name per language)."""
    out = []
    value = ffi.new("FcChar8 **")
    n = 0
    while fontconfig.FcPatternGetString(pattern, key, n, value) == 0:  # FcResultMatch
        out.append(ffi.string(value[0]).decode("utf-8", "replace"))
        n += 1
    return out
