"""LAMINIM's printouts: untrusted names come out as text in all three (cards, tokens, markers)
and fetch nothing; its three files are never overwritten; options it does not know are refused.
The kit's URL policy and the same safety on the fake game are in tests/render."""

from __future__ import annotations

import pdfplumber
import pytest

from builder.core.outfiles import free_path, slugify
from builder.core.resources import templates_dir
from builder.systems.laminim.printouts import render_html, render_team
from builder.systems.laminim.team import Team, Unit

HOSTILE = '<img src="file:///etc/passwd"><script>alert(1)</script>'


@pytest.fixture(scope="module")
def hostile_team():
    return Team(
        name=f"Evil {HOSTILE}",
        units=[
            Unit(name=f"X {HOSTILE}", frame="striker", weapons=["rifle", "missile", None]),
            Unit(name="<b>bold</b>", frame="bastion", weapons=["gatling", None, None]),
            Unit(name="Plain", frame="lancer", weapons=["blade", None, None]),
        ],
    )


@pytest.fixture(scope="module")
def fetched(monkeypatch_module):
    """Every URL the PDF engine asks for while rendering, allowed or not."""
    from builder.render import pdf

    seen: list[str] = []
    original = pdf.RestrictedFetcher.fetch

    def spy(self, url, headers=None):
        seen.append(url)
        return original(self, url, headers)

    monkeypatch_module.setattr(pdf.RestrictedFetcher, "fetch", spy)
    return seen


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


@pytest.fixture(scope="module")
def hostile_pdfs(tmp_path_factory, hostile_team, catalog, fetched):
    return render_team(hostile_team, catalog, tmp_path_factory.mktemp("hostile"))


def test_hostile_names_are_escaped_in_the_html(hostile_team, catalog):
    for kind in ("cards", "tokens", "markers"):
        html = render_html(hostile_team, catalog, kind)
        assert "<script>" not in html and '<img src="file' not in html
        assert "<b>bold</b>" not in html
    assert "&lt;script&gt;" in render_html(hostile_team, catalog, "cards")


def test_hostile_names_print_as_literal_text_and_fetch_nothing(hostile_pdfs, fetched):
    with pdfplumber.open(hostile_pdfs[0]) as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
        assert not pdf.pages[0].images
    assert "<script>alert(1)</script>" in text.replace(" ", "") or "<script>" in text
    assert "file:///etc/passwd" in text
    root = templates_dir().resolve().as_uri()
    assert fetched, "stylesheets are fetched through the restricted fetcher"
    assert all(url.startswith(root) for url in fetched), fetched


def test_hostile_team_name_cannot_leave_the_output_folder(hostile_pdfs, tmp_path):
    for path in hostile_pdfs:
        assert "/" not in path.name.removesuffix(".pdf").replace("-", "")
        assert path.name.startswith("evil-img-src-file-etc-passwd")
    assert slugify("../../etc/passwd") == "etc-passwd"
    assert slugify("夜勤チーム") == "夜勤チーム"
    assert slugify("<>") == "team"


def test_existing_files_get_a_numbered_suffix(tmp_path, demo_team, catalog, monkeypatch):
    from builder.render import pdf

    first = render_team(demo_team, catalog, tmp_path / "out")
    # the second run writes the same PDFs again: its bytes are the first run's, not a new render
    again = iter([p.read_bytes() for p in first])
    monkeypatch.setattr(pdf, "pdf_bytes", lambda html: next(again))
    steps: list[tuple[str, int, int]] = []
    second = render_team(demo_team, catalog, tmp_path / "out", progress=lambda *a: steps.append(a))
    assert next(again, None) is None
    assert [p.name for p in first] == [
        "test-play-samples-cards.pdf",
        "test-play-samples-tokens.pdf",
        "test-play-samples-roster.pdf",
    ]
    assert [p.name for p in second] == [
        "test-play-samples-cards-2.pdf",
        "test-play-samples-tokens-2.pdf",
        "test-play-samples-roster-2.pdf",
    ]
    assert all(p.stat().st_size > 1000 for p in first + second)
    assert steps[-1] == ("done", 3, 3) and [s[1] for s in steps] == [0, 1, 2, 3]
    (tmp_path / "x.pdf").write_text("keep")
    assert free_path(tmp_path, "x").name == "x-2.pdf"
    assert (tmp_path / "x.pdf").read_text() == "keep"


def test_unknown_options_are_refused(tmp_path, demo_team, catalog):
    for kw in ({"paper": "a3"}, {"lang": "fr"}, {"card_size": "tarot"}):
        with pytest.raises(ValueError):
            render_team(demo_team, catalog, tmp_path, **kw)
    assert not list(tmp_path.iterdir())
