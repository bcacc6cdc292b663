"""``laminim analyze --intercept SLOT[:BONUS]`` (docs/rules.md D19) from the command line."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from builder.core.resources import bundled_catalog_dir

DEMO = str(bundled_catalog_dir("laminim") / "demo_team.yaml")


def run(*argv: str) -> tuple[int, str, str]:
    from builder.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("threat", ["rifle-duel", "gatling-fire", "blade-rush"])
def test_intercept_equals_the_plain_analysis_without_a_missile_salvo(threat):
    _, plain, _ = run("analyze", DEMO, "--unit", "Bulwark", "--threat", threat, "--json")
    code, shot, _ = run(
        "analyze", DEMO, "--unit", "Bulwark", "--threat", threat, "--intercept", "1:3", "--json"
    )
    assert code == 0
    got = json.loads(shot)["units"][0]
    assert got.pop("intercept") == {"slot": 1, "bonus": 3}
    assert got == json.loads(plain)["units"][0]


def test_intercept_raises_survival_against_missiles():
    _, plain, _ = run("analyze", DEMO, "--unit", "Bulwark", "--threat", "mixed-fire", "--json")
    code, shot, _ = run(
        "analyze",
        DEMO,
        "--unit",
        "Bulwark",
        "--threat",
        "mixed-fire",
        "--intercept",
        "1",
        "--json",
    )
    assert code == 0
    before = json.loads(plain)["units"][0]["rounds"]
    after = json.loads(shot)["units"][0]["rounds"]
    assert all(b["alive"] >= a["alive"] for a, b in zip(before, after, strict=True))
    assert after[-1]["alive"] > before[-1]["alive"] + 0.05


def test_intercept_text_names_the_weapon_and_bonus():
    code, out, _ = run(
        "analyze", DEMO, "--unit", "Kestrel", "--threat", "missile-salvo", "--intercept", "1:2"
    )
    assert code == 0
    assert "intercepting (D19): slot 1 Rifle at +2" in out


def test_plain_json_has_no_intercept_key():
    _, out, _ = run("analyze", DEMO, "--json")
    assert all("intercept" not in u for u in json.loads(out)["units"])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("2", "units[0].weapons: --intercept: slot 2 holds 'missile'"),
        ("x", "--intercept: SLOT must be"),
        ("1:9", "--intercept: BONUS must be between 0 and 6"),
    ],
)
def test_bad_intercept_is_bad_input(spec, message):
    code, out, err = run("analyze", DEMO, "--intercept", spec)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err
