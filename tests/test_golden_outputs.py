"""The LAMINIM commands give the same output as before game systems became plug-ins.

``tests/golden/outputs.json`` and ``pdfs.json`` were recorded by the scripts beside them on the
main branch before the move; every command, file and option recorded there must still print the
same text, exit with the same code and write PDFs with the same pages, sizes and words.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(GOLDEN))

RECORDED = json.loads((GOLDEN / "outputs.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", RECORDED, ids=lambda c: " ".join(c["argv"]))
def test_command_output_unchanged(case, monkeypatch):
    from builder.cli import main

    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(case["argv"])
        except SystemExit as exc:
            code = exc.code
    assert (code, out.getvalue(), err.getvalue()) == (case["exit"], case["stdout"], case["stderr"])


@pytest.mark.skipif(os.environ.get("LAMINIM_SKIP_PDF") == "1", reason="PDF rendering skipped")
def test_printouts_unchanged():
    from make_pdf_golden import record

    expected = json.loads((GOLDEN / "pdfs.json").read_text(encoding="utf-8"))
    assert record() == expected
