"""Issue 14: SIGKILL at a random point of a save leaves the old or the new file, parseable, and
the next read of the file (or the next save) removes the temp file it left behind. Saving is
the kit's, so the child saves a squad of the fake game (tests/fake_game).

A child process saves two teams in turn as fast as it can; we kill it after a random delay. A
few kills run in CI; ``pytest -m slow`` runs 100 (``KILLS`` below) and prints the figures.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from builder.roster.team_file import dump_team, load_team, save_team, temp_pattern

ROOT = Path(__file__).resolve().parents[2]
FAKE_GAME_PARENT = ROOT / "tests"

ORIGINAL = """\
# kept across saves
system: fake
name: Night shift
robots:
  - name: Kestrel
    kind: scout   # the fast one
  - {name: Bulwark, kind: tank}
  - name: Swallow
    kind: tank
"""

CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from builder import systems
    systems.INSTALLED["fake"] = "fake_game.system"
    from builder.roster.team_file import load_team, save_team
    from fake_game.system import SYSTEM

    path, original = Path(sys.argv[1]), sys.argv[2]
    team = load_team(path)[1]
    teams = [team.model_copy(update={"name": n}) for n in ("Team A " * 40, "Team B")]
    print("ready", flush=True)
    i = 0
    while True:
        save_team(SYSTEM, teams[i % 2], path, original=original)
        i += 1
    """
)


def _expected_texts(system) -> set[str]:
    from builder.core.source import parse_yaml

    read = system.read_team(parse_yaml(ORIGINAL, "team.yaml"))
    assert read.team is not None
    texts = {ORIGINAL}
    for name in ("Team A " * 40, "Team B"):
        data = system.dump_team(read.team.model_copy(update={"name": name}))
        texts.add(dump_team(data, ORIGINAL))
    return texts


def _kill_runs(system, tmp_path: Path, kills: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    expected = _expected_texts(system)
    path = tmp_path / "team.yaml"
    path.write_text(ORIGINAL, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    pattern = temp_pattern(path.name)
    figures = {
        "kills": 0,
        "corrupt": 0,
        "left_temp": 0,
        "left_after_next_read": 0,
        "left_after_next_save": 0,
    }
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), ORIGINAL, str(FAKE_GAME_PARENT)],
            stdout=subprocess.PIPE,
            env=env,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        child.wait()
        figures["kills"] += 1
        text = path.read_text(encoding="utf-8")
        if text not in expected:
            figures["corrupt"] += 1
        if any(pattern.fullmatch(p.name) for p in tmp_path.iterdir()):
            figures["left_temp"] += 1
        load_team(path)  # parseable and valid; reading removes what the killed save left
        figures["left_after_next_read"] += any(p.name != "team.yaml" for p in tmp_path.iterdir())
        # the next save (as the TUI would do it) removes what the killed one left
        save_team(system, load_team(path)[1], path, original=ORIGINAL)
        leftovers = [p.name for p in tmp_path.iterdir() if p.name != "team.yaml"]
        figures["left_after_next_save"] += bool(leftovers)
    return figures


def _clean(figures: dict[str, int]) -> bool:
    return (
        figures["corrupt"]
        == figures["left_after_next_read"]
        == 0
        == figures["left_after_next_save"]
    )


def test_kill_during_save_leaves_old_or_new_and_no_temp_once_read_again(fake_game, tmp_path):
    figures = _kill_runs(fake_game, tmp_path, kills=4, seed=14)
    assert _clean(figures), figures


KILLS = 100


@pytest.mark.slow
def test_kill_during_save_many_times(fake_game, tmp_path):
    figures = _kill_runs(fake_game, tmp_path, kills=KILLS, seed=int(time.time()))
    print(f"\nkill-during-save: {figures}")
    assert figures["kills"] == KILLS
    assert _clean(figures), figures
