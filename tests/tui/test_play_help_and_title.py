"""Issue 31 item 7 and issue 34 on the play screen at 80×24: the help (F1) names ``t`` only
where the screen offers it (a game with threats to choose: LAMINIM, ARTIFACT; not Space Opera
Heroes, KUROGANEN), and the title names the two sides by their teams' own names, in Japanese
where the record keeps them (``names_ja:``), never by the team files' stems; long names are cut
before the unsaved marker or the game's name."""

from __future__ import annotations

import pytest
import yaml

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.labels import SHELL_HELP
from builder.tui.play.record_document import RecordDocument
from builder.tui.play.screen import PlayScreen
from tests.tui.helpers import screen_text, settle
from tests.tui.test_play_80x24 import SIZE, worked_record

T_ROW = next(row for *_, rows in SHELL_HELP for row in rows if row[0] == "t")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["laminim", "soh"])
async def test_the_help_names_t_only_where_the_play_screen_offers_it(tmp_path, game, lang):
    doc = RecordDocument.open(worked_record(tmp_path, game))
    app = BuilderApp(None, lang=lang, record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        offered = "t" in app.screen.active_bindings
        assert offered == (game == "laminim")
        await pilot.press("f1")
        await settle(pilot)
        text = "".join(screen_text(pilot).split())
        start = "".join((T_ROW[2] if lang == "ja" else T_ROW[1]).split())[:12]
        assert (start in text) == offered, text


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_play_title_names_the_teams_by_their_own_names(tmp_path, lang):
    doc = RecordDocument.open(worked_record(tmp_path, "laminim"))  # samples.yaml × rivals.yaml
    app = BuilderApp(None, lang=lang, record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        title = screen_text(pilot).splitlines()[0]
        sides = "テストプレイ見本 × Rivals" if lang == "ja" else "Test-play samples × Rivals"
        assert sides in title, title
        assert "samples × rivals" not in title


async def test_long_team_names_give_way_to_the_marker_and_the_game_name(tmp_path):
    record = worked_record(tmp_path, "laminim")
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    long_ja = "とても長い名前の見本チームその一番目の部隊"
    data["names_ja"] = [long_ja, "とても長い名前の相手チームその二番目の部隊"]
    record.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    doc = RecordDocument.open(record)
    app = BuilderApp(None, lang="ja", record=doc)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.dirty = True  # the team under the record has unsaved changes
        await settle(pilot)
        title = screen_text(pilot).splitlines()[0]
        assert title.startswith(" ● 未保存") and systems.get("laminim").name_ja in title, title
        assert long_ja[:6] in title and "…" in title, title
