"""Untrusted names come out as text and fetch nothing; files are never overwritten. These are
the kit's (its template environment, restricted fetcher and batch writer), so they print the
fake game's cards (tests/fake_game); LAMINIM's own three printouts are tested with LAMINIM."""

from __future__ import annotations

import sys

import pdfplumber
import pytest
from fake_game.models import Robot, Squad

from builder.core.outfiles import free_path, slugify
from builder.core.resources import templates_dir
from builder.render.batch import render_html, render_printouts
from builder.render.env import ForbiddenURL, allowed_path
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions

HOSTILE = '<img src="file:///etc/passwd"><script>alert(1)</script>'


@pytest.fixture
def hostile_squad() -> Squad:
    return Squad(
        name=f"Evil {HOSTILE}",
        robots=[
            Robot(name=f"X {HOSTILE}", kind="scout"),
            Robot(name="<b>bold</b>", kind="tank"),
            Robot(name="Plain", kind="scout"),
        ],
    )


@pytest.fixture
def fetched(monkeypatch) -> list[str]:
    """Every URL the PDF engine asks for while rendering, allowed or not."""
    from builder.render import pdf

    seen: list[str] = []
    original = pdf.RestrictedFetcher.fetch

    def spy(self, url, headers=None):
        seen.append(url)
        return original(self, url, headers)

    monkeypatch.setattr(pdf.RestrictedFetcher, "fetch", spy)
    return seen


def _print(game, squad: Squad, out_dir, progress=None):
    documents = game.documents(squad, game.load_catalog(), PrintOptions(card_size="mini"))
    return render_printouts(documents, out_dir, squad.name, progress=progress)


def test_hostile_names_are_escaped_in_the_html(fake_game, hostile_squad):
    [cards] = fake_game.documents(hostile_squad, fake_game.load_catalog(), PrintOptions())
    html = render_html(cards)
    assert "<script>" not in html and '<img src="file' not in html
    assert "<b>bold</b>" not in html
    assert "&lt;script&gt;" in html


def test_hostile_names_print_as_literal_text_and_fetch_nothing(
    fake_game, hostile_squad, fetched, tmp_path
):
    [path] = _print(fake_game, hostile_squad, tmp_path)
    with pdfplumber.open(path) as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
        assert not pdf.pages[0].images
    assert "<script>alert(1)</script>" in text.replace(" ", "") or "<script>" in text
    assert "file:///etc/passwd" in text
    root = templates_dir().resolve().as_uri()
    assert fetched, "stylesheets are fetched through the restricted fetcher"
    assert all(url.startswith(root) for url in fetched), fetched


def test_hostile_team_name_cannot_leave_the_output_folder(fake_game, hostile_squad, tmp_path):
    for path in _print(fake_game, hostile_squad, tmp_path):
        assert "/" not in path.name.removesuffix(".pdf").replace("-", "")
        assert path.name.startswith("evil-img-src-file-etc-passwd")
    assert slugify("../../etc/passwd") == "etc-passwd"
    assert slugify("夜勤チーム") == "夜勤チーム"
    assert slugify("<>") == "team"


def test_existing_files_get_a_numbered_suffix(fake_game, tmp_path):
    squad = load_team(fake_game.demo_file())[1]
    first = _print(fake_game, squad, tmp_path / "out")
    steps: list[tuple[str, int, int]] = []
    second = _print(fake_game, squad, tmp_path / "out", progress=lambda *a: steps.append(a))
    assert [p.name for p in first] == ["demo-squad-cards.pdf"]
    assert [p.name for p in second] == ["demo-squad-cards-2.pdf"]
    assert all(p.stat().st_size > 1000 for p in first + second)
    assert steps == [("cards", 0, 1), ("done", 1, 1)]
    (tmp_path / "x.pdf").write_text("keep")
    assert free_path(tmp_path, "x").name == "x-2.pdf"
    assert (tmp_path / "x.pdf").read_text() == "keep"


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.com/x.css",
        "https://example.com/font.ttf",
        "data:text/css,body{}",
        "ftp://example.com/x",
    ],
)
def test_url_policy_refuses_everything_outside_the_templates(url):
    with pytest.raises(ForbiddenURL):
        allowed_path(url)


def test_url_policy_refuses_escaping_the_templates_folder_with_dot_dot():
    url = (templates_dir() / ".." / "pyproject.toml").as_uri()
    with pytest.raises(ForbiddenURL):
        allowed_path(url)


def test_url_policy_allows_the_bundled_stylesheets():
    css = templates_dir() / "common" / "common.css"
    assert allowed_path(css.resolve().as_uri()) == css.resolve()


def test_restricted_fetcher_refuses_passwd_and_http():
    from builder.render.pdf import RestrictedFetcher

    fetcher = RestrictedFetcher()
    for url in ("file:///etc/passwd", "http://127.0.0.1/", "https://example.com/a.png"):
        with pytest.raises(ForbiddenURL):
            fetcher.fetch(url)
    response = fetcher.fetch((templates_dir() / "laminim" / "cards.css").resolve().as_uri())
    assert b".card" in response.read()
    response.close()


def test_batch_module_imports_without_textual_or_weasyprint():
    import subprocess

    code = (
        "import sys; import builder.render.batch; "
        "assert 'textual' not in sys.modules and 'weasyprint' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
