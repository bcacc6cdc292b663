"""The jinja2 environment and the URL policy for rendering (print templates in docs/design.md
"Code habits").

Team and catalog text is untrusted: templates autoescape everything and fail loudly on a missing
variable, and the PDF engine may read only files inside the bundled templates folder (plus the
system IPAex Gothic font file), never the network or any other file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from builder.core.resources import templates_dir

IPAEX_GOTHIC = Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")
"""Debian's fonts-ipaexfont-gothic, installed by the README's set-up (used via fontconfig)."""


class ForbiddenURL(ValueError):
    """Rendering asked for a resource outside the project's own templates and fonts."""


@lru_cache(maxsize=1)
def make_env() -> Environment:
    """The one jinja2 environment: autoescaped HTML, strict undefined, templates_dir() only."""
    return Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html", "svg"), default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def allowed_path(url: str) -> Path:
    """The local file an allowed URL points to; raises ForbiddenURL for anything else.

    Only ``file:`` URLs are allowed, and only for files inside templates_dir() (after resolving
    ``..`` and symlinks) or the IPAex Gothic font file.
    """
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        raise ForbiddenURL(f"rendering may not fetch {url!r}")
    path = Path(unquote(parts.path)).resolve()
    root = templates_dir().resolve()
    if path == IPAEX_GOTHIC.resolve() or path.is_relative_to(root):
        if path.is_file():
            return path
        raise ForbiddenURL(f"no such template asset: {url!r}")
    raise ForbiddenURL(f"rendering may not read {url!r}: only the templates folder is allowed")
