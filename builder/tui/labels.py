"""Interface labels of the TUI in English and Japanese (``key -> (english, japanese)``)."""

from __future__ import annotations

from builder.i18n import Lang, label

LABELS: dict[str, tuple[str, str]] = {
    "team": ("Team", "チーム"),
    "unit": ("Unit", "機体"),
    "frame": ("Frame", "本体"),
    "slot": ("Slot", "武装"),
    "weapons": ("Weapons", "武装"),
    "payload": ("Payload", "積載"),
    "legal": ("legal", "適正"),
    "illegal": ("ILLEGAL", "違反"),
    "team_legal": ("Team is legal", "チームは編成規定を満たしています"),
    "team_illegal": ("Team is not legal", "チームは編成規定を満たしていません"),
    "warning": ("warning", "注意"),
    "empty": ("(empty)", "（なし）"),
    "unknown": ("unknown", "不明"),
    "silhouette": ("Silhouette", "シルエット"),
    "face": ("Face", "出目"),
    "part": ("Part", "部位"),
    "exposure": ("Exposure", "被弾面"),
    "threat": ("Threat", "想定攻撃"),
    "survival": ("Survival per round", "ラウンドごとの生存率"),
    "round": ("Round", "ラウンド"),
    "alive": ("P(alive)", "生存率"),
    "remaining": ("E[dur]", "残耐久"),
    "cook_off": ("Cook-off", "誘爆リスク"),
    "damage": ("Damage / round", "与ダメージ／ラウンド"),
    "damage_all": ("all weapons", "全武装"),
    "damage_best": ("best single", "単独最大"),
    "slot_lost": ("Slot lost R6", "R6武装破壊率"),
    "durability": ("Durability", "耐久度"),
    "weight": ("Weight", "重量"),
    "power": ("Power", "威力"),
    "attacks": ("Attacks", "攻撃回数"),
    "ammo": ("Ammo", "弾数"),
    "type": ("Type", "種別"),
    "name": ("Name", "名前"),
    "sort": ("Sort", "並び順"),
    "search": ("Search parts…", "部品を検索…"),
    "no_analysis": (
        "Analysis unavailable: the rules core is not installed.",
        "解析は利用できません（ルールコア未導入）。",
    ),
    "no_unit_analysis": (
        "Fix the unit's unknown parts to see numbers.",
        "不明な部品を直すと数値が表示されます。",
    ),
    "computing": ("computing…", "計算中…"),
    "compare": ("Compare", "比較"),
    "better": (
        "better value highlighted; ≠ marks rows that differ",
        "良い値を強調、≠ は差がある行",
    ),
    "problems": ("Problems", "問題点"),
    "editing": ("editing", "編集中"),
    "dmg_all": ("Damage all", "与ダメ全武装"),
    "dmg_best": ("Damage best", "与ダメ単独"),
    "legality": ("Legality", "編成適否"),
    "end_rounds": ("after round 6", "6ラウンド後"),
}


def t(key: str, lang: Lang) -> str:
    """The label ``key`` in ``lang``."""
    return label(LABELS, key, lang)
