"""The play screen's keys, measured as a player meets them: from the key press to the screen
redrawn (Textual's pilot at 80×24, no terminal), in one run, beside the floor of the same key
with nothing to compute (a face typed on the action line: Textual's own cost of a key).

Run from a checkout: ``python bench/bench_play_screen.py``. Prints figures only.

Keys: a face typed on the action line; ``enter`` on an attack (apply, save the record
atomically, every touched unit's odds (D21) again, redraw); ``enter`` on the end of a round
with a cook-off chain; ``ctrl+z`` (the record's undo, saved) and ``ctrl+y``; ``t`` (every
unit's odds against another threat); ``l`` (the screen in the other language). The record is
docs/play.md's game after round 1.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from builder.play.session import Session  # noqa: E402
from builder.tui.play.record_document import RecordDocument  # noqa: E402
from builder.tui.play.screen import PlayApp  # noqa: E402
from tests.docs.test_play_doc import DOCS, blocks  # noqa: E402

ROUND_2 = [
    "attack by: 4, weapon: 1, target: 2, hits: 66546123, locations: 44451",
    "launch by: 5, weapon: 2, target: 2",
    "contact token: T2, unit: 2, locations: 4452",
    "attack by: 3, weapon: 3, target: 4, distance: 1, single: true, hits: 146, locations: 13",
]
END = "end-round dice: 1416235642551342656"


def record(folder: Path) -> Path:
    shutil.copy(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", folder / "samples.yaml")
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", folder / "rivals.yaml")
    session = Session.begin([folder / "samples.yaml", folder / "rivals.yaml"], seed=2024)
    for text in [t for kind, t in blocks(DOCS / "play.md") if kind == "do"][:2]:
        session.apply_data(yaml.safe_load(text))
    return session.path


async def timed(pilot, key: str) -> float:
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    return 1000 * (time.perf_counter() - start)


async def type_line(pilot, text: str) -> list[float]:
    await pilot.press("enter")
    faces = []
    for ch in text:
        faces.append(await timed(pilot, "space" if ch == " " else ch))
    return faces


async def one_run(path: Path) -> dict[str, list[float]]:
    app = PlayApp(RecordDocument.open(path), "ja")
    figures: dict[str, list[float]] = {k: [] for k in ("face", "attack", "end", "undo", "redo")}
    figures |= {"t": [], "l": []}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for line in ROUND_2:
            figures["face"] += await type_line(pilot, line)
            figures["attack"].append(await timed(pilot, "enter"))
        figures["face"] += await type_line(pilot, END)
        figures["end"].append(await timed(pilot, "enter"))
        figures["undo"].append(await timed(pilot, "ctrl+z"))
        figures["redo"].append(await timed(pilot, "ctrl+y"))
        figures["t"].append(await timed(pilot, "t"))
        figures["l"].append(await timed(pilot, "l"))
    return figures


def main() -> None:
    runs = 3
    total: dict[str, list[float]] = {}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            for key, values in asyncio.run(one_run(record(Path(tmp)))).items():
                total.setdefault(key, []).extend(values)
    print(f"play screen at 80x24 (ja), {runs} runs, ms from key press to screen redrawn:")
    names = {
        "face": "a face typed on the action line (floor: Textual's own key)",
        "attack": "enter: an action applied, saved, odds again",
        "end": "enter: end of round with a cook-off chain",
        "undo": "ctrl+z: the record's undo, saved",
        "redo": "ctrl+y: redo, saved",
        "t": "t: every unit's odds against another threat",
        "l": "l: the other language",
    }
    for key, label in names.items():
        values = total[key]
        print(
            f"  {label:<58} median {statistics.median(values):6.1f}  max {max(values):6.1f}"
            f"  (n={len(values)})"
        )


if __name__ == "__main__":
    main()
