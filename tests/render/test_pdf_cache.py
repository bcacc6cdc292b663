"""The suite lays each distinct PDF out once per session (``tests/pdf_cache.py``), and a test
that watches the layout still gets a real one."""

from __future__ import annotations

import hashlib
import os

import builder.render.pdf as pdf


def _html(tag: str) -> str:
    return f'<html><head><link rel="stylesheet" href="common/common.css"></head><p>{tag}</p></html>'


def test_the_same_html_is_laid_out_once_and_read_back_after(pdf_cache_folder, monkeypatch):
    html = _html(f"cache {os.getpid()} {id(monkeypatch)}")
    key = pdf_cache_folder / f"{hashlib.sha256(html.encode()).hexdigest()}.pdf"
    assert not key.exists()
    first = pdf.pdf_bytes(html)
    assert first.startswith(b"%PDF") and key.read_bytes() == first
    key.write_bytes(first + b"% read back\n")  # the next call reads the file, no layout
    assert pdf.pdf_bytes(html) == first + b"% read back\n"


def test_a_test_that_watches_the_fetcher_gets_a_fresh_layout(pdf_cache_folder, monkeypatch):
    html = _html(f"watched {os.getpid()} {id(monkeypatch)}")
    pdf.pdf_bytes(html)  # laid out and kept
    fetched: list[str] = []
    original = pdf.RestrictedFetcher.fetch

    def spy(self, url, headers=None):
        fetched.append(url)
        return original(self, url, headers)

    monkeypatch.setattr(pdf.RestrictedFetcher, "fetch", spy)
    assert pdf.pdf_bytes(html).startswith(b"%PDF")
    assert any(url.endswith("common.css") for url in fetched)
