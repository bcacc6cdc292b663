"""The play screen's keys, measured as a player meets them: from the key press to the screen
redrawn (Textual's pilot at 80×24, no terminal), in one run, beside the floor of the same key
with nothing to compute (a face typed on the action line: Textual's own cost of a key).

Two ways to save, interleaved run by run: *drawn, then saved* (the app's: the record is
written on its saving thread once the new state is on screen) and *saved, then drawn* (each
action written before the screen is drawn, as the play screen did before: the YAML writer and
two fsyncs in the key's time). Quitting waits for the last save in both.

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
from builder.tui.app import BuilderApp  # noqa: E402
from builder.tui.play.record_document import RecordDocument  # noqa: E402
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


CLOCK = time.perf_counter
"""Wall time (``--cpu``: the app thread's own CPU time, which the machine's load does not
stretch and the saving thread does not count in)."""


def shown(app) -> tuple[str, ...]:
    """What a key may change on the play screen: its head, its state, the action line."""
    screen = app.screen
    texts = [str(screen.query_one(f"#{name}").render()) for name in ("head", "state", "said")]
    return (*texts, screen.query_one("#line").value)


PAINTED: list[float] = []
"""When the screen was last painted with something new (the app's ``_display`` wrapped)."""


def watch_paints(app) -> None:
    display = app._display

    def painted(screen, renderable):  # type: ignore[no-untyped-def]
        display(screen, renderable)
        if renderable is not None and not PAINTED and WATCH and shown(app) != WATCH[0]:
            PAINTED.append(CLOCK())

    app._display = painted


WATCH: list[tuple[str, ...]] = []
SEEN: dict[str, list[float]] = {}
"""Per key: ms from the press to the first paint that shows what it changed."""


async def timed(pilot, key: str, name: str = "") -> float:
    PAINTED.clear()
    WATCH[:] = [shown(pilot.app)]
    start = CLOCK()
    await pilot.press(key)
    await pilot.pause()
    end = CLOCK()
    WATCH.clear()
    if name:
        SEEN.setdefault(name, []).append(1000 * ((PAINTED[0] if PAINTED else end) - start))
    return 1000 * (end - start)


async def type_line(pilot, text: str) -> list[float]:
    await pilot.press("enter")
    faces = []
    for ch in text:
        faces.append(await timed(pilot, "space" if ch == " " else ch, "face"))
    return faces


class SavedFirst(RecordDocument):
    """The record written before the screen is drawn (each change saved at once)."""

    def act(self, action, label):  # type: ignore[no-untyped-def]
        said = super().act(action, label)
        self.session.save()
        self._saved = self.revision
        return said

    def undo(self):  # type: ignore[no-untyped-def]
        label = super().undo()
        self.session.save()
        self._saved = self.revision
        return label

    def redo(self):  # type: ignore[no-untyped-def]
        label = super().redo()
        self.session.save()
        self._saved = self.revision
        return label


async def one_run(path: Path, kind: type[RecordDocument]) -> dict[str, list[float]]:
    record = kind(Session.open(path))
    app = BuilderApp(None, lang="ja", record=record)
    watch_paints(app)
    figures: dict[str, list[float]] = {k: [] for k in ("face", "attack", "end", "undo", "redo")}
    figures |= {"t": [], "l": []}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for line in ROUND_2:
            figures["face"] += await type_line(pilot, line)
            figures["attack"].append(await timed(pilot, "enter", "attack"))
        figures["face"] += await type_line(pilot, END)
        figures["end"].append(await timed(pilot, "enter", "end"))
        figures["undo"].append(await timed(pilot, "ctrl+z", "undo"))
        figures["redo"].append(await timed(pilot, "ctrl+y", "redo"))
        figures["t"].append(await timed(pilot, "t", "t"))
        figures["l"].append(await timed(pilot, "l", "l"))
    assert record.flush() is None and not record.unsaved
    record.close()
    return figures


def main() -> None:
    global CLOCK
    if "--cpu" in sys.argv:
        CLOCK = time.thread_time
    runs = 3
    kinds = {"drawn, then saved": RecordDocument, "saved, then drawn": SavedFirst}
    total: dict[str, dict[str, list[float]]] = {k: {} for k in kinds}
    painted: dict[str, dict[str, list[float]]] = {k: {} for k in kinds}
    for _ in range(runs):
        for name, kind in kinds.items():  # interleaved: the machine's load hits both alike
            with tempfile.TemporaryDirectory() as tmp:
                SEEN.clear()
                for key, values in asyncio.run(one_run(record(Path(tmp)), kind)).items():
                    total[name].setdefault(key, []).extend(values)
                for key, values in SEEN.items():
                    painted[name].setdefault(key, []).extend(values)
    what = "app thread CPU ms" if CLOCK is time.thread_time else "ms"
    print(f"play screen at 80x24 (ja), {runs} runs each, {what} from key press to screen redrawn")
    print("(median / max; drawn, then saved = the app's; saved, then drawn = before)")
    names = {
        "face": "a face typed on the action line (floor)",
        "attack": "enter: an action applied, odds again",
        "end": "enter: end of round with a cook-off chain",
        "undo": "ctrl+z: the record's undo",
        "redo": "ctrl+y: redo",
        "t": "t: every unit's odds against another threat",
        "l": "l: the other language",
    }
    heads = list(kinds)
    for title, figures in (
        ("to the first paint that shows the key's result (what the player waits for)", painted),
        ("to the app idle again (the footer, a save before the screen, all done)", total),
    ):
        print(f"{title}:")
        print(f"  {'key':<44} {heads[0]:>22} {heads[1]:>22}")
        for key, label in names.items():
            cells = []
            for name in heads:
                values = figures[name][key]
                cells.append(f"{statistics.median(values):7.1f} / {max(values):7.1f}")
            print(f"  {label:<44} {cells[0]:>22} {cells[1]:>22}")


if __name__ == "__main__":
    main()
