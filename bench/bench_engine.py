"""The exact engine against its alternatives, side by side in one run (docs/rules.md §1.8).

Run from a checkout: ``python bench/bench_engine.py [SECTION ...]`` (default: 1 2 3). Prints
figures only; no test reads them.

1. In process, the heaviest demo unit against the heaviest threat, 6 rounds: the compiled engine
   (``rules.engine``), the pure-numpy reference chain (``rules.chain_reference``) and the
   vectorised 20,000-trial Monte Carlo (``bench/survival_mc.py``), medians of repeated calls,
   in wall and in CPU milliseconds of this process (the steadier figure on a shared machine).
2. Whole processes of ``laminim analyze --json`` on the demo team with every durability xN
   (a scaled copy of the bundled catalog): wall and CPU seconds and peak RSS of the child, each
   beside the same command at x1; x8 without and with ``--exact``.
3. Whole processes of ``laminim optimize``: the bundled catalog against ``full-barrage``, and a
   homebrew catalog of 10 frames and 20 weapons (``homebrew_catalog``).

CPU seconds are the child's user + system time: on a machine shared with other jobs they are
the steadier figure; wall seconds are what a player waits.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import homebrew_catalog  # noqa: E402
import survival_mc  # noqa: E402
import yaml  # noqa: E402
from bench_survival import heaviest  # noqa: E402

from builder.systems.laminim.rules.chain_reference import reference_survival  # noqa: E402
from builder.systems.laminim.rules.engine import exact_survival  # noqa: E402

LAMINIM = [sys.executable, "-m", "builder"]
CATALOG = ROOT / "parts_catalog" / "laminim"
DEMO = CATALOG / "demo_team.yaml"


def median_ms(fn, repeats: int) -> tuple[float, float]:
    """Median (wall, CPU) milliseconds of ``fn()``."""
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - start) * 1000.0)
        cpus.append((time.process_time() - cpu) * 1000.0)
    return statistics.median(walls), statistics.median(cpus)


def in_process() -> None:
    unit, threat = heaviest()
    exact_survival(unit, threat)  # load the compiled loops and warm the kernel caches
    reference_survival(unit, threat)
    survival_mc.simulate(unit, threat)
    engine = median_ms(lambda: exact_survival(unit, threat), 41)
    reference = median_ms(lambda: reference_survival(unit, threat), 11)
    mc = median_ms(lambda: survival_mc.simulate(unit, threat, trials=20000, seed=0), 11)
    print(f"1. {unit.name} vs {threat.id}, 6 rounds, in process (medians: wall, CPU)")
    print(f"   compiled engine        {engine[0]:8.2f} ms  {engine[1]:8.2f} ms CPU")
    print(f"   numpy reference chain  {reference[0]:8.2f} ms  {reference[1]:8.2f} ms CPU")
    print(f"   vectorised MC 20k      {mc[0]:8.2f} ms  {mc[1]:8.2f} ms CPU")
    for label, i in (("wall", 0), ("CPU", 1)):
        print(
            f"   {label}: engine is {mc[i] / engine[i]:.1f}x faster than the MC, "
            f"{reference[i] / engine[i]:.1f}x faster than the reference"
        )


def reaped(argv: list[str]) -> tuple[float, float, float, int, str]:
    """(wall s, CPU s, peak RSS MB, exit code, stdout) of one child process (its own rusage)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode()
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, code, text


def scaled_catalog(folder: Path, n: int) -> Path:
    """A copy of the bundled catalog with every frame and weapon durability times ``n``."""
    target = folder / f"x{n}"
    shutil.copytree(CATALOG, target)
    for name, key in (("frames.yaml", "frames"), ("weapons.yaml", "weapons")):
        data = yaml.safe_load((target / name).read_text(encoding="utf-8"))
        for entry in data[key]:
            entry["durability"] *= n
        (target / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return target


def methods(text: str) -> str:
    try:
        return ",".join(sorted({u["method"] for u in json.loads(text)["units"]}))
    except (ValueError, KeyError):
        return "-"


def scaling(folder: Path) -> None:
    print("2. laminim analyze demo_team --json, durabilities xN (whole process, same run)")
    base = None
    for n, extra in ((1, []), (2, []), (3, []), (4, []), (8, []), (8, ["--exact"])):
        catalog = scaled_catalog(folder, n) if not (folder / f"x{n}").exists() else folder / f"x{n}"
        argv = [*LAMINIM, "analyze", str(DEMO), "--catalog", str(catalog), "--json", *extra]
        wall, cpu, rss, code, out = reaped(argv)
        if base is None:
            base = (wall, cpu)
        beyond = f"+{wall - base[0]:6.2f} s wall, +{cpu - base[1]:6.2f} s CPU beyond x1"
        print(
            f"   x{n}{' --exact' if extra else '':8} exit {code}  {wall:6.2f} s wall"
            f"  {cpu:6.2f} s CPU"
            f"  {rss:7.0f} MB  ({beyond})  method {methods(out) if code == 0 else '-'}"
        )


def optimiser(folder: Path) -> None:
    print("3. laminim optimize --threat full-barrage --rounds 6 (whole process)")
    home = homebrew_catalog.write(folder / "homebrew")
    for label, extra in (
        ("bundled catalog", []),
        ("homebrew 10 frames x 20 weapons", ["--catalog", str(home)]),
    ):
        argv = [*LAMINIM, "optimize", "--threat", "full-barrage", "--rounds", "6", "--json", *extra]
        wall, cpu, rss, code, out = reaped(argv)
        rows = json.loads(out)["evaluated"] if code == 0 else "-"
        print(
            f"   {label:32} exit {code}  {wall:6.2f} s wall  {cpu:6.2f} s CPU  {rss:5.0f} MB"
            f"  {rows} rows"
        )


def main() -> None:
    sections = sys.argv[1:] or ["1", "2", "3"]
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if "1" in sections:
        in_process()
    with tempfile.TemporaryDirectory() as tmp:
        if "2" in sections:
            scaling(Path(tmp))
        if "3" in sections:
            optimiser(Path(tmp))
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
