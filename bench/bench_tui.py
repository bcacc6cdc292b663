"""TUI speed at 80×24, as a player feels it: how long until each screen shows something, and
until its numbers are in.

Run from the repository root: ``python bench/bench_tui.py [--quick] [--against DIR]``
(``--against``: the first screen of this checkout and of another, in turn). Prints figures
only; no test reads them. Targets (docs/design.md "Quality bars"): the first screen < 1 s; a part
change shows new numbers < 100 ms; compare and suggest draw at once and fill in after.

- *first screen*: ``laminim`` with no arguments in a fresh interpreter (Textual's headless
  driver in place of the terminal), from its start to the team screen painted, wall and CPU
  time, also the whole process as spawned;
- *unit editor*: from Enter on a unit to the editor painted, and to its survival numbers shown
  (the engine loaded by the team screen's warm-up, the numbers not cached);
- *part change*: from a slot change to the first paint with the new numbers, each loadout
  new to the session (the analysis cache is cleared before each, so every one pays a full
  computation), also in CPU time of the process (what a loaded machine does not inflate);
- *compare*: from ``c`` to the screen painted, and to its table filled;
- *suggest*: from ``s`` to the dialog painted (with its progress line), and to the list shown;
- *every game*: each game's demo file opened in the app (document read, catalog, first screen
  painted), then a key of its own editor to the new numbers painted (artifact: the odds
  panel's weapon; soh: a character's agility in the editor, its derived values and planner
  beside it; kuroganen: the movement, its reach), an undo of it, and the document's problems
  worked out again after the edit (the worker that checks the text a save would write, as
  ``laminim check`` would).

"Painted" means the screen is the active one and has refreshed once (``call_after_refresh``):
what the terminal shows. (``pilot.pause()`` is no clock for this: it waits for the process's
CPU to go idle, which a computing worker never lets it.)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZE = (80, 24)
START_RUNS = 5
CHANGES = 30

_CHILD = """
import time
t0, c0 = time.perf_counter(), time.process_time()
import asyncio, sys
sys.path.insert(0, {root!r})
from builder.tui.app import BuilderApp

def run(app, *args, **kwargs):
    # ``laminim`` as typed, on Textual's headless driver: print when the first screen is drawn
    from builder.systems.laminim.tui.screens.team_screen import TeamScreen

    async def main():
        async with app.run_test(size={size!r}) as pilot:
            while not isinstance(app.screen, TeamScreen):
                await asyncio.sleep(0.001)
            drawn = asyncio.Event()
            marks = []

            def mark():  # at the paint: the background warm-up's CPU comes after
                marks.append((time.perf_counter() - t0, time.process_time() - c0))
                drawn.set()

            app.screen.call_after_refresh(mark)
            await drawn.wait()
            print(*marks[0])

    asyncio.run(main())
    return 0

BuilderApp.run = run
from builder.cli import main
main([])
"""


def start_times(runs: int, root: Path = ROOT) -> list[tuple[float, float, float]]:
    """(wall seconds of the spawned process up to the paint, wall and CPU seconds from the
    interpreter's start) of ``laminim`` with no arguments, each in a fresh process, on the
    checkout at ``root``. The children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is
    dropped), as an installed package has it: one untimed run first writes it (as
    ``bench_startup`` does; compiling the sources each time cost ~60 ms of every start)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for run in range(runs + 1):
        t0 = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", _CHILD.format(root=str(root), size=SIZE)],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env=env,
        )
        wall = time.perf_counter() - t0
        inner, cpu = (float(v) for v in out.stdout.strip().splitlines()[-1].split())
        if run:  # the first run writes the bytecode
            times.append((wall, inner, cpu))
    return times


class Waiter:
    """Watches the app: for the message that says "numbers shown", and for the first time a new
    screen of a kind is written to the terminal.

    The latter wraps Textual's ``Screen._compositor_refresh`` (the call that sends a screen's
    lines to the driver): a refresh callback asked for once the screen is up would wait for
    its next change, the numbers, and ``pilot.pause()`` waits for the process's CPU to go idle,
    which a computing worker never lets it."""

    def __init__(self) -> None:
        from textual.screen import Screen

        self.event = asyncio.Event()
        self.want: type | None = None
        self.paint_kind: type | None = None
        self.drawn = asyncio.Event()
        original = Screen._compositor_refresh
        waiter = self

        def refresh(screen: Any) -> None:
            original(screen)
            kind = waiter.paint_kind
            if kind is not None and isinstance(screen, kind) and screen is screen.app.screen:
                waiter.paint_kind = None
                waiter.drawn.set()

        Screen._compositor_refresh = refresh  # type: ignore[method-assign]

    def hook(self, message: Any) -> None:
        if self.want is not None and isinstance(message, self.want):
            self.event.set()

    def expect(self, kind: type) -> None:
        self.want = kind
        self.event.clear()

    def expect_paint(self, kind: type) -> None:
        self.paint_kind = kind
        self.drawn.clear()

    async def wait(self, timeout: float = 120.0) -> None:
        await asyncio.wait_for(self.event.wait(), timeout)

    async def painted(self, timeout: float = 60.0) -> None:
        await asyncio.wait_for(self.drawn.wait(), timeout)


async def settle(app: Any) -> None:
    """Until every worker is done (a worker a newer one replaced counts as done)."""
    from textual.worker import WorkerCancelled

    for worker in list(app.workers):
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()


async def screens(changes: int) -> dict[str, Any]:
    """Editor entry, part changes, compare and suggest timings in one app at 80×24."""
    from builder.systems.laminim import analysis
    from builder.systems.laminim.tui.dialogs.suggest_dialog import SuggestDialog
    from builder.systems.laminim.tui.screens.compare_screen import CompareScreen
    from builder.systems.laminim.tui.screens.team_screen import TeamScreen
    from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen
    from builder.tui.app import BuilderApp

    waiter = Waiter()
    app = BuilderApp.from_paths(None, None)
    weapons = [w.id for w in app.catalog.weapons]
    loadouts = [(a, b) for a in weapons for b in weapons][:changes]
    out: dict[str, Any] = {}
    async with app.run_test(size=SIZE, message_hook=waiter.hook) as pilot:
        while not isinstance(app.screen, TeamScreen):
            await pilot.pause()
        await asyncio.sleep(TeamScreen.WARM_UP_AFTER + 0.1)
        await settle(app)  # the engine loaded in the background, as a player reading the team

        # the unit editor: Enter on the second unit (the Bulwark), cache cold (the warm-up
        # had cached it: a player who looks at the team for a second gets its numbers at once)
        analysis._cached.cache_clear()
        await pilot.press("down")
        waiter.expect(UnitEditorScreen.AnalysisShown)
        waiter.expect_paint(UnitEditorScreen)
        t0 = time.perf_counter()
        await app.screen.run_action("edit")  # what Enter does (pilot.press waits for idle CPU)
        await waiter.painted()
        out["editor_paint"] = time.perf_counter() - t0
        await waiter.wait()
        out["editor_numbers"] = time.perf_counter() - t0
        await settle(app)
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, UnitEditorScreen)

        # part changes, each loadout new: set slot 1, then time the change of slot 2 to the
        # first paint after the new numbers are on the editor's widgets (AnalysisShown is made
        # right after they are; pilot.pause() would add its idle test's 20 ms sleeps)
        made = UnitEditorScreen.AnalysisShown.__init__

        def numbers_in(message: Any, unit: Any) -> None:
            made(message, unit)
            waiter.expect_paint(UnitEditorScreen)

        UnitEditorScreen.AnalysisShown.__init__ = numbers_in  # type: ignore[method-assign,assignment]
        times, cpu = [], []
        for a, b in loadouts:
            editor.set_part(1, a)
            await settle(app)
            await pilot.pause()
            analysis._cached.cache_clear()
            waiter.paint_kind = None
            waiter.drawn.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            editor.set_part(2, b)
            await waiter.painted()
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            await settle(app)
        UnitEditorScreen.AnalysisShown.__init__ = made  # type: ignore[method-assign]
        out["changes"] = times
        out["changes_cpu"] = cpu

        # compare: the editor's unit beside the team's others, cache cold
        analysis._cached.cache_clear()
        waiter.expect(CompareScreen.Compared)
        waiter.expect_paint(CompareScreen)
        t0 = time.perf_counter()
        await app.screen.run_action("compare")
        await waiter.painted()
        out["compare_paint"] = time.perf_counter() - t0
        await waiter.wait()
        await pilot.pause()
        out["compare_filled"] = time.perf_counter() - t0
        await pilot.press("escape")
        while not isinstance(app.screen, UnitEditorScreen):
            await pilot.pause()
        await settle(app)  # the editor's own numbers, recomputed on its return

        # suggest: the editor's frame against the threat
        waiter.expect_paint(SuggestDialog)
        t0 = time.perf_counter()
        await app.screen.run_action("suggest")
        await waiter.painted()
        out["suggest_paint"] = time.perf_counter() - t0
        dialog = app.screen
        out["suggest_status"] = str(dialog.query_one("#suggest-status").render())
        assert isinstance(dialog, SuggestDialog)
        while dialog.state == "computing":
            await asyncio.sleep(0.01)
        await pilot.pause()
        out["suggest_filled"] = time.perf_counter() - t0
        await pilot.press("escape")
    return out


async def painted_after(app: Any, act: Any, timeout: float = 60.0) -> float:
    """Seconds from ``act()`` (an action that posts an edit) to the app having applied it and
    the screen painted with it. An act that changes nothing (the document keeps its revision)
    is an error of the bench, said after ``timeout`` seconds instead of waiting for ever."""
    before = app.doc.revision
    t0 = time.perf_counter()
    await act()
    while app.doc.revision == before:
        if time.perf_counter() - t0 > timeout:
            raise TimeoutError(f"no edit applied on {type(app.screen).__name__} in {timeout} s")
        await asyncio.sleep(0)
    drawn = asyncio.Event()
    app.screen.call_after_refresh(drawn.set)
    await drawn.wait()
    return time.perf_counter() - t0


async def every_game(rounds: int) -> dict[str, dict[str, float]]:
    """Per game: open its demo file and paint the first screen; an edit by key to the new
    numbers on screen, its undo, and the problems checked again after it (the worker)."""
    from builder import systems
    from builder.tui.app import BuilderApp

    out: dict[str, dict[str, float]] = {}
    for game in ("artifact", "soh", "kuroganen"):
        t0 = time.perf_counter()
        app = BuilderApp.from_paths(None, None, game)
        got: dict[str, float] = {}
        async with app.run_test(size=SIZE) as pilot:
            while len(app.screen_stack) < 2:
                await asyncio.sleep(0.001)
            drawn = asyncio.Event()
            app.screen.call_after_refresh(drawn.set)
            await drawn.wait()
            got["open"] = time.perf_counter() - t0
            await settle(app)
            if game == "artifact":  # the odds panel's weapon: numbers, no edit of the file
                odds = []
                for _ in range(rounds):
                    t0 = time.perf_counter()
                    await app.screen.run_action("weapon")
                    drawn = asyncio.Event()
                    app.screen.call_after_refresh(drawn.set)
                    await drawn.wait()
                    odds.append(time.perf_counter() - t0)
                got["odds"] = statistics.median(odds)
                await pilot.press("down")  # the first MS: its type changes back and forth
            if game == "soh":
                await app.screen.run_action("edit")  # the first character in the editor
                await settle(app)
                await pilot.press("down", "down", "down")  # its agility
            edits, undos, checks = [], [], []
            for i in range(rounds):
                edits.append(await painted_after(app, _edit(app, game, i)))
                t_edit = time.perf_counter()
                await settle(app)  # the worker's check of the text a save would write
                checks.append(time.perf_counter() - t_edit + edits[-1])
                undos.append(await painted_after(app, _undo(app)))
                await settle(app)
            got["edit"] = statistics.median(edits)
            got["undo"] = statistics.median(undos)
            got["check"] = statistics.median(checks)
        out[systems.get(game).name] = got
    return out


def _edit(app: Any, game: str, i: int) -> Any:
    """An edit by the game's own key: an MS's type, a stat with ``+``, the movement."""

    async def act() -> None:
        screen = app.screen
        if game == "artifact":  # another type than the MS has (the same one is no edit)
            current = screen.force.units[screen.cursor()].type
            types = [m.id for m in app.catalog.mobile_suits if m.id != current]
            screen.set_type(screen.cursor(), types[i % len(types)])
        elif game == "soh":
            await screen.run_action("step(1)")
        else:
            await screen.run_action("move(1)")

    return act


def _undo(app: Any) -> Any:
    async def act() -> None:
        app.action_undo()

    return act


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def against(other: Path, runs: int) -> None:
    """The first screen of this checkout and of ``other`` (another checkout, e.g. before a
    change), measured in turn so a busy machine slows both alike; CPU time is what a loaded
    machine inflates least."""
    ours: list[tuple[float, float, float]] = []
    theirs: list[tuple[float, float, float]] = []
    for _ in range(runs):
        theirs += start_times(1, other)
        ours += start_times(1)
    for name, times in ((str(other), theirs), ("this checkout", ours)):
        inner = statistics.median(i for _, i, _ in times)
        cpu = statistics.median(c for _, _, c in times)
        print(f"first screen, {name}: median {ms(inner)} wall, {ms(cpu)} CPU over {runs} runs")


def main() -> None:
    quick = "--quick" in sys.argv
    if (
        "--against" in sys.argv
    ):  # before/after, interleaved: python bench/bench_tui.py --against DIR
        against(Path(sys.argv[sys.argv.index("--against") + 1]), 3 if quick else START_RUNS)
        return
    starts = start_times(2 if quick else START_RUNS)
    walls = [w for w, _, _ in starts]
    inners = [i for _, i, _ in starts]
    cpus = [c for _, _, c in starts]
    print(
        f"first screen (laminim, 80×24): median {ms(statistics.median(inners))} from interpreter "
        f"start ({ms(statistics.median(cpus))} CPU), {ms(statistics.median(walls))} as a spawned "
        f"process; runs {', '.join(ms(w) for w in walls)}  (target < 1000 ms)"
    )
    got = asyncio.run(screens(8 if quick else CHANGES))
    print(
        f"unit editor: painted after {ms(got['editor_paint'])}, "
        f"survival numbers after {ms(got['editor_numbers'])}"
    )
    changes = got["changes"]
    print(
        f"part change to new numbers on screen: median {ms(statistics.median(changes))}, "
        f"max {ms(max(changes))} over {len(changes)} new loadouts, cache cleared "
        f"(target < 100 ms); CPU median {ms(statistics.median(got['changes_cpu']))}"
    )
    print(
        f"compare: painted after {ms(got['compare_paint'])}, "
        f"table filled after {ms(got['compare_filled'])}"
    )
    print(
        f"suggest: painted after {ms(got['suggest_paint'])} "
        f"(showing {got['suggest_status']!r}), list after {ms(got['suggest_filled'])}"
    )
    for name, times in asyncio.run(every_game(4 if quick else 12)).items():
        odds = f"odds key {ms(times['odds'])}; " if "odds" in times else ""
        print(
            f"{name}: demo opened and painted {ms(times['open'])}; {odds}an edit by key to "
            f"new numbers painted {ms(times['edit'])}, its undo {ms(times['undo'])}; the "
            f"problems checked again {ms(times['check'])} after the key (medians)"
        )


if __name__ == "__main__":
    main()
