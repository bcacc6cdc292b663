"""The shell names each game's file content in its own words (a team, a force, a crew, a map)."""

from __future__ import annotations

import pytest

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.labels import t

NOUNS = {"laminim": "team", "artifact": "force", "soh": "crew", "kuroganen": "map"}


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_demo_file_title_and_prompts_use_the_games_noun(sid):
    system = systems.get(sid)
    path = system.demo_file()
    from builder.roster.team_file import load_team

    _, team = load_team(path)
    app = BuilderApp(system, system.load_catalog(), team, None, path.read_text(encoding="utf-8"))
    noun = NOUNS[sid]
    assert app.say("demo_team") == f"demo {noun}, not saved to a file"
    assert app.say("open_prompt") == f"Open {noun} file:"
    app.lang = "ja"
    assert "{noun}" not in app.say("open_unsaved")


def test_without_a_game_the_shell_says_file():
    assert t("demo_team", "en") == "demo file, not saved to a file"
    assert "{noun}" not in t("demo_team", "ja")


def _demo_app(sid: str) -> BuilderApp:
    from builder.roster.team_file import load_team

    system = systems.get(sid)
    path = system.demo_file()
    _, team = load_team(path)
    return BuilderApp(system, system.load_catalog(), team, path, path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_help_names_the_game_and_its_file_in_the_help_language(sid):
    import asyncio

    from builder.tui.screens.help_screen import HelpScreen

    async def main() -> None:
        app = _demo_app(sid)
        async with app.run_test(size=(80, 24)) as pilot:
            for lang, title, opens in (
                ("en", f"{app.system.name} — keys", f"open a {NOUNS[sid]} file"),
                ("ja", f"{app.system.name_ja} — キー操作", "ファイルを開く"),
            ):
                app.lang = lang  # type: ignore[assignment]
                await pilot.pause()
                app.push_screen(HelpScreen(app.ui.help))
                await pilot.pause()
                strips = app.screen._compositor.render_strips()
                text = "\n".join(strip.text.strip() for strip in strips if strip.text.strip())
                assert title in text, text
                assert "army builder" not in text and "編成ツール" not in text
                assert opens in text and "{noun}" not in text
                app.pop_screen()
                await pilot.pause()
            assert app.title.startswith(app.system.name_ja)  # the title follows the language

    asyncio.run(main())


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_the_print_dialog_offers_a_card_size_only_when_there_is_a_choice(sid):
    import asyncio

    from builder.tui.dialogs.print_dialog import PrintDialog

    async def main() -> None:
        app = _demo_app(sid)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, PrintDialog)
            row = app.screen.query_one("#card-size-row")
            assert row.display == (len(app.system.card_sizes) > 1)

    asyncio.run(main())
