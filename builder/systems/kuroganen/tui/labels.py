"""Words of the kuroganen map screen, English and Japanese."""

from __future__ import annotations

from builder.core.i18n import Lang, label
from builder.tui.shell import HelpSection

LABELS: dict[str, tuple[str, str]] = {
    "start": ("Start", "開始"),
    "move": ("Move", "移動力"),
    "risk": ("Risk", "リスク"),
    "reachable": ("Reachable", "到達可能"),
    "cells": ("{n} cells", "{n} マス"),
    "cursor": ("Cursor", "カーソル"),
    "level": ("level {level}", "階層 {level}"),
    "pit": ("pit: no floor", "穴：床なし"),
    "unit": ("another unit", "他のユニット"),
    "the_start": ("the start", "開始位置"),
    "unreachable": ("cannot end the move here", "ここでは移動を終えられない"),
    "final": ("final risk {risk}, movement {cost}", "最終リスク {risk}・移動 {cost}"),
    "step": ("step", "歩き"),
    "climb": ("climb", "登攀"),
    "jump": ("jump", "ジャンプ"),
    "fall": (", fall +{n}", " 落下+{n}"),
    "leg": (
        "{n}. {kind} → ({x},{y}) cost {cost}{fall}, risk {risk}",
        "{n}. {kind}→({x},{y}) 移動{cost}{fall} リスク{risk}",
    ),
    "stay": ("stay where you are", "その場に留まる"),
    "too_large": ("too large to plan: {reason}", "計画できません：{reason}"),
    "legend": (
        "risk: 0 1 2 3+   # pit  U unit  @ start  · path",
        "リスク: 0 1 2 3+  # 穴  U ユニット  @ 開始  · 経路",
    ),
    "view_levels": ("cells show levels (v: risk)", "マス表示：階層（v でリスク）"),
    "view_risk": ("cells show final risk (v: levels)", "マス表示：リスク（v で階層）"),
    "more_legs": ("… {n} more", "… ほか {n}"),
}

KEYS_JA: dict[str, str] = {
    "Start here": "ここを開始",
    "Move +1": "移動+1",
    "Move −1": "移動−1",
    "Risk +1": "リスク+1",
    "Risk −1": "リスク−1",
    "Levels/Risk": "階層/リスク",
    "Level ±½": "階層±½",
    "Pit": "穴",
}

HELP_KEYS: list[HelpSection] = [
    (
        "Map",
        "マップ",
        [
            ("← ↑ → ↓", "move the cursor", "カーソルを動かす"),
            ("s  ⏎", "start the move at the cursor", "カーソル位置を開始位置にする"),
            ("+  -", "more / less movement", "移動力を増やす／減らす"),
            ("r  R", "more / less starting risk", "開始リスクを増やす／減らす"),
            ("v", "cells show levels or final risk", "マスに階層か最終リスクを表示"),
            ("]  [", "raise / lower the cell by half a level", "マスを半階層上げる／下げる"),
            ("#", "make the cell a pit (a pit: floor 0)", "マスを穴にする（穴なら床0に）"),
        ],
    ),
    (
        "Reading the map",
        "マップの見方",
        [
            (
                "colour",
                "least final risk there: green 0, yellow 1, orange 2, red 3+",
                "そこで終える最小リスク：緑0・黄1・橙2・赤3+",
            ),
            (
                "·",
                "the path to the cursor (jumps fly over the cells between)",
                "カーソルまでの経路（ジャンプは間のマスを飛び越える）",
            ),
            ("# U @", "pit, another unit, the start", "穴・他のユニット・開始位置"),
            (
                "Ctrl+S",
                "saves the map, and the start, movement and risk as its plan:",
                "マップと、開始位置・移動力・リスク（plan:）を保存",
            ),
        ],
    ),
]


def t(key: str, lang: Lang) -> str:
    return label(LABELS, key, lang)
