"""``laminim matchup TEAM_A TEAM_B`` (docs/matchup.md, issue 37 item 3): every unit of each team
against every unit of the other as the threat (docs/rules.md D21), both ways.

The numbers are checked against ``analyze TEAM --unit U --threat ENEMY:V --bonus B --json`` run
on each pair, both ways: P(alive after N rounds) as analyze reports it, and the damage delivered
(D25) worked out here by hand from analyze's own per-round output (each slot's damage times
P(intact at the start of each round it has ammo for))."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.systems.laminim.catalog import load_catalog
from builder.systems.matchup import TIE
from tests.printing.pdf_measure import open_pdf, printed_chars, smallest_size

ROOT = Path(__file__).parents[4]
MINE = ROOT / "examples" / "laminim" / "my_team.yaml"
RIVALS = ROOT / "examples" / "laminim" / "rivals.yaml"
JAPANESE = ROOT / "examples" / "laminim" / "japanese_names.yaml"


def _run(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _team_weapons(path: Path) -> dict[str, list[str | None]]:
    from builder.core.source import read_yaml
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.read import read_team

    catalog = load_catalog()
    team = read_team(read_yaml(path)).team
    assert team is not None
    out = {}
    for u in team.units:
        resolved = resolve_unit(u, catalog)
        assert resolved is not None
        out[u.name] = [w.id if w else None for w in resolved.slots]
    return out


def _by_hand(unit: dict, weapons: list[str | None], rounds: int) -> float:
    """D25 from analyze's JSON: Σ slots d_s × Σ_k P(slot intact at the start of round k)."""
    catalog = load_catalog()
    total = 0.0
    for s, (wid, d) in enumerate(zip(weapons, unit["damage"]["per_slot"], strict=True)):
        if wid is None or d is None:
            continue
        weapon = catalog.weapon(wid)
        firing = rounds
        if weapon.ammo is not None and weapon.ammo_per_attack > 0:
            firing = min(rounds, weapon.ammo // weapon.ammo_per_attack)
        for k in range(1, firing + 1):
            gone = 0.0 if k == 1 else unit["rounds"][k - 2]["slot_destroyed"][s]
            total += d * (1.0 - gone)
    return total


@pytest.mark.parametrize(("rounds", "bonus"), [(6, None), (3, 4)])
def test_every_pair_is_analyze_with_the_enemy_unit_as_threat_both_ways(capsys, rounds, bonus):
    extra = [] if bonus is None else ["--bonus", bonus]
    code, out, err = _run(capsys, "matchup", MINE, RIVALS, "--rounds", rounds, *extra, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rounds"] == rounds and data["bonus"] == (2 if bonus is None else bonus)
    files = (MINE, RIVALS)
    checked = 0
    for k, side in enumerate(data["sides"]):
        own, enemy = files[k], files[1 - k]
        weapons = _team_weapons(own)
        for unit in side["units"]:
            for cell in unit["against"]:
                code, said, err = _run(
                    capsys,
                    "analyze",
                    own,
                    "--unit",
                    unit["name"],
                    "--threat",
                    f"{enemy}:{cell['enemy']}",
                    "--rounds",
                    rounds,
                    *extra,
                    "--json",
                )
                assert code == 0, err
                analyzed = json.loads(said)["units"][0]
                assert cell["alive"] == analyzed["rounds"][rounds - 1]["alive"]
                assert cell["method"] == analyzed["method"] == "exact"
                want = _by_hand(analyzed, weapons[unit["name"]], rounds)
                assert cell["delivered"] == pytest.approx(want, rel=1e-12, abs=1e-12)
                checked += 1
    assert checked == 2 * 3 * 3


def test_each_teams_best_and_worst_pairing_is_named(capsys):
    code, out, _ = _run(capsys, "matchup", MINE, RIVALS, "--json")
    assert code == 0
    for side in json.loads(out)["sides"]:
        cells = [(u["name"], c) for u in side["units"] for c in u["against"]]
        most = max(c["delivered"] for _, c in cells)
        least = min(c["delivered"] for _, c in cells)
        assert abs(side["best"]["delivered"] - most) <= TIE
        assert abs(side["worst"]["delivered"] - least) <= TIE
        best = next((n, c["enemy"]) for n, c in cells if abs(c["delivered"] - most) <= TIE)
        assert (side["best"]["unit"], side["best"]["enemy"]) == best
    code, text, _ = _run(capsys, "matchup", MINE, RIVALS)
    assert "Best pairing: Bulwark against Heron" in text
    assert "Worst pairing: Swallow against Wren" in text


def test_best_and_worst_follow_the_tie_rule():
    """Figures 1e-10 apart are equal: the pairing listed first stays the best."""
    from builder.systems.matchup import Cell, Side, best_and_worst

    cells = ((Cell(0.5, 10.0), Cell(0.5, 10.0 + 1e-10)), (Cell(0.5, 3.0), Cell(0.4, 3.0)))
    side = Side("a.yaml", "A", ("x", "y"), cells)
    assert best_and_worst(side) == ((0, 0), (1, 1))


def test_the_text_is_in_japanese_with_lang_ja(capsys):
    code, out, err = _run(capsys, "matchup", JAPANESE, RIVALS, "--lang", "ja")
    assert code == 0, err
    for word in ("対戦表", "ラウンド後の生存率", "与えるダメージ", "最良の組み合わせ", "最悪"):
        assert word in out
    for english in ("Best", "Worst", "alive", "Damage", "against", "rounds"):
        assert english not in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_bad_files_say_every_problem_of_both_and_exit_2(capsys, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("system: laminim\nname: x\nunits: [\n", encoding="utf-8")
    five = ROOT / "examples" / "laminim" / "five_mistakes.yaml"
    code, out, err = _run(capsys, "matchup", broken, five)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert any(line.startswith(f"{broken}:4:") for line in lines)
    assert sum(line.startswith(f"{five}:") for line in lines) == 6  # check's six problems
    assert "Traceback" not in err


def test_two_games_are_refused_at_the_second_files_system_key(capsys):
    force = ROOT / "examples" / "artifact" / "londo_bell.yaml"
    code, out, err = _run(capsys, "matchup", MINE, force)
    assert code == 2 and out == ""
    assert err.startswith(f"{force}:2:9: system: a Gundam Artifact file, and {MINE} is a LAMINIM")
    code, _, err = _run(capsys, "matchup", MINE, force, "--lang", "ja")
    assert code == 2 and "同じゲームの 2 チーム" in err


def test_a_game_without_matchups_is_refused(capsys):
    crew = ROOT / "examples" / "soh" / "my_crew.yaml"
    code, out, err = _run(capsys, "matchup", crew, crew)
    assert code == 2 and out == ""
    assert "no match-ups" in err and "laminim" in err and "artifact" in err


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("matchup")
    out = {}
    for lang in ("en", "ja"):
        assert (
            main(["matchup", str(MINE), str(RIVALS), "-o", str(folder / lang), "--lang", lang]) == 0
        )
        out[lang] = folder / f"{lang}.pdf"
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_sheet_is_one_page_with_no_text_under_6_5_pt(sheets, lang):
    with open_pdf(sheets[lang]) as pdf:
        assert len(pdf.pages) == 1
        chars = printed_chars(pdf.pages[0])
        assert smallest_size(chars) >= 6.5
        text = "".join(c["text"] for c in chars)
    for name in ("Kestrel", "Bulwark", "Swallow", "Rook", "Wren", "Heron", "509.9"):
        assert name in text
    words = {
        "en": ("Best pairing", "Worst pairing"),
        "ja": ("最良の組み合わせ", "最悪の組み合わせ"),
    }
    for word in words[lang]:
        assert word.replace(" ", "") in text


def test_the_examples_of_docs_matchup_md_are_real_runs(capsys):
    """Each ``$ laminim matchup …`` block of docs/matchup.md is the command's first lines."""
    import shlex

    text = (ROOT / "docs" / "matchup.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```console\n")[1:]]
    assert len(blocks) == 2
    for block in blocks:
        command, *shown = block.rstrip("\n").splitlines()
        assert shown[-1] == "…"
        code, out, err = _run(capsys, *shlex.split(command.removeprefix("$ laminim ")))
        assert code == 0, err
        assert out.splitlines()[: len(shown) - 1] == shown[:-1]
