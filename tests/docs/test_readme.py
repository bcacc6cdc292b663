"""README examples come from real runs: every ``$ laminim …`` console example is run exactly as
written from the repository root, and its output compared with what the README shows.

Conventions of the README kept here: a command commented ``# exit N …`` shows its stderr only
(``first N`` lines when it says so); JSON may be shown on one line (compared as data); ``cards``
writes into a temporary ``-o`` directory, and the paths it prints are compared with the
README's ``output/…`` names. The files an example names must exist (``examples/`` or the bundled
``parts_catalog/``): an example that could not run is a failure, not a skip.
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

DESIGN = ROOT / "docs" / "design.md"
EXAMPLES = examples()
PROGRESS = re.compile(r"\[\d+/\d+\] ")
"""What ``cards`` reports on stderr while it renders (``[1/3] tokens``)."""


def _files(ex: Example) -> list[str]:
    return [a.split(":")[0] for a in ex.args if ".yaml" in a]


def _run(args: list[str], monkeypatch, out_dir: Path | None = None) -> tuple[int, str, str]:
    monkeypatch.chdir(ROOT)
    if out_dir is not None:
        args = [*args, "-o", str(out_dir)]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
    text_out = out.getvalue()
    if out_dir is not None:  # the README shows the default directory
        text_out = text_out.replace(str(out_dir), "output")
    return code, text_out, err.getvalue()


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip().splitlines()]


def test_the_readme_shows_every_game_with_its_demo_file():
    assert len(EXAMPLES) >= 10
    named = {f for ex in EXAMPLES for f in _files(ex)}
    demos = {str(p.relative_to(ROOT)) for p in (ROOT / "parts_catalog").glob("*/demo_*.yaml")}
    assert len(demos) == 4
    assert demos <= named


def test_every_file_a_readme_example_names_is_in_the_repository():
    missing = [(ex.line, f) for ex in EXAMPLES for f in _files(ex) if not (ROOT / f).is_file()]
    assert missing == []


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda ex: f"README.md:{ex.line}")
def test_a_readme_example_is_what_the_command_prints(ex: Example, monkeypatch, tmp_path):
    command = README.read_text(encoding="utf-8").splitlines()[ex.line - 1]
    comment = command.split("#", 1)[1] if "#" in command else ""
    printing = ex.args[0] == "cards"
    code, out, err = _run(ex.args, monkeypatch, tmp_path if printing else None)
    want = ex.expected
    if printing:
        assert code == 0
        assert _lines(out) == _lines(want)
        assert all(PROGRESS.match(line) for line in _lines(err) if line)
        return
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


def test_the_analyze_json_example_of_the_design_is_a_real_run(monkeypatch):
    """docs/design.md's LAMINIM ``analyze --json`` example: the demo's Kestrel, round 1 (floats
    rounded as shown)."""
    text = DESIGN.read_text(encoding="utf-8")
    block = re.search(r"`analyze --json` \(the demo's Kestrel.*?```json\n(.*?)```", text, re.S)
    assert block, "the analyze --json example is missing"
    shown = json.loads(block.group(1))
    demo = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
    _, out, _ = _run(
        ["analyze", str(demo), "--unit", "Kestrel", "--rounds", "1", "--json"], monkeypatch
    )
    real = json.loads(out)
    assert _rounded(real, shown) == shown


def test_the_readme_gives_the_two_set_up_commands_ci_runs():
    """A newcomer's two commands, exactly; ``.ci/run`` runs the second one."""
    text = README.read_text(encoding="utf-8")
    run_it = "bash scripts/setup.sh && .venv/bin/laminim"
    run_tests = "bash scripts/setup.sh --dev && .venv/bin/python -m pytest"
    assert f"```sh\n{run_it}\n```" in text
    assert f"```sh\n{run_tests}\n```" in text
    assert run_tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
