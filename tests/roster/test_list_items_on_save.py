"""The saver writes every list item of the new data, each from its own old entry: items without
a ``name``, or two with the same one, never collapse into one (an alias) and lose the others."""

from __future__ import annotations

import yaml

from builder.roster.team_file import dump_team

ORIGINAL = (
    "system: x\nname: t\nitems:\n  - {kind: a, n: 1}\n  - {kind: b, n: 2}\n  - {kind: c, n: 3}\n"
)


def test_unnamed_list_items_are_each_written_once():
    data = {
        "system": "x",
        "name": "t",
        "items": [{"kind": "a", "n": 1}, {"kind": "b", "n": 5}, {"kind": "c", "n": 3}],
    }
    text = dump_team(data, ORIGINAL)
    assert yaml.safe_load(text) == data
    assert "&" not in text and "*" not in text  # no anchors: three entries, not one repeated


def test_items_sharing_a_name_keep_their_own_entries_and_comments():
    original = (
        "system: x\nname: t\nunits:\n  - name: A  # first\n    v: 1\n  - name: B  # second\n"
        "    v: 2\n"
    )
    data = {"system": "x", "name": "t", "units": [{"name": "A", "v": 1}, {"name": "A", "v": 9}]}
    text = dump_team(data, original)
    assert yaml.safe_load(text) == data
    assert "# first" in text and "# second" in text


def test_named_items_still_follow_their_entry_when_reordered():
    original = (
        "system: x\nname: t\nunits:\n  - name: A  # a\n    v: 1\n  - name: B  # b\n    v: 2\n"
    )
    data = {"system": "x", "name": "t", "units": [{"name": "B", "v": 2}, {"name": "A", "v": 1}]}
    text = dump_team(data, original)
    assert yaml.safe_load(text) == data
    assert text.index("B  # b") < text.index("A  # a")
