"""A battle record open for play: its log replayed, actions applied all or nothing, undo, saving.

What a player (and the play screen) does with a record goes through :class:`Session`:

* :meth:`Session.begin` starts a record from one or two team files (one file: both sides play
  it) and writes it beside the first (never over an existing file);
* :meth:`Session.open` reads a record, checks its catalog, and replays its log from the units'
  start (the game's ``restart``), so the state it shows always follows from the log; a record
  whose written state differs from its log is refused, each difference located;
* :meth:`Session.apply` applies a list of actions in order on a copy: if any is refused, every
  refusal is reported (file:line:col, in the player's language) and nothing changes; else the
  record is saved once, atomically (:func:`builder.roster.team_file.write_atomic`);
* ``undo`` (an action like any other, appended to the log) takes back the last action still
  standing, as many times as asked, by dropping it from the replay: the log is never rewritten.

Knows no game: the rules come from the kit's :class:`~builder.systems.battle.Battle`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem, errors_of, warnings_of
from builder.core.source import Located
from builder.play.actions import UNDO, ActionIn, check_action
from builder.play.dice import ActionDice
from builder.play.record import FORMAT, RecordFile, default_path, read_record
from builder.play.record_text import record_text
from builder.systems import (
    RECORD_KEYS,
    AnySystem,
    Applied,
    Battle,
    Output,
    Plays,
    Refused,
    ShowOptions,
    Side,
)

MESSAGES = Messages.load(__file__)

MAX_DIFFERENCES = 10
"""Most differences between a written state and its log listed in one refusal."""


@dataclass
class Done:
    """What :meth:`Session.apply` did: each action's ``Applied`` (None for an undo)."""

    applied: list[Applied[Any] | None] = field(default_factory=list)


class Session:
    """A record in memory: its head, its log, and the state after each action still standing."""

    def __init__(
        self,
        path: Path,
        system: AnySystem,
        catalog: Any,
        head: dict[str, Any],
        start: Any,
        text: str | None,
        src: Located | None,
    ) -> None:
        assert isinstance(system, Plays)
        self.path = path
        self.system = system
        self.battle: Battle[Any] = system.battle()
        self.catalog = catalog
        self.head = head
        self.log: list[dict[str, Any]] = []
        self.states: list[Any] = [start]
        self.standing: list[int] = []  # log index of each action still standing
        self.text = text  # the file as last read or written (its comments are kept)
        self.written = 0  # log entries the file holds
        self.src = src
        self.notes: list[Problem] = []  # warnings for the player (an illegal team …)

    # -- opening and starting ---------------------------------------------------------------

    @classmethod
    def open(
        cls, path: Path, catalog_dir: Path | None = None, record: RecordFile | None = None
    ) -> Session:
        """Read a record and replay its log; InputError listing every problem."""
        from builder.roster.team_file import remove_stale_temps

        rec = record or read_record(path)
        remove_stale_temps(Path(os.path.realpath(rec.path)))  # what a killed save left beside it
        system = rec.system
        catalog = system.load_catalog(catalog_dir)
        head = dict(rec.head)
        _check_catalog(rec, system, catalog_dir, head)
        head.setdefault("seed", _new_seed())
        assert isinstance(system, Plays)
        battle = system.battle()
        if rec.state:
            try:
                current = battle.read_state(rec.state, catalog)
            except Refused as exc:
                raise InputError([rec.src.problem(p, m) for p, m in exc.problems]) from None
            start = battle.restart(current)
        else:  # no state written: start again from the teams (after the log was edited)
            sides = _sides_of(rec, catalog)
            start = battle.start(sides, catalog)
        session = cls(rec.path, system, catalog, head, start, rec.text, rec.src)
        session._replay(rec)
        if rec.state:
            session._compare(rec)
        session.written = len(rec.log)
        return session

    @classmethod
    def begin(
        cls,
        teams: Sequence[Path],
        output: Path | None = None,
        catalog_dir: Path | None = None,
        seed: int | None = None,
    ) -> Session:
        """Start a record for ``teams`` (one file: both sides play it) and write it; InputError
        (nothing written) for a bad file, two games, or a record already at ``output``."""
        from builder.catalogs.impact import catalog_folder, identity_of
        from builder.roster.team_file import read_team

        paths = [Path(t) for t in teams] * (2 if len(teams) == 1 else 1)
        target = output or default_path(paths[0])
        if os.path.lexists(target):
            raise InputError(
                [Problem(str(target), None, None, "", MESSAGES("record-exists", path=target))]
            )
        read = [read_team(p) for p in paths]
        problems = [p for s, r in read if s is None or r.team is None for p in r.problems]
        if problems:
            raise InputError(problems)
        systems_ = [s for s, _ in read]
        first, other = systems_[0], systems_[-1]
        assert first is not None and other is not None
        if first.id != other.id:
            said = MESSAGES(
                "teams-other-games",
                first=paths[0],
                second=paths[1],
                a=(first.name, first.name_ja),
                b=(other.name, other.name_ja),
            )
            raise InputError([Problem(str(paths[1]), None, None, "system", said)])
        if not isinstance(first, Plays):
            said = MESSAGES("record-no-play", game=(first.name, first.name_ja))
            raise InputError([Problem(str(paths[0]), None, None, "system", said)])
        catalog = first.load_catalog(catalog_dir)
        notes: list[Problem] = []
        for path, (_, r) in zip(paths[: len(teams)], read[: len(teams)], strict=True):
            report = first.check(r, catalog)
            if report.exit_code == 2:
                raise InputError(errors_of(report.problems))
            if report.exit_code == 1:
                count = len(errors_of(report.problems))
                notes.append(
                    Problem(
                        str(path),
                        None,
                        None,
                        "",
                        MESSAGES("illegal-team", path=path, count=count),
                        "warning",
                    )
                )
            notes += warnings_of(report.problems)
        folder = target.parent
        labels = [_relative(p, folder) for p in paths]
        sides = [Side(r.team, label) for (_, r), label in zip(read, labels, strict=True)]  # type: ignore[arg-type]
        start = first.battle().start(sides, catalog)
        identity = identity_of(first, catalog_folder(first, catalog_dir))
        head = {
            "system": first.id,
            "record": FORMAT,
            "teams": labels,
            "catalog": identity.to_json(),
            "seed": _new_seed() if seed is None else seed,
        }
        session = cls(target, first, catalog, head, start, None, None)
        session.notes = notes
        session.save()
        return session

    # -- the state -------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.states[-1]

    def show(self, options: ShowOptions | None = None) -> Output:
        return self.battle.show(self.state, self.catalog, options or ShowOptions())

    # -- actions ---------------------------------------------------------------------------

    def apply(self, actions: Sequence[ActionIn]) -> Done:
        """Apply ``actions`` in order, all or nothing: InputError with every refusal (each at
        its place in its file), the session unchanged; else the record is saved."""
        states, standing, log = list(self.states), list(self.standing), list(self.log)
        done = Done()
        problems: list[Problem] = []
        for action in actions:
            found = check_action(action, self.battle.actions)
            if found:
                problems += found
                continue
            result = self._one(action, states, standing, log, roll=action.roll)
            if isinstance(result, list):
                problems += result
                continue
            done.applied.append(result)
        if problems:
            raise InputError(problems)
        self.states, self.standing, self.log = states, standing, log
        self.save()
        return done

    def apply_data(self, actions: Sequence[dict[str, Any]], source: str = "<play>") -> Done:
        """:meth:`apply` for actions made in memory (the play screen): their problems are
        placed at ``source`` and their key path instead of a file's line and column."""
        located = Located(source, list(actions), {})
        return self.apply([ActionIn(dict(a), located, (i,)) for i, a in enumerate(actions)])

    def _one(
        self,
        action: ActionIn,
        states: list[Any],
        standing: list[int],
        log: list[dict[str, Any]],
        roll: bool,
    ) -> Applied[Any] | list[Problem] | None:
        """Apply one action to the lists (in place); its problems instead when refused."""
        if action.do == UNDO:
            extra = [k for k in action.data if k != "do"]
            if extra:
                return [action.problem((extra[0],), MESSAGES("undo-takes-nothing"))]
            if len(states) == 1:
                return [action.problem(("do",), MESSAGES("nothing-to-undo"))]
            states.pop()
            standing.pop()
            log.append({"do": UNDO})
            return None
        state = states[-1]
        if self.battle.over(state):
            return [action.problem(("do",), MESSAGES("game-over"))]
        dice = ActionDice(action.data, roll, f"{self.head['seed']}/{len(log)}")
        try:
            applied = self.battle.apply(state, action.data, dice, self.catalog)
        except Refused as exc:
            return [action.problem(p, m) for p, m in exc.problems]
        left = dice.left_over()
        if left:
            return [
                action.problem(at, MESSAGES("faces-left-over", count=count)) for at, count in left
            ]
        states.append(applied.state)
        standing.append(len(log))
        log.append(_entry(action.data, applied, dice.used))
        return applied

    def _replay(self, rec: RecordFile) -> None:
        problems: list[Problem] = []
        for i, entry in enumerate(rec.log):
            action = ActionIn(entry, rec.src, ("log", i))
            found = check_action(action, self.battle.actions)
            result = found or self._one(action, self.states, self.standing, self.log, roll=False)
            if isinstance(result, list):
                problems += [_replay_problem(p) for p in result]
                break  # what follows would replay on a state the log never had
        if problems:
            raise InputError(problems)
        self.log = list(rec.log)  # as written (the replay's entries are the same data)

    def _compare(self, rec: RecordFile) -> None:
        """Refuse a written state that is not the one its log gives, every difference located."""
        replayed = self.battle.state_data(self.state)
        found: list[tuple[tuple[str | int, ...], Any, Any]] = []
        _differences((), rec.state, replayed, found)
        if not found:
            return
        problems = []
        for path, stored, given in found[:MAX_DIFFERENCES]:
            if stored is _MISSING:
                said = MESSAGES("state-missing", replayed=_shown(given))
            else:
                said = MESSAGES("state-differs", stored=_shown(stored), replayed=_shown(given))
            problems.append(rec.src.problem(path, said))
        raise InputError(problems)

    # -- saving ----------------------------------------------------------------------------

    def record_data(self) -> dict[str, Any]:
        """The whole record as plain data, in the order it is written."""
        head = {k: self.head[k] for k in RECORD_KEYS if k in self.head}
        return {**head, **self.battle.state_data(self.state), "log": self.log}

    def save(self) -> None:
        """Write the record atomically (a killed process leaves the old file or the new one); a
        record that is a symlink is written through it, a read-only one is refused (nothing
        changes, exit 2)."""
        from builder.roster.team_file import SaveRefused, writable_target, write_atomic

        text = record_text(self.record_data(), self.text, self.written if self.text else None)
        try:  # a symlink's target is written (the link stays), a read-only record is refused
            write_atomic(writable_target(self.path), text)
        except OSError as exc:
            why = (
                exc.said
                if isinstance(exc, SaveRefused)
                else Message.untranslated(exc.strerror or str(exc))
            )
            said = MESSAGES("cannot-save", path=self.path, why=why)
            raise InputError([Problem(str(self.path), None, None, "", said)]) from None
        self.text = text
        self.written = len(self.log)


_MISSING = object()


def _differences(
    path: tuple[str | int, ...],
    stored: Any,
    replayed: Any,
    out: list[tuple[tuple[str | int, ...], Any, Any]],
) -> None:
    """Every leaf where ``stored`` and ``replayed`` differ (their path, both values)."""
    from builder.roster.keep_text import same_data

    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in replayed:
            _differences((*path, key), stored.get(key, _MISSING), replayed[key], out)
        for key in stored:
            if key not in replayed:
                out.append(((*path, key), stored[key], None))
        return
    if isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for i, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            _differences((*path, i), a, b, out)
        return
    if stored is _MISSING or not same_data(stored, replayed):
        if isinstance(stored, float) and isinstance(replayed, int) and stored == replayed:
            return
        if isinstance(stored, int) and isinstance(replayed, float) and stored == replayed:
            return
        out.append((path, stored, replayed))


def _shown(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def _entry(
    action: dict[str, Any], applied: Applied[Any], used: dict[str, list[int]]
) -> dict[str, Any]:
    """The log entry of an applied action: ``do``, the game's stamp, the action's own keys
    (``roll`` dropped: every face is now written), the game's log keys, the faces it used."""
    entry: dict[str, Any] = {"do": action["do"], **applied.stamp}
    for key, value in action.items():
        if key not in ("do", "roll"):
            entry.setdefault(key, value)
    for key, value in applied.log.items():
        entry[key] = value
    for key, faces in used.items():
        if faces or key in action:
            entry[key] = list(faces)
    return entry


def _replay_problem(problem: Problem) -> Problem:
    said = MESSAGES("log-replay", why=problem.said)
    return Problem(problem.file, problem.line, problem.col, problem.field, said)


def _check_catalog(
    rec: RecordFile, system: AnySystem, catalog_dir: Path | None, head: dict[str, Any]
) -> None:
    """Refuse a record played with another catalog (its log would replay with other numbers);
    a record that names none is given the one in use."""
    from builder.catalogs.impact import catalog_folder, identity_of

    identity = identity_of(system, catalog_folder(system, catalog_dir))
    recorded = head.get("catalog")
    if recorded is None:
        head["catalog"] = identity.to_json()
        return
    if recorded.get("digest") != identity.digest:
        from builder.catalogs.words import pin_label

        said = MESSAGES(
            "record-other-catalog",
            recorded=pin_label(
                str(recorded.get("name")), recorded.get("version"), str(recorded.get("digest"))
            ),
            current=identity.said(),
        )
        raise InputError([rec.src.problem(("catalog", "digest"), said)])


def _sides_of(rec: RecordFile, catalog: Any) -> list[Side]:
    """The sides a record names (team files relative to it, or written out under ``sides:``)."""
    from builder.roster.team_file import read_team

    folder = rec.path.parent
    sides: list[Side] = []
    problems: list[Problem] = []
    if "teams" in rec.head:
        labels = list(rec.head["teams"])
        labels = labels * (2 if len(labels) == 1 else 1)
        for label in labels:
            system, read = read_team(folder / label)
            if system is None or read.team is None or system.id != rec.system.id:
                problems += read.problems or [rec.src.problem(("teams",), MESSAGES("record-teams"))]
                continue
            sides.append(Side(read.team, label))
    else:
        written = list(rec.head["sides"])
        written = written * (2 if len(written) == 1 else 1)
        for i, data in enumerate(written):
            prefix = ("sides", i % len(rec.head["sides"]))
            positions = {k[2:]: v for k, v in rec.src.positions.items() if k[:2] == prefix}
            src = Located(rec.src.file, {"system": rec.system.id, **data}, positions)
            read = rec.system.read_team(src)
            if read.team is None or read.problems:
                problems += [p for p in read.problems if p.severity == "bad-input"] or read.problems
                if read.team is None:
                    continue
            sides.append(Side(read.team, str(getattr(read.team, "name", f"side {i + 1}"))))
    if problems:
        raise InputError(problems)
    return sides


def _relative(path: Path, folder: Path) -> str:
    """``path`` as the record names it: relative to the record's folder (POSIX slashes)."""
    try:
        return Path(os.path.relpath(path.resolve(), folder.resolve())).as_posix()
    except ValueError:  # another drive: the absolute path
        return path.resolve().as_posix()


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)
