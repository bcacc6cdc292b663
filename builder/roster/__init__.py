"""Units and teams: the team file format, catalog resolution and legality."""
