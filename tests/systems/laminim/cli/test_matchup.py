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


def _team_weapons(path: Path, folder: Path | None = None) -> dict[str, list[str | None]]:
    from builder.core.source import read_yaml
    from builder.roster.pins import without_pin
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.read import read_team

    catalog = load_catalog(folder)
    team = read_team(without_pin(read_yaml(path))).team
    assert team is not None
    out = {}
    for u in team.units:
        resolved = resolve_unit(u, catalog)
        assert resolved is not None
        out[u.name] = [w.id if w else None for w in resolved.slots]
    return out


def _by_hand(
    unit: dict, weapons: list[str | None], rounds: int, folder: Path | None = None
) -> float:
    """D25 from analyze's JSON: Σ slots d_s × Σ_k P(slot intact at the start of round k)."""
    catalog = load_catalog(folder)
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


def _same_as_analyze(capsys, files: tuple[Path, Path], rounds: int, extra: list, folder=None):
    """Every cell of ``matchup A B`` is ``analyze`` of that unit with ``--threat ENEMY:UNIT``,
    both ways (analyze following each file's pin as matchup does); returns the JSON."""
    code, out, err = _run(capsys, "matchup", *files, "--rounds", rounds, *extra, "--json")
    assert code == 0, err
    data = json.loads(out)
    checked = 0
    for k, side in enumerate(data["sides"]):
        own, enemy = files[k], files[1 - k]
        weapons = _team_weapons(own, folder)
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
                want = _by_hand(analyzed, weapons[unit["name"]], rounds, folder)
                assert cell["delivered"] == pytest.approx(want, rel=1e-12, abs=1e-12)
                checked += 1
    assert checked == 2 * 3 * 3
    return data


@pytest.mark.parametrize(("rounds", "bonus"), [(6, None), (3, 4)])
def test_every_pair_is_analyze_with_the_enemy_unit_as_threat_both_ways(capsys, rounds, bonus):
    extra = [] if bonus is None else ["--bonus", bonus]
    data = _same_as_analyze(capsys, (MINE, RIVALS), rounds, extra)
    assert data["rounds"] == rounds and data["bonus"] == (2 if bonus is None else bonus)


# Pins (docs/matchup.md "Which catalog"): a copy of the bundled catalog whose rifle hits harder
# (power 4, version 2), the two example teams pinned to it, and an unpinned copy of the rivals.


def _catalog_copy(folder: Path, power: int) -> Path:
    import shutil

    shutil.copytree(ROOT / "parts_catalog" / "laminim", folder)
    weapons = folder / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8")
    rifle = "    power: 3\n    attacks: 4\n    ammo: 10\n"
    assert rifle in text
    weapons.write_text(text.replace(rifle, rifle.replace("3", str(power), 1), 1), "utf-8")
    head = folder / "catalog.yaml"
    head.write_text(
        head.read_text("utf-8").replace("version: 1 ", f"version: {power} ", 1), "utf-8"
    )
    return folder


@pytest.fixture(scope="module")
def pinned(tmp_path_factory) -> dict[str, Path]:
    import shutil

    folder = tmp_path_factory.mktemp("pins")
    out = {"v4": _catalog_copy(folder / "cat-v4", 4), "v5": _catalog_copy(folder / "cat-v5", 5)}
    shutil.copytree(out["v4"], folder / "copy-of-v4")
    for name, source, catalog in (
        ("mine", MINE, "cat-v4"),
        ("rivals", RIVALS, "cat-v4"),
        ("rivals-copy", RIVALS, "copy-of-v4"),
        ("rivals-v5", RIVALS, "cat-v5"),
        ("rivals-plain", RIVALS, None),
    ):
        out[name] = folder / f"{name}.yaml"
        shutil.copy(source, out[name])
        if catalog is not None:
            assert main(["pin", str(out[name]), "--catalog", str(folder / catalog)]) == 0
    return out


def test_a_pinned_pair_is_analyze_on_each_pair_both_ways(capsys, pinned):
    files = (pinned["mine"], pinned["rivals"])
    data = _same_as_analyze(capsys, files, 3, [], pinned["v4"])
    plain = json.loads(_run(capsys, "matchup", MINE, RIVALS, "--rounds", 3, "--json")[1])
    # the pinned catalog's rifle hits harder: the pin was followed, not the bundled catalog
    alive = [c["alive"] for s in data["sides"] for u in s["units"] for c in u["against"]]
    bundled = [c["alive"] for s in plain["sides"] for u in s["units"] for c in u["against"]]
    assert alive != bundled
    code, _, err = _run(capsys, "matchup", *files)
    assert code == 0
    assert f"note: {files[0]} is pinned to the catalog in" in err
    assert f"note: {files[1]} is pinned to the catalog in" in err


def test_two_copies_of_one_catalog_are_one_catalog(capsys, pinned):
    one = _run(capsys, "matchup", pinned["mine"], pinned["rivals"], "--json")
    copy = _run(capsys, "matchup", pinned["mine"], pinned["rivals-copy"], "--json")
    assert one[0] == copy[0] == 0
    sides = [json.loads(out)["sides"] for out in (one[1], copy[1])]
    assert [s["units"] for s in sides[0]] == [s["units"] for s in sides[1]]


def _pin_place(path: Path) -> str:
    """``file:line:col`` of the pin's ``path:`` value in ``path``."""
    from builder.roster.pins import pinned_folder

    pin = pinned_folder(path)
    assert pin is not None
    return f"{path}:{pin.line}:{pin.col}"


@pytest.mark.parametrize("order", ["pinned first", "pinned second"])
def test_two_catalogs_are_refused_at_the_pin_naming_both(capsys, pinned, order):
    files = [pinned["mine"], pinned["rivals-plain"]]
    if order == "pinned second":
        files.reverse()
    code, out, err = _run(capsys, "matchup", *files)
    assert code == 2 and out == ""
    line = next(x for x in err.splitlines() if "catalog.path" in x)
    other = pinned["rivals-plain"]
    assert line.startswith(f"{_pin_place(pinned['mine'])}: catalog.path: this file is pinned to")
    assert "version 4" in line and "version 1" in line and f"{other} is read against" in line
    assert "--catalog DIR" in line and "laminim migrate FILE --catalog DIR" in line
    assert "Traceback" not in err
    code, _, err = _run(capsys, "matchup", *files, "--lang", "ja")
    assert code == 2 and "1 つのカタログで読みます" in err and "バージョン 4" in err


def test_two_pinned_catalogs_are_refused_at_the_second_files_pin(capsys, pinned):
    code, out, err = _run(capsys, "matchup", pinned["mine"], pinned["rivals-v5"])
    assert code == 2 and out == ""
    assert err.count("catalog.path") == 1
    assert f"{_pin_place(pinned['rivals-v5'])}: catalog.path: this file is pinned to" in err
    assert "version 5" in err and "version 4" in err


def test_catalog_overrides_both_pins(capsys, pinned):
    """``--catalog DIR`` reads both files against DIR, whatever they pin (as analyze)."""

    def cells(*args: object) -> list:
        code, out, err = _run(capsys, "matchup", *args, "--rounds", 3, "--json")
        assert code == 0, err
        return [s["units"] for s in json.loads(out)["sides"]]

    mismatched = (pinned["mine"], pinned["rivals-v5"])
    assert cells(*mismatched, "--catalog", pinned["v4"]) == cells(pinned["mine"], pinned["rivals"])
    bundled = ROOT / "parts_catalog" / "laminim"
    assert cells(*mismatched, "--catalog", bundled) == cells(MINE, RIVALS)


def test_an_artifact_force_follows_its_pin_the_same_way(capsys, tmp_path):
    import shutil

    catalog = tmp_path / "artifact-v2"
    shutil.copytree(ROOT / "parts_catalog" / "artifact", catalog)
    ships = catalog / "ships.yaml"
    text = ships.read_text("utf-8")
    assert "    hp: 25\n" in text
    ships.write_text(text.replace("    hp: 25\n", "    hp: 40\n", 1), "utf-8")
    forces = (
        ROOT / "parts_catalog" / "artifact" / "demo_force.yaml",
        ROOT / "examples" / "artifact" / "londo_bell.yaml",
    )
    copies = [tmp_path / f.name for f in forces]
    for source, copy in zip(forces, copies, strict=True):
        shutil.copy(source, copy)
    assert main(["pin", str(copies[0]), "--catalog", str(catalog)]) == 0
    capsys.readouterr()
    code, out, err = _run(capsys, "matchup", *copies)
    assert code == 2 and out == ""
    assert f"{_pin_place(copies[0])}: catalog.path: this file is pinned to" in err
    assert main(["pin", str(copies[1]), "--catalog", str(catalog)]) == 0
    capsys.readouterr()
    code, pinned_out, err = _run(capsys, "matchup", *copies, "--json")
    assert code == 0, err
    code, given_out, err = _run(capsys, "matchup", *forces, "--catalog", catalog, "--json")
    code, plain_out, err = _run(capsys, "matchup", *forces, "--json")
    pinned_sides, given, plain = (
        [s["units"] for s in json.loads(x)["sides"]] for x in (pinned_out, given_out, plain_out)
    )
    assert pinned_sides == given != plain


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


def test_a_pinned_folder_that_is_gone_is_a_warning_and_the_bundled_catalog(capsys, tmp_path):
    """As analyze: the warning at the pin's path, and the bundled catalog for that file."""
    import shutil

    gone = _catalog_copy(tmp_path / "gone", 4)
    mine = tmp_path / "mine.yaml"
    shutil.copy(MINE, mine)
    assert main(["pin", str(mine), "--catalog", str(gone)]) == 0
    shutil.rmtree(gone)
    capsys.readouterr()
    code, out, err = _run(capsys, "matchup", mine, RIVALS, "--json")
    assert code == 0, err
    assert f"warning: {_pin_place(mine)}: catalog.path:" in err
    plain = json.loads(_run(capsys, "matchup", MINE, RIVALS, "--json")[1])
    assert [s["units"] for s in json.loads(out)["sides"]] == [s["units"] for s in plain["sides"]]


DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
FORCE = ROOT / "parts_catalog" / "artifact" / "demo_force.yaml"


def _names(path: Path) -> dict[str, str]:
    """Team and unit names (and the ship's) of a file: English name -> Japanese name."""
    from builder.core.source import read_yaml

    data = read_yaml(path).data
    entries = [data, *data.get("units", []), *([data["ship"]] if "ship" in data else [])]
    return {e["name"]: e["name_ja"] for e in entries}


@pytest.mark.parametrize("path", [DEMO, FORCE], ids=["laminim", "artifact"])
def test_names_are_japanese_under_lang_ja_and_the_json_keeps_the_files_names(
    capsys, tmp_path, path
):
    """Issue 37: under --lang ja the text and the sheet name every team and unit by its
    name_ja, every label is Japanese (nothing in Latin letters but the file paths, the rule
    numbers and artifact's stat P); --json keeps the names the files (and --threat FILE:UNIT)
    use."""
    import re

    names = _names(path)
    code, out, err = _run(capsys, "matchup", path, path, "--lang", "ja")
    assert code == 0, err
    for english, japanese in names.items():
        assert japanese in out
        assert english not in out
    rest = re.sub(r"D\d+(〜D\d+)?", "", out.replace(str(path), ""))
    assert set(re.findall(r"[A-Za-z]+", rest)) <= {"P"}  # artifact's stat, P in both languages
    code, out, err = _run(capsys, "matchup", path, path, "--lang", "ja", "--json")
    assert code == 0, err
    data = json.loads(out)
    side = data["sides"][0]
    assert side["team"] in names and {u["name"] for u in side["units"]} <= set(names)
    assert not re.search(r"[\u3040-\u30ff]", json.dumps(data, ensure_ascii=False))
    code, _, err = _run(capsys, "matchup", path, path, "--lang", "ja", "-o", tmp_path / "ja")
    assert code == 0, err
    with open_pdf(tmp_path / "ja.pdf") as pdf:
        text = "".join(c["text"] for c in printed_chars(pdf.pages[0]))
    for english, japanese in names.items():
        assert japanese.replace(" ", "") in text
        assert english.replace(" ", "") not in text
