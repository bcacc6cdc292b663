"""In Japanese the TUI speaks Japanese: problems, toasts, help and dialogs, in every game at 80×24.

One app per game walks its main screens with a file holding several mistakes; the toasts are
checked at their call sites (every ``notify`` says a label that has its Japanese), the help's
key column by its table, and phrase wrapping by its own rules.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from builder.core.i18n import Labels
from builder.tui.app import BuilderApp
from builder.tui.dialogs.print_dialog import PrintDialog, team_problems
from builder.tui.labels import SHELL_HELP, SHELL_LABELS, key_names
from builder.tui.screens.help_screen import HelpScreen
from builder.tui.widgets.wrapped import wrap_phrases
from tests.tui.helpers import screen_text, settle

SMALL = (80, 24)
BUILDER = Path(__file__).resolve().parents[2] / "builder"
TUI_FILES = sorted([*(BUILDER / "tui").rglob("*.py"), *BUILDER.glob("systems/*/tui/**/*.py")])
EXAMPLES = BUILDER.parent / "examples"

LAMINIM_MISTAKES = """\
system: laminim
name: Bad lot
units:
  - {name: Alpha, frame: striker, weapons: [rockets, null, null]}
  - {name: Beta, frame: lancer, weapons: [gatling, rifle, null]}
  - {name: alpha, frame: hauler, weapons: [rifle, missile, null]}
"""


def _flat(text: str) -> str:
    """The screen's words with the line breaks, padding and borders gone (a wrapped line
    joins up)."""
    return re.sub(r"[█▌│▊▎]", "", "".join(text.split()))


def _shown_in_japanese(text: str, problems: list) -> None:
    """Every problem's Japanese is on screen, and none of its English."""
    flat = _flat(text)
    for p in problems:
        assert p.said.translated, f"no Japanese for {p.text('en')!r}"
        assert _flat(p.text("ja")) in flat
        assert _flat(p.text("en")) not in flat


async def _japanese(pilot) -> None:
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)


EVERY_PARITY = ("に保存しました。" * 3, "x" + "に保存しました。" * 3)
"""Two toasts whose Japanese starts on an even and an odd cell: whatever edge lies under them,
one of them has a character across it."""


async def _toasts_whole(pilot) -> None:
    for said in EVERY_PARITY:
        pilot.app.notify(said)
    await settle(pilot)
    shown = _flat(screen_text(pilot))
    assert all(_flat(said) in shown for said in EVERY_PARITY), shown
    pilot.app.clear_notifications()  # out of the way of what the test looks at next
    await settle(pilot)


async def test_laminim_problems_help_and_print_dialog_are_japanese(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_text(LAMINIM_MISTAKES, encoding="utf-8")
    app = BuilderApp.from_paths(path, None)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await _japanese(pilot)
        await pilot.press("f8")  # every problem of the file, as laminim check lists them
        await settle(pilot)
        problems_screen = screen_text(pilot)
        assert "laminim check と同じ問題が 3 件" in problems_screen
        _shown_in_japanese(problems_screen, list(app.doc.problems)[:2])  # the list scrolls
        await pilot.press("escape")
        await settle(pilot)
        from builder.systems.laminim.legality import check_team

        report = check_team(app.team, app.catalog)  # type: ignore[arg-type]
        assert len(report.errors) == 3
        legality = screen_text(pilot)
        _shown_in_japanese(legality, report.errors)
        assert "weapons[0]" not in legality and "武装 1" in legality  # the slot, by its name

        await pilot.press("enter")  # the editor of Alpha: its unknown weapon
        await settle(pilot)
        problems = screen_text(pilot)
        assert "不明な武装「rockets」" in _flat(problems) and "unknown" not in problems
        # a toast over the footer's keys lost a character at each key's edge
        # (「に保存しま  た」): the footer, three rows here, lifts the toasts above its rows
        await _toasts_whole(pilot)

        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        help_text = screen_text(pilot)
        assert "このヘルプ" in help_text
        assert not re.search(r"\b(type|space|enter|ctrl|backspace|this help)\b", help_text)
        await pilot.press("escape", "escape")
        await settle(pilot)

        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog)
        text = screen_text(pilot)
        problems = team_problems(app.system, app.team, app.catalog)
        _shown_in_japanese(text, problems[:1])  # the list scrolls: the first is in view
        listed = [w.content.text for w in app.screen.query("#print-problems .problem")]
        assert listed == [f"{p.field}: {p.text('ja')}" for p in problems]
        assert "それでも印刷 (ctrl+p)" in text and "閉じる (esc)" in text  # buttons in view
        assert "1 ページに 9 枚" in text  # the card size as cards --help says it


async def test_soh_crew_shows_its_problems_and_plan_order_in_japanese():
    app = BuilderApp.from_paths(EXAMPLES / "soh" / "illegal_crew.yaml", None)
    async with app.run_test(size=SMALL) as pilot:
        await _japanese(pilot)
        problems = team_problems(app.system, app.team, app.catalog)
        assert len(problems) == 2  # a name twice, two leaders
        _shown_in_japanese(screen_text(pilot), problems)
        assert "差引の良い順" in screen_text(pilot)  # the plan's order, not the raw "[net]"
        await pilot.press("l")
        await settle(pilot)
        assert "best net first" in screen_text(pilot)
        assert "duplicate character name" in screen_text(pilot)


async def test_a_toast_beside_the_artifact_odds_panel_keeps_every_japanese_character():
    """The force screen's two panes meet under the toasts: a toast lies on the odds panel."""
    app = BuilderApp.from_paths(BUILDER / "../parts_catalog/artifact/demo_force.yaml", None)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await _japanese(pilot)
        await _toasts_whole(pilot)


def _label_tables() -> list[Labels]:
    """Every label table of the TUI: the shell's and each game's ``tui/labels.yaml``."""
    tables = [SHELL_LABELS]
    for path in sorted(BUILDER.glob("systems/*/tui/**/*labels.yaml")):
        tables.append(Labels.load(str(path), path.name))
    return tables


LABEL_CALLS = {"t", "_t", "say", "words", "said"}
"""How the TUI makes words from a label key: a table's ``t``, a screen's ``say``, the kit's
``words`` (both languages) and a game's ``said``."""


def _keys_in(node: ast.AST) -> list[str]:
    """The label keys a message is made of: ``t("key", …)``, ``self.say("key")``, ``_t(…)``."""
    keys = []
    for call in ast.walk(node):
        if not isinstance(call, ast.Call) or not call.args:
            continue
        name = call.func.attr if isinstance(call.func, ast.Attribute) else ""
        name = call.func.id if isinstance(call.func, ast.Name) else name
        first = call.args[0]
        if name in LABEL_CALLS and isinstance(first, ast.Constant):
            keys.append(str(first.value))
        if name == "said" and not isinstance(first, ast.Constant):
            keys.append("")  # a pair of words in both languages (an edit's refusal)
        if name in LABEL_CALLS and isinstance(first, ast.IfExp):
            keys += [
                str(b.value) for b in (first.body, first.orelse) if isinstance(b, ast.Constant)
            ]
    return keys


def _keys_passed(tree: ast.AST, function: str) -> list[str]:
    """The keys given to a helper that makes the message from its first argument."""
    return [
        str(call.args[0].value)
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == function
        and call.args
        and isinstance(call.args[0], ast.Constant)
    ]


def _notify_sites() -> list[tuple[str, int, list[str]]]:
    """Each ``notify`` call of the TUI with the label keys its message comes from (a message
    held in a variable is followed to its assignment in the same function, a key given as the
    function's argument to the calls of that function)."""
    sites = []
    for path in TUI_FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for call in ast.walk(func):
                if not (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "notify"
                    and call.args
                    and not isinstance(call.func.value, ast.Call)  # super().notify: the shell's
                ):
                    continue
                arg = call.args[0]
                keys = _keys_in(arg)
                held = {n.id for n in ast.walk(arg) if isinstance(n, ast.Name)}
                for assign in ast.walk(func):  # words held in a variable: where it was set
                    if isinstance(assign, ast.Assign) and any(
                        isinstance(target, ast.Name) and target.id in held
                        for target in assign.targets
                    ):
                        keys += _keys_in(assign.value)
                params = {a.arg for a in func.args.args}
                if any(
                    isinstance(c, ast.Call)
                    and c.args
                    and isinstance(c.args[0], ast.Name)
                    and c.args[0].id in params
                    for c in ast.walk(arg)
                ):
                    keys += _keys_passed(tree, func.name)
                if isinstance(arg, ast.IfExp) and isinstance(arg.body, ast.Constant):
                    keys.append("")  # the language switch names both languages in their own
                sites.append((f"{path.relative_to(BUILDER)}:{call.lineno}", call.lineno, keys))
    return sites


def test_every_toast_says_a_label_that_has_its_japanese():
    sites = _notify_sites()
    assert len(sites) >= 20  # every game's and the shell's toasts were found
    tables = _label_tables()
    wide = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for where, _line, keys in sites:
        assert keys, f"{where}: a toast whose words come from no label table"
        for key in filter(None, keys):
            found = [table[key] for table in tables if key in table]
            assert found, f"{where}: no label {key!r}"
            assert all(wide.search(ja) for _en, ja in found), f"{where}: {key!r} has no Japanese"


def _every_help() -> list[tuple[str, str, str]]:
    from builder import systems

    lines = [line for *_, keys in SHELL_HELP for line in keys]
    for system_id in systems.ids():
        lines += [line for *_, keys in systems.get(system_id).tui().help for line in keys]
    return lines


def test_the_help_key_column_names_keys_in_japanese():
    for keys, _en, _ja in _every_help():
        shown = key_names(keys, "ja")
        assert not re.search(r"\b(type|space|enter|esc|tab|ctrl|shift|backspace|delete)\b", shown)
        assert key_names(keys, "en") == keys  # English shows them as written
    assert key_names("type", "ja") == "文字を入力"
    assert key_names("ctrl+t", "ja") == "Ctrl+T"
    assert key_names("shift+↑ ↓  K J", "ja") == "Shift+↑ ↓  K J"


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("生存率の想定攻撃を切り替える（一覧からも選べます）", 44),
        ("この本体に合う武装構成を提案（パレート最適）、Enterで反映", 44),
        ("ユニット名「alpha」が重複しています：「Alpha」と大文字小文字しか違いません", 30),
        ("duplicate unit name 'alpha': 'Alpha' differs only in case (names are unique)", 30),
        ("Swallow  (高速近接型: サブマシンガン, クイックブースター, ブレード)", 50),
    ],
)
def test_wrapping_breaks_between_phrases_and_leaves_no_word_alone(text, width):
    lines = wrap_phrases(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert _flat("".join(lines)) == _flat(text)  # nothing lost
    assert not any(line[:1] in "）」、。" for line in lines)  # no line opens on a closing mark
    for before, after in itertools.pairwise(lines):  # no English word cut in two
        assert not (before[-1:].isascii() and before[-1:].isalpha() and after[:1].islower())
    assert len(lines) == 1 or cell_len(lines[-1]) >= 6  # the last line is more than a word
    for word in re.findall(r"[ァ-ヴー]{2,}", text):  # a katakana word stays whole
        assert any(word in line for line in lines), word


def test_lang_and_laminim_lang_open_the_tui_in_japanese(monkeypatch):
    from builder.core.report_lang import reporting_in
    from builder.tui import app as shell

    opened: list[str] = []
    monkeypatch.setattr(shell.BuilderApp, "run", lambda self: opened.append(self.lang) or 0)
    with reporting_in("ja"):
        assert shell.run(EXAMPLES / "laminim" / "my_team.yaml") == 0
    assert shell.run(EXAMPLES / "laminim" / "my_team.yaml") == 0
    assert opened == ["ja", "en"]
