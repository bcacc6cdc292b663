"""English / Japanese labels printed on cards, token sheets and base markers.

Japanese terms follow the seed (ズザートークン, 照準ボーナス, 部位判定 …) so the printout reads like
the rules players learnt. Part names never live here: they come from the catalog (``name_ja``).
"""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels(
    {
        # cards
        "doc_cards": ("Unit cards", "ユニットカード"),
        "team": ("Team", "チーム"),
        "unit_id": ("ID", "ID"),
        "frame": ("Frame", "本体"),
        "movement": ("Move", "移動"),
        "distance": ("dist", "距離"),
        "turn": ("turn", "旋回"),
        "zuzzer": ("Zuzzer", "ズザー"),
        "heat": ("heat", "熱"),
        "silhouette": ("Silhouette (location d6)", "シルエット（部位判定 d6）"),
        "face": ("d6", "出目"),
        "part_frame": ("Frame", "本体"),
        "part_empty": ("empty", "空き"),
        "no_effect": ("no effect", "効果なし"),
        "guarded_by": ("guarded by", "ガード："),
        "exposure": ("Exposure", "被弾面"),
        "survival": ("Survival vs", "想定生存率 vs"),
        "round_short": ("R", "R"),
        "alive": ("alive", "生存"),
        "remaining": ("dur.", "残耐久"),
        "weapons": ("Weapons", "武装"),
        "slot": ("Slot", "武装"),
        "slot_short": ("S", "武"),
        "type_normal": ("Normal", "通常"),
        "type_melee": ("Melee", "白兵"),
        "type_missile": ("Missile", "ミサイル"),
        "type_special": ("Special", "特殊"),
        "power": ("Pow", "威力"),
        "attacks": ("Atk", "回数"),
        "ammo_per_attack": ("Ammo/atk", "弾薬消費"),
        "intercept_title": (  # docs/rules.md §1.4 / D19
            "Shooting missiles down: of a 5-missile token at +2, on average",
            "ミサイル迎撃：5発のトークンを+2で撃つと平均",
        ),
        "weight": ("Wt", "重量"),
        "durability": ("Durability", "耐久度"),
        "durability_short": ("Dur", "耐久"),
        "ammo": ("Ammo", "弾数"),
        "no_ammo": ("no ammo", "弾薬なし"),
        "heat_track": ("Heat", "熱"),
        "cooling": ("cooling", "排熱"),
        "payload": ("Payload", "積載"),
        "over_payload": ("OVER LIMIT", "積載超過"),
        "ab_homing": ("homing", "誘導"),
        "ab_straight": ("straight", "直進"),
        "ab_guard": (
            "guards face {faces}, −{reduction} dmg",
            "出目{faces}をガード・被ダメージ−{reduction}",
        ),
        "ab_quick_boost": (  # no-break space: the distance never wraps away from its mode
            "quick boost: {mode}\u00a0{distance}",
            "クイックブースト：{mode}\u00a0{distance}",
        ),
        "ab_thruster": ("thruster: moves +{distance}", "スラスター：移動+{distance}"),
        "ab_melee": ("distance 1 only", "距離1のみ"),
        "hit_table": ("Hit 6+ · bonus → hits on", "命中判定 6+・ボーナス→成功"),
        "hit_short": ("Hit", "命中"),
        "reference": ("Rules reference", "ルール早見表"),
        "bonuses": ("Hit bonuses", "命中ボーナス"),
        "faces_label": ("d6", "出目"),
        "bonus_aim": (
            "+1 aim each for you and the target without a zuzzer token",
            "照準+1：自身・目標それぞれズザートークンなし",
        ),
        "bonus_single": ("+2 single weapon", "単体攻撃+2"),
        "bonus_rear": ("+1 in target's rear 60°", "背面攻撃+1（後方60°）"),
        "bonus_downed": ("+1 target downed", "転倒+1"),
        "bonus_all": ("5+: all faces", "+5以上：全出目成功"),
        "obstruction": (
            "Obstruction: blockers overwrite faces from 1 up, nearest first (1 face; 2 on the "
            "centre line)",
            "誤射判定：射線上の障害が近い順に出目1から上書き（1面、中心線上は2面）",
        ),
        # tokens
        "doc_tokens": ("Missile tokens", "ミサイルトークン"),
        "front": ("FRONT", "前"),
        "target_id": ("target ID", "目標ID"),
        "count": ("count", "残数"),
        "owner": ("from", "発射"),
        # markers
        "doc_markers": ("Base markers", "ベースマーカー"),
        "rear": ("REAR", "後"),
        "left": ("L", "左"),
        "right": ("R", "右"),
        "cut_optional": ("cut out if needed", "必要なら切り抜き"),
    }
)


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""
