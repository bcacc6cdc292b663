"""What a command costs from a cold process, beside the floor of the stack it is built on.

Run from a checkout: ``python bench/bench_startup.py [--runs N] [--before CHECKOUT] [--skip
COMMAND ...] [--instructions]``. Prints
figures only; no test reads them. Each command is a fresh process timed in CPU seconds (user +
system of the child, its own rusage: steadier than wall time on a shared machine), medians of
``N`` rounds (default 9) in which every command runs once, in turn, so a busy spell of the
machine lands on all of them alike. Peak memory is the child's largest resident set.

The floors: ``python -c pass`` (the interpreter) and ``python -c "import pydantic, yaml"`` (the
libraries every game's files go through). Targets (docs/design.md "Quality bars"): ``check`` of
the demo team <= 3x the floor of ``import pydantic, yaml``, ``--help`` <= 2x it, and a whole
``analyze`` of the demo team <= 1.5x ``check`` of the same file: a few units' chain work is
milliseconds, so an analysis should not cost a compiler's start-up.

``--before CHECKOUT`` times another checkout's ``builder`` with this interpreter in the same
rounds, interleaved with this one (e.g. ``git worktree add /tmp/before main``, or a
``git archive`` of an older commit), for a before/after figure from one run. The children may
write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped), as an installed package has it; one
untimed run of every command first writes it and fills the compiled engine's cache, and the
kept catalogs (``builder.core.catalog_cache``, in a folder of the run's own): what a user's every
command after the first finds.

``--instructions`` also counts the instructions every command executes (each once more, under
``valgrind --tool=cachegrind``, all threads; a few seconds a command): a figure the machine's
load does not move, to tell whether a change of a few milliseconds moved a ratio. The targets
are set in CPU, and the two ratios differ (numpy's C code runs more instructions a cycle than
the interpreter), so it tells a change's direction and size, not whether a bar is met.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TARGETS = (
    ("check", "import pydantic, yaml", 3.0),
    ("--help", "import pydantic, yaml", 2.0),
    ("analyze", "check", 1.5),
)


def measure(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, int]:
    """(CPU seconds, peak MB, exit code) of one child process."""
    proc = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(proc.pid, 0)
    return (
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024.0,
        os.waitstatus_to_exitcode(status),
    )


def instructions(argv: list[str], cwd: Path, env: dict[str, str]) -> int:
    """Instructions one child process executes (all its threads), counted by cachegrind."""
    with tempfile.NamedTemporaryFile(prefix="bench-startup-", suffix=".log") as log:
        tool = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        tool += ["--cachegrind-out-file=/dev/null", f"--log-file={log.name}"]
        subprocess.run(
            [*tool, *argv], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        found = re.search(r"I\s+refs:\s+([\d,]+)", Path(log.name).read_text())
    if found is None:
        raise SystemExit(f"no instruction count from valgrind for {' '.join(argv)}")
    return int(found.group(1).replace(",", ""))


FLOORS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "import pydantic, yaml": [sys.executable, "-c", "import pydantic, yaml"],
}
"""The stack's floors: the same for every checkout, timed once a round."""


def commands(checkout: Path, out: Path) -> dict[str, list[str]]:
    demo = str(checkout / "parts_catalog" / "laminim" / "demo_team.yaml")
    laminim = [sys.executable, "-m", "builder"]
    return {
        "--help": [*laminim, "--help"],
        "check": [*laminim, "check", demo],
        "analyze": [*laminim, "analyze", demo],
        "compare": [*laminim, "compare", f"{demo}:Kestrel", f"{demo}:Bulwark"],
        "cards": [*laminim, "cards", demo, "-o", str(out)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", type=Path, help="another checkout, timed in the same rounds")
    parser.add_argument(
        "--skip", nargs="*", default=[], help="commands to leave out (e.g. cards, for a quick run)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each command's instructions (valgrind): ratios the load does not move",
    )
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind on the PATH")
    checkouts = {"now": ROOT}
    if args.before is not None:
        checkouts = {"before": args.before.resolve(), "now": ROOT}
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as scratch:
        base_env["LAMINIM_CACHE_DIR"] = str(Path(scratch) / "catalog-cache")
        jobs: list[tuple[str, str, list[str], Path, dict[str, str], Path | None]] = [
            ("", name, argv, ROOT, base_env, None) for name, argv in FLOORS.items()
        ]
        for label, checkout in checkouts.items():
            env = {**base_env, "PYTHONPATH": str(checkout)}
            out = Path(scratch) / label
            for name, argv in commands(checkout, out).items():
                if name not in args.skip:
                    jobs.append(
                        (label, name, argv, checkout, env, out if name == "cards" else None)
                    )
        samples: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.runs + 1):  # the first round writes bytecode and caches: not kept
            for label, name, argv, cwd, env, out in jobs:
                if out is not None:  # a fresh folder: cards never overwrites
                    shutil.rmtree(out, ignore_errors=True)
                    out.mkdir(parents=True)
                cpu, peak, code = measure(argv, cwd, env)
                if code not in (0, 1):
                    raise SystemExit(f"{label}: {' '.join(argv)} exited {code}")
                samples.setdefault((label, name), []).append((cpu, peak))
        counted = {
            (label, name): instructions(argv, cwd, env)
            for label, name, argv, cwd, env, folder in jobs
            if args.instructions and folder is None  # cards: its own folder, timed only
        }
    load = os.getloadavg()
    print(
        f"median CPU of {args.runs} rounds (each command once a round, interleaved), "
        f"load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores"
    )
    median = {k: statistics.median(cpu for cpu, _ in v[1:]) for k, v in samples.items()}
    peak = {k: max(mb for _, mb in v[1:]) for k, v in samples.items()}
    labels = list(checkouts)

    def cpu(label: str, name: str) -> float:
        return median[(label, name)] if (label, name) in median else median[("", name)]

    print(f"  {'command':24}" + "".join(f"  {label:>19}" for label in labels))
    for name in FLOORS:
        print(f"  {name:24}  {median[('', name)] * 1000:7.0f} ms {peak[('', name)]:5.0f} MB")
    for name in commands(ROOT, ROOT):
        if name not in args.skip:
            cells = "".join(
                f"  {median[(label, name)] * 1000:7.0f} ms {peak[(label, name)]:5.0f} MB"
                for label in labels
            )
            print(f"  {name:24}{cells}")
    print("ratios")
    for name, floor, target in TARGETS:
        if name in args.skip or floor in args.skip:
            continue
        cells = "".join(f"  {cpu(label, name) / cpu(label, floor):18.2f}x" for label in labels)
        met = "met" if cpu("now", name) / cpu("now", floor) <= target else "NOT met"
        print(f"  {name + ' / ' + floor:36}{cells}  (target <= {target}x: {met})")
    if counted:
        report_instructions(counted, labels)


def report_instructions(counted: dict[tuple[str, str], int], labels: list[str]) -> None:
    """Each command's instructions and the targets' ratios in instructions (``--instructions``)."""

    def count(label: str, name: str) -> int:
        return counted[(label, name)] if (label, name) in counted else counted[("", name)]

    print("instructions (one run each, under valgrind)")
    for (label, name), n in counted.items():
        print(f"  {name:24}  {label:>8}  {n / 1e6:9.1f} M")
    print("ratios in instructions")
    for name, floor, _ in TARGETS:
        if all((label, name) in counted or ("", name) in counted for label in labels) and all(
            (label, floor) in counted or ("", floor) in counted for label in labels
        ):
            cells = "".join(
                f"  {count(label, name) / count(label, floor):18.2f}x" for label in labels
            )
            print(f"  {name + ' / ' + floor:36}{cells}")


if __name__ == "__main__":
    main()
