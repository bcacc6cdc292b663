"""What ``check`` adds about catalogs: a pinned file checked against another catalog, and ids
the catalog renamed.

Never silent, never louder than needed: the notice names only the file's own parts that
changed (``rifle: weight 3 → 5``) and the errors the change brought; the exit code stays the
report's. Without the old catalog's snapshot it says which catalog the file was built against.
A file without a pin and without renamed ids gets nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.catalogs.identity import CatalogIdentity, read_identity
from builder.catalogs.impact import (
    collections_of,
    identity_of,
    judge,
    new_errors,
    own_changes,
    rename_notes,
    same_problem,
    uses_of,
    with_renames,
)
from builder.catalogs.pin import Pin, read_pin
from builder.catalogs.words import MESSAGES, short_label
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.core.source import Located, read_yaml
from builder.systems import AnySystem, Report, TeamModel, TeamRead


@dataclass
class CatalogNotice:
    """The catalog part of one ``check``: its warnings, the errors of renamed ids and the JSON
    ``catalog`` key."""

    warnings: list[Problem] = field(default_factory=list)
    json: dict[str, Any] | None = None
    new_errors: list[Problem] = field(default_factory=list)
    """Errors the catalog change brought (``check`` marks them where it prints them)."""
    renames: list[Problem] = field(default_factory=list)
    """An error per use of an id the catalog renamed (see :func:`impact.with_renames`)."""

    def apply(self, report: Report) -> None:
        """Put the notice into ``report`` (in place): each renamed id's error stands for the
        game's "unknown id" at its place, and the warnings join the report's own, so its
        summary counts them and they are shown like any other warning."""
        problems = report.problems
        replaced = with_renames(problems, self.renames)
        for old, new in zip(problems, replaced, strict=False):
            if new is not old and any(same_problem(old, p) for p in self.new_errors):
                self.new_errors.append(new)
        problems[:] = [*replaced, *self.warnings]

    def mark(self, problem: Problem) -> str:
        """An error line of ``check`` (in the language it reports in), marked when the catalog
        change brought it."""
        if any(same_problem(problem, p) for p in self.new_errors):
            mark = MESSAGES("new-with-catalog").text(current_lang())
            return f"{problem} {mark}"
        return str(problem)


def _pin_of(path: Path) -> tuple[Pin | None, Located | None]:
    try:
        src = read_yaml(path)
    except InputError:
        return None, None
    pin, _ = read_pin(src)
    return pin, src


def check_notice(
    system: AnySystem,
    path: Path,
    read: TeamRead[TeamModel],
    catalog: Any,
    folder: Path,
) -> CatalogNotice:
    """The notice for the file at ``path`` (read as ``read``) checked against ``catalog``
    (the catalog of ``folder``)."""
    identity = identity_of(system, folder)
    renames = rename_notes(system, read, identity)
    notice = CatalogNotice(renames=renames)
    pin, src = _pin_of(path)
    if pin is None or src is None:
        return notice
    at = src.locator()
    changed = pin.digest != identity.digest
    body: dict[str, Any] = {
        "pinned": pin.to_json(),
        "current": identity.to_json(),
        "changed": changed,
        "snapshot": None,
        "changes": [],
        "new_errors": [],
    }
    notice.json = body
    if not changed:
        return notice
    same = pin.name == identity.name  # the usual case: say the versions, not the name twice
    head = MESSAGES(
        "built-against",
        pinned=short_label(pin.name, pin.version, pin.digest, same),
        current=short_label(identity.name, identity.version, identity.digest, same),
    )
    from builder.catalogs.diff import diff_catalogs  # a pinned file whose catalog changed
    from builder.catalogs.store import find_snapshot

    snapshot = find_snapshot(pin.digest)
    old: CatalogIdentity | None = None
    old_catalog: Any = None
    if snapshot is not None:
        try:
            old = read_identity(snapshot)
            old_catalog = system.load_catalog(snapshot)
        except InputError:
            old = None
    body["snapshot"] = str(snapshot) if old is not None else None
    if old is None:
        message = MESSAGES("no-snapshot", head=head)
        notice.warnings = [at(("catalog",), message, "warning")]
        return notice
    diff = diff_catalogs(old, identity, collections_of(system))
    uses = uses_of(system, read.source.data if read.source else None)
    changes = own_changes(diff, uses, renamed=identity.renamed)
    _, errors_before = judge(system, read, old_catalog)
    _, errors_after = judge(system, read, catalog)
    broke = new_errors(errors_before, errors_after)
    summary = (
        MESSAGES("parts-changed", head=head, count=len(changes))
        if changes
        else MESSAGES("no-parts-changed", head=head)
    )
    if broke:
        plural = "errors-came-plural" if len(broke) > 1 else "errors-came"
        summary += MESSAGES(plural, count=len(broke))
    notice.warnings.insert(0, at(("catalog",), summary, "warning"))
    for use, line in changes:
        change = MESSAGES("catalog-change", line=line)
        notice.warnings.append(src.problem(use.path, change, "warning"))
    notice.new_errors = broke
    body["changes"] = [
        {"collection": u.collection, "id": u.id, "change": line[0]} for u, line in changes
    ]
    body["new_errors"] = [p.to_json() for p in broke]
    return notice
