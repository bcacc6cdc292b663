"""An actions file: a YAML list of actions, applied in order, all or nothing (docs/play.md).

```yaml
- {do: attack, by: 1, weapon: 1, target: 4, bonus: 2, hits: [6, 3, 1, 5], locations: [2, 4]}
- {do: end-round, roll: true}
- {do: undo}
```

Each action is a mapping with ``do:`` (the game's actions and the record's own ``undo``) and,
optionally, ``roll: true`` (the record rolls the faces the action leaves out). This module reads
the file and checks that shape; what each action means is the game's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.core.messages import Messages
from builder.core.problems import InputError, Problem, suggest
from builder.core.source import Located, read_yaml

MESSAGES = Messages.load(__file__)

UNDO = "undo"
"""The record's own action: take back the last action still standing."""

MAX_ACTIONS = 10_000
"""Most actions one file may hold."""


@dataclass(frozen=True)
class ActionIn:
    """One action as given: its plain data, and where it sits (to place its problems)."""

    data: dict[str, Any]
    src: Located
    path: tuple[str | int, ...]
    """Its place in ``src`` (``(3,)`` in an actions file, ``("log", 3)`` in a record)."""

    @property
    def do(self) -> str:
        return str(self.data["do"])

    @property
    def roll(self) -> bool:
        return self.data.get("roll") is True

    def problem(self, at: tuple[str | int, ...], said: Any) -> Problem:
        return self.src.problem((*self.path, *at), said)


def check_action(action: ActionIn, known: tuple[str, ...]) -> list[Problem]:
    """The shape every action has: a ``do:`` the game (or the record) knows, ``roll`` yes/no."""
    data = action.data
    names = ", ".join((*known, UNDO))
    do = data.get("do")
    if do is None:
        return [action.problem((), MESSAGES("no-do", actions=names))]
    if not isinstance(do, str) or do not in (*known, UNDO):
        hint = suggest(str(do), [*known, UNDO])
        return [action.problem(("do",), MESSAGES("unknown-do", do=do, hint=hint, actions=names))]
    if "roll" in data and not isinstance(data["roll"], bool):
        return [action.problem(("roll",), MESSAGES("roll-not-yes-no"))]
    return []


def read_actions(path: Path | str) -> tuple[list[ActionIn], list[Problem]]:
    """The actions of a file and the problems of its shape (not yet of any action's rules)."""
    src = read_yaml(path, max_items=MAX_ACTIONS)
    data = src.data
    if isinstance(data, dict):  # one action alone: take it as a list of one
        data = [data]
        src = Located(src.file, data, {(0, *k): v for k, v in src.positions.items()})
    if not isinstance(data, list):
        raise InputError([src.problem((), MESSAGES("not-a-list"))])
    actions: list[ActionIn] = []
    problems: list[Problem] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            problems.append(src.problem((i,), MESSAGES("not-an-action")))
            continue
        actions.append(ActionIn(item, src, (i,)))
    return actions, problems


__all__ = ["UNDO", "ActionIn", "check_action", "read_actions"]
