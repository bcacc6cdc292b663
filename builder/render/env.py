"""The jinja2 environment and the URL policy for rendering (print templates in docs/design.md
"Code habits").

Team and catalog text is untrusted: templates autoescape everything and fail loudly on a missing
variable, and the PDF engine may read only files inside the bundled templates folder (plus the
system Japanese font files), never the network or any other file.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from builder.core.resources import templates_dir

_BIZUD = Path("/usr/share/fonts/truetype/bizud-gothic")

JA_GOTHIC = _BIZUD / "BIZUDGothic-Regular.ttf"
"""BIZ UDGothic (Debian's fonts-morisawa-bizud-gothic, installed by ``scripts/setup.sh``): the
font of every Japanese printout, through fontconfig as ``"BIZ UDGothic"``.

Chosen over IPAex Gothic because it has a true bold (weight class 700; IPAex has none, so bold
names and headings printed flat) and over Noto Sans CJK because it is a tenth of its size. Its
Latin letters and digits are half width and its kana full width, so a width estimate that counts
full width for Japanese stays exact for it."""

JA_GOTHIC_BOLD = _BIZUD / "BIZUDGothic-Bold.ttf"
"""The bold face of :data:`JA_GOTHIC`."""

JA_PGOTHIC = _BIZUD / "BIZUDPGothic-Regular.ttf"
"""BIZ UDPGothic, the proportional sibling in the same Debian package: Latin letters and 「・」
in Japanese printouts' names (:func:`latin_spans`), which BIZ UDGothic sets at a fixed half
width (an "i" as wide as an "m") and 「・」 at a full width (wide gaps in アメリア・オコンクォ)."""

JA_PGOTHIC_BOLD = _BIZUD / "BIZUDPGothic-Bold.ttf"
"""The bold face of :data:`JA_PGOTHIC`."""

JA_FONTS = (JA_GOTHIC, JA_GOTHIC_BOLD, JA_PGOTHIC, JA_PGOTHIC_BOLD)
"""The Japanese font files rendering may read besides the templates."""

PROPORTIONAL = re.compile(r"[A-Za-z]+(?:[ .'\-]+[A-Za-z]+)*|・+")
"""What Japanese printouts set in BIZ UDPGothic: runs of Latin words, and 「・」."""


def latin_spans(text: object) -> Markup:
    """``text`` (escaped) with its Latin words and its 「・」 in ``.lat`` spans, which Japanese
    printouts set in the proportional BIZ UDPGothic (common.css); English ones keep their face.
    The template filter ``latin``, for names (a unit's, a team's), which mix both scripts."""
    value = str(text)
    out, last = [], 0
    for m in PROPORTIONAL.finditer(value):
        out.append(str(escape(value[last : m.start()])))
        out.append(f'<span class="lat">{escape(m.group())}</span>')
        last = m.end()
    out.append(str(escape(value[last:])))
    return Markup("".join(out))


class ForbiddenURL(ValueError):
    """Rendering asked for a resource outside the project's own templates and fonts."""


def phrase_spans(text: object, latin: bool = False) -> Markup:
    """``text`` (escaped) with each Japanese phrase in an unbreakable ``.kw`` span, so the
    printed lines break only where :func:`builder.render.measure.segments` (the width
    estimates) breaks them: between phrases, never inside a word, a number and its counter or a
    formula. Text without Japanese is left as it is (it breaks at its spaces anyway).
    ``latin``: its Latin words and 「・」 in ``.lat`` spans too (:func:`latin_spans`), for a
    line that names things (a catalog's name and version).

    The template filter ``phrases``: ``{{ label | phrases }}``, ``{{ line | phrases(true) }}``.
    """
    from builder.render.measure import segments  # measure imports this module's font paths

    value = str(text)
    if value.isascii():
        return latin_spans(value) if latin else escape(value)
    return Markup("".join(_span(seg, latin=latin) for seg in segments(value)))


def _span(seg: str, free: bool = False, latin: bool = False) -> str:
    """One segment as HTML: an unbreakable ``.kw`` span (its trailing spaces outside it), or as
    it is when it is English or ``free`` (the browser may break it anywhere); ``latin``: its
    Latin words and 「・」 in ``.lat`` spans (:func:`latin_spans`)."""
    text = latin_spans if latin else escape
    if seg.isascii() or free:
        return str(text(seg))
    core = seg.rstrip()
    return f'<span class="kw">{text(core)}</span>{escape(seg[len(core) :])}'


NAME_JOINS = re.compile(r"(?<=[・･＝=])")
"""Where a name's parts join (アメリア・オコンクォ＝リンド…): a long name may wrap there."""


def name_spans(
    text: object, width_mm: float | None = None, pt: float = 9.0, bold: bool = True
) -> Markup:
    """A name as :func:`phrase_spans` sets it, and free to wrap after each ・ or ＝ between its
    parts: a katakana name is one word to the phrase breaker, so a name wider than its column
    would run over the next one. A part still wider than ``width_mm`` (at ``pt``) is left free
    to break anywhere. Its Latin words and 「・」 are set proportional (:func:`latin_spans`:
    「Bulwark（続き）」, not a fixed half width). The template filter ``name_phrases``."""
    from builder.render.measure import PT_MM, font_em, segments

    value = str(text)
    if value.isascii():
        return latin_spans(value)

    def wide(seg: str) -> bool:
        return width_mm is not None and font_em(seg.rstrip(), "ja", bold) * pt * PT_MM > width_mm

    parts = NAME_JOINS.split(value)
    return Markup(
        "".join(_span(seg, wide(seg), latin=True) for part in parts for seg in segments(part))
    )


def fit_text(text: object, width_mm: float, pt: float) -> str:
    """``text`` cut with … to one line of ``width_mm`` at ``pt`` (:func:`builder.render.fit.fit`):
    the template filter ``fit_text``, for a label that must stay on one line (a footer)."""
    from builder.render.fit import fit

    return fit(str(text), width_mm, pt, pt).text


@lru_cache(maxsize=1)
def make_env() -> Environment:
    """The one jinja2 environment: autoescaped HTML, strict undefined, templates_dir() only,
    and the ``phrases`` and ``name_phrases`` filters (:func:`phrase_spans`, :func:`name_spans`)."""
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html", "svg"), default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["phrases"] = phrase_spans
    env.filters["name_phrases"] = name_spans
    env.filters["fit_text"] = fit_text
    env.filters["latin"] = latin_spans
    return env


def allowed_path(url: str) -> Path:
    """The local file an allowed URL points to; raises ForbiddenURL for anything else.

    Only ``file:`` URLs are allowed, and only for files inside templates_dir() (after resolving
    ``..`` and symlinks) or the Japanese font files (:data:`JA_FONTS`).
    """
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        raise ForbiddenURL(f"rendering may not fetch {url!r}")
    path = Path(unquote(parts.path)).resolve()
    root = templates_dir().resolve()
    if path in {f.resolve() for f in JA_FONTS} or path.is_relative_to(root):
        if path.is_file():
            return path
        raise ForbiddenURL(f"no such template asset: {url!r}")
    raise ForbiddenURL(f"rendering may not read {url!r}: only the templates folder is allowed")
