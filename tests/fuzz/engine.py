"""Hostile team files, catalogs and threat files of every registered game system, run through
``builder.cli.main(argv)`` in-process and judged by the bad-input bars. Each case belongs to a
family (:mod:`tests.fuzz.families`): mutated text, tags, special files, symlink loops, odd
names, files past their cap.

Used by the suite (``tests/fuzz/test_fuzz.py``, a few hundred hypothesis examples) and by
``bench/fuzz.py N`` (tens of thousands). The seeds come from the registry, so a system added to
``builder.systems.INSTALLED`` is fuzzed without touching this file: its demo file (team kind),
every YAML file of its bundled catalog folder (catalog kind) and every entry of a top-level
``threats:`` / ``opponents:`` list there, as a file of its own (threat kind).

A run is judged on: no traceback (any exception out of ``main``), an exit code in {0, 1, 2},
every stderr line that names a file with lines carrying ``file:line:col:``, the time taken.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import resource
import shutil
import signal
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from builder import systems
from builder.cli import main
from builder.core.resources import bundled_catalog_dir
from builder.systems import Compares
from tests.fuzz import families
from tests.fuzz.families import tag_text
from tests.fuzz.hardening_families import HARDENING, Built, dup_keys
from tests.fuzz.hardening_families import build as hardening_build

THREAT_KEYS = ("threats", "opponents")


@dataclass(frozen=True)
class Seed:
    system: str
    kind: str  # team | catalog | threat
    name: str  # the file's name (catalog: the file inside the catalog folder)
    text: str

    def __repr__(self) -> str:  # short, for hypothesis' falsifying example
        return f"Seed({self.system}, {self.kind}, {self.name})"


def seeds(system_ids: list[str] | None = None) -> list[Seed]:
    """The files to mutate, for every registered system (or those given)."""
    out: list[Seed] = []
    for sid in system_ids or systems.ids():
        system = systems.get(sid)
        demo = system.demo_file()
        out.append(Seed(sid, "team", demo.name, demo.read_text(encoding="utf-8")))
        folder = bundled_catalog_dir(sid)
        for path in sorted(folder.glob("*.yaml")):
            if path.resolve() == demo.resolve():
                continue
            text = path.read_text(encoding="utf-8")
            out.append(Seed(sid, "catalog", path.name, text))
            data = yaml.safe_load(text)
            for key in THREAT_KEYS:
                items = data.get(key) if isinstance(data, dict) else None
                for item in items if isinstance(items, list) else []:
                    if isinstance(item, dict):
                        dumped = yaml.safe_dump(item, allow_unicode=True, sort_keys=False)
                        out.append(Seed(sid, "threat", f"{item.get('id', 'threat')}.yaml", dumped))
    return out


# --- mutations ------------------------------------------------------------------------

HOSTILE = [
    '<img src="file:///etc/passwd">',
    '<link rel="stylesheet" href="http://127.0.0.1:9/x.css">',
    "@import url(http://127.0.0.1:9/x.css);",
    "{{ 7*7 }}",
    "{% for x in range(10**9) %}x{% endfor %}",
    "../../etc/passwd",
    "夜勤チーム",
    "x" * 2000,
    "",
    " ",
    "null",
    "~",
    "yes",
    "0o777",
    "1_000",
    "12:30:00",
    ".inf",
    "-.nan",
]
TOKENS = [
    "\x00", "\x07", "\t", "\r", "\r\n", "\ufeff", "\ufffe", "\u2028", "&a ", "*a", "*b",
    "!!python/object/apply:os.system ['true']", "!!binary aGk=", "!custom ", "{", "}", "[", "]",
    ": ", "- ", "? ", "---\n", "...\n", "%YAML 1.2\n", "'", '"', "#", "|\n", ">\n", "<<: *a\n",
    ",", "&a [*a]", "9" * 5000, "1" + "0" * 9, "-1", "0", "1.5", "1e400", "999999999999999999999",
    "true", "null", "[]", "{}",
]  # fmt: skip
NUMBERS = [0, -1, 1, 2, 7, 13, 10**3, 10**6, 10**9, 10**18, 2**63, -(2**31), 0.5, float("inf")]


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True) or [""]


def _m_token(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(TOKENS) + text[i:]


def _m_delete(rng: random.Random, text: str) -> str:
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + rng.randint(1, 40) :]


def _m_dup_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    return "".join(lines[: i + 1] + [lines[i]] * rng.choice([1, 2, 5, 300]) + lines[i + 1 :])


def _m_swap_lines(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


def _m_indent(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = rng.choice(["", " ", "  ", "\t", "      "]) + lines[i].lstrip(" ")
    return "".join(lines)


def _m_truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _m_number(rng: random.Random, text: str) -> str:
    spots = [m.span() for m in re.finditer(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w.])", text)]
    if not spots:
        return _m_token(rng, text)
    a, b = rng.choice(spots)
    value = rng.choice([*NUMBERS, "9" * rng.choice([20, 400, 4301, 6000])])
    return text[:a] + str(value) + text[b:]


def _m_word(rng: random.Random, text: str) -> str:
    spots = [m.span(1) for m in re.finditer(r":[ ]+([A-Za-z][\w -]*)$", text, flags=re.M)]
    spots += [m.span(1) for m in re.finditer(r"[\[,] ?([a-z][\w-]*)", text)]
    if not spots:
        return _m_token(rng, text)
    a, b = rng.choice(spots)
    replacement = rng.choice(HOSTILE)
    if rng.random() < 0.5:
        replacement = yaml.safe_dump(replacement, allow_unicode=True, width=10**6).strip()
        replacement = replacement.removesuffix("\n...").strip()
    return text[:a] + replacement + text[b:]


def _m_structure(rng: random.Random, text: str) -> str:
    """Parse, change one node (replace, drop, add, repeat a list item), dump again."""
    try:
        data = yaml.safe_load(text)
    except (yaml.YAMLError, ValueError, RecursionError):
        return _m_token(rng, text)
    slots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in list(node):
                slots.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for i in range(len(node)):
                slots.append((node, i))
                walk(node[i])

    walk(data)
    if not slots:
        return _m_token(rng, text)
    parent, key = rng.choice(slots)
    action = rng.randrange(6)
    if action == 0:
        parent[key] = _random_value(rng)
    elif action == 1:
        del parent[key]
    elif action == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "nmae", "system", "units", "id", str(key) + "s"])] = (
            _random_value(rng)
        )
    elif action == 3 and isinstance(parent, list):
        parent[key:key] = [parent[key]] * rng.choice([1, 3, 10, 60, 300])
    elif action == 4 and isinstance(parent[key], str):
        parent[key] = rng.choice(HOSTILE)
    else:
        parent[key] = [parent[key]] if rng.random() < 0.5 else {"x": parent[key]}
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, ValueError, RecursionError):
        return _m_token(rng, text)


def _random_value(rng: random.Random) -> Any:
    kind = rng.randrange(7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice(NUMBERS)
    if kind == 3:
        return rng.choice(HOSTILE)
    if kind == 4:
        return [rng.choice(NUMBERS) for _ in range(rng.randrange(5))]
    if kind == 5:
        return {"id": rng.choice(HOSTILE), "n": rng.choice(NUMBERS)}
    return -rng.random()


TEXT_MUTATIONS = [
    _m_token,
    _m_delete,
    _m_dup_line,
    _m_swap_lines,
    _m_indent,
    _m_truncate,
    _m_number,
    _m_number,
    _m_word,
    _m_word,
    _m_structure,
    _m_structure,
    _m_structure,
]


def _m_bytes(rng: random.Random, raw: bytes) -> bytes:
    """Bytes that are not UTF-8, or another encoding of the text."""
    choice = rng.randrange(4)
    if choice == 0:
        return raw.decode("utf-8", errors="replace").encode("utf-16")
    if choice == 1:
        try:
            return raw.decode("utf-8").encode("shift_jis", errors="replace")
        except UnicodeDecodeError:
            return raw
    i = rng.randrange(len(raw) + 1)
    return raw[:i] + bytes([rng.choice([0x80, 0xC3, 0xE9, 0xFF, 0xFE, 0x00])]) + raw[i:]


def mutate(text: str, rng: random.Random) -> bytes:
    """One to four mutations of ``text``; now and then bytes that are not UTF-8."""
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        text = rng.choice(TEXT_MUTATIONS)(rng, text)
    raw = text.encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.08:
        raw = _m_bytes(rng, raw)
    return raw


# --- running and judging ---------------------------------------------------------------


class Hang(Exception):
    """A run took longer than the alarm allows."""


@dataclass
class Run:
    seed: Seed
    argv: list[str]
    family: str = "text"
    code: int | None = None
    out: str = ""
    err: str = ""
    seconds: float = 0.0
    cpu: float = 0.0
    """CPU seconds of the run (this process and its waited-for children): what a run costs
    whatever else the machine is doing, where ``seconds`` (wall) grows with the load."""
    traceback: str | None = None
    unlocated: list[str] = field(default_factory=list)
    missed: list[tuple[str, str]] = field(default_factory=list)
    """(judge, detail) of what a family's own judge found wrong (hardening_families)."""

    def violations(self, max_seconds: float | None = None) -> list[str]:
        found = []
        if self.traceback is not None:
            found.append(f"traceback:\n{self.traceback}")
        elif self.code not in (0, 1, 2):
            found.append(f"exit code {self.code}")
        found += [f"problem line without a position: {line}" for line in self.unlocated]
        found += [f"{judge}: {detail}" for judge, detail in self.missed]
        if max_seconds is not None and self.seconds > max_seconds:
            found.append(f"took {self.seconds:.1f} s")
        return found


def _files_with_lines(folder: Path, extra: list[Path]) -> list[str]:
    paths = [p for p in folder.rglob("*") if p.is_file()] + extra
    named = {str(p) for p in paths if p.is_file() and p.stat().st_size > 0}
    return sorted(named, key=len, reverse=True)


_POSITION = re.compile(r"\d+:\d+: ")


def unlocated_lines(err: str, files: list[str]) -> list[str]:
    """stderr lines that name one of ``files`` without ``:line:col:`` after it."""
    bad = []
    for line in err.splitlines():
        for name in files:
            if line.startswith(name + ":"):
                if not _POSITION.match(line[len(name) + 1 :]):
                    bad.append(line)
                break
    return bad


def _team_commands(system_id: str, path: str, rng: random.Random, cards: bool) -> list[list[str]]:
    """The commands a team file goes through: check, analyze, and compare (FILE:UNIT with odd
    unit names too) where the system compares; ``-o ''`` is always bad input."""
    demo = str(systems.get(system_id).demo_file())
    commands = [["check", path], ["analyze", path], ["check", path, "--json"]]
    commands += [["analyze", path, "--json"], ["cards", path, "-o", ""]]
    if cards:
        commands.append(["cards", path, "-o", str(Path(path).parent / "out")])
    if isinstance(systems.get(system_id), Compares):
        unit = rng.choice(["Kestrel", "", "u" * 300, "a:b", "Unit: Alpha", "\\", "夜勤"])
        commands += [
            ["compare", path, f"{demo}:Kestrel"],
            ["compare", f"{path}:{unit}", f"{demo}:Kestrel"],
            ["compare", f"{demo}:Kestrel", f"{demo}:Bulwark", "-o", ""],
        ]
    return commands


def build_case(
    seed: Seed, rng: random.Random, work: Path, cards: bool = False, family: str = "text"
) -> list[str]:
    """Write the case's files under ``work`` (mutated text, tagged text, or a hostile file of
    ``family``: see :mod:`tests.fuzz.families`); return the argv to run."""
    system = systems.get(seed.system)
    demo = system.demo_file()
    if family == "text":
        raw = mutate(seed.text, rng)
    elif family == "tags":
        raw = tag_text(rng, seed.text).encode("utf-8", errors="surrogatepass")
    elif family == "dupkeys":
        text = dup_keys(rng, seed.text)
        raw = mutate(text, rng) if rng.random() < 0.5 else text.encode("utf-8")
    else:
        raw = mutate(seed.text, rng) if rng.random() < 0.3 else seed.text.encode("utf-8")
    if seed.kind == "team":
        path = work / seed.name
        path.write_bytes(raw)
        given = families.apply(family, rng, path)
        return rng.choice(_team_commands(seed.system, given, rng, cards))
    if seed.kind == "catalog":
        folder = work / "catalog"
        shutil.copytree(bundled_catalog_dir(seed.system), folder)
        (folder / seed.name).write_bytes(raw)
        whole = family in ("special", "loop", "names") and rng.random() < 0.4
        if whole:
            given = families.apply(family, rng, folder, catalog=True)
        else:
            families.apply(family, rng, folder / seed.name, catalog=True)
            given = str(folder)
        return rng.choice(
            [
                ["check", str(demo), "--catalog", given],
                ["analyze", str(demo), "--catalog", given],
                ["parts", "--system", seed.system, "--catalog", given],
                ["parts", "--catalog", given, "--json"],
            ]
        )
    path = work / seed.name
    path.write_bytes(raw)
    given = families.apply(family, rng, path)
    return ["analyze", str(demo), "--threat", given, *rng.choice([[], ["--json"]])]


def _alarm(_signum: int, _frame: Any) -> None:
    raise Hang


def run_case(
    seed: Seed,
    rng: random.Random,
    work: Path,
    *,
    cards: bool = False,
    timeout: int = 60,
    family: str | None = None,
) -> Run:
    """Build one case in the (empty) folder ``work`` and run it through ``main`` in-process
    (``family``: the family to draw from; default one at random by ``families.WEIGHTS``)."""
    family = family or rng.choices(families.FAMILIES, families.WEIGHTS)[0]
    built = Built()
    if family in HARDENING:
        built = hardening_build(family, rng, seed, work)
        argv = built.argv
    else:
        argv = build_case(seed, rng, work, cards, family)
    if argv and "--lang" not in argv and rng.random() < 0.25:
        argv = [*argv, "--lang", "ja"]
    run = Run(seed, argv or ["(save)"], family)
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    here = os.getcwd()
    signal.alarm(timeout)
    start = time.perf_counter()
    cpu_start = _cpu()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            if built.cwd is not None:
                os.chdir(built.cwd)
            try:
                if built.call is not None:
                    run.missed += [("comments lost", what) for what in built.call()]
                    run.code = 0
                else:
                    run.code = main(argv)
            except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
                run.code = exc.code if isinstance(exc.code, int) else 2
    except Hang:
        run.traceback = f"no answer within {timeout} s"
    except BaseException:
        run.traceback = traceback.format_exc()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(here)
    run.seconds = time.perf_counter() - start
    run.cpu = _cpu() - cpu_start
    run.out, run.err = out.getvalue(), err.getvalue()
    demo = systems.get(seed.system).demo_file()
    run.unlocated = unlocated_lines(run.err, _files_with_lines(work, [demo]))
    if run.traceback is None:
        run.missed += judge(built, run)
    return run


def _cpu() -> float:
    me, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def judge(built: Built, run: Run) -> list[tuple[str, str]]:
    """What a hardening family's case must find (see :mod:`tests.fuzz.hardening_families`)."""
    found: list[tuple[str, str]] = []
    for name, line, col in built.planted:
        if f"{name}:{line}:{col}:" not in run.err:
            found.append(("planted mistakes missed", f"{name}:{line}:{col}"))
    if built.must_refuse is not None and run.code != 2:
        found.append((built.must_refuse, f"exit {run.code}"))
    for path in built.untouched:
        if path.exists():
            found.append(("bad -o accepted", f"wrote {path.name}"))
    if built.comments is not None and run.code in (0, 1, 2):
        path, marks = built.comments
        now = re.findall(r"# c\d+", path.read_text(encoding="utf-8", errors="replace"))
        if sorted(now) != sorted(marks):
            lost = sorted(set(marks) - set(now))
            found.append(
                ("comments lost", f"{len(marks) - len(now)} ({lost[:3]}) by {run.argv[0]}")
            )
    return found


def pick(rng: random.Random, pool: list[Seed]) -> Seed:
    """A seed: every system, then every kind of file it has, equally often."""
    system = rng.choice(sorted({s.system for s in pool}))
    mine = [s for s in pool if s.system == system]
    kind = rng.choice(sorted({s.kind for s in mine}))
    return rng.choice([s for s in mine if s.kind == kind])
