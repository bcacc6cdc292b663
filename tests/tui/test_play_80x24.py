"""Issue 31 item 7 on the play screens of every game, and issue 34's "no English under --lang
ja" there: at 80×24, in both languages, against every threat ``t`` steps through, every line of
the screen's text is there to read (the head kept whole, wrapped between phrases only; each
line of the body on a row of its own, scrolled to), the game's name stays in the title, and
LAMINIM's legend names every short word its unit lines use. Each record is docs/play.md's
worked game of that game after a few of its actions files, so the units show damage."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from builder import systems
from builder.core.phrases import phrases
from builder.core.text_table import columns
from builder.play.session import Session
from builder.systems.laminim.play.view import LABELS as LAMINIM_WORDS
from builder.tui.app import BuilderApp
from builder.tui.play.record_document import RecordDocument
from builder.tui.play.screen import threats_of
from tests.docs import play_games
from tests.docs.test_play_doc import blocks as laminim_blocks
from tests.tui.helpers import screen_text, settle

ROOT = Path(__file__).parents[2]
SIZE = (80, 24)

GAMES = {  # game: (team files, seed, how many of its worked game's actions files)
    "laminim": (
        {
            "samples.yaml": ROOT / "parts_catalog" / "laminim" / "demo_team.yaml",
            "rivals.yaml": ROOT / "examples" / "laminim" / "rivals.yaml",
        },
        2024,
        5,
    ),
    "artifact": (
        {
            "sleeves.yaml": ROOT / "parts_catalog" / "artifact" / "demo_force.yaml",
            "londo_bell.yaml": ROOT / "examples" / "artifact" / "londo_bell.yaml",
        },
        2024,
        3,
    ),
    "soh": (
        {
            "comet.yaml": ROOT / "parts_catalog" / "soh" / "demo_crew.yaml",
            "salvage.yaml": ROOT / "examples" / "soh" / "my_crew.yaml",
        },
        2024,
        3,
    ),
    "kuroganen": ({"block.yaml": ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml"}, 1, 2),
}


def worked_record(tmp_path: Path, game: str) -> Path:
    teams, seed, steps = GAMES[game]
    for name, source in teams.items():
        shutil.copy(source, tmp_path / name)
    session = Session.begin([tmp_path / n for n in teams], seed=seed)
    if game == "laminim":
        found = laminim_blocks(play_games.DOCS / "play.md")
    else:
        found = play_games.blocks(play_games.DOCS / "play.md", game)
    for text in [t for kind, t in found if kind == "do"][:steps]:
        session.apply_data(yaml.safe_load(text))
    return session.path


def squeezed(text: str) -> str:
    return "".join(text.split())


def phrase_ends(line: str) -> set[int]:
    """Where a line may break (the project's one rule, builder/core/phrases.py), counted in
    characters other than spaces."""
    ends, done = {0}, ""
    for phrase in phrases(line):
        done += phrase
        ends.add(len(squeezed(done)))
    return ends


def allowed_latin(tmp_path: Path) -> set[str]:
    """Latin words a Japanese play screen may show: what the players named in their own files
    (no Japanese name given), file names, rule numbers, key names."""
    words = {"D12", "D18", "D21", "ID", "AP", "HP", "P", "yaml", "battle"}
    words |= {"Hi", "n"}  # Hi-ν in the game's Japanese names; n: a unit's number on the map
    for path in tmp_path.glob("*.yaml"):
        words |= set(re.findall(r"[A-Za-z][A-Za-z0-9]*", path.name))
        for name in re.findall(r"name: ([^,}\n]+)", path.read_text(encoding="utf-8")):
            words |= set(re.findall(r"[A-Za-z][A-Za-z0-9]*", name))
    return words


async def every_row(pilot, app) -> list[str]:
    """The screen's rows from the body's top to its end (scrolled half a view at a time)."""
    scroll = app.screen.query_one("#scroll")
    rows: list[str] = []
    y = 0
    while True:
        scroll.scroll_to(y=y, animate=False)
        await settle(pilot)
        rows += screen_text(pilot).splitlines()
        if y >= scroll.max_scroll_y:
            return rows
        y += max(1, scroll.size.height // 2)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_word_of_the_play_screen_is_readable_at_80x24(tmp_path, game, lang):
    record = worked_record(tmp_path, game)
    doc = RecordDocument.open(record)
    app = BuilderApp(None, lang=lang, record=doc)  # type: ignore[arg-type]
    system = systems.get(game)
    latin = allowed_latin(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for threat in threats_of(doc):
            screen = app.screen
            assert screen.threat == threat
            head, body = doc.screen(threat, lang)
            region = screen.query_one("#head").region
            rows = screen_text(pilot).splitlines()
            name = system.name_ja if lang == "ja" else system.name
            assert name in rows[0], rows[0]  # the game's name stays in the title
            shown = [r.strip() for r in rows[region.y : region.bottom]]
            at = 0  # each head line whole on the rows under the title, broken between phrases
            for line in head.splitlines():
                ends = phrase_ends(line)
                done = ""
                while squeezed(done) != squeezed(line):
                    assert at < len(shown), (threat, line, shown)
                    done += shown[at]
                    at += 1
                    assert squeezed(line).startswith(squeezed(done)), (threat, line, shown)
                    assert len(squeezed(done)) in ends, (threat, line, shown[at - 1])
            seen = await every_row(pilot, app)
            for line in body.splitlines():  # each line of the body on a row of its own
                assert columns(line) <= 78, (threat, line)
                assert not line.strip() or any(r.strip() == line.strip() for r in seen), line
            if lang == "ja":  # the screen's own words (the footer's keys are letters)
                said = "\n".join(screen.say(p) for p in screen.said)
                english = english_words("\n".join((head, body, said)), latin)
                assert not english, (threat, english)
            await pilot.press("t")
            await settle(pilot)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_laminim_legend_names_every_short_word_of_the_unit_lines(lang):
    """Each word the unit lines shorten (their labels' words before the figures) is explained
    in the legend at the body's end."""
    legend = LAMINIM_WORDS.t("screen-legend", lang)
    explained = {item.split("：" if lang == "ja" else ":")[0] for item in legend.split(" · ")}
    used = []
    for key in ("screen-odds", "screen-score"):
        used += [w for w in LAMINIM_WORDS.t(key, lang).split() if "{" not in w]
    for key in ("ammo", "mark-zuzzer", "mark-single", "mark-fired", "mark-done", "destroyed"):
        used.append(re.sub(r"\{\w+\}", "", LAMINIM_WORDS.t(key, lang)).strip())
    hidden = [w for w in used if not any(w in e for e in explained)]
    assert not hidden, hidden


async def test_a_refused_weapon_is_said_with_the_crew_s_weapons_in_japanese(tmp_path):
    """Space Opera Heroes: a weapon the character does not carry is refused, and under
    Japanese the weapons it does carry are listed by their Japanese names (they are typed as
    well as the ids), on rows broken between phrases."""
    from tests.tui.test_play_screen import said_rows, type_action

    doc = RecordDocument.open(worked_record(tmp_path, "soh"))
    app = BuilderApp(None, lang="ja", record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_action(pilot, "enter", "attack by: 3, weapon: 9, target: 4")
        said = said_rows(pilot)
        line = app.screen.say(app.screen.said[0])
    assert "ビームキャノン、2 エナジーソード" in line and "beam" not in line, line
    assert squeezed(said) == squeezed(line)
    ends, done = phrase_ends(line), ""
    for row in said.splitlines():
        done += row
        assert len(squeezed(done)) in ends, row


def english_words(text: str, allowed: set[str]) -> set[str]:
    text = re.sub(r"--[\w-]+", "", text)  # options are typed as they are
    return set(re.findall(r"[A-Za-z][A-Za-z0-9]*", text)) - allowed


@pytest.mark.parametrize("game", list(GAMES))
async def test_undoing_an_action_made_before_the_screen_opened_names_it_in_japanese(tmp_path, game):
    """``ctrl+z`` on a record opened with actions in it: "取り消し：…" says the action as the
    record said it when it was made (it said ``end-round``, ``declare 6``: the actions file's
    words); ``ctrl+y`` the same."""
    doc = RecordDocument.open(worked_record(tmp_path, game))
    app = BuilderApp(None, lang="ja", record=doc)  # type: ignore[arg-type]
    allowed = allowed_latin(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key, word in (("ctrl+z", "取り消し："), ("ctrl+y", "やり直し：")):
            await pilot.press(key)
            await settle(pilot)
            said = app.screen.say(app.screen.said[0])
            assert said.startswith(word) and len(said) > len(word) + 2, said
            assert not english_words(said, allowed), said


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["laminim", "artifact"])
async def test_a_game_over_offers_no_game_key_and_no_empty_odds(tmp_path, monkeypatch, game, lang):
    """docs/play.md's worked game played to its end: the footer offers none of the game's
    actions and no threat (only undo is taken then), and no column waits for odds."""
    monkeypatch.setitem(GAMES, game, (*GAMES[game][:2], 99))
    doc = RecordDocument.open(worked_record(tmp_path, game))
    assert doc.session.battle.over(doc.state)
    app = BuilderApp(None, lang=lang, record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = screen_text(pilot).splitlines()
        footer = "\n".join(rows[app.screen.query_one("KeyFooter").region.y :])
        for _, _, (en, ja) in app.screen.game_keys:
            assert (ja if lang == "ja" else en) not in footer, footer
        assert ("想定攻撃" if lang == "ja" else "Threat") not in footer, footer
        assert ("行動" if lang == "ja" else "Action") in footer  # to type undo
        odds = "alive 1" if lang == "en" else "生存 1"
        assert game != "artifact" or odds not in screen_text(pilot)
        await pilot.press("ctrl+z")  # the end undone: the keys are back
        await settle(pilot)
        rows = screen_text(pilot).splitlines()
        footer = "\n".join(rows[app.screen.query_one("KeyFooter").region.y :])
        assert ("想定攻撃" if lang == "ja" else "Threat") in footer, footer


@pytest.mark.parametrize("game", list(GAMES))
async def test_t_is_offered_only_where_there_is_a_threat_to_choose(tmp_path, game):
    """Space Opera Heroes and Kuroganen Gauge have one threat on the screen: no ``t`` in the
    footer there, and the head names no ``--threat`` (an option of the command, not a key)."""
    doc = RecordDocument.open(worked_record(tmp_path, game))
    app = BuilderApp(None, lang="en", record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = screen_text(pilot).splitlines()
        footer = "\n".join(rows[app.screen.query_one("KeyFooter").region.y :])
        head, _ = doc.screen(None, "en")
    assert ("t Threat" in footer) == (len(threats_of(doc)) > 1), footer
    assert "--threat" not in head, head


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_an_end_of_round_report_is_read_whole_at_80x24(tmp_path, monkeypatch, lang):
    """docs/play.md's round 2 ends with a cook-off chain: seven lines said (eight rows under
    Japanese). The first and the last are on screen, the last once scrolled to (the said lines
    were cut at four rows: the shield destroyed and round 3's start never showed)."""
    from tests.tui.test_play_screen import ROUND_2, said_rows, type_action

    monkeypatch.setitem(GAMES, "laminim", (*GAMES["laminim"][:2], 2))
    doc = RecordDocument.open(worked_record(tmp_path, "laminim"))
    app = BuilderApp(None, lang=lang, record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key, text in ROUND_2:
            await type_action(pilot, key, text)
        lines = [app.screen.say(p) for p in app.screen.said]
        assert len(lines) >= 6, lines
        assert squeezed(lines[0]) in squeezed(said_rows(pilot))
        app.screen.query_one("#said").scroll_end(animate=False)
        await settle(pilot)
        assert squeezed(lines[-1]) in squeezed(said_rows(pilot)), said_rows(pilot)
        assert len(said_rows(pilot).splitlines()) >= 6  # up to 40% of the rows, then scrolled
