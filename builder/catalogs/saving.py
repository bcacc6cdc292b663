"""What the TUI asks of catalog versions: the pin a save writes, and the migration it offers
when it opens a file that names ids the catalog renamed.

Both never stop the player: a catalog whose identity cannot be read gives no pin (the save
goes on as before) and no offer.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from builder.catalogs.impact import catalog_folder, identity_of, uses_of
from builder.catalogs.migrate import Migration, migrate_text
from builder.catalogs.pin import Pin
from builder.core.input_files import read_input
from builder.core.problems import InputError
from builder.core.source import read_yaml
from builder.systems import AnySystem, WritesValues


def pin_for_save(system: AnySystem, directory: Path | None) -> Pin | None:
    """The pin of the catalog in use (its snapshot kept for a later ``check``), or None."""
    from builder.catalogs.store import save_snapshot

    try:
        identity = identity_of(system, catalog_folder(system, directory))
    except InputError:
        return None
    with contextlib.suppress(OSError):  # the pin is still worth writing without a snapshot:
        save_snapshot(identity)  # check then names the catalog the file was built on
    return Pin.of(identity)


def offered_migration(system: AnySystem, path: Path, directory: Path | None) -> Migration | None:
    """The migration of the file at ``path`` when it names ids the catalog renamed, else None."""
    try:
        identity = identity_of(system, catalog_folder(system, directory))
        if not identity.renamed:
            return None
        src = read_yaml(path)
        original = read_input(path).decode("utf-8", errors="replace")
        hook = system.value_text if isinstance(system, WritesValues) else None
        migration = migrate_text(original, uses_of(system, src.data), identity, hook)
    except (InputError, OSError, ValueError):
        return None
    return migration if migration.renamed else None
