"""English / Japanese labels of the soh TUI screens."""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels.load(__file__, "labels.yaml")


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
