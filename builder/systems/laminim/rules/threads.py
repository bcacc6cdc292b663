"""One maths thread for the exact chain, whatever the machine (docs/rules.md §1.8 timings).

The chain is a long sequence of small array operations and matrix products. With OpenBLAS's
default thread pool each small product pays a wake-up and hand-off between threads, so on a
2-core machine the same unit took 20 ms with one thread and 44-344 ms with the default. Pinning
to one thread inside the rules core (not through an environment variable, which callers and test
runners would each have to remember) makes the timing a property of the code.

``threadpoolctl`` is optional at import time: without it the chain runs unpinned, still correct.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

try:  # threadpoolctl: a small, well-kept maths-runtime helper (see the layering test)
    from threadpoolctl import ThreadpoolController
except ImportError:  # pragma: no cover - the chain is still right, only its timing varies
    ThreadpoolController = None

_controller: Any = None


def one_maths_thread() -> AbstractContextManager[Any]:
    """Context manager limiting BLAS/OpenMP pools to one thread; restores them on exit.

    The controller (which scans the loaded native libraries once) is built on first use and
    kept, so entering the limit costs microseconds rather than a library scan per call.
    """
    global _controller
    if ThreadpoolController is None:
        return nullcontext()
    if _controller is None:
        _controller = ThreadpoolController()
    return _controller.limit(limits=1)
