"""``balance --suggest --write DIR``: a catalog with fitted numbers, as files (any game), and
what every game's ``balance`` says of it (the refusal of ``--write`` alone, the note of what was
written).

Every file of the catalog folder is copied as it is, byte for byte, except the numbers that
change: each is replaced where it stands (the line and column the catalog reader remembers), so
comments, layout and key order stay, and ``laminim catalog diff OLD DIR`` shows exactly the
changed numbers and the version. ``catalog.yaml`` gets the next version (an
integer plus one; a text version's last number plus one, or ``.1`` added; none becomes 1) and a
comment saying what changed. ``DIR`` must not exist yet, or be an empty folder: nothing is
ever overwritten.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from builder.catalogs.words import LABELS, MESSAGES
from builder.core.i18n import Lang
from builder.core.problems import InputError, Problem

Edit = tuple[str, int, str, int]
"""(collection, index of the item in it, field, new value): ``("weapons", 3, "weight", 1)``."""
_TOKEN = re.compile(r"[^\s,}\]#]+")
"""A plain scalar as it stands in a block or flow mapping."""


def next_version(version: int | str | None) -> int | str:
    if version is None or isinstance(version, bool):
        return 1
    if isinstance(version, int):
        return version + 1
    found = list(re.finditer(r"\d+", version))
    if not found:
        return f"{version}.1"
    last = found[-1]
    return f"{version[: last.start()]}{int(last.group()) + 1}{version[last.end() :]}"


def _replace_at(text: str, line: int, col: int, value: str) -> str:
    """``text`` with the scalar starting at ``line``:``col`` (1-based) replaced by ``value``."""
    lines = text.splitlines(keepends=True)
    row = lines[line - 1]
    found = _TOKEN.match(row, col - 1)
    if found is None:
        raise ValueError(f"no value at {line}:{col}")
    lines[line - 1] = row[: found.start()] + value + row[found.end() :]
    return "".join(lines)


def _refuse(dest: Path, key: str, **words: object) -> InputError:
    return InputError([Problem(str(dest), None, None, "--write", MESSAGES(key, **words))])


def write_fitted(
    root: Path,
    dest: Path,
    files: Sequence[str],
    optional: Sequence[str],
    edits: Sequence[Edit],
    said: Sequence[str],
) -> tuple[Path, int | str]:
    """Write the catalog folder ``root`` (its catalog ``files``, ``optional`` ones may be
    missing) with ``edits`` into ``dest``; ``said`` names the changes for the comment. The
    folder written and the new version. InputError (nothing written) when ``dest`` is a file or
    a folder with something in it."""
    from builder.catalogs.identity import read_identity
    from builder.core.catalog_folder import read_catalog_folder
    from builder.core.outfiles import create_new
    from builder.core.source import read_yaml

    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise _refuse(dest, "write-not-empty", folder=str(dest))
    folder = read_catalog_folder(root, tuple(files), optional=tuple(optional))
    data = {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file()}
    texts: dict[str, str] = {}

    def text_of(name: str) -> str:
        if name not in texts:
            texts[name] = data[name].decode("utf-8")
        return texts[name]

    for key, index, field, value in edits:
        src = folder.owner[key]
        where = src.where((key, index, field))
        if where is None or len(where) != 2:
            raise ValueError(f"{key}[{index}].{field} has no place in {src.file}")
        name = Path(src.file).name
        texts[name] = _replace_at(text_of(name), *where, str(value))
    identity = read_identity(root, files)
    version = next_version(identity.version)
    info = read_yaml(root / "catalog.yaml")
    text = text_of("catalog.yaml")
    at = info.positions.get(("version",))
    if at is not None:
        text = _replace_at(text, *at, str(version))
    else:
        text = text.rstrip("\n") + f"\nversion: {version}\n"
    was = "an unversioned catalog" if identity.version is None else f"version {identity.version}"
    note = f"# Fitted by 'laminim balance --suggest' from {was}: "
    texts["catalog.yaml"] = note + "; ".join(said) + "\n" + text
    data |= {name: body.encode("utf-8") for name, body in texts.items()}
    dest.mkdir(parents=True, exist_ok=True)
    for name, body in data.items():
        stem, dot, suffix = name.rpartition(".")
        create_new(dest, stem if dot else name, f".{suffix}" if dot else "", body)
    return dest, version


def refuse_lone_write(args: argparse.Namespace) -> None:
    """InputError (exit 2) at ``--write`` given without ``--suggest``: nothing to write."""
    if args.write is not None and not args.suggest:
        raise InputError([Problem("--write", None, None, "", MESSAGES("write-needs-suggest"))])


def written_note(
    written: Mapping[str, object] | None, write: Path | None, source: Path, lang: Lang
) -> str:
    """What ``--write DIR`` did, to go under the fitted costs' text: the folder and version
    :func:`write_fitted` wrote from ``source`` and how to compare them (``written``), else why
    it wrote nothing; "" without ``--write``. Wrapped at 80 columns, after a blank line."""
    from builder.core.text_table import wrap

    if written is not None:
        folder, version = written["folder"], written["version"]
        note = LABELS.t("fitted-written", lang, folder=folder, version=version, source=source)
    elif write is not None:
        note = LABELS.t("fitted-not-written", lang, folder=write)
    else:
        return ""
    return "\n\n" + "\n".join(wrap(note, 80))
