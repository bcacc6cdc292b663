"""TUI labels of the artifact screens, English and Japanese."""

from __future__ import annotations

import re

from builder.core.i18n import Labels, Lang
from builder.tui.shell import HelpSection

LABELS = Labels.load(__file__, "labels.yaml")


MESSAGES_JA: list[tuple[str, str]] = [
    (r"(.+) is an MS, not a battleship", "{0}はMSで、戦艦ではありません"),
    (
        r"(.+) is a battleship; a force has exactly one, under 'ship'",
        "{0}は戦艦です(戦艦は部隊に1隻だけ)",
    ),
    (
        r"unit name '(.+)' is already used by (.+); names must be unique",
        "名前「{0}」は{1}と重複しています(名前は一つずつ)",
    ),
    (r"a force needs at least (\d+) MS, this one has (\d+)", "MSは{0}機以上必要です(今は{1}機)"),
    (
        r"(\d+) MS but (.+) carries (\d+): they can never all be aboard",
        "MS{0}機に対し{1}の搭載数は{2}:全機は載せられません",
    ),
    (r"the ship \((.+)\)", "戦艦({0})"),
]
"""The D9 findings of legality.py in Japanese (the CLI speaks English; the TUI both)."""


def message(text: str, lang: Lang) -> str:
    """A legality message in ``lang`` (unchanged when no pattern matches)."""
    if lang != "ja":
        return text
    for pattern, ja in MESSAGES_JA:
        found = re.fullmatch(pattern, text)
        if found:
            return ja.format(*(message(g, lang) for g in found.groups()))
    return text


t = LABELS.t
"""The label ``key`` in ``lang`` (``t(key, lang, **params)``)."""

KEYS_JA: dict[str, str] = {
    "Attacker": "攻撃側",
    "Weapon": "武装",
    "Target": "目標",
    "Mod+": "修正+",
    "Mod-": "修正-",
    "Evade": "回避",
    "EvMod": "回避修正",
    "Type": "機種",
    "AddMS": "MS追加",
    "Drop": "削除",
    "Mark": "選択",
    "Compare": "比較",
    "Rename": "改名",
    "Back": "戻る",
}

HELP: list[HelpSection] = [
    (
        "Force and odds",
        "部隊と確率",
        [
            ("↑/↓", "choose a unit of the force", "部隊のユニットを選ぶ"),
            ("y", "change its type (ship or MS from the catalog)", "機種を変更(カタログから)"),
            ("n / x", "add an MS / remove the chosen MS", "MSを追加 / 選んだMSを削除"),
            ("r", "rename the chosen unit (ship or MS)", "選んだユニットの名前を変更"),
            ("a / w / t", "next attacker / weapon / target", "攻撃側 / 武装 / 目標を切替"),
            ("+ / -", "attack modifier (enemy MS within 10 cm)", "攻撃修正(10cm以内の敵MS)"),
            ("e / v", "evade on/off / evasion modifier", "回避あり/なし / 回避修正"),
            ("space", "mark an MS for compare (2–4)", "比較するMSに印を付ける（2〜4機）"),
            (
                "c",
                "compare the marked MS (or the first four) side by side",
                "印を付けたMS（なければ先頭の4機）を並べて比較",
            ),
        ],
    )
]
