"""The pin of a team file on the catalog side: writing one into a file on its own
(``laminim pin``) and naming it in messages. What a pin is and how a file holds it is the team
file's business (:mod:`builder.roster.pins`), imported from here by the catalog commands."""

from __future__ import annotations

from pathlib import Path

from builder.catalogs.words import pin_label
from builder.core.input_files import read_input
from builder.roster.pins import (
    PIN_KEY,
    Pin,
    PinnedFolder,
    catalog_path,
    load_plain,
    pinned_folder,
    pinned_text,
    read_pin,
    without_pin,
)

__all__ = [
    "PIN_KEY",
    "Pin",
    "PinnedFolder",
    "catalog_path",
    "load_plain",
    "pin_said",
    "pinned_folder",
    "pinned_text",
    "read_pin",
    "without_pin",
    "write_pin",
]


def pin_said(pin: Pin) -> tuple[str, str]:
    """``'Name' version 2 (digest 1a2b…)`` in English and in Japanese (a message parameter)."""
    return pin_label(pin.name, pin.version, pin.digest)


def write_pin(path: Path, pin: Pin) -> bool:
    """Pin the file at ``path`` (atomically); False when it already had this pin."""
    from builder.roster.team_file import writable_target, write_atomic

    target = writable_target(Path(path))
    original = read_input(target).decode("utf-8", errors="replace")
    text = pinned_text(original, pin)
    if text == original:
        return False
    write_atomic(target, text)
    return True
