"""Start-up of ``laminim`` commands against a bare ``python -c pass``, side by side in one run.

Run from a checkout: ``python bench/bench_cli.py [RUNS] [CHECKOUT]``. Prints figures only; no
test reads them. Each command is a fresh process, timed in CPU seconds (user + system, the
child's own rusage: steadier than wall time on a shared machine) and as a multiple of
``python -c pass`` measured in the same rounds. Targets (docs/design.md "Quality bars"):
``--help`` <= 8x and ``check`` on the demo team <= 12x.

The children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped), as an installed
package has it: otherwise every run would compile the project's sources again. ``CHECKOUT``
(default: this one) times another checkout's ``builder`` with this interpreter, e.g. an older
commit extracted with ``git archive``, for a before/after figure from one run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    proc = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    checkout = Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else ROOT
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(checkout)
    demo = str(checkout / "parts_catalog" / "laminim" / "demo_team.yaml")
    laminim = [sys.executable, "-m", "builder"]
    commands = {
        "python -c pass": ([sys.executable, "-c", "pass"], None),
        "laminim --help": ([*laminim, "--help"], 8.0),
        "laminim check demo_team": ([*laminim, "check", demo], 12.0),
        "laminim analyze demo_team": ([*laminim, "analyze", demo], None),
    }
    for argv, _ in commands.values():  # bytecode written, caches filled: not timed
        cpu_seconds(argv, checkout, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, (argv, _) in commands.items():
            times[name].append(cpu_seconds(argv, checkout, env))
    base = statistics.median(times["python -c pass"])
    print(f"{checkout}: median CPU of {runs} runs each, load {os.getloadavg()[0]:.1f}")
    for name, (_, target) in commands.items():
        median = statistics.median(times[name])
        bar = f"  (target <= {target:.0f}x)" if target else ""
        print(f"  {name:28} {median * 1000:7.1f} ms  {median / base:5.1f}x python -c pass{bar}")


if __name__ == "__main__":
    main()
