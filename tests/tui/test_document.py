"""The kit's pieces without a terminal: the undo history, the document's unsaved state, what a
save would drop, the editor's reading of a team model, new names, the path field's Tab."""

from __future__ import annotations

from pathlib import Path

from builder.roster.team_file import read_team
from builder.systems.editing import Ref, fields_of, free_name, items_field, with_field
from builder.systems.soh.models import Character, Crew
from builder.tui.dialogs.file_dialog import complete_path
from builder.tui.document import Document, History, lost_paths, open_file

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_history_undoes_and_redoes_as_deep_as_the_session():
    history = History("a")
    for value in "bcd":
        history.record(value, (f"to {value}", f"{value} へ"))
    assert history.present == "d" and history.can_undo and not history.can_redo
    assert [history.undo() for _ in range(4)] == [
        ("to d", "d へ"),
        ("to c", "c へ"),
        ("to b", "b へ"),
        None,
    ]
    assert history.present == "a" and history.serial == 0
    assert history.redo() == ("to b", "b へ") and history.present == "b"
    history.record("x", ("to x", "x へ"))  # a new step: what was undone cannot come back
    assert not history.can_redo and history.present == "x"


def test_undo_back_to_the_saved_team_is_not_unsaved(fake_demo):
    system, read = read_team(fake_demo)
    squad = read.team
    doc = Document(system, system.load_catalog(), squad, path=fake_demo, original=None)
    assert not doc.dirty
    more = squad.model_copy(update={"robots": [*squad.robots, squad.robots[0]]})
    assert doc.apply(more, ("add", "追加")) and doc.dirty
    assert not doc.apply(more.model_copy(), ("again", "再び"))  # the same team: no step
    assert doc.undo() == ("add", "追加") and not doc.dirty
    doc.redo()
    doc.mark_saved(fake_demo, "text")
    assert not doc.dirty
    doc.undo()
    assert doc.dirty  # the saved state is the one with the robot added


def test_what_a_save_would_drop_is_found_item_by_item():
    before = {"name": "x", "units": [{"name": "a", "n": 1}, {"name": "b", "n": [1]}, {"name": "c"}]}
    after = {"name": "x", "units": [{"name": "a", "n": 1.0}, {"name": "c"}]}
    assert lost_paths(before, after) == [("units", 1)]
    assert lost_paths({"k": True}, {"k": 1}) == [("k",)]  # another type is another value
    assert lost_paths({"k": 1, "extra": 2}, {"k": 1}) == []  # a key left out is kept by the saver


def test_a_broken_example_opens_locked_on_what_it_would_drop():
    from builder import systems

    opened = open_file(EXAMPLES / "soh" / "broken_crew.yaml", fallback=systems.get("soh"))
    assert opened.document is not None and opened.document.locked
    assert opened.lost == ["characters[2]"]  # Cy: a required field missing, left out
    opened = open_file(EXAMPLES / "kuroganen" / "broken_map.yaml", fallback=systems.get())
    assert opened.document is None and opened.unreadable is not None
    assert opened.unreadable.system.id == "kuroganen" and len(opened.unreadable.problems) == 2


def test_the_editor_reads_the_fields_from_the_model():
    specs = {s.name: s for s in fields_of(Character)}
    assert (specs["agility"].kind, specs["agility"].low, specs["agility"].high) == ("int", -5, 30)
    assert specs["armour"].ref == Ref("armour", clears=("vehicle",)) and specs["armour"].optional
    assert (specs["weapons"].kind, specs["weapons"].max_items) == ("refs", 8)
    assert (specs["skills"].kind, specs["skills"].high) == ("levels", 20)
    assert specs["leader"].kind == "bool"
    assert items_field(Crew).key == "characters"
    ada = Character.model_validate(
        {"name": "Ada", "intellect": 1, "agility": 1, "dexterity": 1, "strength": 1, "size": 1,
         "ap": 1, "vehicle": "lynx"}
    )  # fmt: skip
    assert with_field(ada, specs["armour"], "flak-jacket").vehicle is None  # one or the other


def test_new_names_take_the_next_free_number():
    assert free_name("Kestrel", ["Kestrel"]) == "Kestrel 2"
    assert free_name("Rick Dias 1", ["Rick Dias 1", "rick dias 2"]) == "Rick Dias 3"
    assert free_name("機体", []) == "機体"
    assert free_name("Nightingale", ["Nightingale"], numbered=True) == "Nightingale 1"


def test_tab_completes_a_path_as_far_as_the_names_agree(tmp_path):
    (tmp_path / "teams").mkdir()
    for name in ("night.yaml", "nightfall.yaml", "notes.txt"):
        (tmp_path / "teams" / name).write_text("x")
    assert complete_path("te", tmp_path) == "teams/"  # one folder: its slash
    assert complete_path("teams/ni", tmp_path) == "teams/night"  # as far as both agree
    assert complete_path("teams/no", tmp_path) == "teams/no"  # not a YAML file: not offered
    assert complete_path(str(tmp_path / "teams" / "nightf"), tmp_path).endswith("nightfall.yaml")
