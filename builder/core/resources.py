"""Where the bundled catalog and templates live, in a checkout and in an installed package.

An installed wheel carries them inside the package (``builder/_data/``, see pyproject.toml); a
source checkout or editable install has them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_DATA = _PACKAGE / "_data"
_REPO = _PACKAGE.parent


def _data_dir(name: str) -> Path:
    installed = _DATA / name
    if installed.is_dir():
        return installed
    return _REPO / name


def bundled_catalog_dir(system: str) -> Path:
    """The bundled catalog folder of a game system."""
    return _data_dir("parts_catalog") / system


def templates_dir() -> Path:
    """The bundled jinja2 templates and their CSS, fonts and assets."""
    return _data_dir("templates")
