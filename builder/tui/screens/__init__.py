"""Full screens of the TUI, one per file (``*_screen.py``)."""
