"""laminim runs no pydantic plugins, so its commands skip pydantic's search for them.

pydantic looks for plugins when it builds its first model: ``pydantic.plugin._loader`` imports
``importlib.metadata`` (with ``email``, ``zipfile``, ``socket``, ``csv``...) and reads the entry
points of every installed package. That is about 20 ms of CPU, a tenth of a whole ``laminim
check``, for a search that finds nothing laminim uses. ``PYDANTIC_DISABLE_PLUGINS`` (pydantic's
own switch) skips the reading but not the imports, so the command line puts a loader that
offers no plugins in the loader's place before pydantic first asks for it
(``bench/bench_startup.py`` measures the command). A ``PYDANTIC_DISABLE_PLUGINS`` set in the
environment is pydantic's to read: then the real loader runs as usual.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

LOADER = "pydantic.plugin._loader"


def _no_plugins() -> tuple[()]:
    return ()


def skip_plugin_search() -> None:
    """Install the loader that offers no plugins, unless pydantic has loaded its own already
    or the environment says which plugins to run."""
    if LOADER in sys.modules or "PYDANTIC_DISABLE_PLUGINS" in os.environ:
        return
    loader = ModuleType(LOADER, "laminim runs no pydantic plugins (builder.core.pydantic_plugins)")
    loader.get_plugins = _no_plugins  # type: ignore[attr-defined]
    sys.modules[LOADER] = loader
