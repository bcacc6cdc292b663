"""laminim: builder, exact-odds calculator and card printer for homebrew mech games."""

import os

# numpy's OpenBLAS starts a thread per core when it loads (45 ms of a 100 ms import on a 2-core
# machine), and the rules core never lets it use them: every chain runs on one maths thread
# (``systems/laminim/rules/threads.py``). Asked for one before numpy loads, it starts none;
# a value the caller set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
