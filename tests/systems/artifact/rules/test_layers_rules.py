"""The artifact rules core imports nothing but the standard library, numpy and itself."""

from __future__ import annotations

import ast
import doctest
import sys
from pathlib import Path

import builder.systems.artifact.rules
from builder.systems.artifact.rules import odds

ALLOWED = {"numpy"}
OWN = "builder.systems.artifact.rules"


def test_rules_core_imports_only_stdlib_numpy_and_itself():
    root = Path(builder.systems.artifact.rules.__file__).parent
    bad = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.level > 1:
                names = ["." * node.level + (node.module or "")]  # climbs out of rules/
            for name in names:
                top = name.split(".")[0]
                if name.startswith(OWN):
                    continue
                if top not in ALLOWED and top not in sys.stdlib_module_names:
                    bad.append((path.name, name))
    assert bad == []


def test_docstring_examples_run():
    failures, tried = doctest.testmod(odds)
    assert tried > 0 and failures == 0
