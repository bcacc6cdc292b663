"""``laminim catalog diff`` as text, 80 columns: the catalog's changes, then file by file, in
the player's language (ids, fields and values are data and stay as written)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from builder.catalogs.diff import CatalogDiff, FieldChange, ItemChange, ItemRef
from builder.catalogs.field_words import FieldWords, field_words
from builder.catalogs.identity import CatalogIdentity
from builder.catalogs.impact import EXIT_BAD_INPUT, EXIT_OK, FileImpact, Moved
from builder.catalogs.words import t
from builder.core.i18n import Lang, pick
from builder.core.numbers import percent
from builder.core.text_table import columns, wrap

WIDTH = 80


def _wrap(text: str, indent: str, hang: str | None = None) -> list[str]:
    hang = hang if hang is not None else indent + "  "
    if columns(text) > len(text):  # wide characters: wrapped by terminal columns
        more = " " * (len(hang) - len(indent))
        return [indent + line for line in wrap(text, WIDTH - len(indent), more)]
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=hang,
        break_on_hyphens=False,
        break_long_words=True,
    ) or [indent]


def _who(identity: CatalogIdentity, lang: Lang) -> str:
    return pick(identity.said(), lang)


def _refs(refs: Sequence[ItemRef], lang: Lang, words: FieldWords) -> list[str]:
    by: dict[str, list[str]] = {}
    for r in refs:
        by.setdefault(r.collection, []).append(r.id)
    return [
        t("item-summary", lang, id=words.field(c, lang), changes=t("comma", lang).join(ids))
        for c, ids in by.items()
    ]


def _changes(changes: Sequence[ItemChange], lang: Lang, words: FieldWords) -> list[str]:
    return [
        t("item-summary", lang, id=words.field(c.collection, lang), changes=c.summary(lang, words))
        for c in changes
    ]


def _settings(settings: Sequence[FieldChange], lang: Lang, words: FieldWords) -> list[str]:
    return [
        t("item-summary", lang, id=s.file, changes=s.text(lang, words))
        if s.file
        else s.text(lang, words)
        for s in settings
    ]


def _legal(code: int, lang: Lang) -> str:
    if code == EXIT_OK:
        return t("legal", lang)
    return t("unusable" if code == EXIT_BAD_INPUT else "illegal", lang)


def _chance(value: float | None) -> str:
    return "—" if value is None else percent(value)


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.4g}"


def _moved(m: Moved, lang: Lang, words: FieldWords) -> str:
    chance = words.is_chance(m.label)  # a probability: percentages and points
    delta = ""
    if not math.isinf(m.delta):
        if chance:
            delta = t("delta-points", lang, delta=f"{m.delta * 100:+.1f}")
        else:
            delta = t("delta", lang, delta=f"{m.delta:+.3g}", relative=percent(m.relative))
    shown = [_chance(v) if chance else _number(v) for v in (m.before, m.after)]
    moved = f"{shown[0]} → {shown[1]}{delta}"
    return t("item-summary", lang, id=words.label(m.label, lang), changes=moved)


def diff_text(diff: CatalogDiff, files: Sequence[FileImpact], lang: Lang = "en") -> str:
    lines = _wrap(t("old", lang, who=_who(diff.old, lang)), "", "     ")
    lines += _wrap(t("new", lang, who=_who(diff.new, lang)), "", "     ")
    if diff.old.digest == diff.new.digest:
        lines.append(t("same-content", lang))
    elif diff.empty:
        lines.append(t("no-difference", lang))
    words = field_words(diff.old.system or diff.new.system)
    sections = (
        ("added", _refs(diff.added, lang, words)),
        ("removed", _refs(diff.removed, lang, words)),
        ("renamed", _changes(diff.renamed, lang, words)),
        ("changed", _changes(diff.changed, lang, words)),
        ("settings", _settings(diff.settings, lang, words)),
    )
    for title, rows in sections:
        if not rows:
            continue
        lines += ["", t(title, lang)]
        for row in rows:
            lines += _wrap(row, "  ", "      ")
    for impact in files:
        lines += ["", *_file_lines(impact, lang, words)]
    return "\n".join(lines)


def _file_lines(impact: FileImpact, lang: Lang, words: FieldWords) -> list[str]:
    state = f"{_legal(impact.before, lang)} → {_legal(impact.after, lang)}"
    if impact.broke:
        state += t("broken", lang)
    if impact.after_migrate is not None:
        state += t("after-migrate", lang, state=_legal(impact.after_migrate, lang))
    lines = _wrap(f"{impact.file}: {state}", "", "  ")
    if impact.reasons and impact.after != EXIT_OK:
        lines.append(t("why", lang))
        for problem in impact.reasons:  # a renamed id's error is among them, once
            lines += _wrap(problem.show(lang), "    ", "      ")
    if impact.parts_changed:
        lines.append(t("own-parts-changed", lang))
        for _use, line in impact.parts_changed:
            lines += _wrap(pick(line, lang), "    ", "      ")
    if impact.moved:
        after = t("moved-after", lang) if impact.after_migrate is not None else ""
        lines.append(t("numbers-moved", lang, after=after))
        for m in impact.moved:
            lines += _wrap(_moved(m, lang, words), "    ", "      ")
    if not (impact.parts_changed or impact.moved) and impact.after == impact.before == EXIT_OK:
        lines.append(t("nothing-changed", lang))
    return lines
