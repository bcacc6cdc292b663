"""Where a line of Japanese may break: between phrases, never inside a word.

The browser (Pango's line breaker) may break Japanese between any two characters, so printed
cards split words in the middle (「移/動」「落/下先」「リス/ク+2」「負傷/= ダメージ」). Japanese
has no spaces to mark words, so a phrase segmenter is needed: BudouX (Google's, Apache 2.0, kept
up, a few hundred kB of pure Python and a small bundled model, no network or dictionary files)
cuts a sentence into phrases (文節) the way a typesetter would. On top of its phrases this module
keeps what BudouX may still split:

- a katakana word (サブマシンガン; a line may break after a middle dot ・, never before it)
  and a number with its counter or unit (5発, 1面, 3以上, 2ラウンド, エラー 1 件);
- a formula: nothing breaks next to an operator (= + − × ÷ → / 〜 and their kin);
- no line may end on an opening bracket or start with a closing one or a small kana;
- a label and its short Latin value (ダイジェスト 1a2b3c4d5e6f) stay together, and a Latin
  word with the particle that ends its phrase (Enter で, c でコピー);
- a single kanji BudouX cuts off a run of kanji stays with it (生存率, 期待残耐久), and a short
  note in brackets stays with the word it follows (耐久度（合計）);
- the last phrase is never a single character (it would print alone on the last line).

The phrases, joined, are the text. Text without Japanese breaks after its spaces, as English.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import budoux

OPERATORS = frozenset("=＝+＋-−－×÷/／→←↑↓〜~～<>≦≧≤≥")
"""Signs of a formula or a range: a line never breaks next to one."""

OPENING = frozenset("（(「『【［[〔〈《“")
CLOSING = frozenset("）)」』】］]〕〉》”、。，．,.:：;；!！?？%％°")
SMALL_KANA = frozenset("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー")

COUNTERS = frozenset("発回面点枚個人機体本度秒歩段階倍割名隻門基列行番目以未超マ分時日件通種桁mｍ")
"""Characters that read with the number before them (5発, 3回, 1面, 2以上, 3マス)."""


def is_wide(ch: str) -> bool:
    """A full-width (Japanese) character."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def is_katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff" or "\uff66" <= ch <= "\uff9f"


def _latin_words(text: str) -> list[str]:
    """Text cut after each run of spaces (a space stays with the word before it)."""
    out: list[str] = []
    word = ""
    for ch in text:
        if word and word[-1] in " \u3000" and ch not in " \u3000":
            out.append(word)
            word = ""
        word += ch
    if word:
        out.append(word)
    return out


def _ascii_text(ch: str) -> bool:
    return ch.isascii() and not ch.isspace()


def _holds(prev: str, nxt: str) -> bool:
    """True when a line may not break between the characters ``prev`` and ``nxt``."""
    if nxt == "・":
        return True  # a middle dot stays with the word before it; a line may break after it
    if is_katakana(prev) and is_katakana(nxt) and prev != "・":
        return True
    if prev.isdigit() and (nxt in COUNTERS or nxt.isdigit() or nxt in ".," or is_katakana(nxt)):
        return True  # 5発, 2ラウンド, 38.33
    if _ascii_text(prev) and _ascii_text(nxt):
        return True  # an English word, an id or an option (dealt, FILE[:NAME], --top) stays whole
    if prev in OPERATORS or nxt in OPERATORS:
        return True
    if prev in OPENING or nxt in CLOSING or nxt in SMALL_KANA:
        return True
    return prev == "\u00a0" or nxt == "\u00a0"


_BRACKETS_CLOSING = frozenset("）)」』】］]〕〉》”")


def _split_after_dots(chunk: str) -> list[str]:
    """A phrase cut after each middle dot between two words (トルーパー・ / パワードスーツ):
    the dot joins words, and a line may break after it."""
    out: list[str] = []
    start = 0
    depth = 0  # a name in brackets stays whole: （シャア・アズナブル専用機）
    for i, ch in enumerate(chunk):
        depth += (ch in OPENING) - (ch in _BRACKETS_CLOSING and depth > 0)
        if ch in "・･" and 0 < i < len(chunk) - 1 and depth == 0:
            out.append(chunk[start : i + 1])
            start = i + 1
    out.append(chunk[start:])
    return [c for c in out if c]


def _counted(before: str, chunk: str) -> bool:
    """A number, a space, then its counter or unit (``エラー 1`` + ``件``, ``3`` + ``ラウンド``):
    one phrase, as without the space."""
    number = before.rstrip(" ")
    return (
        number != before
        and number[-1:].isdigit()
        and (chunk[0] in COUNTERS or is_katakana(chunk[0]) or chunk[0] in "%％")
    )


def _split_latin(chunk: str) -> list[str]:
    """A phrase cut at its spaces between words of which one at least is Latin (a long English
    name in Japanese text may still wrap), never at a space next to a number or an operator
    (``ダッシュ 3``, ``負傷 = ダメージ`` stay whole)."""
    out: list[str] = []
    start = 0
    for i, ch in enumerate(chunk):
        if ch != " " or i == 0 or i + 1 >= len(chunk):
            continue
        before, after = chunk[i - 1], chunk[i + 1]
        latin_before = before.isascii() and before.isalpha()
        latin_after = after.isascii() and after.isalpha()
        word_before = latin_before or (is_wide(before) and before not in OPERATORS)
        word_after = latin_after or (is_wide(after) and after not in OPERATORS)
        if latin_before and _is_hiragana(chunk[i + 1 :].rstrip()):
            continue  # the particle ending the phrase stays with its word: Enter で, c を
        if (latin_before or latin_after) and word_before and word_after:
            out.append(chunk[start : i + 1])
            start = i + 1
    out.append(chunk[start:])
    return [c for c in out if c]


def _is_hiragana(text: str) -> bool:
    return bool(text) and all("\u3041" <= ch <= "\u309f" for ch in text)


def _is_kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch in "々〆"


def _kanji_run(text: str) -> int:
    """How many kanji ``text`` starts with."""
    n = 0
    while n < len(text) and _is_kanji(text[n]):
        n += 1
    return n


def _lone_kanji(before: str, chunk: str) -> bool:
    """A single kanji cut off a run of kanji (BudouX's 期待残 / 耐 / 久, 生存 / 率): one word,
    a suffix (率, 値, 型) or a prefix (被, 与, 全) that stays with it."""
    if not (before and chunk and _is_kanji(before[-1]) and _is_kanji(chunk[0])):
        return False
    if _kanji_run(chunk) == 1:
        return True  # a suffix: 生存 / 率
    # a prefix (被 / 負傷), not a katakana word's suffix (ラーカイラム級 / 二番艦)
    return _kanji_run(before[::-1]) == 1 and not (len(before) > 1 and is_katakana(before[-2]))


_ANNOTATION = 4
"""The most characters a bracketed note may hold and still stay with the word before it."""


def _annotation(before: str, chunk: str) -> bool:
    """A short note in brackets right after a word stays with it: 耐久度（合計）, 回避値 3（回避）
    (a glossary term is one thing; a line breaking before its note reads as two)."""
    if not before or before[-1].isspace() or chunk[0] not in "（(":
        return False
    close = next((i for i, ch in enumerate(chunk) if ch in "）)"), None)
    return close is not None and close - 1 <= _ANNOTATION


_VALUE = 16
"""The most characters a Latin value may have and still stay with its label."""
_SHORT_VALUE = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]*")


def labelled(before: str, chunk: str) -> bool:
    """A label word, a space and its short Latin value (``ダイジェスト`` + ``1a2b3c4d5e6f``,
    ``バージョン`` + ``v2``): one phrase, as a typesetter keeps a label with what it labels."""
    word = before.rstrip(" ")
    if word == before or not word or not (is_katakana(word[-1]) or _is_kanji(word[-1])):
        return False
    value = chunk.split(" ", 1)[0].rstrip("".join(CLOSING))
    return bool(_SHORT_VALUE.fullmatch(value)) and len(value) <= _VALUE


@lru_cache(maxsize=1)
def _parser() -> budoux.Parser:
    """BudouX's Japanese model, loaded once (imported late: only Japanese text needs it)."""
    import budoux

    return budoux.load_default_japanese_parser()


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[str, ...]:
    chunks: list[str] = []
    for phrase in _parser().parse(text):
        for piece in _split_latin(phrase):
            chunks.extend(_split_after_dots(piece))
    merged: list[str] = []
    for chunk in chunks:
        if merged and (
            _holds(merged[-1][-1], chunk[0])
            or not merged[-1].strip()
            or _counted(merged[-1], chunk)
            or _lone_kanji(merged[-1], chunk)
            or _annotation(merged[-1], chunk)
            or labelled(merged[-1], chunk)
        ):
            merged[-1] += chunk
        else:
            merged.append(chunk)
    if len(merged) > 1 and len(merged[-1].strip()) <= 1:
        last = merged.pop()
        merged[-1] += last
    return tuple(merged)


def phrases(text: str) -> list[str]:
    """``text`` cut where a line may break (see the module's docstring); joined, it is
    ``text``."""
    if not text:
        return []
    if not any(is_wide(c) for c in text):
        return _latin_words(text)
    return list(_phrases(text))
