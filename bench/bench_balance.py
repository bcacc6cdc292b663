"""Time ``laminim balance`` on the bundled catalog (all six threats, 6 rounds) as a whole
process, beside the plain per-loadout evaluation it stands on, and ``balance --suggest``.

Run from the repository root: ``python bench/bench_balance.py [RUNS] [--before DIR]
[--no-suggest]`` (default 1 run). Each run prints, with the load average when it began:

- ``laminim balance --json``: wall clock and CPU seconds (the process and its forked workers);
- the plain per-loadout evaluation, in this process: every legal loadout of every frame against
  every threat, its own survival chain and its damage delivered (D25), one after another on
  one core (no chain shared between loadouts that look alike to it, no second core): what the
  report computes, done the simple way;
- ``laminim balance --suggest`` (unless ``--no-suggest``): the fitted-costs search.

``--before DIR`` runs ``laminim balance --json`` (and ``--suggest``) of another checkout (its
own ``.venv``) in the same loop, interleaved with this one's, so a busy machine slows both alike.
Targets: balance < 10 s wall on two cores, ``--suggest`` < 120 s. On a shared machine read the
load average beside each figure; CPU seconds say more than wall clock there.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 10.0
SUGGEST_TARGET = 120.0


def _process(python: str, root: Path, *args: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system, children included) of one ``laminim``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([python, "-m", "builder", *args], cwd=root, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def plain_evaluation() -> tuple[float, float, int]:
    """Every legal loadout x threat on its own chain, one after another: wall, CPU, chains."""
    sys.path.insert(0, str(ROOT))
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.derive import threat_spec
    from builder.systems.laminim.optimizer import pick_frames, weapon_options
    from builder.systems.laminim.rules import UnitSpec, delivered, survival
    from builder.systems.laminim.rules.optimize import loadouts

    catalog = load_catalog()
    frames = pick_frames(catalog, None)
    weapons = weapon_options(catalog)
    threats = [threat_spec(t, catalog) for t in catalog.threats]
    units = [
        UnitSpec(f.id, f.durability, tuple(w.spec if w else None for w in slots))  # type: ignore[arg-type]
        for f in frames
        for slots in loadouts(f, weapons, catalog.team_format.min_weapons)
    ]
    survival(units[0], threats[0], 6, cook_off=False)  # the engine loaded, as in the command
    wall, cpu = time.perf_counter(), time.process_time()
    for threat in threats:
        for unit in units:
            per_round = survival(unit, threat, 6, cook_off=False).rounds
            delivered(unit, per_round, 6)
    return time.perf_counter() - wall, time.process_time() - cpu, len(units) * len(threats)


def _row(name: str, wall: float, cpu: float, note: str = "") -> str:
    return f"  {name:<44} {wall:7.2f} s {cpu:7.2f} s  {note}"


def main() -> None:
    args = sys.argv[1:]
    before_root: Path | None = None
    if "--before" in args:
        at = args.index("--before")
        before_root = Path(args[at + 1]).resolve()
        del args[at : at + 2]
    suggest = "--no-suggest" not in args
    args = [a for a in args if a != "--no-suggest"]
    runs = int(args[0]) if args else 1
    here = sys.executable
    print(f"cores: {os.cpu_count()}; usable: {len(os.sched_getaffinity(0))}")
    for i in range(runs):
        print(f"run {i + 1}{'':<42} wall       CPU")
        if before_root is not None:
            load = os.getloadavg()[0]
            python = str(before_root / ".venv" / "bin" / "python")
            wall, cpu = _process(python, before_root, "balance", "--json")
            print(_row("before: laminim balance (6 threats)", wall, cpu, f"load {load:.1f}"))
        load = os.getloadavg()[0]
        wall, cpu = _process(here, ROOT, "balance", "--json")
        note = f"load {load:.1f}; target < {TARGET:.0f} s wall"
        print(_row("laminim balance (6 threats, 6 rounds)", wall, cpu, note))
        load = os.getloadavg()[0]
        p_wall, p_cpu, chains = plain_evaluation()
        note = f"load {load:.1f}; {chains} chains; x{p_wall / wall:.1f} the report's wall"
        print(_row("plain per-loadout evaluation, one core", p_wall, p_cpu, note))
        if suggest and before_root is not None:
            load = os.getloadavg()[0]
            python = str(before_root / ".venv" / "bin" / "python")
            wall, cpu = _process(python, before_root, "balance", "--suggest", "--json")
            print(_row("before: laminim balance --suggest", wall, cpu, f"load {load:.1f}"))
        if suggest:
            load = os.getloadavg()[0]
            wall, cpu = _process(here, ROOT, "balance", "--suggest", "--json")
            note = f"load {load:.1f}; target < {SUGGEST_TARGET:.0f} s wall"
            print(_row("laminim balance --suggest", wall, cpu, note))


if __name__ == "__main__":
    main()
