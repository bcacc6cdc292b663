"""The share code's length (issue 35: a 3-unit LAMINIM team well under 200 characters), ours
beside the alternatives, on every example and demo file of the four games and on battle records.

Run from a checkout: ``python bench/bench_share_code.py``. Prints figures only; no test reads
them. Each row is one file (or one battle record), its code made several ways, in characters:

- ``v1``: format 1, the code before issue 35's second pass (UTF-16 for Japanese);
- ``+short``: format 2's short texts only (a kana one byte; no name references, deflated
  without a dictionary when shorter);
- ``+names``: and a text equal to a catalog name (either language, or its half-width kana) as a
  name reference (two bytes);
- ``v2``: what ``laminim share`` prints now: that, or the texts as UTF-16 when shorter (kanji),
  each deflated with the catalog's preset dictionary (ids, names, name_ja) when shorter;
- ``yaml``: the file's YAML (flow style, ids as written) deflated, with the same header, digest
  and checksum (16 bytes), in base32: what "drop the binary tree" would give;
- ``b36``: v2's bytes in base 36 (a big number: digits and all 26 capitals, no I/L/O/U
  forgiveness); ``b45``: v2's bytes in RFC 9285 base45 (EU DCC: it has ``space $ % * + - . / :``,
  so it is not letters and digits, and chats and URLs mangle it);
- ``QR``: the QR version (error level M, segno) of the v1 code / the v2 code / the b45 text.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import segno  # noqa: E402
import yaml  # noqa: E402

from builder.cli import main  # noqa: E402
from builder.exchange import commands, record_code, record_share, share  # noqa: E402
from builder.exchange.code import PREFIX, from_base32  # noqa: E402
from builder.exchange.record_code import encode_record  # noqa: E402

FILES = sorted({*ROOT.glob("parts_catalog/*/demo_*.yaml"), *ROOT.glob("examples/*/*.yaml")})
HEAD_BYTES = 16
"""Header, length, game, flags, version, digest and checksum of a code (bundled catalog)."""


def chars(n_bytes: int) -> int:
    return len(PREFIX) + math.ceil(n_bytes * 8 / 5)


def base36(n_bytes: int) -> int:
    return len(PREFIX) + math.ceil(n_bytes * 8 / math.log2(36))


def base45(data: bytes) -> str:
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
    out = []
    for i in range(0, len(data), 2):
        pair = data[i : i + 2]
        n = int.from_bytes(pair, "big")
        digits = 3 if len(pair) == 2 else 2
        out += [alphabet[n // 45**k % 45] for k in range(digits)]
    return PREFIX + "".join(out)


def qr(text: str) -> int:
    return int(segno.make(text, error="m", micro=False, boost_error=False).version)


def code_bytes(code: str) -> int:
    return len(from_base32(code[len(PREFIX) :]))


Make = Callable[[], str]


def captured(make: Make) -> tuple[str, tuple[Any, ...]]:
    """The code ``make`` gives and the arguments it called ``shortest`` with (the tree writer
    among them), to pack that tree other ways."""
    seen: list[tuple[Any, ...]] = []
    real = share.shortest

    def spy(*args: Any) -> str:
        seen.append(args)
        return real(*args)

    share.shortest = record_code.shortest = spy  # type: ignore[assignment]
    try:
        return make(), seen[-1]
    finally:
        share.shortest = record_code.shortest = real  # type: ignore[assignment]


def without_names(make: Make) -> Make:
    def made() -> str:
        real = share.name_refs
        share.name_refs = lambda *_: {}  # type: ignore[assignment]
        try:
            return make()
        finally:
            share.name_refs = real

    return made


def plain_pack(make: Make) -> str:
    """The format-2 code of ``make``'s tree with short texts, deflated without a dictionary."""
    _, (kind, system, identity, flags, tree, bundled, _version) = captured(make)
    return share.pack(kind, system, identity, flags, tree(False), bundled, 2)


def row(label: str, v1: str, make_v2: Make, names: bool, plain: Any) -> list[str]:
    v2 = make_v2()
    short = plain_pack(without_names(make_v2))
    named = plain_pack(make_v2) if names else short
    raw = yaml.safe_dump(plain, allow_unicode=True, default_flow_style=True, width=1 << 30)
    deflated = zlib.compress(raw.encode("utf-8"), 9, wbits=-15)
    n2 = code_bytes(v2)
    b45 = base45(from_base32(v2[len(PREFIX) :]))
    sizes = [v1, short, named, v2]
    return [
        label,
        *(str(len(c)) for c in sizes),
        str(chars(HEAD_BYTES + len(deflated))),
        str(base36(n2)),
        str(len(b45)),
        f"{qr(v1)}/{qr(v2)}/{qr(b45)}",
    ]


def file_row(path: Path) -> list[str] | None:
    try:
        found = commands.usable_file(path, None)
    except Exception:  # a broken or threat file: share refuses it (exit 2)
        return None
    system, data, identity, pinned = found.system, found.data, found.identity, found.pinned
    bundled = commands._bundled_name(system)

    def make(version: int) -> str:
        return share.encode(system, data, identity, pinned, bundled, version)

    return row(path.relative_to(ROOT).as_posix(), make(1), lambda: make(2), True, data)


@dataclass
class Ran:
    code: int
    out: str
    err: str


def cli(*args: Any) -> Ran:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return Ran(code, out.getvalue(), err.getvalue())


def record_rows(folder: Path) -> list[list[str]]:
    """docs/play.md's worked game of each game (the files named as there), just started and
    over (tests/exchange/test_record_code.py plays the same games)."""
    from tests.docs import test_play_doc as laminim_doc
    from tests.docs.play_games import replay
    from tests.exchange.test_record_code import WORKED

    games = {
        "laminim": (
            {
                "samples.yaml": ROOT / "parts_catalog/laminim/demo_team.yaml",
                "rivals.yaml": ROOT / "examples/laminim/rivals.yaml",
            },
            "samples.battle.yaml",
            "2024",
        ),
        **WORKED,
    }
    out = []
    for game, (teams, name, seed) in games.items():
        here = folder / game
        here.mkdir()
        for file, source in teams.items():
            shutil.copy(source, here / file)
        started = cli("play", *(here / f for f in teams), "--seed", seed)
        assert started.code == 0, started.err
        out.append(record_row(f"{game} worked game, just started", here / name))
        shutil.rmtree(here)
        here.mkdir()
        old = os.getcwd()
        os.chdir(here)  # the worked games name their files relative to the folder
        try:
            if game == "laminim":
                for file, source in teams.items():
                    shutil.copy(source, here / file)
                cli("play", *teams, "--seed", seed)
                page = laminim_doc.DOCS / "play.md"
                for i, (_, text) in enumerate(b for b in laminim_doc.blocks(page) if b[0] == "do"):
                    (here / f"step{i}.yaml").write_text(text, encoding="utf-8")
                    assert cli("play", name, "--do", f"step{i}.yaml").code == 0
            else:
                replay(cli, here, "play.md", "en", game, teams, name, seed)
        finally:
            os.chdir(old)
        out.append(record_row(f"{game} worked game, over", here / name))
    return out


def record_row(label: str, record: Path) -> list[str]:
    session, identity, _ = record_share.shared_record(record, None)
    system, data = session.system, session.record_data()
    bundled = commands._bundled_name(system)

    def make(version: int) -> str:
        return encode_record(system, data, identity, bundled, version)

    return row(label, make(1), lambda: make(2), False, data)


def main_bench() -> int:
    head = ["file", "v1", "+short", "+names", "v2", "yaml", "b36", "b45*", "QR v1/v2/b45"]
    rows = [r for r in map(file_row, FILES) if r is not None]
    with tempfile.TemporaryDirectory() as tmp:
        rows += record_rows(Path(tmp))
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    print("* b45 is not letters and digits (space $ % * + - . / :): shown for its length only")
    print(encode_times())
    return 0


def encode_times() -> str:
    """The time to make a code in format 1 and 2 (format 2 writes the tree twice, its texts
    searched for the shortest bytes): the demo team and the largest Japanese crew, median of 21."""
    out = []
    for name in ("parts_catalog/laminim/demo_team.yaml", "examples/soh/japanese_names.yaml"):
        found = commands.usable_file(ROOT / name, None)
        bundled = commands._bundled_name(found.system)
        args = (found.system, found.data, found.identity, found.pinned, bundled)
        for version in (1, 2):
            times = []
            for _ in range(21):
                start = time.perf_counter()
                share.encode(*args, version)
                times.append(time.perf_counter() - start)
            out.append(f"{name} v{version}: {statistics.median(times) * 1000:.1f} ms")
    load = os.getloadavg()[0]
    return f"encode (load {load:.1f}): " + "; ".join(out)


if __name__ == "__main__":
    sys.exit(main_bench())
