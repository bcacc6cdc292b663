"""Artifact's part of the TUI: the force screen with its odds panel, and the compare screen."""
