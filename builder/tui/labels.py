"""Labels of the TUI shell (files, print, help) in English and Japanese.

A game system's screens keep their own table beside them; the shell's are shared by all.
"""

from __future__ import annotations

from builder.core.i18n import Labels, Lang

Noun = tuple[str, str]
"""What a game calls its file's content, in English and Japanese (a team, a force, a map …)."""

FILE_NOUN: Noun = ("file", "ファイル")

SHELL_LABELS = Labels.load(__file__, "labels.yaml", noun=FILE_NOUN)

SHELL_KEYS_JA: dict[str, str] = {
    "Quit": "終了",
    "Help": "ヘルプ",
    "Open": "開く",
    "Save": "保存",
    "SaveAs": "別名保存",
    "Print": "印刷",
    "EN/JA": "EN/JA",
    "Cancel": "取消",
    "Close": "閉じる",
    "Yes": "はい",
    "No": "いいえ",
}
"""Footer key descriptions of the shell's own bindings in Japanese."""

SHELL_HELP: list[tuple[str, str, list[tuple[str, str, str]]]] = [
    (
        "Everywhere",
        "全画面共通",
        [
            ("F1  ?", "this help", "このヘルプ"),
            ("ctrl+o", "open a {noun} file", "{noun}ファイルを開く"),
            ("ctrl+s", "save (asks for a path the first time)", "保存（初回は保存先を尋ねます）"),
            ("F2", "save as", "名前を付けて保存"),
            ("p", "print (choose paper, language and folder)", "印刷（用紙・言語・保存先を選択）"),
            ("l", "switch language English / 日本語", "表示言語の切替 English / 日本語"),
            (
                "ctrl+q",
                "quit (asks if there are unsaved changes)",
                "終了（未保存の変更があれば確認します）",
            ),
        ],
    ),
]

HELP_TITLE = ("{name} — keys", "{name} — キー操作")
"""Formatted with the game system's name in the help's language."""
HELP_MOUSE = (
    "The mouse works too: click rows, buttons and lists. esc closes this.",
    "マウスも使えます（行・ボタン・一覧をクリック）。esc で閉じます。",
)


def t(key: str, lang: Lang, noun: Noun = FILE_NOUN) -> str:
    """The shell label ``key`` in ``lang``, naming the game's file content as ``noun``."""
    return SHELL_LABELS.t(key, lang, noun=noun)


def key_label(description: str, lang: Lang, system_keys: dict[str, str] | None = None) -> str:
    """A footer key's description in ``lang`` (unknown ones stay as written)."""
    if lang != "ja":
        return description
    return {**SHELL_KEYS_JA, **(system_keys or {})}.get(description, description)
