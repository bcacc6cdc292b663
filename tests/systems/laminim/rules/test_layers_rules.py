"""The rules core imports nothing but the standard library, numpy and itself (STYLE: layers)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import builder.systems.laminim.rules

ALLOWED = {"numpy", "builder", "threadpoolctl"}  # threadpoolctl: pins BLAS threads


def test_rules_core_imports_only_stdlib_and_numpy():
    root = Path(builder.systems.laminim.rules.__file__).parent
    bad = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if (top == "builder" and not name.startswith("builder.systems.laminim.rules")) or (
                    top not in ALLOWED and top not in sys.stdlib_module_names
                ):
                    bad.append((path.name, name))
    assert bad == []
