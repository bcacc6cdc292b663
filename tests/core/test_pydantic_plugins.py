"""laminim's commands skip pydantic's search for plugins (``builder.core.pydantic_plugins``)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pydantic

from builder.core import pydantic_plugins


def _names_taken_from_the_loader() -> set[str]:
    """Every name pydantic's own modules import from ``pydantic.plugin._loader``."""
    names: set[str] = set()
    for path in Path(pydantic.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("_loader"):
                names |= {alias.name for alias in node.names}
    return names


def test_the_stand_in_offers_every_name_pydantic_takes_from_its_loader():
    """A pydantic that asks its loader for more than ``get_plugins`` fails here, not at a
    player's first command."""
    taken = _names_taken_from_the_loader()
    assert "get_plugins" in taken
    code = (
        "import sys\n"
        "from builder.core.pydantic_plugins import LOADER, skip_plugin_search\n"
        "skip_plugin_search()\n"
        "print(sorted(n for n in dir(sys.modules[LOADER]) if not n.startswith('__')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert taken <= set(ast.literal_eval(out.stdout.strip()))


def _metadata_read(env: dict[str, str]) -> bool:
    code = (
        "import sys\n"
        "from builder.core.pydantic_plugins import skip_plugin_search\n"
        "skip_plugin_search()\n"
        "from pydantic import BaseModel\n"
        "class A(BaseModel):\n"
        "    x: int\n"
        "A(x=1)\n"
        "print('importlib.metadata' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return out.stdout.strip() == "True"


def test_models_are_built_without_reading_package_metadata_unless_the_environment_says():
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    assert not _metadata_read(env)
    assert _metadata_read({**env, "PYDANTIC_DISABLE_PLUGINS": "some-plugin"})


def test_pydantic_keeps_its_own_loader_once_loaded():
    """In a process that built a model before (the tests), nothing is replaced."""
    import pydantic.plugin._loader as real

    pydantic_plugins.skip_plugin_search()
    assert sys.modules[pydantic_plugins.LOADER] is real
