"""``laminim balance``: the documented JSON, 80-column text in both languages, the PDF report,
and bad input as exit 2 with every problem listed (docs/balance.md)."""

from __future__ import annotations

import json

import pytest

from builder.core.text_table import columns
from tests.systems.laminim.balance import planted

TOP_KEYS = {
    "system",
    "rounds",
    "threats",
    "frames",
    "evaluated",
    "summary",
    "best",
    "cells",
    "weapons",
    "frame_balance",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return planted.write(tmp_path_factory.mktemp("planted") / "catalog")


def test_json_has_the_documented_keys(cli, folder):
    result = cli("balance", "--catalog", folder, "--json", "--rounds", "3")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert set(data) == TOP_KEYS and data["rounds"] == 3
    assert [t["id"] for t in data["threats"]] == ["volley", "shelling"]
    assert len(data["cells"]) == 2 * 3 and len(data["weapons"]) == 6
    cell = data["cells"][0]
    assert cell["front_size"] == len(cell["front"]) and cell["best"]["method"] == "exact"
    kinds = [s["kind"] for s in data["summary"]]
    assert kinds[0] == "best_loadout" and all(s["text"] and s["text_ja"] for s in data["summary"])
    anvil = next(w for w in data["weapons"] if w["id"] == "anvil")
    assert anvil["never"] and anvil["fronts"] == 0 and len(anvil["marginal"]) == 6


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_text_fits_80_columns_with_many_threats(cli, folder, tmp_path, lang):
    """Seven threats: the frame x threat table goes on in a second block of columns."""
    extra = []
    for bonus in range(5):
        path = tmp_path / f"t{bonus}.yaml"
        path.write_text(
            f"id: carbine-b{bonus}\nname: Carbine +{bonus}\nname_ja: 射撃{bonus}\n"
            f"attacks:\n  - {{weapon: carbine, bonus: {bonus}}}\n",
            encoding="utf-8",
        )
        extra.append(path)
    result = cli(
        "balance",
        "--catalog",
        folder,
        "--lang",
        lang,
        "--threat",
        "volley",
        "shelling",
        *extra,
        "--rounds",
        "2",
    )
    assert result.code == 0, result.err
    assert all(columns(line) <= 80 for line in result.out.splitlines())
    assert ("Summary" if lang == "en" else "要約") in result.out
    assert "T7" in result.out and "T6" in result.out


def test_one_threat_by_id_and_one_from_a_file(cli, folder, tmp_path):
    threat = tmp_path / "sniper.yaml"
    threat.write_text(
        "id: sniper\nname: Sniper\nname_ja: 狙撃\nattacks:\n  - {weapon: cannon, bonus: 5}\n",
        encoding="utf-8",
    )
    result = cli("balance", "--catalog", folder, "--threat", "volley", threat, "--json")
    assert result.code == 0, result.err
    assert [t["id"] for t in json.loads(result.out)["threats"]] == ["volley", "sniper"]


def test_bad_threats_are_all_reported_with_exit_2(cli, folder):
    result = cli("balance", "--catalog", folder, "--threat", "volly", "nope", "volley", "volley")
    assert result.code == 2 and result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 3 and "volly" in lines[0] and "nope" in lines[1]
    assert "given twice" in lines[2] and "Traceback" not in result.err


def test_system_option_names_laminim_or_nothing(cli, folder):
    with_flag = cli("balance", "--system", "laminim", "--catalog", folder, "--json")
    without = cli("balance", "--catalog", folder, "--json")
    assert with_flag.code == without.code == 0
    assert json.loads(with_flag.out) == json.loads(without.out)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_pdf_has_summary_scatters_and_tables(cli, folder, tmp_path, lang):
    import pdfplumber

    out = tmp_path / f"report-{lang}.pdf"
    result = cli("balance", "--catalog", folder, "-o", out, "--lang", lang, "--paper", "letter")
    assert result.code == 0, result.err
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 3  # summary, two threats' scatters, tables
        assert round(pdf.pages[0].width / 72 * 25.4) == 216  # Letter
        text = [p.extract_text() for p in pdf.pages]
    words = {
        "en": ("Summary", "damage dealt over the game", "Weapons"),
        "ja": ("要約", "総与ダメージ", "武装"),
    }[lang]
    for page, word in zip(text, words, strict=True):
        assert word in page
    assert ("Anvil" if lang == "en" else "anvil砲") in text[0]


def test_a_threat_given_twice_is_said_in_both_languages(folder):
    from builder.core.problems import InputError
    from builder.systems.laminim.balance import pick_threats
    from builder.systems.laminim.catalog import load_catalog

    with pytest.raises(InputError) as caught:
        pick_threats(load_catalog(folder), ["volley", "volley"])
    (problem,) = caught.value.problems
    assert problem.said.translated
    assert "given twice" in problem.text("en") and "2回指定" in problem.text("ja")


def test_ctrl_c_stops_the_report_with_exit_130_and_no_traceback(cli, folder, monkeypatch):
    from builder.systems.laminim import optimizer_run

    def interrupted(stream=None, words=None, key="progress"):
        def progress(done: int, total: int) -> None:
            raise KeyboardInterrupt

        return progress

    monkeypatch.setattr(optimizer_run, "terminal_progress", interrupted)
    result = cli("balance", "--catalog", folder, "--rounds", "2")
    assert result.code == 130 and "Traceback" not in result.err


def test_forked_workers_report_exactly_what_one_process_does(folder):
    """The command (a single-threaded process: the bank forks one worker per core) and the
    bank's threads (as in the TUI) give the same report, number for number."""
    import subprocess
    import sys

    from builder.systems.laminim import chain_bank
    from builder.systems.laminim.balance import run_balance
    from builder.systems.laminim.balance_text import balance_json
    from builder.systems.laminim.catalog import load_catalog

    args = ["balance", "--catalog", str(folder), "--rounds", "3", "--json"]
    found = subprocess.run(
        [sys.executable, "-m", "builder", *args], capture_output=True, text=True, check=True
    )
    catalog = load_catalog(folder)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(chain_bank, "fork_workers", lambda jobs: 1)
        here = run_balance(catalog, None, 3, folder)
    assert json.loads(found.stdout) == json.loads(json.dumps(balance_json(here, catalog)))
