"""``cards --force`` has a cap on work: a forced print whose pages are past 160 KB of HTML
(about 20 characters) is refused (exit 2) before anything is laid out, in the player's
language, and writes nothing. (A forced 203-character crew once took 53 s of CPU and 572 MB.)"""

from __future__ import annotations

import pytest
import yaml

import builder.render.pdf as pdf
from builder import systems
from builder.cli.commands import FORCED_PRINT_CAP


def _crew(tmp_path, count: int):
    data = yaml.safe_load(systems.get("soh").demo_file().read_text(encoding="utf-8"))
    base = data["characters"]
    data["characters"] = [
        {**base[i % 3], "name": f"{base[i % 3]['name']} {i}", "leader": False} for i in range(count)
    ]
    path = tmp_path / "crew.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture
def laid_out(monkeypatch):
    """Counts the PDFs laid out (each a stand-in: the cap, not the layout, is tested), in
    this process (a stand-in cannot be sent to a forked worker)."""
    import builder.render.batch as batch

    monkeypatch.setattr(batch, "fork_workers", lambda documents: 1)
    seen: list[int] = []

    def fake(html, *args, **kwargs):
        seen.append(len(html))
        return b"%PDF-1.7\n%%EOF\n"

    monkeypatch.setattr(pdf, "pdf_bytes", fake)
    return seen


def test_a_forced_print_past_the_cap_is_refused_before_any_layout(cli, tmp_path, laid_out):
    out = tmp_path / "out"
    result = cli("cards", _crew(tmp_path, 60), "-o", out, "--force", "--lang", "ja")
    assert result.code == 2
    assert "強制印刷するには大きすぎます" in result.err and "上限は 160 KB" in result.err
    assert laid_out == [] and not out.exists()


def test_a_forced_print_under_the_cap_prints(cli, tmp_path, laid_out):
    out = tmp_path / "out"
    result = cli("cards", _crew(tmp_path, 21), "-o", out, "--force")  # one too many: illegal
    assert result.code == 0, result.err
    assert 0 < sum(laid_out) <= FORCED_PRINT_CAP
    assert len(list(out.glob("*.pdf"))) == len(laid_out)


def test_the_largest_legal_crew_is_under_the_cap_and_not_capped(cli, tmp_path, laid_out):
    result = cli("cards", _crew(tmp_path, 20), "-o", tmp_path / "out")
    assert result.code == 0, result.err
    assert sum(laid_out) <= FORCED_PRINT_CAP  # forcing it would print it too
