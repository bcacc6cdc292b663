"""Saving keeps the text of what did not change (any game): flow lists and scalars come back
byte for byte, changed values go through a system's optional ``value_text`` hook, and a hook
text that would read differently is never saved."""

from __future__ import annotations

from typing import Any

from builder.roster.keep_text import text_nodes
from builder.roster.team_file import dump_team, save_team

ORIGINAL = """\
# hand-written
system: demo
name: "Night shift"   # quoted on purpose
grid:
  - [1,   10,  ~]
  - [100, 2,   3]
tags: [a,b]
nested:        # ruamel's own indent for a list in a list (it re-indents ``- - 1``)
  -   - 1
      - ~
"""

DATA: dict[str, Any] = {
    "system": "demo",
    "name": "Night shift",
    "grid": [[1, 10, None], [100, 2, 3]],
    "tags": ["a", "b"],
    "nested": [[1, None]],
}


def test_unchanged_values_keep_their_original_text():
    assert dump_team(DATA, ORIGINAL) == ORIGINAL


def test_a_changed_flow_list_is_rewritten_and_only_it():
    data = {**DATA, "grid": [[1, 10, None], [100, 2, 4]]}
    out = dump_team(data, ORIGINAL)
    assert out == ORIGINAL.replace("[100, 2,   3]", "[100, 2, 4]")


def test_a_changed_scalar_is_rewritten_and_its_comment_kept():
    out = dump_team({**DATA, "name": "Day shift"}, ORIGINAL)
    assert out == ORIGINAL.replace('"Night shift"  ', '"Day shift"    ')  # the comment stays put


def test_a_block_style_nested_list_stays_block_style():
    out = dump_team({**DATA, "nested": [[2, None]]}, ORIGINAL)
    # ruamel indents it its own way; the unchanged null keeps its ~
    assert "\n  -   - 2\n      - ~\n" in out


def test_the_hook_is_asked_only_for_changed_values_with_every_original_text():
    calls: list[tuple[Any, ...]] = []

    def hook(path: Any, value: Any, original: Any) -> str | None:
        calls.append((path, value, dict(original)))
        return "[1,   10,  11]" if path == ("grid", 0) else None

    data = {**DATA, "grid": [[1, 10, 11], [100, 2, 3]]}
    out = dump_team(data, ORIGINAL, hook)
    assert [c[:2] for c in calls] == [(("grid", 0), [1, 10, 11])]
    assert calls[0][2][("grid", 1)] == "[100, 2,   3]"  # siblings are there to align with
    assert out == ORIGINAL.replace("[1,   10,  ~]", "[1,   10,  11]")


def test_a_hook_text_that_reads_differently_is_not_saved():
    data = {**DATA, "grid": [[1, 10, 11], [100, 2, 3]]}
    wrong = dump_team(data, ORIGINAL, lambda path, value, original: "[1, 10, 12]")
    assert wrong == dump_team(data, ORIGINAL)  # the unchanged values still keep their text
    assert "  - [1, 10, 11]\n  - [100, 2,   3]\ntags: [a,b]\n" in wrong


def test_a_new_file_asks_the_hook_for_every_value():
    seen = []
    dump_team({"system": "demo", "rows": [[1, None]]}, None, lambda p, v, o: seen.append(p))
    assert seen == [("system",), ("rows",)]  # a new list is one flow list


def test_text_nodes_skip_keys_anchors_block_scalars_and_what_is_inside_flow_lists():
    text = "a: [1, [2]]\nb: &x 3\nc: *x\nd: |\n  text\ne:\n  f: {g: 1}\n  h: 'q'\n"
    nodes = text_nodes(text)
    assert nodes is not None
    assert {path: text[a:b] for path, (a, b) in nodes.items()} == {
        ("a",): "[1, [2]]",
        ("e", "f"): "{g: 1}",
        ("e", "h"): "'q'",
    }
    assert text_nodes("a: 1\n---\nb: 2\n") is None  # two documents: nothing is kept
    assert text_nodes("a: [1\n") is None


def test_a_system_without_the_hook_saves_as_before(fake_game, tmp_path):
    text = "system: fake\nname: A\nrobots: [{name: K,   kind: scout}]   # aligned\n"
    path = tmp_path / "squad.yaml"
    path.write_text(text, encoding="utf-8")
    from builder.roster.team_file import load_team

    team = load_team(path)[1]
    save_team(fake_game, team, path)
    assert path.read_text(encoding="utf-8") == text
    team.robots[0] = team.robots[0].model_copy(update={"kind": "tank"})
    save_team(fake_game, team, path)
    saved = path.read_text(encoding="utf-8")
    assert "robots: [{name: K, kind: tank}]      # aligned\n" in saved  # the comment stays put
    assert saved.index("#") == text.index("#")


def test_a_comment_keeps_its_screen_column_after_wide_text_and_a_byte_order_mark():
    original = "\ufeffname: 日本語   # c\ngrid: [1,   2]   # g\n"
    assert dump_team({"name": "日本語", "grid": [1, 2]}, original) == original[1:]
    # 日本語 is six cells wide, 日本 four: the comment stays at cell 15, the list's at 17
    changed = dump_team({"name": "日本", "grid": [1, 3]}, original)
    assert changed == "name: 日本     # c\ngrid: [1, 3]     # g\n"
