"""``laminim balance --system artifact``: the attacker x target matrix of one activation (two
attacks with the best weapon), checked against ``laminim odds`` and the activation odds of every
weapon; JSON, 80-column text in both languages and the one PDF page (docs/balance.md)."""

from __future__ import annotations

import json

import pytest

from builder.core.text_table import columns
from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.derive import all_units, unit_stats
from builder.systems.artifact.rules import AttackAction, activation_odds


@pytest.fixture(scope="module")
def data():
    from builder.systems.artifact.balance_text import matrix, matrix_json

    catalog = load_catalog(None)
    return matrix_json(matrix(catalog), catalog)


def test_every_attacker_meets_every_target_at_each_modifier_and_ships_never_evade(data):
    ids = [u["id"] for u in data["units"]]
    kinds = {u["id"]: u["kind"] for u in data["units"]}
    seen = {(c["attacker"], c["target"], c["modifier"], c["evade"]) for c in data["cells"]}
    want = {
        (a, t, m, e)
        for a in ids
        for t in ids
        for m in (0, -1, -2)
        for e in (False, True)
        if not (e and kinds[t] == "ship")
    }
    assert seen == want and len(data["cells"]) == len(want)


def test_best_weapon_has_the_highest_kill_chance_then_expected_damage(data):
    units = {k: unit_stats(u) for k, u in all_units(load_catalog(None)).items()}
    for c in data["cells"][::7]:  # a spread of cells: every weapon's activation recomputed
        attacker, target = units[c["attacker"]], units[c["target"]]
        scores = {}
        for w in attacker.weapons:
            odds = activation_odds([AttackAction(w, -c["modifier"])] * 2, target, evade=c["evade"])
            scores[w.id] = (odds.p_kill, odds.expected_damage)
        assert scores[c["weapon"]] == (c["p_kill"], c["expected_damage"])
        assert scores[c["weapon"]] == max(scores.values())


def test_two_attacks_that_cannot_overkill_do_twice_one_attack_of_laminim_odds(cli, data):
    """Nightingale's funnels (3 dice x 2 damage, twice: at most 12) never reach Rewloola's 25 HP,
    so the activation's expected damage is exactly twice one attack's (``laminim odds``)."""
    cell = next(
        c
        for c in data["cells"]
        if (c["attacker"], c["target"], c["modifier"], c["evade"])
        == ("nightingale", "rewloola", -1, False)
    )
    assert cell["weapon"] == "funnel" and cell["p_kill"] == 0
    one = cli(
        "odds",
        "--system",
        "artifact",
        "--attacker",
        "nightingale",
        "--weapon",
        "funnel",
        "--target",
        "rewloola",
        "--near",
        "1",
        "--json",
    )
    assert one.code == 0, one.err
    assert cell["expected_damage"] == pytest.approx(2 * json.loads(one.out)["expected_damage"])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_text_fits_80_columns_and_names_every_unit(cli, lang):
    result = cli("balance", "--system", "artifact", "--lang", lang)
    assert result.code == 0, result.err
    assert all(columns(line) <= 80 for line in result.out.splitlines())
    for name in (
        ("Nightingale", "Ra Cailum") if lang == "en" else ("ナイチンゲール", "ラーカイラム")
    ):
        assert name in result.out


def test_json_is_one_document_with_the_documented_keys(cli):
    result = cli("balance", "--system", "artifact", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert set(data) == {"system", "actions", "modifiers", "units", "dominated", "cells"}
    assert data["dominated"] == [
        {"id": "rick-dias", "by": ["nightingale", "hi-nu-gundam", "byalant-custom"]},
        {"id": "rewloola", "by": ["ra-cailum"]},
    ]
    assert set(data["cells"][0]) == {
        "attacker",
        "target",
        "modifier",
        "evade",
        "weapon",
        "expected_damage",
        "p_kill",
    }


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pdf_is_one_page_with_no_text_under_6_5pt(cli, tmp_path, lang):
    import pdfplumber

    out = tmp_path / "matrix.pdf"
    result = cli("balance", "--system", "artifact", "-o", out, "--lang", lang)
    assert result.code == 0, result.err
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
        sizes = [c["size"] for c in pdf.pages[0].chars if c["text"].strip()]
    assert min(sizes) >= 6.5 - 0.01
    assert ("Ra Cailum" if lang == "en" else "ラーカイラム") in text
