"""The odds module's docstring examples run (its import rules live in tests/test_layers.py)."""

from __future__ import annotations

import doctest

from builder.systems.artifact.rules import odds


def test_docstring_examples_run():
    failures, tried = doctest.testmod(odds)
    assert tried > 0 and failures == 0
