"""The text of a battle record: fast for the file the record writes after every action, and
keeping the player's comments.

A record is rewritten after every action, and a six-round game logs a few hundred actions: the
project's comment-keeping saver (:func:`builder.roster.team_file.dump_team`, ruamel round trip)
takes seconds on a file that long, so the record is written in two parts.

* The log is append-only: its text is kept as it is (comments included) and each new entry is
  appended as one flow line, ``- {do: attack, …}``, so the file reads and diffs action by action.
* The head and the state (a few dozen lines) are written by PyYAML in the project's layout when
  they hold no comment, else by the comment-keeping saver, which keeps every comment there.

When the file has an unusual shape (a flow-style log, a key after the log, a log that is not
the start of the new one) the whole file goes through the comment-keeping saver. The result is
read back and must hold exactly the data given; if it would not, the saver's text is used.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from builder.roster.keep_text import same_data
from builder.roster.team_file import dump_team

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_LOG_KEY = re.compile(r"^log:[ \t]*(?:(\[\])[ \t]*)?(?:#.*)?$", re.MULTILINE)
_TOP_KEY = re.compile(r"^[^\s#\-][^\n]*:", re.MULTILINE)
_ITEM = re.compile(r"^([ \t]*)- ", re.MULTILINE)
WIDTH = 100


class _Dumper(yaml.SafeDumper):
    """PyYAML in the project's layout: lists indented under their key (``  - ``)."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _dump(data: Any, flow: bool | None = None, width: float = WIDTH) -> str:
    return yaml.dump(
        data,
        Dumper=_Dumper,
        default_flow_style=flow,
        sort_keys=False,
        allow_unicode=True,
        width=width,
    )


def entry_line(entry: dict[str, Any], indent: str = "  ") -> str:
    """One log entry as one line: ``  - {do: attack, by: 1, hits: [6, 3]}``."""
    return f"{indent}- {_dump(entry, True, float('inf')).strip()}\n"


def _head_text(head: dict[str, Any], original: str | None) -> str:
    if original and "#" in original:
        return dump_team(head, original)
    return _dump(head) if head else ""


def _split(original: str) -> tuple[str, str, bool] | None:
    """(the text before ``log:``, the log's text from that line, whether it is ``log: []``),
    or None when the file has no block log last."""
    found = list(_LOG_KEY.finditer(original))
    if len(found) != 1:
        return None
    start = found[0].start()
    after = original[found[0].end() :]
    if _TOP_KEY.search(after):
        return None  # a key after the log (or a flow log spread over lines)
    return original[:start], original[start:], found[0].group(1) is not None


def record_text(
    data: dict[str, Any], original: str | None = None, old_entries: int | None = None
) -> str:
    """The record's text for ``data`` (its keys in order, ``log`` last), editing ``original``
    (the file as it was) so that its comments and log lines stay as they were.

    ``old_entries``: how many log entries ``original`` holds, all of them the first entries of
    ``data``'s log (the caller read it: the log only grows). Given, the old log is neither read
    nor written again, only appended to; without it the old log's text is read to know.
    """
    log = list(data.get("log", []))
    head = {k: v for k, v in data.items() if k != "log"}
    parts = _parts(head, log, original, old_entries)
    if parts is not None:
        head_text, old_text, new_text, new = parts
        if _holds(head_text, head) and _holds(
            "log:\n" + new_text, {"log": new} if new else {"log": None}
        ):
            return head_text + old_text + new_text
    return dump_team(data, original)


def _holds(text: str, data: Any) -> bool:
    """True when ``text`` reads back as exactly ``data``."""
    try:
        back = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError:
        return False
    return same_data(back, data)


def _parts(
    head: dict[str, Any],
    log: list[dict[str, Any]],
    original: str | None,
    old_entries: int | None,
) -> tuple[str, str, str, list[dict[str, Any]]] | None:
    """(head text, the old log's text kept, the new entries' lines, the new entries)."""
    if not original:
        return _head_text(head, None), "log:\n" if log else "log: []\n", _lines(log, "  "), log
    split = _split(original)
    if split is None:
        return None
    before, log_text, empty = split
    if old_entries is None:
        try:
            old = yaml.load(log_text, Loader=_LOADER)
        except yaml.YAMLError:
            return None
        old_log = old.get("log") if isinstance(old, dict) else None
        old_log = [] if old_log is None else old_log
        if not isinstance(old_log, list) or not same_data(old_log, log[: len(old_log)]):
            return None
        old_entries = len(old_log)
    if old_entries > len(log):
        return None
    head_text = _head_text(head, before)
    if not head_text.endswith("\n"):
        head_text += "\n"
    new = log[old_entries:]
    if empty or old_entries == 0:
        if not new:
            return head_text, log_text, "", []
        return head_text, "log:\n", _lines(log, "  "), log
    item = _ITEM.search(log_text)
    indent = item.group(1) if item else "  "
    if not log_text.endswith("\n"):
        log_text += "\n"
    return head_text, log_text, _lines(new, indent), new


def _lines(entries: list[dict[str, Any]], indent: str) -> str:
    return "".join(entry_line(e, indent) for e in entries)
