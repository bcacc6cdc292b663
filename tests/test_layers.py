"""Layers one way (STYLE.md): the rules core imports no UI, template, YAML or pydantic code;
render and the catalog import no Textual; nothing below the TUI imports it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "builder"

FORBIDDEN = {
    "systems/laminim/rules": {
        "textual",
        "jinja2",
        "weasyprint",
        "yaml",
        "ruamel",
        "pydantic",
        "builder.catalog",
        "builder.roster",
        "builder.render",
        "builder.tui",
        "builder.cli",
    },
    "catalog": {
        "textual",
        "jinja2",
        "weasyprint",
        "builder.roster",
        "builder.render",
        "builder.tui",
        "builder.systems.laminim.rules",
    },
    "roster": {"textual", "jinja2", "weasyprint", "builder.render", "builder.tui"},
    "render": {"textual", "builder.tui"},
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_one_way(layer):
    bad = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not bad, bad
