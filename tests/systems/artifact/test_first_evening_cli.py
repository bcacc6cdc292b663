"""What a first-time player types wrong, and what the CLI must answer: one ``file:line:col``
line per mistake with the id they most likely meant, and options that say what they take."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main

from .conftest import CATALOG_DIR

DEMO = CATALOG_DIR / "demo_force.yaml"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _force(tmp_path: Path, ship: str, *types: str) -> Path:
    units = "\n".join(f"  - {{name: U{i}, type: {t}}}" for i, t in enumerate(types))
    path = tmp_path / "force.yaml"
    text = f"system: artifact\nname: Mine\nship: {{name: Flag, type: {ship}}}\nunits:\n{units}\n"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_type_written_as_its_display_name_is_that_type(tmp_path, capsys):
    """What the cards and ``parts`` show is what a player writes (builder/core/names.py): a
    name in either language, any case, full- or half-width, ``_`` for ``-``."""
    path = _force(tmp_path, "Ra Cailum", "Nightingale", "ﾅｲﾁﾝｹﾞｰﾙ", "rick_dias", "Hi-ν Gundam")
    code, out, err = run(capsys, "check", path, "--json")
    assert code == 0, err
    import json

    doc = json.loads(out)
    assert doc["ship"]["type"] == "ra-cailum"
    assert [u["type"] for u in doc["units"]] == [
        "nightingale",
        "nightingale",
        "rick-dias",
        "hi-nu-gundam",
    ]


def test_a_type_cut_short_suggests_the_one_id_it_starts(tmp_path, capsys):
    path = _force(tmp_path, "ra-cailum", "hi-nu", "byalant", "nightingale")
    code, _, err = run(capsys, "check", path)
    assert code == 2
    assert "unknown MS 'hi-nu' (did you mean 'Hi-ν Gundam'?)" in err
    assert "unknown MS 'byalant' (did you mean 'Byalant Custom'?)" in err


def test_analyze_unit_ignores_case_and_hints_the_numbered_names(capsys):
    code, out, _ = run(capsys, "analyze", DEMO, "--unit", "nightingale", "--rounds", "1")
    assert code == 0 and "Nightingale — Nightingale (HP 12, P 10)" in out
    code, _, err = run(capsys, "analyze", DEMO, "--unit", "Rick Dias")
    assert code == 2
    assert "no unit named 'Rick Dias' (did you mean one of: Rick Dias 1, Rick Dias 2?)" in err


def test_odds_takes_display_names(capsys):
    named = run(capsys, "odds", "--system", "artifact", "--attacker", "Nightingale",
                "--weapon", "ファンネル", "--target", "Rick Dias", "--json")  # fmt: skip
    ids = run(capsys, "odds", "--system", "artifact", "--attacker", "nightingale",
              "--weapon", "funnel", "--target", "rick-dias", "--json")  # fmt: skip
    assert named[0] == 0 and named == ids


def test_odds_negative_modifier_says_which_count_to_give(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["odds", "--system", "artifact", "--attacker", "nightingale", "--weapon", "funnel",
              "--target", "rick-dias", "--near", "-2"])  # fmt: skip
    assert exc.value.code == 2
    assert "for modifier -2 give 2" in " ".join(capsys.readouterr().err.split())


def test_odds_help_says_where_the_ids_are_listed(capsys):
    with pytest.raises(SystemExit):
        main(["odds", "--system", "artifact", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "laminim parts --system artifact" in out
    assert "K for modifier -K" in out


def test_a_unit_written_as_just_its_type_shows_the_form(tmp_path, capsys):
    path = tmp_path / "bare.yaml"
    path.write_text(
        "system: artifact\nname: X\nship: rewloola\nunits:\n  - nightingale\n  - rick-dias\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "check", path)
    assert code == 2
    assert err.strip().splitlines() == [
        f"{path}:3:7: ship: a unit needs a name and a type: write {{name: Flag, type: rewloola}}",
        f"{path}:5:3: units: a force needs at least 3 MS, this one has 2",
        f"{path}:5:5: units[0]: a unit needs a name and a type: "
        "write {name: MS 1, type: nightingale}",
        f"{path}:6:5: units[1]: a unit needs a name and a type: "
        "write {name: MS 2, type: rick-dias}",
    ]


def test_odds_evade_near_without_evade_is_not_silently_ignored(capsys):
    argv = ["--attacker", "nightingale", "--weapon", "funnel", "--target", "rick-dias"]
    code, out, err = run(capsys, "odds", "--system", "artifact", *argv, "--evade-near", "1")
    assert code == 2 and out == ""
    assert (
        err.strip() == "--evade-near: counts only when the target evades: add --evade (RULES D11)"
    )
