"""The play screen (builder/tui/play) driven without a terminal at 80×24, in both languages:
actions typed on the action line (dice as faces in a row) applied to the record and saved,
a refusal said and nothing changed, the end of a round with a cook-off chain, undo and redo as
the kit's history steps written to the record, the odds beside each unit from the current
state. The game is docs/play.md's (its actions files, in order)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.play.session import Session
from builder.systems import ShowOptions
from builder.tui.app import BuilderApp
from builder.tui.play.record_document import RecordDocument
from builder.tui.play.screen import parse_action
from tests.docs.test_play_doc import DOCS, blocks
from tests.tui.helpers import screen_text, settle

ROOT = Path(__file__).parents[2]
SIZE = (80, 24)


def play_app(doc: RecordDocument, lang: str) -> BuilderApp:
    """The main app opened on the record alone (as ``laminim play RECORD`` without its team
    file beside it)."""
    return BuilderApp(None, lang=lang, record=doc)  # type: ignore[arg-type]


def steps() -> list[str]:
    return [text for kind, text in blocks(DOCS / "play.md") if kind == "do"]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """docs/play.md's record after round 1 (its first two actions files)."""
    shutil.copy(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", tmp_path / "samples.yaml")
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", tmp_path / "rivals.yaml")
    session = Session.begin([tmp_path / "samples.yaml", tmp_path / "rivals.yaml"], seed=2024)
    import yaml

    for text in steps()[:2]:
        session.apply_data(yaml.safe_load(text))
    return session.path


def test_an_action_line_reads_as_the_actions_file_does():
    actions = ("attack", "launch", "end-round")
    dice = ("hits", "locations", "dice")
    assert parse_action("attack by: 1, weapon: 2, hits: 6315, locations: 24", actions, dice) == {
        "do": "attack",
        "by": 1,
        "weapon": 2,
        "hits": [6, 3, 1, 5],
        "locations": [2, 4],
    }
    assert parse_action("end dice: [1, 4]", actions) == {"do": "end-round", "dice": [1, 4]}
    assert parse_action("undo", actions) == {"do": "undo"}
    for bad in ("", "jump by: 1", "attack by: [", "attack 3", "attack 3 by: 1"):
        with pytest.raises(ValueError) as said:
            parse_action(bad, actions)
        en, ja = said.value.args[0]
        assert en and ja and en != ja


def test_an_action_line_reads_pairs_as_players_type_them():
    """Spaces instead of commas, key:value run together, a Japanese keyboard's full-width
    colon and 、, names with spaces, lists with commas inside."""
    actions = ("evade", "attack", "move")
    want = {"do": "evade", "unit": 4, "ap": 1}
    for line in ("evade unit: 4 ap: 1", "evade unit:4,ap:1", "ev unit：４、ap：１"):
        assert parse_action(line, actions) == want, line
    assert parse_action("attack by: イネス船長 target: Dr Kit", actions) == {
        "do": "attack",
        "by": "イネス船長",
        "target": "Dr Kit",
    }
    assert parse_action("move unit: 2 path: [[5, 4], [4, 4]] to: [3, 4]", actions) == {
        "do": "move",
        "unit": 2,
        "path": [[5, 4], [4, 4]],
        "to": [3, 4],
    }


def said_rows(pilot, selector: str = "#said") -> str:
    """The rows a widget of the screen takes, as the terminal shows them."""
    region = pilot.app.screen.query_one(selector).region
    return "\n".join(r.strip() for r in screen_text(pilot).splitlines()[region.y : region.bottom])


async def type_action(pilot, key: str, text: str) -> None:
    await pilot.press(key)
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.press("enter")
    await settle(pilot)


ROUND_2 = [  # docs/play.md's round 2, as typed after the key that names the action
    ("f", "4, weapon: 1, target: 2, hits: 66546123, locations: 44451"),
    ("m", "5, weapon: 2, target: 2"),
    ("enter", "contact token: T2, unit: 3, locations: 2222"),
    ("enter", "undo"),
    ("enter", "contact token: T2, unit: 2, locations: 4452"),
    ("f", "3, weapon: 3, target: 4, distance: 1, single: true, hits: 146, locations: 13"),
    ("n", "1416235642551342656"),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_round_with_dice_a_cook_off_and_undo_at_80x24(record, lang):
    doc = RecordDocument.open(record)
    app = play_app(doc, lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = screen_text(pilot)
        assert ("Round 2 of 6" if lang == "en" else "ラウンド 2／6") in first
        for key, text in ROUND_2:
            await type_action(pilot, key, text)
        shown = screen_text(pilot)
        # the round ended: Bulwark's gatling went, its cook-off chain took a missile pod
        assert ("Round 3 of 6" if lang == "en" else "ラウンド 3／6") in shown
        assert doc.flush() is None  # the saves run right after the screen is drawn
        after = Session.open(record)  # what the screen saved is the record
        bulwark = after.battle.show(after.state, after.catalog, ShowOptions(odds=False)).json
        unit = next(u for u in bulwark["units"] if u["id"] == 2)
        assert [s["destroyed"] for s in unit["slots"]] == [True, True, False]
        # the record is docs/play.md's after its round 2 (the file the docs show)
        reference = Session.begin(
            [record.parent / "samples.yaml", record.parent / "rivals.yaml"],
            record.parent / "reference.battle.yaml",
            seed=2024,
        )
        import yaml

        for text in steps()[:5]:
            reference.apply_data(yaml.safe_load(text))
        assert after.battle.state_data(after.state) == reference.battle.state_data(reference.state)
        # undo takes the end of the round back (the record's own undo, saved), redo again
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert ("Round 2 of 6" if lang == "en" else "ラウンド 2／6") in screen_text(pilot)
        doc.flush()
        assert Session.open(record).state.round == 2
        assert Session.open(record).log[-1] == {"do": "undo"}
        await pilot.press("ctrl+y")
        await settle(pilot)
        doc.flush()
        assert Session.open(record).state == reference.state
        # a refused action says why and changes nothing
        before = record.read_bytes()
        await type_action(pilot, "f", "6, weapon: 1, target: 1, hits: 17")
        doc.flush()
        assert record.read_bytes() == before
        said = said_rows(pilot)
        assert said.startswith("hits[1]: ") and "7" in said, said  # the key path, no "[0]."
        assert lang == "en" or not any(w in said for w in ("face", "die", "dice"))
        await pilot.press("escape", "l")  # the refusal said again in the other language
        await settle(pilot)
        assert said_rows(pilot) != said
        # every line fits 80 columns; the odds are beside each unit
        from builder.core.text_table import columns

        text = screen_text(pilot)
        assert all(columns(line) <= 80 for line in text.splitlines())
        assert ("今 " if lang == "en" else "now ") in text  # after l: the other language


async def test_the_odds_beside_a_unit_are_the_record_s_from_the_current_state(record):
    doc = RecordDocument.open(record)
    app = play_app(doc, "en")
    async with app.run_test(size=(80, 60)) as pilot:
        await settle(pilot)
        text = screen_text(pilot)
    shown = doc.session.show(ShowOptions()).json
    for unit in shown["units"]:
        odds = unit["odds"]
        if odds is None:
            continue
        assert f"now {100 * odds['alive_this_round']:.1f}%" in text
        assert f"end {100 * odds['alive_end']:.1f}%" in text


async def test_t_changes_what_the_odds_are_against_and_l_the_language(record):
    app = play_app(RecordDocument.open(record), "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "odds vs Rifle duel" in screen_text(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert "odds vs Rifle duel" not in screen_text(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "ラウンド 2／6" in text and "想定攻撃" in text
