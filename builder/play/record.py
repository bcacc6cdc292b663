"""A battle record file: its head (what the generic record owns), the game's state, its log.

```yaml
system: laminim            # the game, as in a team file
record: 1                  # the format version
teams: [my_team.yaml, rivals.yaml]   # paths relative to the record (or sides: written out)
catalog: {name: …, version: …, digest: …}   # the catalog the log replays with
seed: 271828               # the rolls of actions that ask for them (roll: true)
…                          # the game's live state (its own keys: round:, units: …)
log:                       # every action, in order, with its dice; never rewritten
  - {do: attack, round: 1, by: 1, weapon: 1, target: 4, bonus: 2, hits: [6, 3], locations: [5]}
```

Reading checks the head and hands the rest to the game; every problem comes back located
(``file:line:col``). A record with no state at all (only its head and log) is started again
from its teams and its log replayed: how a player rebuilds the state after editing the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder import systems
from builder.core.messages import Messages
from builder.core.problems import InputError, Problem, unknown_system
from builder.core.source import Located, decode_utf8, parse_yaml
from builder.systems import RECORD_KEYS, AnySystem, Plays

MESSAGES = Messages.load(__file__)

FORMAT = 1
"""``record:``: the version of this file format a laminim writes and reads."""

MAX_ITEMS = 100_000
"""Most items one list of a record may hold (a six-round game logs a few hundred actions)."""

SUFFIX = ".battle.yaml"
"""A record's default name: the team file's stem and this (``my_team.battle.yaml``)."""


@dataclass
class RecordFile:
    """A record as read: the file, its system, the head's values, the game's state data (every
    key but the head's, in file order) and the log's entries (plain data)."""

    path: Path
    src: Located
    text: str
    system: AnySystem
    head: dict[str, Any]
    state: dict[str, Any]
    log: list[dict[str, Any]] = field(default_factory=list)


def is_record(data: object) -> bool:
    """True for a file's data that is a battle record (it has ``record:``)."""
    return isinstance(data, dict) and "record" in data


def default_path(team: Path) -> Path:
    """``my_team.yaml`` → ``my_team.battle.yaml`` beside it."""
    return team.with_name(team.name.removesuffix(team.suffix) + SUFFIX)


CAP = 64 * 1024 * 1024
"""Most bytes a record may hold."""


def read_text(path: Path) -> tuple[str, Located]:
    """A YAML file's text and data with positions (one read): a record or a team file."""
    from builder.core.input_files import read_input

    name = str(path)
    text = decode_utf8(read_input(path, name, CAP), name)
    return text, parse_yaml(text, name, MAX_ITEMS)


def read_record(path: Path, text: str | None = None, src: Located | None = None) -> RecordFile:
    """Read and check a record's head; InputError listing every problem."""
    if text is None or src is None:
        text, src = read_text(path)
    data = src.data
    if not isinstance(data, dict):
        raise InputError([src.problem((), MESSAGES("record-not-mapping"))])
    problems: list[Problem] = []
    system = _system(src, problems)
    version = data.get("record")
    if version != FORMAT:
        key = "record-version" if "record" in data else "record-no-version"
        problems.append(src.problem(("record",), MESSAGES(key, got=version, known=FORMAT)))
    teams, sides = data.get("teams"), data.get("sides")
    if teams is None and sides is None:
        problems.append(src.problem((), MESSAGES("record-no-teams")))
    if teams is not None and not (
        isinstance(teams, list)
        and 1 <= len(teams) <= 2
        and all(isinstance(t, str) and t for t in teams)
    ):
        problems.append(src.problem(("teams",), MESSAGES("record-teams")))
    if sides is not None and not (
        isinstance(sides, list) and 1 <= len(sides) <= 2 and all(isinstance(s, dict) for s in sides)
    ):
        problems.append(src.problem(("sides",), MESSAGES("record-sides")))
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        problems.append(src.problem(("seed",), MESSAGES("record-seed")))
    catalog = data.get("catalog")
    if catalog is not None and not (
        isinstance(catalog, dict) and isinstance(catalog.get("digest"), str)
    ):
        problems.append(src.problem(("catalog",), MESSAGES("record-catalog")))
    log = data.get("log", [])
    if log is None:
        log = []
    if not isinstance(log, list):
        problems.append(src.problem(("log",), MESSAGES("record-log")))
        log = []
    for i, entry in enumerate(log):
        if not isinstance(entry, dict) or not isinstance(entry.get("do"), str):
            problems.append(src.problem(("log", i), MESSAGES("not-an-action")))
    if problems or system is None:
        raise InputError(problems)
    head = {k: data[k] for k in RECORD_KEYS if k in data and k != "log"}
    state = {k: v for k, v in data.items() if k not in RECORD_KEYS}
    return RecordFile(Path(path), src, text, system, head, state, list(log))


def _system(src: Located, problems: list[Problem]) -> AnySystem | None:
    sid = src.data.get("system", systems.DEFAULT)
    if not isinstance(sid, str) or sid not in systems.INSTALLED:
        message = unknown_system(sid, list(systems.INSTALLED))
        problems.append(src.problem(("system",), message))
        return None
    system = systems.get(sid)
    if not isinstance(system, Plays):
        game = (system.name, system.name_ja)
        problems.append(src.problem(("system",), MESSAGES("record-no-play", game=game)))
        return None
    return system
