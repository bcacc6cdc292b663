"""The pin in a team file: ``catalog: {name, version, digest[, path]}``, read and written.

Why in the file: a file that says which catalog it was built against lets ``check`` tell the
player what a later catalog did to it. The pin is one flow mapping line, written after the
file's ``name:`` (or ``system:``) line; everything else of the file is kept byte for byte. Only
when that cannot be done (the file already holds a block-style ``catalog:``) does the project's
comment-keeping saver rewrite the file. A game's reader never sees the key (the team reader
takes it out first), so a file without it reads exactly as before.

The file's side of catalog versions, so the team reader and saver need nothing of
``builder.catalogs`` (which reads catalogs and compares them, above this);
:mod:`builder.catalogs.pin` writes a pin into a file on its own and names it in messages.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import yaml

from builder.core.messages import Messages
from builder.core.problems import Problem
from builder.core.source import Located

MESSAGES = Messages.load(__file__, "pin_messages.yaml")

Version = int | str | None

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Identified(Protocol):
    """What a pin is taken from: a catalog's name, version and digest."""

    @property
    def name(self) -> str: ...

    @property
    def version(self) -> Version: ...

    @property
    def digest(self) -> str: ...


PIN_KEY = "catalog"

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Pin:
    """The catalog a file was built against; ``path`` where its folder is, relative to the
    file's folder, when it is not the bundled catalog (``pin``/``migrate --catalog DIR``), so
    a later ``check FILE`` finds it without being told."""

    name: str
    version: Version
    digest: str
    path: str | None = None

    @classmethod
    def of(cls, identity: Identified, path: str | None = None) -> Pin:
        return cls(identity.name, identity.version, identity.digest, path)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "version": self.version, "digest": self.digest}
        if self.path is not None:
            data["path"] = self.path
        return data

    def yaml_text(self) -> str:
        """The flow mapping written into the file (texts quoted: a digest of digits only
        must stay a text)."""
        version = "null" if self.version is None else _scalar(self.version)
        path = "" if self.path is None else f", path: {_scalar(self.path)}"
        return (
            f"{{name: {_scalar(self.name)}, version: {version}, "
            f"digest: {_scalar(self.digest)}{path}}}"
        )


def catalog_path(catalog_dir: Path, file: Path) -> str:
    """Where ``catalog_dir`` is seen from ``file``'s folder (``../catalog-v2``), as a pin
    records it: relative where it can be (the two move together), with ``/`` on any system."""
    folder = Path(os.path.abspath(file)).parent
    target = Path(os.path.abspath(catalog_dir))
    try:
        return Path(os.path.relpath(target, folder)).as_posix()
    except ValueError:  # another drive: only the whole path can say it
        return target.as_posix()


def _scalar(value: str | int) -> str:
    return str(value) if isinstance(value, int) else json.dumps(value, ensure_ascii=False)


def read_pin(src: Located) -> tuple[Pin | None, list[Problem]]:
    """The pin of a read file (None without one) and the problems of a malformed one."""
    data = src.data
    if not isinstance(data, dict) or PIN_KEY not in data:
        return None, []
    value = data[PIN_KEY]
    if not isinstance(value, dict):
        return None, [src.problem((PIN_KEY,), MESSAGES("pin-not-mapping"))]
    problems = [
        src.problem((PIN_KEY, key), MESSAGES("pin-unknown-field"))
        for key in value
        if key not in ("name", "version", "digest", "path")
    ]
    name, version, digest = value.get("name"), value.get("version"), value.get("digest")
    path = value.get("path")
    if path is not None and (not isinstance(path, str) or not path.strip()):
        problems.append(src.problem((PIN_KEY, "path"), MESSAGES("pin-want-text")))
    if not isinstance(name, str):
        problems.append(src.problem((PIN_KEY, "name"), MESSAGES("pin-want-text")))
    if isinstance(version, bool) or not isinstance(version, int | str | None):
        problems.append(src.problem((PIN_KEY, "version"), MESSAGES("pin-want-version")))
    if not isinstance(digest, str) or not digest:
        problems.append(src.problem((PIN_KEY, "digest"), MESSAGES("pin-want-text")))
    if problems:
        return None, problems
    assert isinstance(name, str) and isinstance(digest, str)
    where = path if isinstance(path, str) else None
    return Pin(name, version if isinstance(version, int | str) else None, digest, where), []


@dataclass(frozen=True)
class PinnedFolder:
    """The catalog folder a file's pin names, seen from the file, and where the pin says so."""

    folder: Path
    pin: Pin
    line: int | None
    col: int | None


def pinned_folder(file: Path) -> PinnedFolder | None:
    """The catalog folder the file at ``file`` is pinned to (its pin's ``path``, seen from
    the file's folder); None when the file has no readable pin naming a folder."""
    from builder.core.problems import InputError, ReadingProblems
    from builder.core.source import read_yaml

    try:
        src = read_yaml(file)
    except ReadingProblems as exc:  # a file with a bad tag still has its pin
        src = exc.partial
    except InputError:
        return None
    pin, _ = read_pin(src)
    if pin is None or pin.path is None:
        return None
    line, col = src.where((PIN_KEY, "path")) or (None, None)
    return PinnedFolder(Path(os.path.abspath(file)).parent / pin.path, pin, line, col)


def without_pin(src: Located) -> Located:
    """``src`` without its pin, as a game's reader should see it."""
    if not isinstance(src.data, dict) or PIN_KEY not in src.data:
        return src
    data = {k: v for k, v in src.data.items() if k != PIN_KEY}
    return replace(src, data=data)


def load_plain(text: str) -> Any:
    """``text`` as the team reader reads it; raises yaml.YAMLError."""
    return yaml.load(text, Loader=_LOADER)


def pinned_text(original: str, pin: Pin) -> str:
    """``original`` with its pin set to ``pin`` (see the module docstring)."""
    from builder.roster.keep_text import same_data, text_nodes

    data = load_plain(original) if original.strip() else {}
    if not isinstance(data, dict):
        raise ValueError("not a mapping")
    expected = {**data, PIN_KEY: pin.to_json()}
    nodes = text_nodes(original) or {}
    line = f"{PIN_KEY}: {pin.yaml_text()}"
    if (PIN_KEY,) in nodes:
        start, end = nodes[(PIN_KEY,)]
        text = original[:start] + pin.yaml_text() + original[end:]
    elif PIN_KEY in data:
        text = ""  # a block-style pin: the saver below rewrites it
    else:
        newline = "\r\n" if "\r\n" in original else "\n"
        after = nodes.get(("name",)) or nodes.get(("system",))
        if after is None:
            text = line + newline + original
        else:
            cut = original.find("\n", after[1])
            if cut < 0:
                text = original + newline + line + newline
            else:
                text = original[: cut + 1] + line + newline + original[cut + 1 :]
    try:
        if text and same_data(load_plain(text), expected):
            return text
    except yaml.YAMLError:
        pass
    from builder.roster.team_file import dump_team

    return dump_team(expected, original)
