"""Share codes, ``import`` and ``export`` (docs/export.md): generic, each game's part through
the kit's :class:`builder.systems.Exchanges`."""
