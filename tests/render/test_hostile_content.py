"""Issue 14: hostile names and descriptions print as literal text and fetch nothing, for every
registered game system; the URL fetcher itself refuses everything outside templates and fonts."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
import yaml

from builder import systems
from builder.core.resources import templates_dir
from builder.render.batch import render_html, render_printouts
from builder.render.env import JA_FONTS, JA_GOTHIC, ForbiddenURL, allowed_path
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions

IMG = '<img src="file:///etc/passwd">'
LINK = '<link rel="stylesheet" href="http://127.0.0.1:9/evil.css">'
IMPORT = "@import url(http://127.0.0.1:9/evil.css);"
JINJA = "{{ 7*7 }}{% raw %}"
HOSTILE = [IMG, LINK, IMPORT, JINJA]


@pytest.fixture
def fetched(monkeypatch):
    """Every URL the PDF engine asks the restricted fetcher for, allowed or not."""
    from builder.render import pdf

    seen: list[str] = []
    original = pdf.RestrictedFetcher.fetch

    def spy(self, url, headers=None):
        seen.append(url)
        return original(self, url, headers)

    monkeypatch.setattr(pdf.RestrictedFetcher, "fetch", spy)
    return seen


def _only_allowed(urls: list[str]) -> bool:
    root = templates_dir().resolve().as_uri() + "/"
    fonts = {f.resolve().as_uri() for f in JA_FONTS}
    return all(url.startswith(root) or url in fonts for url in urls)


def _hostile_copy(system_id: str, tmp_path: Path, text: str) -> Path:
    """The system's demo file with a hostile top-level ``name``."""
    demo = systems.get(system_id).demo_file()
    data = yaml.safe_load(demo.read_text(encoding="utf-8"))
    data["name"] = text
    path = tmp_path / demo.name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("system_id", systems.ids())
def test_hostile_team_name_is_escaped_in_every_printout_of_every_system(
    system_id, hostile, tmp_path
):
    path = _hostile_copy(system_id, tmp_path, hostile)
    system, team = load_team(path)
    catalog = system.load_catalog()
    printouts = system.printouts(team, catalog, PrintOptions())
    assert printouts, system_id
    for printout in printouts:
        html = render_html(printout)
        assert "<img src=" not in html
        assert '<link rel="stylesheet" href="http' not in html
        styles = re.findall(r"<style[^>]*>(.*?)</style>", html, flags=re.S | re.I)
        assert not any("@import" in style for style in styles)  # never inside a style
        if hostile == JINJA and "7*7" in html:
            assert "{{ 7*7 }}{% raw %}" in html  # printed, not evaluated


@pytest.mark.parametrize("system_id", systems.ids())
def test_hostile_team_name_prints_literally_and_fetches_only_templates(
    system_id, tmp_path, fetched
):
    path = _hostile_copy(system_id, tmp_path, f"{JINJA} {IMPORT}")
    system, team = load_team(path)
    catalog = system.load_catalog()
    written = render_printouts(
        system.printouts(team, catalog, PrintOptions()), tmp_path / "out", team.name
    )
    assert written and all(p.parent == tmp_path / "out" for p in written)
    assert fetched and _only_allowed(fetched), fetched
    text = ""
    for pdf_path in written:
        with pdfplumber.open(pdf_path) as pdf:
            text += " ".join((page.extract_text() or "") for page in pdf.pages)
            assert not any(page.images for page in pdf.pages)
    flat = text.replace(" ", "").replace("\n", "")
    assert "{{7*7}}" in flat or "@import" in flat, text[:500]


def test_hostile_catalog_weapon_names_print_literally(cli, catalog_copy, demo_path, tmp_path):
    weapons = catalog_copy / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8")
    changes = [
        ("name: Rifle\n", f"name: {json.dumps(JINJA)}\n"),
        ("name: Missile pod\n", f"name: {json.dumps(IMG + LINK)}\n"),
        ("description: The standard gun.", f"description: {json.dumps(IMPORT)} #"),
    ]
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    weapons.write_text(text, encoding="utf-8")
    shutil.copy(demo_path, tmp_path / "team.yaml")
    result = cli("cards", tmp_path / "team.yaml", "--catalog", catalog_copy, "-o", tmp_path / "o")
    assert result.code == 0, result.err
    cards = next(p for p in (tmp_path / "o").iterdir() if p.name.endswith("-cards.pdf"))
    with pdfplumber.open(cards) as pdf:  # the cards may take more than a page
        flat = "".join("".join((page.extract_text() or "").split()) for page in pdf.pages)
        assert not any(page.images for page in pdf.pages)
    assert "{{7*7}}" in flat
    # the tag prints as text (a narrower poker card may end the long name in an ellipsis)
    assert "<img" in flat


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "file:///etc/hostname",
        "file://example.com/etc/passwd",
        "http://127.0.0.1:9/evil.css",
        "https://example.com/font.ttf",
        "data:text/css,body{}",
        "ftp://example.com/x",
        "javascript:alert(1)",
        "file:///usr/share/fonts/",
        "",
        "evil.css",
    ],
)
def test_fetcher_refuses_everything_outside_templates_and_fonts(url):
    from builder.render.pdf import RestrictedFetcher

    with pytest.raises(ForbiddenURL):
        RestrictedFetcher().fetch(url)


def test_fetcher_refuses_other_fonts_and_escapes_from_the_templates_folder(tmp_path):
    from builder.render.pdf import RestrictedFetcher

    fetcher = RestrictedFetcher()
    allowed = {f.resolve() for f in JA_FONTS}
    fonts = Path("/usr/share/fonts").rglob("*.ttf")
    other_fonts = [p for p in fonts if p.resolve() not in allowed][:3]  # (a link is its target)
    escapes = [
        templates_dir() / ".." / "pyproject.toml",
        templates_dir() / "common" / ".." / ".." / "README.md",
        tmp_path / "outside.css",
    ]
    (tmp_path / "outside.css").write_text("body{}")
    for path in [*other_fonts, *escapes]:
        with pytest.raises(ForbiddenURL):
            fetcher.fetch(path.absolute().as_uri())


def test_fetcher_serves_the_templates_and_the_japanese_font():
    from builder.render.pdf import RestrictedFetcher

    css = (templates_dir() / "common" / "common.css").resolve()
    response = RestrictedFetcher().fetch(css.as_uri())
    assert response.read() == css.read_bytes()
    response.close()
    if JA_GOTHIC.is_file():
        assert allowed_path(JA_GOTHIC.as_uri()) == JA_GOTHIC.resolve()
