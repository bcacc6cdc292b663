"""Label tables: one type, one lookup, and every label of every table in both languages."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

import builder
from builder.core.i18n import Labels, fill, missing_language, placeholders, read_labels_file
from builder.systems import SystemUI, get, read_ui_file

BUILDER = Path(builder.__file__).parent
LABEL_FILES = sorted(BUILDER.rglob("*labels.yaml"))
"""Every labels file: ``labels.yaml``, ``print_labels.yaml`` and ``<module>_labels.yaml``."""
LABEL_IDS = [str(path.relative_to(BUILDER)) for path in LABEL_FILES]


def _every_table() -> dict[str, Labels]:
    """Every :class:`Labels` a module of ``builder`` holds, by where it is found (a table a
    module imports is found there too), found by importing every module."""
    found: dict[str, Labels] = {}
    for info in pkgutil.walk_packages(builder.__path__, "builder."):
        if info.name.rpartition(".")[2] == "__main__":  # running it is the command
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, Labels):
                found[f"{info.name}.{name}"] = value
    return found


FOUND = _every_table()
TABLES = sorted({id(t): (n, t) for n, t in sorted(FOUND.items(), reverse=True)}.values())
"""Each table once (under the first name it is found by)."""


def test_the_walk_finds_the_shell_print_and_screen_tables_of_every_game():
    names = set(FOUND)
    assert "builder.tui.labels.SHELL_LABELS" in names
    for game in ("laminim", "artifact", "soh", "kuroganen"):
        assert f"builder.systems.{game}.tui.labels.LABELS" in names
    for module in ("laminim.print_labels", "artifact.print_labels", "kuroganen.print_labels"):
        assert f"builder.systems.{module}.LABELS" in names
    assert "builder.systems.soh.printouts.LABELS" in names


@pytest.mark.parametrize("name, table", TABLES, ids=[n for n, _ in TABLES])
def test_every_label_has_its_japanese(name, table):
    missing = [f"{key}: {why}" for key, pair in table.items() if (why := missing_language(pair))]
    assert not missing, f"{name}: {missing}"
    for key, (en, ja) in table.items():
        assert table.t(key, "ja") == ja or "{" in ja, (name, key)
        assert table.t(key, "en") == en or "{" in en, (name, key)


def test_every_yaml_file_in_the_package_is_a_labels_ui_or_reference_file():
    messages = {str(p.relative_to(BUILDER)) for p in BUILDER.rglob("*messages.yaml")}
    others = {str(p.relative_to(BUILDER)) for p in BUILDER.rglob("*.yaml")} - set(LABEL_IDS)
    others -= messages  # message tables: tests/core/test_messages.py walks them
    assert others == {
        "tui/ui.yaml",
        *(f"systems/{game}/tui/ui.yaml" for game in ("laminim", "artifact", "soh", "kuroganen")),
        "systems/kuroganen/reference.yaml",
    }


def test_the_walk_finds_the_labels_file_of_every_game_and_of_the_shell():
    names = {str(path.relative_to(BUILDER)) for path in LABEL_FILES}
    assert "tui/labels.yaml" in names
    for game in ("laminim", "artifact", "soh", "kuroganen"):
        assert f"systems/{game}/tui/labels.yaml" in names
        assert f"systems/{game}/print_labels.yaml" in names


@pytest.mark.parametrize("path", LABEL_FILES, ids=LABEL_IDS)
def test_every_labels_file_loads_with_both_languages_and_is_used_by_a_table(path):
    """Used by a module's table, or a ``--help`` table the command reads under ``--lang ja``
    (a game's, found beside its system module)."""
    from builder.catalogs.field_words import TABLE, field_words
    from builder.cli import help_tables

    table = read_labels_file(path)
    assert table
    loaded_by = [name for name, found in FOUND.items() if dict(found) == table]
    # a game's catalog words are read by catalog diff, found beside the game (no import)
    catalog_words = path.name == TABLE and field_words(path.parent.name).fields
    assert loaded_by or path in help_tables() or catalog_words, f"{path}: no module loads it"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "labels.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_labels_file_gives_pairs_in_either_form_and_keeps_its_order(tmp_path):
    path = _write(
        tmp_path,
        'open: [Open, 開く]\nsaved:\n  en: Saved {path}\n  ja: "{path} を保存しました"\n',
    )
    table = Labels.load(str(tmp_path / "module.py"), "labels.yaml")
    assert list(table) == ["open", "saved"]
    assert table.t("saved", "ja", path="a.yaml") == "a.yaml を保存しました"
    assert read_labels_file(path) is read_labels_file(path), "read once, then cached"


def test_a_labels_file_with_a_label_in_one_language_is_refused_naming_the_file(tmp_path):
    path = _write(tmp_path, "open: [Open, 開く]\nquit: [Quit, '']\nsave: [Save]\n")
    with pytest.raises(ValueError, match=r"labels.yaml: 'quit': no Japanese; 'save': not \["):
        read_labels_file(path)


def test_english_and_japanese_with_different_placeholders_are_refused(tmp_path):
    path = _write(tmp_path, 'saved: ["Saved {path}", "{pth} を保存しました"]\n')
    with pytest.raises(ValueError, match=r"'saved': .*differ in placeholders \['path', 'pth'\]"):
        read_labels_file(path)


def test_a_placeholder_one_language_leaves_out_on_purpose_is_named(tmp_path):
    text = 'save:\n  en: "Save {noun} as:"\n  ja: 保存先：\n'
    with pytest.raises(ValueError, match="differ in placeholders"):
        read_labels_file(_write(tmp_path, text))
    (tmp_path / "ok").mkdir()
    ok = tmp_path / "ok" / "labels.yaml"
    ok.write_text(text + "  leaves_out: [noun]\n", encoding="utf-8")
    assert read_labels_file(ok)["save"] == ("Save {noun} as:", "保存先：")
    assert placeholders("Save {noun} as: {from: x}") == {"noun"}


def test_a_table_without_the_japanese_of_a_label_is_refused_when_made():
    with pytest.raises(ValueError, match="'quit': no Japanese"):
        Labels({"open": ("Open", "開く"), "quit": ("Quit", "")})
    with pytest.raises(ValueError, match="'save': not an"):
        Labels({"save": ("Save",)})  # type: ignore[dict-item]


def test_a_heading_empty_in_both_languages_is_allowed():
    assert Labels({"role": ("", "")}).t("role", "ja") == ""


def test_t_fills_the_named_placeholders_and_leaves_the_rest_for_later():
    table = Labels({"saved": ("Saved {path} as a {noun}", "{path} を{noun}として保存しました")})
    assert table.t("saved", "en", noun="team") == "Saved {path} as a team"
    assert table.t("saved", "ja", path="a.yaml") == "a.yaml を{noun}として保存しました"


def test_a_word_given_in_both_languages_fills_in_the_labels_language():
    table = Labels({"open": ("Open {noun}", "{noun}を開く")}, noun=("file", "ファイル"))
    assert table.t("open", "en") == "Open file"
    assert table.t("open", "ja") == "ファイルを開く"
    assert table.t("open", "ja", noun=("team", "チーム")) == "チームを開く"


def test_braces_that_are_not_a_placeholder_stay_as_written():
    text = "add plan: {from: [x, y], move: N} for {what}"
    assert fill(text, "en", {"what": "the reach"}) == (
        "add plan: {from: [x, y], move: N} for the reach"
    )


def test_in_lang_gives_every_label_for_a_template():
    table = Labels({"front": ("FRONT", "前"), "rear": ("REAR", "後")})
    assert table.in_lang("ja") == {"front": "前", "rear": "後"}
    assert dict(table) == {"front": ("FRONT", "前"), "rear": ("REAR", "後")}


UI_FILES = sorted(BUILDER.rglob("ui.yaml"))
UI_IDS = [str(path.relative_to(BUILDER)) for path in UI_FILES]


def test_the_walk_finds_the_help_of_the_shell_and_of_every_game():
    assert "tui/ui.yaml" in UI_IDS
    for game in ("laminim", "artifact", "soh", "kuroganen"):
        assert f"systems/{game}/tui/ui.yaml" in UI_IDS
        assert get(game).tui().help, game


@pytest.mark.parametrize("path", UI_FILES, ids=UI_IDS)
def test_every_help_line_and_footer_word_has_its_japanese(path):
    ui = read_ui_file(path)
    assert ui["help"] and ui["keys_ja"]
    missing = []
    for title_en, title_ja, rows in ui["help"]:
        if missing_language((title_en, title_ja)):
            missing.append(title_en)
        missing += [f"{title_en}: {keys}" for keys, en, ja in rows if missing_language((en, ja))]
    assert not missing, f"{path}: {missing}"


def test_a_ui_file_with_a_help_line_in_one_language_is_refused_naming_the_line(tmp_path):
    path = tmp_path / "ui.yaml"
    path.write_text(
        "noun: [crew, '']\nkeys_ja: {Odds: 確率}\n"
        "help:\n  - title: [Crew, クルー]\n    keys:\n      - [o, odds panel, '']\n"
        "      - [p, print]\n",
        encoding="utf-8",
    )
    with pytest.raises(ValueError) as refused:
        read_ui_file(path)
    assert "noun: no Japanese" in str(refused.value)
    assert "help section 1, o: no Japanese" in str(refused.value)
    assert "['p', 'print'] is not [keys, English, 日本語]" in str(refused.value)


def test_system_ui_load_reads_the_ui_file_beside_the_module(tmp_path):
    (tmp_path / "ui.yaml").write_text(
        "noun: [map, マップ]\ncss: [game.tcss]\nkeys_ja: {Pit: 穴}\n"
        "help:\n  - title: [Map, マップ]\n    keys:\n      - ['#', make a pit, 穴にする]\n",
        encoding="utf-8",
    )
    ui = SystemUI.load(str(tmp_path / "ui.py"), dict)
    assert ui.noun == ("map", "マップ")
    assert ui.print_title == SystemUI(dict).print_title, "not given: the kit's default"
    assert ui.css_paths == [tmp_path.resolve() / "game.tcss"]
    assert ui.keys_ja == {"Pit": "穴"}
    assert ui.help == [("Map", "マップ", [("#", "make a pit", "穴にする")])]
    assert ui.first_screen is dict
