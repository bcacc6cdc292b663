"""The rules core imports nothing but the standard library, numpy and itself (STYLE: layers)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ALLOWED = {"numpy"}
OWN = "builder.systems.kuroganen.rules"


def test_rules_core_imports_only_stdlib_and_numpy():
    root = Path(__file__).resolve().parents[4] / "builder" / "systems" / "kuroganen" / "rules"
    assert (root / "__init__.py").is_file()
    bad = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.level > 1:
                names = ["." * node.level + (node.module or "")]  # reaches out of rules/
            for name in names:
                top = name.split(".")[0]
                if name.startswith(OWN):
                    continue
                if top not in ALLOWED and top not in sys.stdlib_module_names:
                    bad.append((path.name, name))
    assert bad == []
