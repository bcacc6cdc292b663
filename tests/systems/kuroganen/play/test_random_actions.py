"""Random kuroganen actions on random maps, as a careless player might write them: each is
applied or refused (InputError, nothing changed), never a traceback; after every action no two
units share a cell, every unit stands on a floor, no risk is negative; the record reopened
replays its log to the same state (D24)."""

from __future__ import annotations

import random

import pytest

from builder.core.problems import InputError
from builder.play.session import Session

LEVELS = [0, 0, 0, 0.5, 1, 1.5, 2, 3, None]


def _map(rng: random.Random) -> str:
    width, height = rng.randint(3, 7), rng.randint(2, 6)
    rows = [[rng.choice(LEVELS) for _ in range(width)] for _ in range(height)]
    floors = [(x, y) for y in range(height) for x in range(width) if rows[y][x] is not None]
    if not floors:
        rows[0][0], floors = 0, [(0, 0)]
    units = rng.sample(floors, min(len(floors), rng.randint(1, 4)))
    shown = [["~" if v is None else v for v in row] for row in rows]
    lines = "\n".join(f"  - [{', '.join(map(str, row))}]" for row in shown)
    return f"system: kuroganen\nname: R\nmap:\n{lines}\nunits: {[list(u) for u in units]}\n"


def _cell(rng: random.Random, size: int = 8) -> list[int]:
    return [rng.randint(-1, size), rng.randint(-1, size)]


def _action(rng: random.Random, field) -> dict:
    units = len(field.movers)
    unit = rng.randint(1, units) if rng.random() < 0.85 else rng.choice([units + 1, "Unit 1", "x"])
    mover = field.mover(unit) if isinstance(unit, int) else None
    kinds = ["move-path"] * 4 + ["move-to"] * 3 + ["push"] * 2 + ["set-risk", "end-round"]
    kind = rng.choice([*kinds, "undo", "bad"])
    if kind == "move-path":
        x, y = mover.cell if mover is not None and rng.random() < 0.8 else _cell(rng, 6)
        path = []
        for _ in range(rng.randint(0, 5)):
            dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)] * 5 + [(1, 1)])
            x, y = x + dx, y + dy
            path.append([x, y])
        action = {"do": "move", "unit": unit, "path": path}
        if rng.random() < 0.3:
            action["move"] = rng.randint(0, 6)
    elif kind == "move-to":
        action = {"do": "move", "unit": unit, "to": _cell(rng, 5)}
    elif kind == "push":
        x, y = mover.cell if mover is not None else (0, 0)
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        k = rng.randint(1, 3)
        action = {"do": "push", "unit": unit, "to": [x + dx * k, y + dy * k]}
    elif kind == "set-risk":
        action = {"do": "set-risk", "unit": unit, "risk": rng.randint(-1, 5)}
    elif kind == "bad":
        action = {"do": "move", "unit": unit, "path": "north", "place": [1]}
    else:
        action = {"do": kind}
    if kind in ("move-path", "move-to", "push") and rng.random() < 0.3:
        action["place"] = _cell(rng)
    return action


@pytest.mark.parametrize("seed", range(6))
def test_random_actions_are_applied_or_refused_and_the_log_replays(tmp_path, seed):
    rng = random.Random(seed)
    (tmp_path / "m.yaml").write_text(_map(rng), encoding="utf-8")
    session = Session.begin([tmp_path / "m.yaml"], seed=seed)
    moved = 0
    for _ in range(60):
        before = session.path.read_bytes()
        try:
            action = _action(rng, session.state)
            session.apply_data([action])
            moved += action["do"] in ("move", "push")
        except InputError:
            assert session.path.read_bytes() == before
            continue
        field = session.state
        cells = [m.cell for m in field.movers]
        assert len(set(cells)) == len(cells)
        assert all(field.levels[y][x] is not None for x, y in cells)
        assert all(m.risk >= 0 for m in field.movers)
    again = Session.open(session.path)
    assert again.state == session.state
    assert moved > 0
