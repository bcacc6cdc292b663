"""Printed labels of the artifact cards and marker sheet, English and Japanese."""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels(
    {
        "doc_cards": ("Unit cards", "ユニットカード"),
        "doc_markers": ("Battleship markers and range ruler", "戦艦マーカーと射程スケール"),
        "force": ("Force", "部隊"),
        "ms": ("MS", "MS"),
        "ship": ("Battleship", "戦艦"),
        "move": ("M", "M"),
        "hp": ("HP", "HP"),
        "propellant": ("P", "P"),
        "capacity": ("Aboard", "搭載"),
        "weapon": ("Weapon", "武装"),
        "range": ("Rng", "射程"),
        "attacks": ("Att", "回"),
        "damage": ("D", "D"),
        "hit_ms": ("Hit vs MS 0/−1/−2", "対MS命中 0/−1/−2"),
        "hit_ship": ("vs ship", "対艦"),
        "actions": (
            "Activation: 2 actions (same twice OK) — move, attack, land, launch; 1 P each. "
            "P 0: only move (M½) and land.",
            "行動: アクション2つ(同じものも可)— 移動・攻撃・着艦・発艦、各1P消費。"
            "P0では移動(M半分)と着艦のみ。",
        ),
        "evade_rule": (
            "Evade after the hits: 1 P, each hit cancelled on 4+. "
            "−1 per other enemy MS within 10 cm.",
            "回避は命中判定の後: 1P消費、命中1つごとに4+で無効。10cm以内の他の敵MS1機ごとに−1。",
        ),
        "ship_rules": (
            "Activation: 2 actions — move, attack. MS within 3 cm may land (refills P); "
            "launch places an MS within 3 cm. Ship destroyed = game lost.",
            "行動: アクション2つ — 移動・攻撃。3cm以内のMSは着艦可(P全回復)、"
            "発艦は3cm以内に配置。戦艦破壊で敗北。",
        ),
        "front": ("FRONT", "正面"),
        "ruler": ("Range ruler (cm)", "射程スケール(cm)"),
        "ruler_check": ("Check: 0 to 20 must measure 200 mm", "確認: 0〜20が200mmであること"),
        "landing": ("landing 3 cm", "着艦3cm"),
    }
)


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""
