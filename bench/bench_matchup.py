"""Time ``laminim matchup`` of two demo teams as a whole process, beside the plain per-pair
``analyze`` it stands on (docs/matchup.md; target: under 2 s wall).

Run from the repository root: ``python bench/bench_matchup.py [RUNS]`` (default 3). Each run
prints, with the load average when it began:

- ``laminim matchup DEMO RIVALS --json``: one process, every pair both ways (18 chains);
- the plain per-pair evaluation: ``laminim analyze FILE --unit U --threat ENEMY:V --json``, one
  process per pair, both ways (what a player would run without ``matchup``), summed;
- the same 18 analyses in this process, one after another (no process start-up): the floor of
  our own stack.

On a shared machine read the load beside each figure: CPU seconds say more than wall clock.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEAMS = (
    ROOT / "parts_catalog" / "laminim" / "demo_team.yaml",
    ROOT / "examples" / "laminim" / "rivals.yaml",
)
TARGET = 2.0


def _process(*args: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system, children included) of one ``laminim``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "builder", *args], cwd=ROOT, check=True, capture_output=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _names(path: Path) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from builder.core.source import read_yaml

    return [u["name"] for u in read_yaml(path).data["units"]]


def _pairs() -> list[tuple[Path, str, Path, str]]:
    a, b = TEAMS
    return [
        (own, u, enemy, v)
        for own, enemy in ((a, b), (b, a))
        for u in _names(own)
        for v in _names(enemy)
    ]


def per_pair_processes() -> tuple[float, float, int]:
    wall = cpu = 0.0
    pairs = _pairs()
    for own, u, enemy, v in pairs:
        w, c = _process("analyze", str(own), "--unit", u, "--threat", f"{enemy}:{v}", "--json")
        wall, cpu = wall + w, cpu + c
    return wall, cpu, len(pairs)


def per_pair_in_process() -> tuple[float, float]:
    from builder.core.source import read_yaml
    from builder.systems.laminim.analysis import _cached, analyze
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.derive import find_threat, unit_spec
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.read import read_team
    from builder.systems.laminim.rules import delivered

    catalog = load_catalog()
    teams = {p: read_team(read_yaml(p)).team for p in TEAMS}
    _cached.cache_clear()
    wall, cpu = time.perf_counter(), time.process_time()
    for own, u, enemy, v in _pairs():
        team = teams[own]
        assert team is not None
        unit = resolve_unit(next(x for x in team.units if x.name == u), catalog)
        assert unit is not None
        threat = find_threat(f"{enemy}:{v}", catalog, 2)
        result = analyze(unit, threat, catalog, 6, None, exact=False)
        delivered(unit_spec(unit), result.survival.rounds, 6)
    return time.perf_counter() - wall, time.process_time() - cpu


def _row(name: str, wall: float, cpu: float, note: str = "") -> str:
    return f"  {name:<46} {wall:7.2f} s {cpu:7.2f} s  {note}"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    a, b = (str(p.relative_to(ROOT)) for p in TEAMS)
    print(f"cores: {os.cpu_count()}; usable: {len(os.sched_getaffinity(0))}; {a} vs {b}")
    for i in range(runs):
        print(f"run {i + 1}{'':<44} wall       CPU")
        load = os.getloadavg()[0]
        wall, cpu = _process("matchup", a, b, "--json")
        print(
            _row(
                "laminim matchup (18 pairs, 6 rounds)",
                wall,
                cpu,
                f"load {load:.1f}; target < {TARGET:.0f} s wall",
            )
        )
        load = os.getloadavg()[0]
        p_wall, p_cpu, n = per_pair_processes()
        print(
            _row(
                f"plain: {n} x laminim analyze --threat FILE:UNIT",
                p_wall,
                p_cpu,
                f"load {load:.1f}",
            )
        )
        load = os.getloadavg()[0]
        f_wall, f_cpu = per_pair_in_process()
        print(_row("the 18 analyses in one process (the floor)", f_wall, f_cpu, f"load {load:.1f}"))


if __name__ == "__main__":
    main()
