"""Record page counts and sizes of the demo team's printouts (see make_golden.py).

Writes ``tests/golden/pdfs.json``: for each option set, each PDF's kind, page count and page
sizes in points. The text on the pages is compared too (names and labels), not the drawing.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

OPTIONS = [
    ("a4", "en", "poker"),
    ("letter", "ja", "large"),
]


def measure(out_dir: Path, paper: str, lang: str, size: str) -> list[dict]:
    import contextlib
    import io

    from pypdf import PdfReader

    from builder.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        code = main(
            [
                "cards",
                str(ROOT / "parts_catalog/laminim/demo_team.yaml"),
                "-o",
                str(out_dir),
                "--paper",
                paper,
                "--lang",
                lang,
                "--card-size",
                size,
            ]
        )
    assert code == 0
    out = []
    for line in buf.getvalue().split():
        reader = PdfReader(line)
        out.append(
            {
                "kind": Path(line).stem.rsplit("-", 1)[-1],
                "pages": len(reader.pages),
                "sizes": [
                    [round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)]
                    for p in reader.pages
                ],
                "words": sorted(
                    {w for p in reader.pages for w in (p.extract_text() or "").split()}
                ),
            }
        )
    return out


def record() -> dict:
    result = {}
    for paper, lang, size in OPTIONS:
        with tempfile.TemporaryDirectory() as tmp:
            result[f"{paper}-{lang}-{size}"] = measure(Path(tmp), paper, lang, size)
    return result


if __name__ == "__main__":
    data = record()
    (ROOT / "tests" / "golden" / "pdfs.json").write_text(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print({k: [(d["kind"], d["pages"]) for d in v] for k, v in data.items()})
