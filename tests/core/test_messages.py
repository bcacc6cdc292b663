"""Problem messages as data: both languages filled at once, tables checked when loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core.i18n import read_labels_file
from builder.core.messages import EMPTY, Message, Messages
from builder.core.problems import Problem, suggest

TABLE = Messages(
    {
        "unknown-weapon": ("unknown weapon '{weapon}'{hint}", "不明な武装「{weapon}」{hint}"),
        "named": ("{part} is too heavy", "{part}は重すぎます"),
    }
)


def test_a_message_fills_each_language_with_its_own_words() -> None:
    hint = suggest("rockets", ["rocket", "gatling"])
    msg = TABLE("unknown-weapon", weapon="rockets", hint=hint)
    assert msg.en == "unknown weapon 'rockets' (did you mean 'rocket'?)"
    assert msg.ja == "不明な武装「rockets」（「rocket」のことですか？）"
    assert msg.key == "unknown-weapon" and msg.translated
    assert dict(msg.params)["weapon"] == "rockets"


def test_a_pair_parameter_gives_each_language_its_name() -> None:
    msg = TABLE("named", part=("Bastion", "バスティオン"))
    assert (msg.en, msg.ja) == ("Bastion is too heavy", "バスティオンは重すぎます")


def test_an_unknown_key_fails_at_once() -> None:
    with pytest.raises(KeyError):
        TABLE("no-such-message")


def test_no_hint_is_no_words_in_either_language() -> None:
    assert suggest("zzz", ["rocket"]) is EMPTY
    assert TABLE("unknown-weapon", weapon="zzz", hint=EMPTY).ja == "不明な武装「zzz」"


def test_a_case_mismatched_id_gets_did_you_mean() -> None:
    assert "'lancer'" in suggest("LANCER", ["lancer", "bastion"]).en


def test_a_problem_shows_its_located_line_in_either_language() -> None:
    p = Problem(
        "team.yaml", 4, 9, "units[0].weapons[1]", TABLE("unknown-weapon", weapon="x", hint=EMPTY)
    )
    assert str(p) == "team.yaml:4:9: units[0].weapons[1]: unknown weapon 'x'"
    assert p.show("ja") == "team.yaml:4:9: units[0].weapons[1]: 不明な武装「x」"
    assert p.to_json("ja")["message"] == "不明な武装「x」"
    assert p.to_json()["code"] == "unknown-weapon"


def test_a_plain_string_counts_as_untranslated() -> None:
    p = Problem("f", None, None, "", "raw words")
    assert p.message == "raw words" and not p.said.translated
    assert Message.of("x") == Message("x", "x")


def test_every_messages_file_has_both_languages_and_the_same_placeholders() -> None:
    """Walks every message key of every ``*messages.yaml`` in the package: a message without its
    Japanese (or with different placeholders) fails here, not on a player's screen."""
    root = Path(__file__).resolve().parents[2] / "builder"
    files = sorted(root.rglob("*messages.yaml"))
    assert files, "no messages.yaml found"
    for path in files:
        table = read_labels_file(path)  # raises on a missing language or placeholder mismatch
        for key, (en, ja) in table.items():
            assert en.strip() and ja.strip(), f"{path}: {key} is empty"


def _message_tables() -> list[tuple[Path, dict[str, tuple[str, str]]]]:
    root = Path(__file__).resolve().parents[2] / "builder"
    return [(path, read_labels_file(path)) for path in sorted(root.rglob("*messages.yaml"))]


def test_every_message_key_is_used_by_the_code_beside_its_table() -> None:
    """A key no code names is a message no player can meet: dead words, or a typo in the call
    that would fail at run time (keys may be built as ``f"noun-{noun}"``, so a key counts as used
    when it or its prefix up to the last hyphen appears quoted in the package's code)."""
    root = Path(__file__).resolve().parents[2] / "builder"
    code = "\n".join(p.read_text(encoding="utf-8") for p in root.rglob("*.py"))
    unused = [
        f"{path.parent.name}/{path.name}: {key}"
        for path, table in _message_tables()
        for key in table
        if f'"{key}"' not in code and f'"{key.rsplit("-", 1)[0]}-{{' not in code
    ]
    assert not unused, unused


MISTAKES = Path(__file__).resolve().parents[2] / "examples" / "laminim"


@pytest.mark.parametrize("name", ["five_mistakes.yaml"])
def test_a_japanese_check_of_a_multi_mistake_file_has_no_english_only_problem(name: str) -> None:
    """Every problem ``check --lang ja`` reports for the example with many mistakes comes from
    a table (its own Japanese), and every unit of the file is in its table."""
    from builder.core.source import read_yaml
    from builder.systems.laminim.system import SYSTEM

    read = SYSTEM.read_team(read_yaml(MISTAKES / name))
    report = SYSTEM.check(read, SYSTEM.load_catalog())
    untranslated = [p.show("en") for p in report.problems if not p.said.translated]
    assert not untranslated
    assert len(report.report.units) == 5  # type: ignore[attr-defined]
