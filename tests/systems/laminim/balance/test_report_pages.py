"""The balance report's pages: an odd threat's scatter does not sit alone on a half-blank page;
the weapon and frame tables go under it, inside the page."""

from __future__ import annotations

import pdfplumber
import pytest

from builder.systems.laminim.balance import run_balance
from builder.systems.laminim.balance_report import (
    LONE_PLOT_MIN_MM,
    MARGIN,
    lone_plot_height,
    report_context,
    tables_height,
)
from builder.systems.laminim.catalog import load_catalog
from tests.systems.laminim.balance import planted

MM = 72 / 25.4


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return planted.write(tmp_path_factory.mktemp("planted") / "catalog")


@pytest.fixture(scope="module")
def one_threat(folder):
    catalog = load_catalog(folder)
    return run_balance(catalog, ["volley"], 3), catalog


def test_a_lone_scatter_shares_its_page_with_the_tables(one_threat):
    run, catalog = one_threat
    pages = [
        p["item"] for s in report_context(run, catalog, "en", "letter")["pages"] for p in s["items"]
    ]
    assert [p["kind"] for p in pages] == ["summary", "scatters"]
    assert len(pages[1]["plots"]) == 1 and pages[1]["weapons"] and pages[1]["frames"]


def test_tables_too_tall_for_a_readable_scatter_keep_their_own_page():
    assert lone_plot_height(255.4, 200.0, 107.7) is None
    assert lone_plot_height(273.0, 60.0, 116.5) == 116.5
    assert LONE_PLOT_MIN_MM <= lone_plot_height(255.4, 131.5, 107.7) < 107.7


def test_the_tables_under_a_lone_scatter_print_inside_the_page(cli, folder, one_threat, tmp_path):
    """The estimate the layout trusts is an upper bound of what prints, and what prints ends
    above the page's bottom margin (a page item clips what overflows)."""
    out = tmp_path / "one.pdf"
    args = ("--threat", "volley", "--rounds", "3", "--lang", "ja", "--paper", "letter")
    result = cli("balance", "--catalog", folder, *args, "-o", out)
    assert result.code == 0, result.err
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2
        page = pdf.pages[1]
        # the footer sits in the bottom margin, 5.3 mm from the edge
        body = [c for c in page.chars if c["text"].strip() and c["bottom"] < page.height - 8 * MM]
        heading = min(c["top"] for c in body if c["text"] == "武" and c["size"] > 9)
        bottom = max(c["bottom"] for c in body)
    assert bottom <= page.height - MARGIN * MM
    run, catalog = one_threat
    context = report_context(run, catalog, "ja", "letter")
    tables = {k: context["pages"][1]["items"][0]["item"][k] for k in ("weapons", "frames")}
    assert (bottom - heading) / MM <= tables_height(tables, "ja", context["item"]["width"])
