"""The Textual TUI: assemble, understand, compare, save and print a team (no rules logic here)."""
