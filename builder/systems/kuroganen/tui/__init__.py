"""The kuroganen map screen of the TUI: pick a start, change the movement, see the reach."""
