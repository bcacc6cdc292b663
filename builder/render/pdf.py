"""WeasyPrint calls. Imported lazily: loading WeasyPrint costs start-up time other commands skip."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from builder.core.resources import templates_dir
from builder.render.env import allowed_path


class RestrictedFetcher(URLFetcher):
    """A URL fetcher that serves only the bundled templates folder (and the Japanese font files).

    Everything else raises :class:`builder.render.env.ForbiddenURL`; WeasyPrint then logs a
    warning and leaves the resource out, so a hostile ``<img src="file:///etc/passwd">`` that
    somehow reached the HTML would still fetch nothing.
    """

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        path = allowed_path(url)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})


def pdf_bytes(html: str) -> bytes:
    """One HTML document as PDF bytes (relative URLs resolve inside templates_dir())."""
    base_url = templates_dir().resolve().as_uri() + "/"
    document = HTML(string=html, base_url=base_url, url_fetcher=RestrictedFetcher())
    data: bytes = document.write_pdf()
    return data


def write_pdf(html: str, target: Path) -> None:
    """Render one HTML document to ``target`` (replacing it: callers pick a new name)."""
    target.write_bytes(pdf_bytes(html))
