"""``laminim play`` (docs/design.md "The command line", docs/play.md):

```
laminim play TEAM.yaml [ENEMY.yaml] [-o RECORD] [--seed N]    start a record
laminim play RECORD [--do ACTIONS.yaml] [--json] [--threat ID] [--bonus B]
```

Starting writes the record (beside the first team, ``TEAM.battle.yaml``, never over a file)
and prints where it is and the state. With ``--do`` the actions are applied in order, all or
nothing, and the new state is printed; without, the state is. ``--threat``/``--bonus``: what
the odds beside each unit are against (the game reads them). Exit 2 with every refusal located
(``file:line:col``) for a bad record, a bad actions file or a refused action.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem
from builder.core.text_table import fit_text

MESSAGES = Messages.load(__file__)

EXIT_OK = 0


def configure(
    sub: argparse._SubParsersAction[Any],
    catalog_option: Callable[[argparse.ArgumentParser], None],
) -> argparse.ArgumentParser:
    """Add the ``play`` command to the ``laminim`` parser."""
    from builder.systems import whole_number

    p = sub.add_parser(
        "play",
        help="keep a battle record at the table: apply actions, show the state and the odds",
        description="Start a battle record from one or two team files (one file: both sides "
        "play it), or show a record, or apply an actions file to it (--do). The record keeps "
        "the live state and a log of every action with its dice; undo takes an action back.",
    )
    p.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="TEAM.yaml [ENEMY.yaml] to start a record, or RECORD (a .battle.yaml file)",
    )
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="RECORD",
        help="where to write a new record (default: TEAM.battle.yaml beside the team; never "
        "overwrites a file)",
    )
    p.add_argument(
        "--do",
        dest="actions",
        type=Path,
        metavar="ACTIONS.yaml",
        help="apply this list of actions to the record, in order, all or nothing",
    )
    p.add_argument(
        "--threat",
        metavar="ID",
        help="what the odds are against: a catalog threat id or an enemy unit's ID in the record "
        "(default: the catalog's default threat)",
    )
    p.add_argument(
        "--bonus",
        type=whole_number(0, 6),
        metavar="B",
        help="total hit bonus of an enemy unit as the threat (default 2)",
    )
    p.add_argument(
        "--seed",
        type=whole_number(0, 2**31 - 1),
        metavar="N",
        help="the new record's seed for the dice it rolls (default: a random one)",
    )
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="the state as one JSON document")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    from builder.play.record import is_record, read_record, read_text
    from builder.play.session import Session
    from builder.systems import ShowOptions

    files: list[Path] = list(args.files)
    first = files[0]
    text, src = read_text(first)
    said: list[Message] = []  # what the actions did
    done_line: Message | None = None  # where the record is (a path: never wrapped)
    if is_record(src.data):
        if len(files) > 1:
            raise _refused(MESSAGES("too-many-files"))
        if args.output is not None:
            raise _refused(MESSAGES("output-with-record", path=first))
        session = Session.open(first, args.catalog, read_record(first, text, src))
        if args.actions is not None:
            from builder.play.actions import read_actions

            actions, problems = read_actions(args.actions)
            if problems:
                raise InputError(problems)
            done = session.apply(actions)
            said = [m for a in done.applied if a is not None for m in a.said]
            done_line = MESSAGES("applied", count=len(actions), path=session.path)
    else:
        if len(files) > 2:
            raise _refused(MESSAGES("too-many-files"))
        if args.actions is not None:
            raise _refused(MESSAGES("do-needs-record", path=first))
        session = Session.begin(files, args.output, args.catalog, args.seed)
        done_line = MESSAGES("started", path=session.path)
    for note in session.notes:
        print(note, file=sys.stderr)
    output = session.show(ShowOptions(args.threat, args.bonus))
    if args.json:
        print(json.dumps(output.json, ensure_ascii=False, indent=2))
    else:
        from builder.core.report_lang import current_lang

        lang = current_lang()
        lines = [fit_text(m.text(lang)) for m in said]
        if done_line is not None:
            lines.append(done_line.text(lang))
        print("\n".join([*lines, *([""] if lines else []), fit_text(output.text)]))
    for problem in output.notes:
        print(problem, file=sys.stderr)
    return EXIT_OK


def _refused(said: Message) -> InputError:
    return InputError([Problem("play", None, None, "", said)])
