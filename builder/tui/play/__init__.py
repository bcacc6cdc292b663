"""The play screen (``laminim play RECORD`` at a terminal; docs/play.md "The play screen")."""
