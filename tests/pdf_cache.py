"""Each distinct PDF is laid out once per test session, whichever test or worker asks first.

Most of the suite's time is WeasyPrint laying out PDFs, and many tests print the same document:
the demo files' printouts in the print measures of several files, every printout in both xdist
workers. ``builder.render.pdf.pdf_bytes`` is the one door to the layout, and its output depends
on the HTML alone (the templates and fonts it reads do not change within a session), so this
plugin keys it by the HTML: the first call lays the document out and keeps the bytes in the
session's temporary folder, which both workers share; a later call with the same HTML reads them.
Every test still measures a real PDF, laid out from the very HTML it made.

A test that watches the layout itself (a spy on ``RestrictedFetcher.fetch``, which only a real
layout calls) gets a fresh one. Registered by ``tests/conftest.py`` (``pytest_plugins``).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

_folder: list[Path] = []
"""The session's cache folder, once the session has one (nothing lays out before that)."""


def pytest_configure(config: pytest.Config) -> None:
    """Wrap ``pdf_bytes`` before the test modules are imported (some bind it by name)."""
    import builder.render.pdf as pdf

    layout = pdf.pdf_bytes
    fetch = pdf.RestrictedFetcher.fetch

    def pdf_bytes(html: str) -> bytes:
        if not _folder or pdf.RestrictedFetcher.fetch is not fetch:
            return layout(html)
        key = _folder[0] / f"{hashlib.sha256(html.encode()).hexdigest()}.pdf"
        try:
            return key.read_bytes()
        except FileNotFoundError:
            pass
        data = layout(html)
        part = key.with_name(f"{key.name}.{os.getpid()}.part")
        part.write_bytes(data)
        os.replace(part, key)  # whole or absent, even when both workers lay it out at once
        return data

    # the forked layout workers of ``render_printouts`` get it by name, as the original
    pdf_bytes.__module__, pdf_bytes.__qualname__ = layout.__module__, layout.__qualname__
    pdf_bytes.__doc__ = layout.__doc__
    pdf.pdf_bytes = pdf_bytes


@pytest.fixture(scope="session", autouse=True)
def pdf_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the workers share: the parent of each xdist worker's own base temp folder."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "pdf-cache"
    folder.mkdir(exist_ok=True)
    _folder[:] = [folder]
    return folder
