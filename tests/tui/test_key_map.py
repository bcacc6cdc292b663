"""One key map for the same acts in every game (builder/tui/keys.py): a screen that binds one of
its keys binds it to that act, a game's own acts use other keys, and every game's first screen
has the acts on items (add, duplicate, rename, remove, edit)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from builder import systems
from builder.tui import keys
from builder.tui.screen import DocumentScreen

GAMES = ["laminim", "artifact", "soh", "kuroganen"]


def _screens() -> list[type]:
    """Every document screen class of the kit and of each game's tui package."""
    packages = ["builder.tui", *(f"builder.systems.{g}.tui" for g in GAMES)]
    found: dict[str, type] = {}
    for name in packages:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            module = importlib.import_module(info.name)
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, DocumentScreen) and cls.__module__ == info.name:
                    found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[k] for k in sorted(found)]


SCREENS = _screens()


def test_every_game_has_screens_to_check():
    modules = {cls.__module__.split(".")[2] for cls in SCREENS if cls.__module__.count(".") > 2}
    assert set(GAMES) <= modules


@pytest.mark.parametrize("screen", SCREENS, ids=lambda c: c.__qualname__)
def test_a_key_of_the_map_does_its_act_on_every_screen(screen):
    wrong = []
    for binding in screen.BINDINGS:
        for key in binding.key.split(","):
            act = keys.RESERVED.get(key)
            if act is not None and binding.action != act:
                wrong.append(f"{key}: {binding.action} (the map says {act})")
    assert not wrong, wrong


@pytest.mark.parametrize("game", GAMES)
def test_every_games_first_screen_has_the_acts_on_items(game):
    ui = systems.get(game).tui()
    assert ui.first_screen is not None
    first = inspect.signature(ui.first_screen).return_annotation
    screen = next(cls for cls in SCREENS if cls.__name__ == str(first).split(".")[-1])
    for act in ("add", "duplicate", "rename", "remove", "edit"):
        assert hasattr(screen, f"action_{act}"), (screen, act)
    bound = {b.action for b in screen.BINDINGS}
    assert {"add", "duplicate", "rename", "remove", "edit"} <= bound
