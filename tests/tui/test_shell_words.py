"""The shell names each game's file content in its own words (a team, a force, a crew, a map)."""

from __future__ import annotations

import pytest

from builder.tui.app import BuilderApp
from builder.tui.labels import t
from tests.tui.helpers import settle

NOUNS = {"laminim": "team", "artifact": "force", "soh": "crew", "kuroganen": "map"}


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_demo_file_title_and_prompts_use_the_games_noun(sid):
    app = BuilderApp.from_paths(None, None, sid)
    noun = NOUNS[sid]
    assert app.path is None  # the demo file is not saved over
    assert app.say("demo_team") == f"demo {noun}, not saved to a file"
    assert app.say("save_title") == f"Save the {noun} as"
    app.lang = "ja"
    assert "{noun}" not in app.say("save_or_discard")


def test_without_a_game_the_shell_says_file():
    assert t("demo_team", "en") == "demo file, not saved to a file"
    assert "{noun}" not in t("demo_team", "ja")


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_help_names_the_game_first_its_screen_and_the_print_dialog_its_sizes(sid):
    """F1 in either language: the game's name, the keys of the screen it is on first; p: the
    print dialog offers a card size only when the game has a choice."""
    import asyncio

    from builder.tui.dialogs.print_dialog import PrintDialog
    from builder.tui.screens.help_screen import HelpScreen

    async def main() -> None:
        app = BuilderApp.from_paths(None, None, sid)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            first = app.ui.help[0]  # the game's first screen's section
            for lang, title in (
                ("en", f"{app.system.name} — keys"),
                ("ja", f"{app.system.name_ja} — キー操作"),
            ):
                app.lang = lang  # type: ignore[assignment]
                await settle(pilot)
                await pilot.press("f1")
                await settle(pilot)
                assert isinstance(app.screen, HelpScreen)
                strips = app.screen._compositor.render_strips()
                text = "\n".join(strip.text.strip() for strip in strips if strip.text.strip())
                assert title in text, text
                assert "{noun}" not in text
                section = first[1] if lang == "ja" else first[0]
                assert section in text  # the current screen's keys first, in view
                every = "全画面共通" if lang == "ja" else "Every screen"
                titles = [s[1] if lang == "ja" else s[0] for s in app.screen._sections]
                assert titles.index(section) < titles.index(every)
                await pilot.press("escape")
                await settle(pilot)
            assert app.title.startswith(app.system.name_ja)  # the title follows the language
            await pilot.press("p")
            await settle(pilot)
            assert isinstance(app.screen, PrintDialog)
            row = app.screen.query_one("#card-size-row")
            assert row.display == (len(app.system.card_sizes) > 1)

    asyncio.run(main())


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_every_help_section_of_the_screen_comes_before_the_keys_of_every_screen(sid):
    """A screen's keys may take several sections (kuroganen's map: the map's keys and its
    units'): F1 shows all of them first, in the file's order, then "Every screen"."""
    from builder import systems
    from builder.tui.screens.help_screen import ordered_sections

    ui = systems.get(sid).tui()
    for screen, titles in ui.help_screens.items():
        order = [s[0] for s in ordered_sections(ui, screen)]
        assert order[: len(titles)] == list(titles), (screen, order)
        assert order.index("Every screen") == len(titles)
    if sid == "kuroganen":
        assert ui.help_screens["MapScreen"] == ("Map", "Units")
