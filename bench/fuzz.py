"""The fuzz at scale: ``python bench/fuzz.py N [--jobs J] [--seed S] [--cards P]``.

Runs N hostile team files, catalogs and threat files of every registered game system through
``builder.cli.main`` in-process (the cases of ``tests/fuzz/engine.py``, in the families of
``tests/fuzz/families.py``: mutated text, tags on every scalar kind, special files such as
FIFOs and devices, symlink loops, long and odd names, files past their cap; and those of
``tests/fuzz/hardening_families.py``: keys given twice, wrong types beside planted typos,
twenty kinds of ``renamed:`` map, bad ``-o`` paths, commented files pinned, migrated and
saved, another game's file to ``catalog diff``; a quarter of the runs under ``--lang ja``) and
prints the counts: tracebacks, hangs, bad exit codes, problem lines without a position where
the file has lines, runs over 5 s of CPU (wall time grows with the machine's load; a hang is
still caught by the 60 s alarm), runs over 1 GB, what the hardening families' judges found
(planted mistakes missed, bad renamed maps or -o paths accepted, comments lost, another game's
file not told), plus the first few examples of each, and the runs per family.

Workers are fresh processes every CHUNK runs, so one run's memory high-water mark (ru_maxrss)
and the systems' caches do not pile up (each renders one tiny PDF first, so WeasyPrint's cold
start is not charged to the first ``cards`` run); each worker is capped at 4 GB of address
space so a runaway run fails with MemoryError (counted as a traceback), not the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHUNK = 250
SLOW_SECONDS = 5.0
BIG_KB = 1024 * 1024  # 1 GB as ru_maxrss counts it (KiB on Linux)
ADDRESS_SPACE = 4 << 30
KEPT_EXAMPLES = 3


def _worker(task: tuple[int, int, int, float]) -> dict:
    start_index, count, seed, cards = task
    from tests.fuzz.engine import pick, run_case, seeds

    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    if cards > 0:  # WeasyPrint's import and font set-up (~3 s) is start-up, not a run's work
        from builder.render.pdf import pdf_bytes

        pdf_bytes("<p>warm-up</p>")
    pool = seeds()
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    kinds: Counter[str] = Counter()
    commands: Counter[str] = Counter()
    families: Counter[str] = Counter()
    worst = (0.0, "")
    for i in range(start_index, start_index + count):
        rng = random.Random(f"{seed}:{i}")
        case = pick(rng, pool)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        with tempfile.TemporaryDirectory(prefix="laminim-fuzz-") as work:
            run = run_case(case, rng, Path(work), cards=rng.random() < cards, timeout=60)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        counts["runs"] += 1
        counts[f"exit {run.code}"] += 1
        kinds[f"{case.system}/{case.kind}"] += 1
        commands[run.argv[0]] += 1
        families[run.family] += 1
        label = f"#{i} {case!r} {run.family} {' '.join(a[:100] for a in run.argv)}"
        found = {
            "tracebacks": run.traceback is not None,
            "hangs": (run.traceback or "").startswith("no answer within"),
            "bad exit codes": run.traceback is None and run.code not in (0, 1, 2),
            "problem lines without a position": bool(run.unlocated),
            "runs over 5 s": run.cpu > SLOW_SECONDS,
            "runs over 1 GB": after >= BIG_KB > before,
        }
        for judge in JUDGES:
            found[judge] = any(name == judge for name, _ in run.missed)
        for name, hit in found.items():
            if hit:
                counts[name] += 1
                detail = (run.traceback or "").strip().splitlines()[-3:] + run.unlocated[:1]
                detail += [f"{n}: {d}" for n, d in run.missed if n == name][:1]
                examples.setdefault(name, [])
                if len(examples[name]) < KEPT_EXAMPLES:
                    examples[name].append(f"{label} ({run.cpu:.1f} s) {' | '.join(detail)}")
        if run.cpu > worst[0]:
            worst = (run.cpu, label)
    return {
        "counts": counts,
        "examples": examples,
        "kinds": kinds,
        "commands": commands,
        "families": families,
        "worst": worst,
        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }


JUDGES = (
    "planted mistakes missed",
    "bad renamed accepted",
    "bad -o accepted",
    "comments lost",
    "other game not told",
)
"""The hardening families' own judges (tests/fuzz/hardening_families.py)."""

CHECKS = (
    "tracebacks",
    "hangs",
    "bad exit codes",
    "problem lines without a position",
    "runs over 5 s",
    "runs over 1 GB",
    *JUDGES,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="number of runs (the issue asks for >= 20000)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=None, help="seed (default: the time)")
    parser.add_argument(
        "--cards", type=float, default=0.02, help="share of team runs that also try cards"
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time())
    tasks = [
        (start, min(CHUNK, args.n - start), seed, args.cards) for start in range(0, args.n, CHUNK)
    ]
    started = time.perf_counter()
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    commands: Counter[str] = Counter()
    families: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    worst = (0.0, "")
    maxrss = 0
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.jobs, maxtasksperchild=1) as pool:
        for result in pool.imap_unordered(_worker, tasks):
            counts.update(result["counts"])
            kinds.update(result["kinds"])
            commands.update(result["commands"])
            families.update(result["families"])
            for name, lines in result["examples"].items():
                examples.setdefault(name, []).extend(lines)
            worst = max(worst, result["worst"])
            maxrss = max(maxrss, result["maxrss_kb"])
            print(f"  {counts['runs']}/{args.n} runs", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    print(f"fuzz: {counts['runs']} runs, seed {seed}, {args.jobs} jobs, {elapsed:.0f} s")
    print("  files: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print("  commands: " + ", ".join(f"{k} {v}" for k, v in sorted(commands.items())))
    print("  families: " + ", ".join(f"{k} {v}" for k, v in sorted(families.items())))
    print(
        "  exit codes: "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k.startswith("exit"))
    )
    for name in CHECKS:
        print(f"  {name}: {counts[name]}")
        for line in examples.get(name, [])[:KEPT_EXAMPLES]:
            print(f"      {line}")
    print(f"  slowest run: {worst[0]:.2f} s of CPU {worst[1]}")
    print(f"  largest worker ru_maxrss: {maxrss / 1024:.0f} MB")
    return 1 if any(counts[name] for name in CHECKS) else 0


if __name__ == "__main__":
    sys.exit(main())
