"""``kill -9`` at random moments of a save, a migrate and a ``cards`` run, N times each:
``python bench/kill_runs.py [--kills 100] [--only save,migrate,cards] [--seed S] [--root DIR]
[--keep DIR]``.

* **save**: a child saves a commented team file (comments in block lists, under units, at the
  end) in a loop through the project's comment-keeping saver, alternating two teams; killed
  after a random delay. The file must be the old or a new text exactly (corrupt otherwise),
  and once the file is read again no temp file may be left.
* **migrate**: a child migrates a commented, pinned team file back and forth between two
  catalogs that rename ``blade`` to ``beam-blade`` and back (``laminim migrate --catalog``, in
  process, in a loop); the same judges.
* **cards**: ``laminim cards`` of the demo team into a folder, killed at a random moment of its
  run (its layout workers are forked); every PDF under a final name must be whole (``%PDF`` …
  ``%%EOF``, and pypdf reads every page), and no layout worker may be alive one second after
  the kill.

``--root DIR`` runs another checkout's code (e.g. ``main``) with the same judges, for a
before/after. Prints the counts per kind; exits 1 if any is bad.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

TEAM = """\
# Friday's team: comments everywhere
system: laminim
name: Night shift   # the name
catalog:   # pinned
  name: old
  version: 1
  digest: "00ab"
units:
  # the sniper
  - name: Kestrel   # keeps back
    frame: striker
    weapons:
      - rifle   # long
      - missile
      # an empty slot
      - null
    # more about Kestrel
  - name: Swallow
    frame: lancer
    weapons: [smg, quick-booster, blade]   # the blade is renamed in v2
# the end
"""

SAVER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from builder.roster.team_file import load_team, save_team
    path = Path(sys.argv[1])
    original = path.read_text(encoding="utf-8")
    system, team = load_team(path)
    teams = [team.model_copy(update={"name": n}) for n in ("Team A " * 40, "Team B")]
    print("ready", flush=True)
    i = 0
    while True:
        save_team(system, teams[i % 2], path, original=original)
        i += 1
    """
)

MIGRATOR = textwrap.dedent(
    """
    import contextlib, io, sys
    sys.path.insert(0, sys.argv[2])
    from builder.cli import main
    path, there, back = sys.argv[1], sys.argv[3], sys.argv[4]
    # imported before "ready", so that a kill lands in migrations, not in the first one's imports
    import builder.catalogs.commands, builder.catalogs.migrate, builder.systems.laminim.system
    print("ready", flush=True)
    i = 0
    while True:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main(["migrate", path, "--catalog", (there, back)[i % 2]])
        i += 1
    """
)


def _catalogs(root: Path, work: Path) -> tuple[Path, Path]:
    """Catalog v2 (``blade`` renamed ``beam-blade``) and a v3 that renames it back."""
    there = root / "examples" / "laminim" / "catalog-v2"
    back = work / "catalog-v3"
    shutil.copytree(there, back)
    catalog = back / "catalog.yaml"
    text = catalog.read_text(encoding="utf-8").replace("blade: beam-blade", "beam-blade: blade")
    text = text.replace("version: 2", "version: 3")
    catalog.write_text(text, encoding="utf-8")
    for part in back.glob("*.yaml"):  # the weapon's id and every use of it (a threat's too)
        if part.name != "catalog.yaml":
            text = part.read_text(encoding="utf-8")
            part.write_text(re.sub(r"\bbeam-blade\b", "blade", text), encoding="utf-8")
    return there, back


def _loop_kills(
    kind: str, root: Path, kills: int, rng: random.Random, python: str, kept: Path | None = None
) -> Counter[str]:
    """Kill a child that saves or migrates in a loop; judge the file and the temp files (a
    file that is neither the old nor a new text is copied into ``kept``, with the texts it
    may hold as ``<kind>-expected-N.yaml``)."""
    figures: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix=f"laminim-kill-{kind}-") as tmp:
        work = Path(tmp)
        path = work / "team.yaml"
        there, back = _catalogs(root, work)
        expected = _expected(kind, root, work, path, there, back, python)
        if kept is not None:
            kept.mkdir(parents=True, exist_ok=True)
            for n, text in enumerate(sorted(expected)):
                (kept / f"{kind}-expected-{n}.yaml").write_text(text, "utf-8")
        env = {**os.environ, "PYTHONPATH": str(root)}
        for _ in range(kills):
            path.write_text(TEAM, encoding="utf-8")
            code = SAVER if kind == "save" else MIGRATOR
            child = subprocess.Popen(
                [python, "-c", code, str(path), str(root), str(there), str(back)],
                stdout=subprocess.PIPE,
                env=env,
            )
            assert child.stdout is not None
            if child.stdout.readline().strip() != b"ready":
                raise SystemExit(f"{kind}: the child did not start")
            time.sleep(rng.uniform(0, 0.3))
            child.send_signal(signal.SIGKILL)
            child.wait()
            figures["kills"] += 1
            text = path.read_bytes().decode("utf-8", errors="replace")
            figures["corrupt files"] += text not in expected
            figures["kills after a write"] += text != TEAM and text in expected
            if text not in expected and kept is not None:  # for the diagnosis
                (kept / f"{kind}-corrupt-{figures['kills']}.yaml").write_text(text, "utf-8")
            figures["temp files right after the kill"] += _temps(work, path) > 0
            _read_again(root, path, python)
            figures["temp files once the file is read again"] += _temps(work, path) > 0
    return figures


def _expected(
    kind: str, root: Path, work: Path, path: Path, there: Path, back: Path, python: str
) -> set[str]:
    """Every text the file may hold: the original and what each save or migration writes."""
    script = textwrap.dedent(
        """
        import contextlib, io, sys
        from pathlib import Path
        sys.path.insert(0, sys.argv[2])
        from builder.cli import main
        from builder.roster.team_file import load_team, save_team
        path, kind, there, back = Path(sys.argv[1]), sys.argv[3], sys.argv[4], sys.argv[5]
        original = path.read_text(encoding="utf-8")
        texts = [original]
        if kind == "save":
            system, team = load_team(path)
            for n in ("Team A " * 40, "Team B"):
                save_team(system, team.model_copy(update={"name": n}), path, original=original)
                texts.append(path.read_text(encoding="utf-8"))
        else:
            for i in range(6):
                with contextlib.redirect_stdout(io.StringIO()):
                    with contextlib.redirect_stderr(io.StringIO()):
                        main(["migrate", str(path), "--catalog", (there, back)[i % 2]])
                texts.append(path.read_text(encoding="utf-8"))
        sys.stdout.write("\\x00".join(texts))  # no newline: each text exactly as written
        """
    )
    path.write_text(TEAM, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root)}
    args = [python, "-c", script, str(path), str(root), kind, str(there), str(back)]
    out = subprocess.run(args, capture_output=True, text=True, env=env, check=True).stdout
    texts = set(out.split("\x00"))  # (stripping a newline would change the last text)
    if len(texts) < 3:
        raise SystemExit(f"{kind}: the loop writes no new text ({len(texts)})")
    return texts


def _temps(work: Path, path: Path) -> int:
    return sum(p.name.startswith(f".{path.name}.") for p in work.iterdir())


def _read_again(root: Path, path: Path, python: str) -> None:
    """Read the file as ``check`` does (the reader removes a killed save's temp files)."""
    subprocess.run(
        [python, "-m", "builder", "check", str(path)],
        cwd=root,
        capture_output=True,
        check=False,
    )


def _children(pid: int) -> list[tuple[int, str]]:
    """The processes whose parent is ``pid``, with their start time (to tell a reused pid)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            found.append((int(entry), fields[19]))
    return found


def _alive(pid: int, started: str) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    fields = stat.rsplit(")", 1)[1].split()
    return fields[19] == started and fields[0] != "Z"


def _whole_pdf(path: Path) -> bool:
    data = path.read_bytes()
    if not data.startswith(b"%PDF") or b"%%EOF" not in data[-1024:]:
        return False
    try:
        from pypdf import PdfReader

        reader = PdfReader(str(path))
        return len(reader.pages) > 0 and all(page.mediabox for page in reader.pages)
    except Exception:
        return False


def _cards_kills(root: Path, kills: int, rng: random.Random, python: str) -> Counter[str]:
    figures: Counter[str] = Counter()
    demo = root / "parts_catalog" / "laminim" / "demo_team.yaml"
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryDirectory(prefix="laminim-kill-cards-") as tmp:
        out = Path(tmp) / "out"
        started = time.perf_counter()
        subprocess.run(
            [python, "-m", "builder", "cards", str(demo), "-o", str(out)],
            cwd=root,
            env=env,
            capture_output=True,
            check=True,
        )
        whole_run = time.perf_counter() - started
        shutil.rmtree(out)
        figures["seconds for a whole run"] = round(whole_run)
        for _ in range(kills):
            child = subprocess.Popen(
                [python, "-m", "builder", "cards", str(demo), "-o", str(out)],
                cwd=root,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            deadline = time.perf_counter() + rng.uniform(0.3, 1.05) * whole_run
            workers: set[tuple[int, str]] = set()
            while time.perf_counter() < deadline and child.poll() is None:
                workers.update(_children(child.pid))
                time.sleep(0.01)
            workers.update(_children(child.pid))
            child.send_signal(signal.SIGKILL)
            child.wait()
            figures["kills"] += 1
            figures["kills with forked workers"] += bool(workers)
            time.sleep(1.0)
            alive = [pid for pid, start in workers if _alive(pid, start)]
            figures["workers alive 1 s after the kill"] += len(alive)
            for pid in alive:  # ours to end: they were started by this script's child
                os.kill(pid, signal.SIGKILL)
            pdfs = list(out.glob("*.pdf")) if out.exists() else []
            figures["PDFs under a final name"] += len(pdfs)
            figures["partial PDFs under a final name"] += sum(not _whole_pdf(p) for p in pdfs)
            if out.exists():
                shutil.rmtree(out)
    return figures


BAD = (
    "corrupt files",
    "temp files once the file is read again",
    "workers alive 1 s after the kill",
    "partial PDFs under a final name",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--only", default="save,migrate,cards")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to run")
    parser.add_argument("--keep", type=Path, default=None, help="folder for corrupt files")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time())
    root = args.root.resolve()
    python = sys.executable
    print(f"kill runs: {args.kills} each, seed {seed}, code of {root}")
    bad = 0
    for kind in args.only.split(","):
        rng = random.Random(f"{seed}:{kind}")
        started = time.perf_counter()
        if kind == "cards":
            figures = _cards_kills(root, args.kills, rng, python)
        else:
            figures = _loop_kills(kind, root, args.kills, rng, python, args.keep)
        took = time.perf_counter() - started
        print(f"  {kind} ({took:.0f} s): " + ", ".join(f"{k} {v}" for k, v in figures.items()))
        bad += sum(figures[k] for k in BAD)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
