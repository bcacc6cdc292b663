"""Survival chains computed once for a whole report, on every core (``laminim balance``).

The balance report runs the optimiser against every threat; ``balance --suggest`` runs the
report again on changed catalogs. Every run needs the same distinct chains (a chain depends on
the frame's durability, what the threat's dice see of each slot, the threat and the rounds;
never on names, weights or payloads), so a :class:`ChainBank` computes each one once and the
optimiser reads them through :meth:`ChainBank.runner`.

Why processes. Building a chain's tables is Python work that holds the GIL (only the compiled
loops release it), so the optimiser's threads overlap a third of a chain at best; forked
processes (``builder.core.forking``) overlap all of it and inherit the loaded engine. Only a
single-threaded process forks: the TUI's report (a worker thread) and the suggest dialog fill
the bank on threads. A child that dies (the OOM killer) costs time, not the report: what it
had not returned is computed here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from builder.core.forking import fork_pool, fork_workers

if TYPE_CHECKING:
    from builder.systems.laminim.rules import ThreatSpec, UnitSpec
    from builder.systems.laminim.rules.optimize import Chain, ChainRunner, Memo

Progress = Callable[[int, int], None]
Job = tuple["ThreatSpec", tuple, "UnitSpec"]
"""A chain to compute: the threat, the optimiser's chain key and the unit."""

_FORK_FROM = 64
"""Fewer missing chains than this are computed here (a fork costs more than they do)."""
_CHUNKS_PER_WORKER = 12
"""Each worker gets its share in about this many pieces: late pieces even out the cores, and
the progress line moves."""


def _chains(items: Sequence[tuple[UnitSpec, ThreatSpec]], rounds: int, exact: bool) -> list:
    """In a child (or here): the chains of ``items``, in order."""
    from builder.systems.laminim.rules.optimize import chain_of

    return [chain_of(unit, threat, rounds, exact) for unit, threat in items]


class ChainBank:
    """Chains by (threat, rounds, exact, chain key), filled in bulk, read by the optimiser."""

    def __init__(self) -> None:
        self.chains: dict[tuple, Chain] = {}
        self._memos: dict[tuple, Memo] = {}
        self._ready: Callable[[ThreatSpec], None] | None = None
        self._waiting: dict[ThreatSpec, int] = {}

    def __len__(self) -> int:
        return len(self.chains)

    def fill(
        self,
        jobs: Sequence[Job],
        rounds: int,
        exact: bool,
        progress: Progress | None = None,
        ready: Callable[[ThreatSpec], None] | None = None,
    ) -> None:
        """Compute every chain of ``jobs`` not yet banked, on every core when this process
        may fork; ``progress(done, total)`` over ``jobs``. ``ready(threat)`` is called here as
        soon as every chain of that threat is banked, while the workers go on with the next
        threats (the report scores one threat while the next one's chains are computed).
        Raises ``budget.TooLarge`` (only with ``exact``: callers check sizes first) and
        KeyboardInterrupt as a chain would."""
        missing: dict[tuple, tuple[UnitSpec, ThreatSpec]] = {}
        waiting: dict[ThreatSpec, int] = {}
        for threat, key, unit in jobs:
            full = (threat, rounds, exact, key)
            waiting.setdefault(threat, 0)
            if full not in self.chains and full not in missing:
                missing[full] = (unit, threat)
                waiting[threat] += 1
        total = len(jobs)
        self._ready = ready
        self._waiting = waiting
        for threat, count in list(waiting.items()):
            if count == 0:
                self._banked(threat, 0)
        done = total - len(missing)
        keys = list(missing)
        if keys:  # one here first: it loads the engine every child then inherits
            self.chains[keys[0]] = _chains([missing[keys[0]]], rounds, exact)[0]
            done += 1
            self._banked(keys[0][0], 1)
            keys = keys[1:]
        workers = fork_workers(len(keys) // _FORK_FROM)
        pool = fork_pool(workers)
        if pool is None:
            self._here(keys, missing, rounds, exact, progress, done, total)
            return
        from concurrent.futures import as_completed
        from concurrent.futures.process import BrokenProcessPool

        size = max(1, len(keys) // (workers * _CHUNKS_PER_WORKER))
        pieces = [keys[i : i + size] for i in range(0, len(keys), size)]
        try:
            futures = {
                pool.submit(_chains, [missing[k] for k in piece], rounds, exact): piece
                for piece in pieces
            }
            for future in as_completed(futures):
                piece = futures[future]
                try:
                    found = future.result()
                except BrokenProcessPool:
                    continue  # computed below
                self.chains.update(zip(piece, found, strict=True))
                done += len(piece)
                if progress is not None:
                    progress(done, total)
                for full in piece:
                    self._banked(full[0], 1)
        except BaseException:  # Ctrl+C or an error: the pieces not begun are not computed
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown()
        left = [k for k in keys if k not in self.chains]
        self._here(left, missing, rounds, exact, progress, done, total)

    def _here(
        self,
        keys: list[tuple],
        missing: dict[tuple, tuple[UnitSpec, ThreatSpec]],
        rounds: int,
        exact: bool,
        progress: Progress | None,
        done: int,
        total: int,
    ) -> None:
        """``keys`` computed in this process, on the optimiser's threads."""
        from builder.systems.laminim.rules.optimize import threaded

        by_threat: dict[ThreatSpec, dict[tuple, UnitSpec]] = {}
        for full in keys:
            unit, threat = missing[full]
            by_threat.setdefault(threat, {})[full] = unit
        run = threaded(_threads())
        for threat, units in by_threat.items():
            base = done

            def step(n: int, _: int, base: int = base) -> None:
                if progress is not None:
                    progress(base + n, total)

            self.chains.update(run(units, threat, rounds, exact, step))
            done += len(units)
            self._banked(threat, len(units))
        if progress is not None and total:
            progress(total, total)

    def _banked(self, threat: ThreatSpec, count: int) -> None:
        """``count`` more chains of ``threat`` banked: tell ``ready`` when it has them all."""
        left = self._waiting.get(threat)
        if left is None:
            return
        left -= count
        self._waiting[threat] = left
        if left <= 0:
            del self._waiting[threat]
            if self._ready is not None:
                self._ready(threat)

    def memo(self, threat: ThreatSpec, rounds: int, exact: bool, rank: str) -> Memo:
        """The rows scored from this bank's chains against ``threat`` (``score_plan``'s memo):
        the next report on a catalog with other weights or payloads scores only what
        changed."""
        return self._memos.setdefault((threat, rounds, exact, rank), {})

    def runner(self) -> ChainRunner:
        """The optimiser's chain runner: banked chains read, missing ones computed (threads)
        and banked."""
        from builder.systems.laminim.rules.optimize import threaded

        def run(
            jobs: dict[tuple, UnitSpec],
            threat: ThreatSpec,
            rounds: int,
            exact: bool,
            progress: Progress | None,
        ) -> dict[tuple, Chain]:
            missing = {
                k: u for k, u in jobs.items() if (threat, rounds, exact, k) not in self.chains
            }
            if missing:
                found = threaded(_threads())(missing, threat, rounds, exact, progress)
                self.chains.update(((threat, rounds, exact, k), c) for k, c in found.items())
            elif progress is not None:
                progress(len(jobs), len(jobs))
            return {k: self.chains[(threat, rounds, exact, k)] for k in jobs}

        return run


def _threads() -> int:
    from builder.core.forking import usable_cores
    from builder.systems.laminim.rules.optimize import WORKERS

    return min(WORKERS, usable_cores())
