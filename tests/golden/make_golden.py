"""Record the LAMINIM command outputs that the plug-in layout must not change.

Run from the repository root: ``python tests/golden/make_golden.py``. It writes
``tests/golden/outputs.json``; ``tests/test_golden_outputs.py`` compares today's outputs with it.
The recorded file was made on the main branch before game systems became plug-ins.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.cli import main  # noqa: E402

DEMO = "parts_catalog/laminim/demo_team.yaml"
THREATS = [
    "rifle-duel",
    "gatling-fire",
    "missile-salvo",
    "mixed-fire",
    "blade-rush",
    "full-barrage",
]


def cases() -> list[list[str]]:
    out = [["parts", "--json"], ["parts"], ["check", DEMO, "--json"], ["check", DEMO]]
    fixtures = ROOT / "tests" / "fixtures"
    for folder in ("bad_teams", "illegal_teams", "teams", "catalog_mismatch"):
        for path in sorted((fixtures / folder).glob("*.yaml")):
            rel = str(path.relative_to(ROOT))
            # a file naming another game is reported against the catalog it is checked with
            extra = ["--catalog", "parts_catalog/laminim"] if folder == "catalog_mismatch" else []
            out += [["check", rel, *extra, "--json"], ["check", rel, *extra]]
    for threat in THREATS:
        out += [
            ["analyze", DEMO, "--threat", threat, "--json"],
            ["analyze", DEMO, "--threat", threat],
        ]
    for path in sorted((fixtures / "threats").glob("*.yaml")):
        out.append(["analyze", DEMO, "--threat", str(path.relative_to(ROOT)), "--json"])
    out.append(["analyze", DEMO, "--unit", "Bulwark", "--rounds", "3"])
    for path in sorted((fixtures / "bad_catalogs").iterdir()):
        out.append(["parts", "--catalog", str(path.relative_to(ROOT)), "--json"])
    return out


def run(argv: list[str]) -> dict:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    return {"argv": argv, "exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    results = [run(argv) for argv in cases()]
    (ROOT / "tests" / "golden" / "outputs.json").write_text(
        json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(results)} outputs recorded")
