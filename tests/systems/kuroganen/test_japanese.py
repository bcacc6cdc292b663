"""``--lang ja`` on a map: reach, check, analyze and parts print Japanese words only (no English
label or problem left), in 80 columns with wide characters counted 2 (issue: the player's
language everywhere)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.core.text_table import columns
from builder.systems.kuroganen.read import MESSAGES
from builder.systems.kuroganen.text import LABELS

MIX = """system: kuroganen
name: Mix
map:
  - [0, ~, 0, 1, 2]
  - [0.5, 0, 0, 0, 0]
units: [[2, 1]]
"""
"""A jump over a pit, climbs, a fall off a ledge, a unit and a half level: every kind of leg."""

PLANNED = MIX + "plan: {from: [0, 0], move: 6}\n"


def english_fragments(table: object) -> set[str]:
    """The English text of every entry of a labels or messages table, cut at its
    ``{placeholders}``: the pieces that hold a word (punctuation alone is shared)."""
    pieces: set[str] = set()
    for key in table:  # type: ignore[attr-defined]
        english = table[key][0]  # type: ignore[index]
        for piece in re.split(r"\{\w+\}", english):
            if re.search(r"[A-Za-z]{3}", piece):
                pieces.add(piece.strip())
    return pieces


@pytest.fixture
def maps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The two maps, named as a player in their folder would (the text repeats the name)."""
    monkeypatch.chdir(tmp_path)
    mix, planned = Path("mix.yaml"), Path("planned.yaml")
    mix.write_text(MIX, encoding="utf-8")
    planned.write_text(PLANNED, encoding="utf-8")
    return mix, planned


def japanese_runs(cli, mix: Path, planned: Path) -> list[tuple[int, str]]:
    """Every kind of text and problem a map's commands print, in Japanese."""
    runs = [
        ("reach", mix, "--from", "0,0", "--move", "6", "--to", "4,0"),  # jump, climb
        ("reach", mix, "--from", "4,0", "--move", "1", "--to", "4,1"),  # a fall
        ("reach", mix, "--from", "0,0", "--move", "2", "--to", "0,0"),  # stay
        ("reach", mix, "--from", "0,0", "--move", "2", "--to", "1,0"),  # a pit
        ("reach", mix, "--from", "0,0", "--move", "2", "--to", "2,1"),  # a unit
        ("reach", mix, "--from", "0,0", "--move", "1", "--to", "4,1"),  # too far
        ("reach", mix, "--from", "9,0", "--move", "1"),  # off the map
        ("reach", mix, "--from", "1,0", "--move", "1"),  # on a pit
        ("reach", mix, "--move", "1"),  # no plan to take --from from
        ("reach", mix, "--from", "a", "--move", "x", "--risk", "999", "--to", "a,b"),
        ("reach", planned),
        ("check", mix),
        ("analyze", mix),
        ("analyze", planned),
        ("parts", "--system", "kuroganen"),
    ]
    out = []
    for args in runs:
        result = cli(*args, "--lang", "ja")
        out.append((result.code, result.out + result.err))
    return out


def test_japanese_runs_leave_no_english_label_or_problem(cli, maps):
    texts = [text for _code, text in japanese_runs(cli, *maps)]
    joined = "\n".join(texts)
    # the runs reach every kind of leg and refusal, so a missed label would show here
    for ja in ("ジャンプ", "（登り）", "落下", "その場にとどまる", "穴です", "他のユニット"):
        assert ja in joined
    for ja in ("届きません", "マップの外", "立てません", "必須です", "計画：", "適正"):
        assert ja in joined
    for ja in ("X,Y の形で", "整数2つで", "整数を書いて", "0〜99 にしてください"):
        assert ja in joined
    english = english_fragments(LABELS) | english_fragments(MESSAGES)
    words = re.sub(r"--\w+", "", joined)  # option names (--risk) are the command line's own
    left = sorted(piece for piece in english if piece in words)
    assert left == [], left


def test_the_budget_refusal_is_japanese_with_its_numbers(cli, tmp_path):
    rows = "\n".join("  - [" + ", ".join(["0"] * 100) + "]" for _ in range(100))
    path = tmp_path / "big.yaml"
    path.write_text(f"system: kuroganen\nname: B\nmap:\n{rows}\n", encoding="utf-8")
    result = cli("reach", path, "--from", "0,0", "--move", "99", "--lang", "ja")
    assert result.code == 2
    assert result.err.splitlines() == [
        "--move: 100×100 のマップで移動力 99 はプランナーの上限を超えます（時間がかかりすぎま"
        "す）。このマップで使える移動力は 41 までです"
    ]


def test_japanese_text_fits_eighty_columns(cli, maps):
    for _code, text in japanese_runs(cli, *maps):
        for line in text.splitlines():
            if re.match(r"\S+:\d+:\d+: ", line):
                continue  # a located problem line stays one line, as compilers print it
            assert columns(line) <= 80, line
