"""The fuzz families beyond mutated text: tags on every kind of scalar, key and collection;
inputs that are not regular files; symlink loops; long and odd names; files past their cap.

Each family takes the input path a case is about to hand to the command (a team, threat or
catalog file, or the catalog folder) and makes it hostile; the command's argv is then built as
usual (``engine.build_case``). Nothing here follows a link into a parent folder, so walking the
work folder afterwards always ends.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import socket
from pathlib import Path

from builder.core.input_files import CATALOG_FILE_CAP, TEAM_FILE_CAP

FAMILIES = (
    "text", "tags", "special", "loop", "names", "huge",
    "dupkeys", "types", "renamed", "outputs", "pins", "saves", "otherfile",
)  # fmt: skip
WEIGHTS = (30, 10, 6, 6, 6, 6, 8, 8, 6, 5, 5, 6, 3)
"""Mutated text stays the largest share; each other family gets a few in a hundred (the
families of issue 38's findings: :mod:`tests.fuzz.hardening_families`)."""

TAGS = [
    "!!bool", "!!int", "!!float", "!!null", "!!str", "!!timestamp", "!!binary", "!!set",
    "!!omap", "!!pairs", "!!seq", "!!map", "!!merge", "!!value", "!!yaml", "!", "!local",
    "!!python/name:os.system", "!<tag:yaml.org,2002:bool>", "!<tag:example.com,2000:x>",
]  # fmt: skip
ODD_SCALARS = [
    "x", "", "~", "yes", "0x1F", "0b2", "1:30", "1_000", ".inf", ".NaN", "1e5", "2025-13-01",
    "2025-12-31", "2001-12-14t21:59:43.10-05:00", "aGk=", "not base64!", "<<", "=", "9" * 400,
]  # fmt: skip
ODD_COLLECTIONS = [
    "{a, b}", "{a: 1}", "[{a: 1}, {a: 2}]", "[{a: 1}, 3]", "[1, 2]", "{<<: {z: 1}, a: 2}",
    "{<<: 3}", "{<<: [{a: 1}, {a: 2}]}", "&m {<<: *m}",
]  # fmt: skip


def tag_text(rng: random.Random, text: str) -> str:
    """Put a tag on one scalar value or key, or a tagged odd value or collection in its place."""
    spots = [m.span(1) for m in re.finditer(r":[ ]+([^\s#\[\]{},][^\n#]*?)\s*$", text, re.M)]
    spots += [m.span(1) for m in re.finditer(r"^\s*(?:- )?([A-Za-z_][\w-]*):", text, re.M)]
    spots += [m.span(1) for m in re.finditer(r"[\[,] ?([\w.~-]+)", text)]
    if not spots:
        return f"{rng.choice(TAGS)} {text}"
    for _ in range(rng.choice([1, 1, 2, 4])):
        a, b = rng.choice(spots)
        if a > len(text) or b > len(text):
            continue
        choice = rng.randrange(3)
        if choice == 0:  # the tag on what is there
            text = text[:a] + f"{rng.choice(TAGS)} " + text[a:]
        elif choice == 1:
            text = text[:a] + f"{rng.choice(TAGS)} {rng.choice(ODD_SCALARS)}" + text[b:]
        else:
            value = rng.choice(ODD_COLLECTIONS)
            tagged = f"{rng.choice(TAGS)} {value}" if rng.random() < 0.7 else value
            text = text[:a] + tagged + text[b:]
    return text


def make_special(rng: random.Random, target: Path) -> str:
    """Put something that is not a regular file where ``target`` is; returns the path to give
    the command (sometimes a device path itself)."""
    _remove(target)
    choice = rng.randrange(7)
    if choice == 0 and hasattr(os, "mkfifo"):
        os.mkfifo(target)
    elif choice == 1:
        target.mkdir()
    elif choice == 2 and hasattr(socket, "AF_UNIX") and len(str(target)) < 100:
        with socket.socket(socket.AF_UNIX) as sock, contextlib.suppress(OSError):
            sock.bind(str(target))  # the socket file stays once closed
        if not target.exists() and hasattr(os, "mkfifo"):
            os.mkfifo(target)
    elif choice == 3:
        target.symlink_to(rng.choice(["/dev/zero", "/dev/urandom", "/dev/null", "/dev/full"]))
    elif choice == 4 and hasattr(os, "mkfifo"):
        fifo = target.with_name(target.name + ".fifo")
        os.mkfifo(fifo)
        target.symlink_to(fifo.name)
    elif choice == 5:
        target.symlink_to(target.name + ".dangling")
    else:
        return rng.choice(["/dev/zero", "/dev/urandom", "/dev/null", "/dev/stdin"])
    return str(target)


def make_loop(rng: random.Random, target: Path) -> str:
    """A symlink loop where ``target`` is (to itself, or through a second link)."""
    _remove(target)
    if rng.random() < 0.5:
        target.symlink_to(target.name)
    else:
        other = target.with_name(target.name + ".b")
        other.symlink_to(target.name)
        target.symlink_to(other.name)
    if rng.random() < 0.3:
        return str(target / "catalog.yaml")  # a path that runs through the loop
    return str(target)


ODD_NAMES = [
    "x" * 300, "a:b.yaml", "C:\\x.yaml", "夜勤 チーム.yaml", "-x.yaml", "a\nb.yaml", " ",
    "a%s%n.yaml", "..yaml", "x" * 255, "con.yaml", "t.yaml:" + "u" * 300,
]  # fmt: skip


def make_odd_name(rng: random.Random, target: Path) -> str:
    """The input under a long or odd name (the file moved there when the name can exist)."""
    choice = rng.randrange(4)
    if choice == 0:  # a path far past PATH_MAX
        return str(target.parent / "/".join(["d" * 200] * 30) / target.name)
    if choice == 1:
        return ""
    name = rng.choice(ODD_NAMES)
    new = target.with_name(name) if "/" not in name and "\n" not in name else None
    if new is not None and choice == 2:
        with contextlib.suppress(OSError, ValueError):
            target.rename(new)
            return str(new)
    return str(target.parent / name)


def make_huge(rng: random.Random, target: Path, catalog: bool) -> str:
    """The input past its cap (or just under it, which must still answer fast)."""
    cap = CATALOG_FILE_CAP if catalog else TEAM_FILE_CAP
    head = target.read_bytes() if target.is_file() else b""
    choice = rng.randrange(5)
    if choice == 0:  # a comment that runs past the cap
        body = head + b"\n# " + b"x" * cap + b"\n"
    elif choice == 1:  # just under the cap, all comment
        body = head + b"\n#" + b"y" * max(0, cap - len(head) - 8) + b"\n"
    elif choice == 2:  # a long flow list just under the cap
        count = max(0, (cap - len(head) - 16) // 3)
        body = head + b"\nzz: [" + b"0, " * count + b"]\n"
    elif choice == 3:  # blank lines past the cap
        body = head + b"\n" * (cap + 10)
    else:  # one long string value just under the cap
        body = head + b'\nzz: "' + b"w" * max(0, cap - len(head) - 12) + b'"\n'
    _remove(target)
    target.write_bytes(body)
    return str(target)


def _remove(target: Path) -> None:
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.is_dir():
        import shutil

        shutil.rmtree(target)


def apply(family: str, rng: random.Random, target: Path, catalog: bool = False) -> str:
    """The path to give the command once ``family`` has made ``target`` hostile."""
    if family == "special":
        return make_special(rng, target)
    if family == "loop":
        return make_loop(rng, target)
    if family == "names":
        return make_odd_name(rng, target)
    if family == "huge":
        return make_huge(rng, target, catalog)
    return str(target)
