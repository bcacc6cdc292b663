"""LAMINIM's commands under ``--lang ja``: every label of ``analyze``, ``compare``,
``optimize``, ``balance`` and ``parts`` in Japanese, the rules core's refusals too, and the
Japanese text within 80 columns (East Asian wide characters count two).

"No English label" is checked against the label tables themselves: every English word of the
tables these commands print (not also written in their Japanese, as ``--exact`` is) must be
absent from the Japanese text, ids and file names aside.
"""

from __future__ import annotations

import argparse
import re
from functools import cache
from pathlib import Path

import pytest

from builder.core.i18n import read_labels_file
from builder.core.report_lang import reporting_in
from builder.core.text_table import columns
from tests.systems.laminim.balance import planted

ROOT = Path(__file__).resolve().parents[4]
LAMINIM = ROOT / "builder" / "systems" / "laminim"
TABLES = [
    LAMINIM / name
    for name in (
        "analyze_labels.yaml",
        "compare_labels.yaml",
        "metrics_labels.yaml",
        "optimize_labels.yaml",
        "parts_labels.yaml",
        "balance_labels.yaml",
    )
] + [ROOT / "builder" / "systems" / "compare_labels.yaml"]
DEMO = "parts_catalog/laminim/demo_team.yaml"
TEAM = "examples/laminim/my_team.yaml"
LOCATED = re.compile(r"^\S+:\d+:\d+: ")


def english_label_words() -> set[str]:
    """The English words of the tables (placeholders left out), less those the Japanese
    side writes too (an option such as ``--exact``, ``D19``)."""
    english, japanese = set(), set()
    for path in TABLES:
        for en, ja in read_labels_file(path).values():
            english |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", " ", en)))
            japanese |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", " ", ja)))
    return {w.lower() for w in english - japanese}


WORDS = english_label_words()
NOT_A_LABEL = re.compile(r"[\w.\-]*[\-_./][\w.\-]*|\[[\w\-]+\]")
"""An id (``rifle-duel``), a file name (``my_team.yaml``) or a bracketed id: data, not labels."""


@cache
def catalog_ids() -> set[str]:
    from builder.systems.laminim.system import SYSTEM

    catalog = SYSTEM.load_catalog()
    parts = [*catalog.frames, *catalog.weapons, *catalog.threats]
    return {p.id for p in parts} | {m.id for f in catalog.frames for m in f.movement}


def english_words_in(text: str, data: tuple[str, ...] = ()) -> list[str]:
    for words in data:  # a catalog's or a unit's name is the player's data
        text = text.replace(words, " ")
    # the shell's own identity line under `parts` (builder/catalogs) is not LAMINIM's to word
    text = re.sub(r"(?m)^catalog: .*$", " ", text)
    text = NOT_A_LABEL.sub(" ", text)
    ids = catalog_ids()  # `missile` in the id column is what a team file says
    return sorted(
        {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in WORDS and w not in ids}
    )


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if columns(line) > 80 and not LOCATED.match(line)]


CATALOG_NAME = "LAMINIM test-play catalog"
UNITS = ("Kestrel", "Bulwark", "Swallow", "Rook")

RUNS = {
    "analyze": ["analyze", TEAM, "--threat", "mixed-fire", "--intercept", "auto"],
    "analyze-no-salvo": ["analyze", DEMO, "--unit", "Kestrel", "--intercept", "1"],
    "compare": ["compare", f"{TEAM}:Kestrel", "examples/laminim/rivals.yaml:rook",
                "--intercept", "auto"],
    "optimize": ["optimize", "--frame", "lancer", "--top", "3"],
    "parts": ["parts"],
}  # fmt: skip
JAPANESE = {  # words each Japanese run must show: its own labels, and a part's Japanese name
    "analyze": ("想定攻撃", "被弾面", "出目", "誘爆", "ラウンド", "迎撃", "ライフル"),
    "analyze-no-salvo": ("迎撃するミサイル斉射がない", "本体"),
    "compare": ("比較", "良い値", "生存率", "厳密計算", "射撃型"),
    "optimize": ("パレート前線", "期待残耐久", "高速近接型", "表示"),
    "parts": ("本体ID", "武装ID", "想定攻撃ID", "種別・能力", "誘導", "既定", "サイドステップ"),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_japanese_text_has_no_english_label_and_fits_80_columns(cli, monkeypatch, name):
    monkeypatch.chdir(ROOT)
    result = cli(*RUNS[name], "--lang", "ja")
    assert result.code in (0, 1), result.err
    assert english_words_in(result.out, (CATALOG_NAME, *UNITS)) == []
    assert [w for w in JAPANESE[name] if w not in result.out] == []
    assert too_wide(result.out) == []


def test_the_english_text_keeps_its_english_words(cli, monkeypatch):
    """The check is not vacuous: the same run in English is full of label words."""
    monkeypatch.chdir(ROOT)
    result = cli(*RUNS["analyze"], "--lang", "en")
    assert {"exposure", "faces", "round", "alive"} <= {
        w.lower() for w in english_words_in(result.out)
    }


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return planted.write(tmp_path_factory.mktemp("planted") / "catalog")


def test_balance_reports_in_the_shells_language_without_lang(folder, capsys):
    """``balance``'s own parser leaves ``--lang`` to the shell (``LAMINIM_LANG``), not English."""
    from builder.systems.laminim.commands import configure_balance, run_balance

    parser = argparse.ArgumentParser()
    configure_balance(parser)
    with reporting_in("ja"):
        assert run_balance(parser.parse_args(["--catalog", str(folder), "--rounds", "2"])) == 0
    out = capsys.readouterr().out
    assert "要約" in out and english_words_in(out, ("planted",)) == [], out
    assert too_wide(out) == []


def test_an_interception_a_slot_cannot_make_is_refused_in_japanese(cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = cli("analyze", TEAM, "--intercept", "3", "--lang", "ja")
    assert result.code == 2
    refused = [line for line in result.err.splitlines() if "--intercept" in line]
    assert refused and "通常武装だけ" in refused[0] and "ミサイル" in refused[0], result.err


def _beyond_the_exact_budget(catalog: Path) -> None:
    """Every durability at the catalog's bound: each unit's exact chain is over the budget."""
    from builder.systems.laminim.models import MAX_POINTS

    for name in ("frames.yaml", "weapons.yaml"):
        text = (catalog / name).read_text(encoding="utf-8")
        (catalog / name).write_text(
            re.sub(r"(?m)^(\s*durability: )\d+$", rf"\g<1>{MAX_POINTS}", text), encoding="utf-8"
        )


def test_an_analysis_beyond_the_budget_is_refused_in_japanese(cli, catalog_copy, demo_path):
    _beyond_the_exact_budget(catalog_copy)
    args = ("--catalog", catalog_copy, "--unit", "Kestrel", "--exact", "--lang", "ja")
    result = cli("analyze", demo_path, *args)
    assert result.code == 2
    assert "厳密な生存計算" in result.err and "over the limit" not in result.err, result.err


def test_a_sampled_analysis_is_marked_in_japanese_within_80_columns(cli, catalog_copy, demo_path):
    """Beyond the exact budget: ``≈`` over ``±`` in each cell, the note in Japanese."""
    _beyond_the_exact_budget(catalog_copy)
    args = ("--catalog", catalog_copy, "--unit", "Kestrel", "--rounds", "2", "--lang", "ja")
    result = cli("analyze", demo_path, *args)
    assert result.code == 0, result.err
    assert "サンプリング推定" in result.out and "≈ " in result.out and "± " in result.out
    assert english_words_in(result.out, ("Kestrel",)) == [] and too_wide(result.out) == []
