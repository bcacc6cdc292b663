"""``python -m builder.tui [TEAM.yaml] [--catalog DIR]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from builder.tui.app import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m builder.tui", description="the builder TUI")
    parser.add_argument("team", nargs="?", type=Path, help="team file (default: the demo team)")
    parser.add_argument("--catalog", type=Path, default=None, help="catalog folder")
    args = parser.parse_args(argv)
    return run(args.team, args.catalog)


if __name__ == "__main__":
    sys.exit(main())
