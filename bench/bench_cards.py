"""Benchmark: ``laminim cards`` for the demo team, whole process (target < 3 s), beside the
fastest honest alternative: WeasyPrint alone turning the same three HTML documents (cards,
tokens and markers, roster) into PDFs in a fresh process, one after another (no catalog, no
fitting, no survival chains, no Japanese phrase breaking). ``laminim cards`` lays the PDFs out in
forked processes, one per core, so its wall time can be under its CPU time.

Run from the repository root: ``python bench/bench_cards.py``. Prints the median of 5 runs of
each, and where our time goes inside one process (the card contexts and the deck's fitting,
then the PDF engine).
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builder.core.i18n import Lang  # noqa: E402
from builder.core.resources import bundled_catalog_dir  # noqa: E402
from builder.roster.team_file import load_team  # noqa: E402
from builder.systems import get  # noqa: E402
from builder.systems.base import PrintOptions  # noqa: E402

RUNS = 5
DEMO = bundled_catalog_dir("laminim") / "demo_team.yaml"
LAMINIM = Path(sys.executable).with_name("laminim")

WEASYPRINT_ONLY = """
import sys
from pathlib import Path
from weasyprint import HTML
for n, name in enumerate(sys.argv[2:]):
    HTML(filename=name, base_url=sys.argv[1]).write_pdf(f"{name}.pdf")
"""


def _median(cmd: list[str]) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of ``cmd``'s runs: on a shared
    machine the wall time includes waiting for a core, the CPU time does not."""
    walls, cpus = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main(lang: Lang = "ja") -> None:
    from builder.render.batch import render_html
    from builder.render.pdf import pdf_bytes

    system = get("laminim")
    catalog = system.load_catalog(None)
    team = load_team(DEMO)[1]
    t0 = time.perf_counter()
    docs = system.printouts(team, catalog, PrintOptions(paper="a4", lang=lang, card_size="poker"))
    html = [render_html(p) for p in docs]
    fit_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    for h in html:
        pdf_bytes(h)
    pdf_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for p, h in zip(docs, html, strict=True):
            path = Path(tmp) / f"{p.kind}.html"
            path.write_text(h, encoding="utf-8")
            names.append(str(path))
        base = (ROOT / "templates").resolve().as_uri() + "/"
        alternative = _median([sys.executable, "-c", WEASYPRINT_ONLY, base, *names])
        ours = _median([str(LAMINIM), "cards", str(DEMO), "-o", tmp, "--lang", lang, "--force"])
    print(f"cards, tokens and markers, roster: demo team (3 units), lang={lang}, A4, poker")
    print(f"  whole process, median of {RUNS}:              wall      CPU")
    print(f"  laminim cards (target < 3 s)              {ours[0]:5.2f} s  {ours[1]:5.2f} s")
    alt_wall, alt_cpu = alternative
    print(f"  WeasyPrint alone, same HTML               {alt_wall:5.2f} s  {alt_cpu:5.2f} s")
    print(
        f"  inside one warm process: contexts, fitting and roster chains {fit_s:.2f} s,"
        f" PDF engine {pdf_s:.2f} s (one after another)"
    )


if __name__ == "__main__":
    main()
