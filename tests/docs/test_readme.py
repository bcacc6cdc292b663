"""README examples come from real runs: every ``$ laminim …`` console example whose input files
exist is run, and its output compared with what the README shows (issue 13 item 16).

Conventions of the README kept here: a command commented ``# exit N …`` shows its stderr only
(``first N`` lines when it says so); JSON may be shown on one line (compared as data); the
examples on ``my_team.yaml`` run on ``tests/docs/readme/my_team.yaml``. Card printing is not
run (slow; its output is the three file names).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from builder.cli import main
from tests.docs.readme_examples import README, ROOT, Example, examples

HERE = Path(__file__).parent / "readme"


def _runnable(ex: Example) -> bool:
    files = [a.split(":")[0] for a in ex.args if ".yaml" in a]
    return ex.args[0] != "cards" and all((ROOT / f).exists() or (HERE / f).exists() for f in files)


EXAMPLES = [ex for ex in examples() if _runnable(ex)]


def _run(args: list[str], monkeypatch) -> tuple[int, str, str]:
    monkeypatch.chdir(ROOT)
    args = [str(HERE / a) if (HERE / a).exists() and not (ROOT / a).exists() else a for a in args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
    # the README names the file as the player typed it
    text_out = out.getvalue().replace(str(HERE) + "/", "")
    text_err = err.getvalue().replace(str(HERE) + "/", "")
    return code, text_out, text_err


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip().splitlines()]


def test_the_readme_has_runnable_examples():
    assert len(EXAMPLES) >= 10
    assert any(ex.args[:2] == ["check", "my_team.yaml"] for ex in EXAMPLES)


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda ex: f"README.md:{ex.line}")
def test_a_readme_example_is_what_the_command_prints(ex: Example, monkeypatch):
    command = README.read_text(encoding="utf-8").splitlines()[ex.line - 1]
    comment = command.split("#", 1)[1] if "#" in command else ""
    code, out, err = _run(ex.args, monkeypatch)
    want = ex.expected
    if "exit" in comment:
        assert code == int(re.search(r"exit (\d)", comment).group(1))
        got = _lines(err)
        first = re.search(r"first (\d+)", comment)
        if first:
            got = got[: int(first.group(1))]
        assert got == _lines(want)
        return
    stripped = want.strip()
    if stripped.startswith("{"):
        assert json.loads(out) == json.loads(stripped)
        return
    if _lines(out) == _lines(want):
        # an example may leave out the legality lines that `check` shows (file:line:col: …)
        assert all(re.match(r"\S+:\d+:\d+: ", line) for line in _lines(err) if line)
        return
    assert _lines(out + err) == _lines(want)


def _rounded(value, like):
    """``value`` rounded as the README prints ``like`` (a float with its decimals)."""
    if isinstance(like, float) and isinstance(value, float):
        decimals = len(repr(like).split(".")[1]) if "." in repr(like) else 0
        return round(value, decimals)
    if isinstance(like, dict) and isinstance(value, dict):
        return {k: _rounded(value[k], like[k]) if k in like else value[k] for k in value}
    if isinstance(like, list) and isinstance(value, list):
        return [_rounded(v, lk) for v, lk in zip(value, like, strict=False)][: len(like)]
    return value


def test_the_analyze_json_example_is_a_real_run(monkeypatch):
    """The README's ``analyze --json`` example: the demo's Kestrel, round 1 (floats rounded)."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"`laminim analyze --json`.*?```json\n(.*?)```", text, re.S)
    assert block, "the analyze --json example is missing"
    shown = json.loads(block.group(1))
    demo = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
    _, out, _ = _run(
        ["analyze", str(demo), "--unit", "Kestrel", "--rounds", "1", "--json"], monkeypatch
    )
    real = json.loads(out)
    assert _rounded(real, shown) == shown
