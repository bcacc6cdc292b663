"""Words of the kuroganen map screen, English and Japanese."""

from __future__ import annotations

from builder.core.i18n import Labels
from builder.tui.shell import HelpSection

LABELS = Labels.load(__file__, "labels.yaml")

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
