"""The soh rules core is pure (DESIGN.md): stdlib maths and numpy only, no other builder code."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).parents[4] / "builder" / "systems" / "soh" / "rules"
ALLOWED = {
    "__future__",
    "collections",
    "dataclasses",
    "fractions",
    "functools",
    "itertools",
    "math",
    "numpy",
    "typing",
}


def test_soh_rules_import_only_stdlib_maths_and_numpy():
    bad = []
    files = sorted(RULES.rglob("*.py"))
    assert files
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            bad += [f"{path.name}: {n}" for n in names if n.split(".")[0] not in ALLOWED]
    assert not bad, bad
