"""Interface labels of the TUI in English and Japanese (``key -> (english, japanese)``)."""

from __future__ import annotations

from builder.core.i18n import Labels
from builder.tui.labels import SHELL_LABELS

LABELS = Labels(
    {
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
        "extra": ("Extra", "超過"),
        "remove": ("remove", "外す"),
        "extra_hint": (
            "A unit has three slots: press ⌫ to remove this extra weapon.",
            "武装枠は3つです。⌫ でこの超過武装を外してください。",
        ),
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
        "sort_name": ("name", "名前"),
        "sort_weight": ("weight", "重量"),
        "sort_power": ("power", "威力"),
        "sort_durability": ("durability", "耐久度"),
        "moves": ("Moves", "移動"),
        "type_normal": ("normal", "通常"),
        "type_melee": ("melee", "白兵"),
        "type_missile": ("missile", "ミサイル"),
        "type_special": ("special", "特殊"),
        "abbr_weight": ("w", "重"),
        "abbr_power": ("p", "威"),
        "abbr_dur": ("d", "耐"),
        "over": ("over", "超"),
        "free": ("{n} free", "残り {n}"),
        "ammo_use": ("{ammo} (-{per}/atk)", "{ammo}（1回 -{per}）"),
        "n_parts": ("{n} parts", "{n} 件"),
        "n_part": ("{n} part", "{n} 件"),
        "col_part": ("Part", "部品"),
        "col_weight": ("wt", "重"),
        "col_attack": ("pow×atk", "威力×回"),
        "col_dur": ("dur", "耐"),
        "col_payload": ("load", "積載"),
        "sort": ("Sort", "並び順"),
        "search": ("Search parts…", "部品を検索…"),
        "no_analysis": (
            "No threat to compute survival against: the catalog has none.",
            "生存率を計算する想定攻撃がありません（カタログに未登録）。",
        ),
        "no_unit_analysis": (
            "Fix the unit's unknown parts to see numbers.",
            "不明な部品を直すと数値が表示されます。",
        ),
        "computing": ("computing…", "計算中…"),
        "compare": ("Compare", "比較"),
        "better": ("best value highlighted, ≠ differs", "良い値を強調、≠ は差あり"),
        "problems": ("Problems", "問題点"),
        "src_team": ("team", "チーム"),
        "src_editing": ("editing", "編集中"),
        "dmg_all": ("Damage all", "与ダメ全武装"),
        "dmg_best": ("Damage best", "与ダメ単独"),
        "legality": ("Legality", "編成適否"),
        "end_rounds": ("after round 6", "6ラウンド後"),
        "print_title": (
            "Print cards, tokens and markers of “{name}”",
            "「{name}」のカード・トークン・マーカーを印刷",
        ),
        "compare_min": ("Compare needs at least two units.", "比較には2機以上が必要です。"),
        "compare_max": (
            "At most 4 units; drop a column with x first.",
            "最大4機です。先に x で列を外してください。",
        ),
        "compare_add": ("Add a unit to compare", "比較に機体を追加"),
        "from_file": ("Another team file…", "別のチームファイルから…"),
        "compare_file": ("Team file to take a unit from:", "機体を取り出すチームファイル："),
        "name_taken": (
            "A unit is already called “{name}”.",
            "「{name}」という機体はすでにあります。",
        ),
        "rename_prompt": ("New name for “{name}”:", "「{name}」の新しい名前："),
        "remove_prompt": ("Remove unit “{name}”?", "機体「{name}」を削除しますか？"),
        "remove_yes": ("Remove", "削除する"),
        "mark_max": ("At most 4 units can be compared.", "比較できるのは4機までです。"),
        "mark_tip": ("space marks units for compare", "space で比較する機体に印"),
        "mark_hint": (
            "Mark two to four units with space, then press c.",
            "space で2〜4機に印を付けてから c を押してください。",
        ),
        "cannot_read": ("Cannot read {path}", "{path} を読めません"),
        "no_units": ("{path} has no units.", "{path} には機体がありません。"),
    }
)

SOURCE_TEAM = "src_team"
SOURCE_EDITING = "src_editing"
"""Where a compared unit came from (label keys, shown in the current language)."""

KEYS_JA: dict[str, str] = {
    "Edit": "編集",
    "Add": "追加",
    "Dup": "複製",
    "Rename": "改名",
    "Remove": "削除",
    "Move": "移動",
    "Mark": "選択",
    "Compare": "比較",
    "Team": "チーム",
    "Frame": "本体",
    "Slot": "武装",
    "Empty": "外す",
    "Threat": "想定攻撃",
    "Back": "戻る",
    "Drop": "列削除",
    "Sort": "並替",
    "Attacks": "攻撃編集",
    "Intercept": "迎撃",
    "Suggest": "提案",
}
"""Footer key descriptions (the English text of each ``Binding``) in Japanese."""


# the help screen: (section English, section Japanese, [(keys, English, Japanese)])
HELP_KEYS: list[tuple[str, str, list[tuple[str, str, str]]]] = [
    (
        "Team",
        "チーム",
        [
            (
                "↑ ↓  enter",
                "choose a unit / edit it (or click it)",
                "機体を選ぶ／編集する（クリックでも可）",
            ),
            ("a", "add a unit", "機体を追加"),
            ("d", "duplicate the unit", "機体を複製"),
            ("r", "rename the unit", "機体の名前を変更"),
            ("x  delete", "remove the unit (asks first)", "機体を削除（確認あり）"),
            ("shift+↑ ↓  K J", "move the unit up / down", "機体を上／下へ移動"),
            ("space", "mark a unit for compare (2–4)", "比較する機体に印を付ける（2〜4機）"),
            (
                "c",
                "compare the marked units (or the first ones)",
                "印を付けた機体（なければ先頭から）を比較",
            ),
        ],
    ),
    (
        "Unit editor",
        "機体の編集",
        [
            (
                "↑ ↓  enter",
                "choose the frame or a slot and pick a part",
                "本体か武装スロットを選んで部品を選ぶ",
            ),
            (
                "f  1  2  3",
                "pick the frame / the part in slot 1, 2, 3",
                "本体／武装スロット 1・2・3 の部品を選ぶ",
            ),
            ("backspace", "empty the highlighted slot", "選択中のスロットを空にする"),
            (
                "t",
                "next threat for the survival numbers (or use the threat list)",
                "生存率の想定攻撃を切り替える（一覧からも選べます）",
            ),
            ("r", "rename the unit", "機体の名前を変更"),
            (
                "c",
                "compare this unit with the rest of the team",
                "この機体をチームの他の機体と比較",
            ),
            (
                "s",
                "suggest loadouts for this frame (Pareto front); enter fills the slots",
                "この本体に合う武装構成を提案（パレート最適）、Enterで反映",
            ),
            ("esc", "back to the team", "チーム画面に戻る"),
        ],
    ),
    (
        "Part picker",
        "部品の選択",
        [
            ("type", "search by name, id or type", "名前・ID・種別で検索"),
            (
                "↑ ↓  enter",
                "choose; the highlighted part's stats are shown",
                "選ぶ（選択中の部品の性能を表示）",
            ),
            (
                "ctrl+t",
                "sort by name / weight / power / durability",
                "並び順：名前／重量／威力／耐久度",
            ),
            ("esc", "cancel", "取り消す"),
        ],
    ),
    (
        "Compare",
        "比較",
        [
            (
                "a",
                "add a unit from this team or another team file",
                "このチームか別のチームファイルから機体を追加",
            ),
            ("← →", "choose a column", "列を選ぶ"),
            ("x  delete", "remove the chosen column", "選んだ列を外す"),
            ("t", "next threat", "想定攻撃を切り替える"),
            (
                "e",
                "build or edit the threat's attacks (save as a threat file with s)",
                "想定攻撃の攻撃を作成・編集（s で想定攻撃ファイルに保存）",
            ),
            (
                "i",
                "interception on/off (D19: each unit's best gun shoots the first missile salvo)",
                "迎撃の切替（D19：各機の最良の射撃武器が最初のミサイルを撃つ）",
            ),
            ("esc", "back", "戻る"),
        ],
    ),
]


t = Labels({**SHELL_LABELS, **LABELS}).t
"""The label ``key`` of this table or the shell's in ``lang`` (the shell's ``{noun}`` unfilled)."""
