"""Count where ``optimize``'s outputs break the documented tie rule (docs/balance.md "Ties"): two
figures within 1e-9 are equal, so a ranking must never put a row before the next when the rule,
comparing the pair, puts the next one first; and a row is on the Pareto front exactly when no
row dominates it, every pair compared.

Run from the repository root: ``python bench/audit_ties.py [--before DIR]``. For the bundled
catalog, every threat, all frames and each frame alone (``optimize --top 0``), it prints the
adjacent pairs ordered against the rule and the front flags that differ from the pairwise front.
``--before DIR`` audits another checkout the same way (its own ``.venv``), for its own documented
ranking (its JSON has no ``rank``: alive, expected remaining, damage, then payload).
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIE = 1e-9

DRIVER = """
import json, sys
sys.path.insert(0, {root!r})
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.optimizer import optimize_catalog
catalog = load_catalog()
out = []
for threat in catalog.threats:
    for frames in [None, *([f.id] for f in catalog.frames)]:
        result = optimize_catalog(catalog, frames, threat.id, 6)
        rows = [
            {{k: getattr(s, k, None) for k in ("frame", "weapons", "payload", "alive",
              "expected_remaining", "damage_all", "delivered", "pareto")}}
            for s in result.loadouts
        ]
        out.append({{"threat": threat.id, "frames": frames, "rank": getattr(result, "rank", None),
                    "rows": rows}})
print(json.dumps(out))
"""

FIGURES = {
    "delivered": "delivered",
    "alive": "alive",
    "remaining": "expected_remaining",
    "damage": "damage_all",
}


def _order(rank: str | None) -> tuple[list[str], bool]:
    """The figures compared in turn, and whether payload comes first."""
    if rank is None:  # the ranking before D25: alive, remaining, damage, then payload
        return ["alive", "expected_remaining", "damage_all"], False
    first = [] if rank == "payload" else [FIGURES[rank]]
    return [*first, *(f for f in FIGURES.values() if f not in first)], rank == "payload"


def _before(a: dict, b: dict, figures: list[str], payload_first: bool) -> bool | None:
    if payload_first and a["payload"] != b["payload"]:
        return a["payload"] < b["payload"]
    for f in figures:
        if a[f] - b[f] > TIE:
            return True
        if b[f] - a[f] > TIE:
            return False
    if a["payload"] != b["payload"]:
        return a["payload"] < b["payload"]
    return None


def _dominates(a: dict, b: dict, figures: list[str]) -> bool:
    return all(a[f] >= b[f] - TIE for f in figures) and any(a[f] > b[f] + TIE for f in figures)


def audit(runs: list[dict]) -> tuple[int, int, int]:
    """(adjacent pairs against the rule, front flags against the rule, rows) over ``runs``."""
    pairs = flags = rows = 0
    for run in runs:
        figures, payload_first = _order(run["rank"])
        table = run["rows"]
        rows += len(table)
        pairs += sum(
            _before(a, b, figures, payload_first) is False for a, b in itertools.pairwise(table)
        )
        for r in table:
            on = not any(_dominates(o, r, figures) for o in table)
            flags += on != r["pareto"]
    return pairs, flags, rows


def _runs(root: Path, python: str) -> list[dict]:
    found = subprocess.run(
        [python, "-c", DRIVER.format(root=str(root))],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(found.stdout)


def main() -> None:
    args = sys.argv[1:]
    checkouts = [("this checkout", ROOT, sys.executable)]
    if "--before" in args:
        other = Path(args[args.index("--before") + 1]).resolve()
        checkouts.insert(0, ("before", other, str(other / ".venv" / "bin" / "python")))
    for name, root, python in checkouts:
        runs = _runs(root, python)
        pairs, flags, rows = audit(runs)
        print(
            f"{name:<14} {rows} rows in {len(runs)} rankings: {pairs} adjacent pairs and "
            f"{flags} front flags against the rule"
        )


if __name__ == "__main__":
    main()
