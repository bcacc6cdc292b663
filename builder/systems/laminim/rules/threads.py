"""One maths thread for the exact chain, whatever the machine (docs/rules.md §1.8 timings).

The chain is a long sequence of small array operations and matrix products. With OpenBLAS's
default thread pool each small product pays a wake-up and hand-off between threads, so on a
2-core machine the same unit took 20 ms with one thread and 44-344 ms with the default. Pinning
to one thread inside the rules core (not through an environment variable, which callers and test
runners would each have to remember) makes the timing a property of the code.

A process whose OpenBLAS already started with one thread (``OPENBLAS_NUM_THREADS=1`` before numpy
loaded, as importing ``builder`` asks, and so no worker thread beside this one) needs no pin:
``one_maths_thread`` then neither imports ``threadpoolctl`` nor scans the loaded libraries, about
40 M instructions of an analysis' start (``bench/bench_startup.py --instructions``). Anything
else (another BLAS, more threads, the variable unset or set after numpy loaded) is pinned.

``threadpoolctl`` is optional: without it the chain runs unpinned, still correct.
"""

from __future__ import annotations

import os
from contextlib import AbstractContextManager, nullcontext
from typing import Any

_controller: Any = None  # threadpoolctl's controller once built; False: none is needed
_TASKS = "/proc/self/task"  # one entry per native thread of this process (Linux)


def blas_has_one_thread() -> bool:
    """True when numpy's BLAS is OpenBLAS started with one thread (asked for one before it
    loaded, and no native thread of the process besides the caller's). False when unsure."""
    try:
        from numpy.__config__ import CONFIG

        blas = str(CONFIG["Build Dependencies"]["blas"]["name"])
        tasks = len(os.listdir(_TASKS))
    except (ImportError, KeyError, TypeError, OSError):
        return False
    return "openblas" in blas and os.environ.get("OPENBLAS_NUM_THREADS") == "1" and tasks == 1


def one_maths_thread() -> AbstractContextManager[Any]:
    """Context manager limiting BLAS/OpenMP pools to one thread; restores them on exit.

    Decided on first use: nothing to do when the BLAS already runs on one thread
    (``blas_has_one_thread``); else threadpoolctl's controller (which scans the loaded native
    libraries once) is built and kept, so entering the limit costs microseconds.
    """
    global _controller
    if _controller is None:
        _controller = False if blas_has_one_thread() else _threadpool_controller()
    if _controller is False:
        return nullcontext()
    return _controller.limit(limits=1)


def _threadpool_controller() -> Any:
    try:  # threadpoolctl: a small, well-kept maths-runtime helper (see the layering test)
        from threadpoolctl import ThreadpoolController
    except ImportError:  # pragma: no cover - the chain is still right, only its timing varies
        return False
    return ThreadpoolController()
