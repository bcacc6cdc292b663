"""The battle record's cost per action and the odds from a state, side by side in one run
(docs/play.md; the play screen wants every key answered in < 100 ms).

Run from a checkout: ``python bench/bench_play.py``. Prints figures only; no test reads them.

1. ``laminim play RECORD --do ACTIONS`` of one action, in process (read the record, replay its
   log, apply, save atomically), on records whose logs hold 0, 60 and 240 actions; beside it
   the floor of the same stack: reading the file's YAML alone and one atomic write alone.
2. One action on a record already open (what the play screen does per key): apply + save, and
   apply + save + the state with every unit's odds (D21) recomputed where a unit changed.
3. D21's odds of each demo unit from a state (damage recorded, a part at 0, ammo spent)
   against the default threat, cold (tables built) and warm, beside ``analyze``'s chain of the
   same unit whole (the floor: the same engine from full health).

Medians of repeated runs in wall and CPU milliseconds (the CPU figure is the steadier one on a
machine shared with other jobs).
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder.play.actions import read_actions  # noqa: E402
from builder.play.record import read_text  # noqa: E402
from builder.play.session import Session  # noqa: E402
from builder.roster.team_file import write_atomic  # noqa: E402
from builder.systems import ShowOptions  # noqa: E402

DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
RIVALS = ROOT / "examples" / "laminim" / "rivals.yaml"


def round_text(k: int) -> str:
    """Round ``k`` of a busy game that leaves every unit standing (the location faces land on
    empty slots): attacks, a launch shot at and reaching a unit, marks, an undo, the end."""
    return f"""\
- {{do: attack, by: 4, weapon: 1, target: 1, hits: [6, 6, 1, 1, 2, 3, 3, 1], locations: [6, 6]}}
- {{do: attack, by: 1, weapon: 1, target: 5, hits: [6, 2, 5, 1], locations: [6, 6]}}
- {{do: launch, by: 2, weapon: 2, target: 5}}
- {{do: attack, by: 5, weapon: 1, token: T{k}, hits: [6, 1, 2, 3, 1, 1]}}
- {{do: contact, token: T{k}, unit: 5, locations: [6, 6, 6, 6]}}
- {{do: zuzzer, unit: 3, distance: 2, direction: left}}
- {{do: centre, unit: 1, distance: 3}}
- {{do: attack, by: 6, weapon: 1, target: 1, hits: [6, 1], locations: [6]}}
- {{do: centre, unit: 4, distance: 2.5}}
- {{do: undo}}
- {{do: centre, unit: 4, distance: 2}}
- {{do: end-round, roll: true}}
"""


ONE = (
    "- {do: attack, by: 2, weapon: 1, target: 6, hits: [6, 1, 1, 1, 1, 1, 1, 1], locations: [5]}\n"
)


def median_ms(fn, repeats: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - start) * 1000.0)
        cpus.append((time.process_time() - cpu) * 1000.0)
    return statistics.median(walls), statistics.median(cpus)


def record_with(folder: Path, rounds: int) -> Path:
    """A record whose log holds ``rounds`` rounds of ROUND (12 actions each; bounded by the
    game's six rounds, longer logs repeat undo-able marks)."""
    shutil.copy(DEMO, folder / "demo.yaml")
    shutil.copy(RIVALS, folder / "rivals.yaml")
    path = folder / f"r{rounds}.battle.yaml"
    session = Session.begin([folder / "demo.yaml", folder / "rivals.yaml"], path, seed=1)
    do = folder / "round.yaml"
    for k in range(1, min(rounds, 5) + 1):
        do.write_text(round_text(k), encoding="utf-8")
        actions, _ = read_actions(do)
        session.apply(actions)
    marks = folder / "marks.yaml"
    marks.write_text("- {do: centre, unit: 2, distance: 1}\n- {do: undo}\n", encoding="utf-8")
    extra, _ = read_actions(marks)
    for _ in range(max(0, rounds - 5) * 6):
        session.apply(extra)
    return path


def section_1(folder: Path) -> None:
    print("1. laminim play RECORD --do ONE.yaml, in process (read, replay, apply, save)")
    print(f"   {'log':>5}  {'do: wall':>9}  {'cpu':>7}   {'read YAML':>9}  {'write':>7}")
    one = folder / "one.yaml"
    one.write_text(ONE, encoding="utf-8")
    actions, _ = read_actions(one)
    for rounds in (0, 5, 20):
        path = record_with(folder, rounds)
        original = path.read_bytes()

        def do(path: Path = path, original: bytes = original) -> None:
            path.write_bytes(original)
            Session.open(path).apply(actions)

        wall, cpu = median_ms(do, 15)
        read_wall, _ = median_ms(lambda path=path: read_text(path), 15)
        text = original.decode("utf-8")
        write_wall, _ = median_ms(lambda path=path, text=text: write_atomic(path, text), 15)
        entries = len(Session.open(path).log)
        print(
            f"   {entries:>5}  {wall:>7.1f}ms  {cpu:>5.1f}ms"
            f"   {read_wall:>7.1f}ms  {write_wall:>5.1f}ms"
        )


def section_2(folder: Path) -> None:
    print("2. one action on an open record (the play screen, per key)")
    one = folder / "one.yaml"
    one.write_text(ONE, encoding="utf-8")
    actions, _ = read_actions(one)
    undo = folder / "undo.yaml"
    undo.write_text("- {do: undo}\n", encoding="utf-8")
    back, _ = read_actions(undo)
    path = record_with(folder, 2)
    session = Session.open(path)
    session.show(ShowOptions())  # the odds of the units as they stand

    def act() -> None:
        session.apply(actions)
        session.apply(back)

    def act_and_show() -> None:
        session.apply(actions)
        session.show(ShowOptions())
        session.apply(back)
        session.show(ShowOptions())

    wall, cpu = median_ms(act, 15)
    print(f"   apply + save (x2: the action and its undo)  {wall:7.1f}ms wall {cpu:6.1f}ms cpu")
    wall, cpu = median_ms(act_and_show, 15)
    print(f"   apply + save + state with odds (x2)         {wall:7.1f}ms wall {cpu:6.1f}ms cpu")


def section_3() -> None:
    from dataclasses import replace

    from builder.roster.team_file import load_team
    from builder.systems.laminim.derive import threat_spec, unit_spec
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.rules import UnitState, state_odds, survival
    from builder.systems.laminim.rules.engine import _tables
    from builder.systems.laminim.system import SYSTEM

    print("3. D21 odds of the demo units from a state vs analyze's chain (default threat)")
    catalog = SYSTEM.load_catalog()
    _, team = load_team(DEMO)
    threat = threat_spec(catalog.threat(catalog.default_threat), catalog)
    print(f"   {'unit':<8} {'state':<28} {'cold':>8} {'warm':>8}   {'analyze warm':>12}")
    for unit in team.units:
        spec = unit_spec(resolve_unit(unit, catalog))
        whole = UnitState.full(spec)
        parts = tuple(max(0, p - 4) for p in whole.slots)
        ammo = tuple(None if a is None else max(0, a - 2) for a in whole.ammo)
        state = replace(whole, frame=whole.frame - 7, slots=(0, *parts[1:]), ammo=ammo)
        label = f"frame {state.frame}, slot 1 at 0"

        def cold(spec: Any = spec, state: Any = state) -> None:
            _tables.cache_clear()
            state_odds(spec, state, threat, 2)

        cold_ms, _ = median_ms(cold, 7)
        warm_ms, _ = median_ms(lambda s=spec, u=state: state_odds(s, u, threat, 2), 15)
        analyze_ms, _ = median_ms(lambda s=spec: survival(s, threat, 6), 15)
        print(
            f"   {unit.name:<8} {label:<28} {cold_ms:>6.1f}ms {warm_ms:>6.1f}ms"
            f"   {analyze_ms:>10.1f}ms"
        )


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        section_1(folder)
        section_2(folder)
    section_3()


if __name__ == "__main__":
    main()
