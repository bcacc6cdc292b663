"""Labels of the TUI shell (files, print, help) in English and Japanese.

A game system's screens keep their own table beside them; the shell's are shared by all.
"""

from __future__ import annotations

from builder.core.i18n import Labels, Lang

Noun = tuple[str, str]
"""What a game calls its file's content, in English and Japanese (a team, a force, a map …)."""

FILE_NOUN: Noun = ("file", "ファイル")

SHELL_LABELS = Labels(
    {
        "close_esc": ("Close (esc)", "閉じる (esc)"),
        "ok_enter": ("OK (enter)", "OK (enter)"),
        "cancel_esc": ("Cancel (esc)", "キャンセル (esc)"),
        "done_n": ("done: {n} file(s) written", "完了: {n} 個のファイルを書き出しました"),
        "paper": ("Paper", "用紙"),
        "language": ("Language", "言語"),
        "card_size": ("Card size", "カードサイズ"),
        "out_dir": ("Output folder", "出力フォルダ"),
        "print": ("Print", "印刷"),
        "print_anyway": ("Print anyway", "それでも印刷"),
        "print_illegal": (
            "The {noun} is not legal — print anyway?",
            "{noun}は編成規定を満たしていません。それでも印刷しますか？",
        ),
        "demo_team": ("demo {noun}, not saved to a file", "デモ{noun}（ファイル未保存）"),
        "unsaved_changes": ("unsaved changes", "未保存"),
        "team_kept": ("The current {noun} was kept.", "現在の{noun}はそのままです。"),
        "starting": ("starting…", "開始中…"),
        "failed": ("failed", "失敗"),
        "dir_is_file": (
            "{path} is a file, not a folder: choose another output folder.",
            "{path} はフォルダではなくファイルです。別の出力フォルダを指定してください。",
        ),
        "dir_not_writable": (
            "Cannot write to {path} ({reason}): choose another output folder.",
            "{path} に書き込めません（{reason}）。別の出力フォルダを指定してください。",
        ),
        "discard_yes": ("Discard", "破棄する"),
        "cancel": ("Cancel", "キャンセル"),
        "quit_unsaved": (
            "Quit and lose the unsaved changes?",
            "未保存の変更を破棄して終了しますか？",
        ),
        "open_unsaved": (
            "Open another {noun} and lose the unsaved changes?",
            "未保存の変更を破棄して別の{noun}を開きますか？",
        ),
        "open_prompt": ("Open {noun} file:", "開く{noun}ファイル："),
        "cannot_open": ("Cannot open {path}", "{path} を開けません"),
        "opened": ("Opened {path}", "{path} を開きました"),
        "save_prompt": ("Save {noun} as:", "保存先："),
        "overwrite": (
            "{path} already exists. Replace it with this {noun}?",
            "{path} はすでにあります。この{noun}で置き換えますか？",
        ),
        "replace_yes": ("Replace", "置き換える"),
        "cannot_save": ("Could not save {path}: {reason}", "{path} を保存できません：{reason}"),
        "saved": ("Saved {path}", "{path} に保存しました"),
        "migrate_question": (
            "{path} names ids this catalog renamed ({renames}). Rewrite them now? "
            "Comments and layout are kept.",
            "{path} には、このカタログで名前の変わったIDがあります（{renames}）。"
            "今すぐ書き換えますか？コメントとレイアウトはそのまま残ります。",
        ),
        "migrate_yes": ("Rewrite", "書き換える"),
        "migrate_no": ("Not now", "今はしない"),
        "migrated": ("Migrated {path} to the new ids", "{path} を新しいIDに書き換えました"),
        "changed_on_disk": (
            "{path} was changed on disk since it was opened or saved. Overwrite those changes, "
            "reload the file (losing yours) or save under another name?",
            "{path} は開いた（保存した）後にディスク上で変更されています。上書きしますか、"
            "読み込み直しますか（こちらの変更は失われます）、別名で保存しますか？",
        ),
        "reload": ("Reload", "読み込み直す"),
        "overwrite_yes": ("Overwrite", "上書き"),
        "save_as": ("Save as", "別名で保存"),
        "make_folder": (
            "The folder {path} does not exist. Create it and save there?",
            "フォルダ {path} はありません。作成して保存しますか？",
        ),
        "create_yes": ("Create", "作成する"),
    },
    noun=FILE_NOUN,
)

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
