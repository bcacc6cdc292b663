"""Interface labels of the TUI in English and Japanese (``key -> (english, japanese)``)."""

from __future__ import annotations

from builder.core.i18n import Labels
from builder.tui.labels import SHELL_LABELS

LABELS = Labels.load(__file__, "labels.yaml")

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
