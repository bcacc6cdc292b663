"""Space Opera Heroes at the table: the battle record's rules adapter, state file, view and
printing (docs/rules.md D23, docs/play.md "Space Opera Heroes")."""
