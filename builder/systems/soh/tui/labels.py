"""English / Japanese labels of the soh TUI screens."""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels(
    {
        "character": ("Character", "キャラクター"),
        "gear": ("Gear", "装備"),
        "ap": ("AP", "AP"),
        "evasion": ("Evasion", "回避値"),
        "dur_a": ("Dur A", "耐久A"),
        "dur_b": ("Dur B", "耐久B"),
        "weapons": ("Weapons (hit)", "武器(命中値)"),
        "opponent": ("Opponent", "相手"),
        "plan_for": (
            "AP plan of {me} vs {opp} (evading {dice}) — best first",
            "{me} 対 {opp} のAP配分(相手の回避 {dice})— 良い順",
        ),
        "evade": ("Evade", "回避"),
        "attacks": ("Attacks", "攻撃"),
        "dealt": ("E dealt", "与負傷"),
        "taken": ("E taken", "被負傷"),
        "p_taken": ("P≥1 taken", "被弾率"),
        "p_x2": ("P×2+", "×2以上"),
        "net": ("Net", "差引"),
        "hit": ("Hit", "命中値"),
        "attack_dice": ("Atk d", "攻撃D"),
        "evasion_value": ("Evasion", "回避値"),
        "evasion_dice": ("Eva d", "回避D"),
        "damage": ("Damage", "ダメ"),
        "durability": ("Dur.", "耐久"),
        "targets": ("Targets", "目標数"),
        "odds_title": ("Odds of one attack (exact)", "1回の攻撃の確率(厳密)"),
        "p_hit": ("P(hit)", "命中率"),
        "expected": ("expected wounds", "負傷の期待値"),
        "bad_value": ("enter whole numbers: {why}", "整数を入力: {why}"),
        "multiplier": ("Multiplier", "倍率"),
        "wounds": ("wounds", "負傷"),
        "compare": ("Compare", "比較"),
        "no_weapon": ("no weapon", "武器なし"),
        "print_title": ("Print “{name}”", "「{name}」を印刷"),
    }
)


t = LABELS.t
"""The label ``key`` in ``lang`` (``t(key, lang, **params)``)."""

KEYS_JA: dict[str, str] = {
    "Odds": "確率",
    "Opponent": "相手",
    "Compare": "比較",
    "Mark": "選択",
    "Back": "戻る",
    "Next": "次",
    "Objective": "目的",
}

HELP = [
    (
        "Crew",
        "クルー",
        [
            ("o / ⏎", "odds panel for the character's weapon", "選択キャラの武器の確率パネル"),
            ("t", "next opponent (catalog, then the crew)", "次の相手(カタログ→クルー)"),
            ("g", "planner objective: net / dealt / safe", "配分の目的: 差引/与/安全"),
            ("␣ / c", "mark / compare characters side by side", "選択 / 並べて比較"),
            ("p", "print character cards and the odds reference", "カードと早見表を印刷"),
        ],
    ),
    (
        "Odds panel",
        "確率パネル",
        [
            ("Tab", "next input; numbers recompute on each key", "次の入力欄(入力ごとに再計算)"),
            ("Esc", "back to the crew", "クルーに戻る"),
        ],
    ),
]
