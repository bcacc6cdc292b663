"""Words of the kuroganen map screen, English and Japanese."""

from __future__ import annotations

from builder.core.i18n import Labels
from builder.tui.shell import HelpSection

LABELS = Labels(
    {
        "start": ("Start", "開始"),
        "move": ("Move", "移動力"),
        "risk": ("Risk", "リスク"),
        "reachable": ("Reachable", "到達可能"),
        "cells": ("{n} cells", "{n} マス"),
        "one_cell": ("{n} cell", "{n} マス"),
        "no_floor": (
            "no floor to start on: ] gives the cell under the cursor a floor",
            "開始できる床がありません：] でカーソルのマスに床を作る",
        ),
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
        "fall": (", fall {n}", " 落下{n}"),
        "leg": (
            "{n}. {kind} ({x},{y}){fall}, risk {risk}",
            "{n}. {kind} ({x},{y}){fall} リスク{risk}",
        ),
        "stay": ("stay where you are", "その場に留まる"),
        "too_large": ("too large to plan: {reason}", "計画できません：{reason}"),
        "over_budget": (
            "movement {move} is more than the planner takes on for this map: up to {top}",
            "移動力 {move} はこのマップでは計画できません：{top} まで",
        ),
        "legend_risk": ("risk:", "リスク:"),
        "legend_marks": ("# pit  U unit  @ start", "# 穴  U ユニット  @ 開始"),
        "legend_path": ("underline: path to the cursor", "下線：カーソルまでの経路"),
        "no_start_on_pit": (
            "A pit has no floor: the move cannot start there",
            "穴には床がないので、ここからは開始できません",
        ),
        "no_pit_at_start": (
            "The start cannot be a pit (start elsewhere first: s)",
            "開始位置は穴にできません（先に s で開始位置を移す）",
        ),
        "no_pit_under_unit": (
            "A unit stands here: this cell cannot be a pit",
            "ユニットがいるマスは穴にできません",
        ),
        "lowest": (
            "Level {level} is as low as [ goes (# makes a pit)",
            "[ で下げられるのは階層 {level} まで（穴は #）",
        ),
        "highest": ("Level {level} is as high as ] goes", "] で上げられるのは階層 {level} まで"),
        "view_levels": ("cells show levels (v: risk)", "マス表示：階層（v でリスク）"),
        "view_risk": ("cells show final risk (v: levels)", "マス表示：リスク（v で階層）"),
        "more_legs": ("… {n} more", "… ほか {n}"),
    }
)

t = LABELS.t
"""The label ``key`` in ``lang`` (``t(key, lang, **params)``)."""

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
                "0 1 2 3+",
                "colour: least final risk there (green 0, yellow 1, orange 2, red 3+)",
                "色：そこで終える最小リスク（緑0 黄1 橙2 赤3+）",
            ),
            ("# U @", "pit, another unit, the start", "穴・他のユニット・開始位置"),
            (
                "___",
                "underline: the path to the cursor, leg by leg in the panel (a jump flies "
                "over the cells between)",
                "下線：カーソルまでの経路（右欄に1手ずつ）",
            ),
            (
                "1.5 2 3",
                "grey numbers: out of reach; the higher the level, the brighter",
                "灰色の数字：届かないマス。高い階層ほど明るい",
            ),
            (
                "p",
                "prints the elevation reference and this map with the reach shown",
                "リファレンスと表示中の到達範囲付きマップを印刷",
            ),
            (
                "Ctrl+S",
                "saves the map, and the start, movement and risk as its plan:",
                "マップと開始位置・移動力・リスク（plan:）を保存",
            ),
        ],
    ),
]
