"""One word per thing (docs/glossary.md): no label or message table, template or shared
vocabulary uses a word the glossary's **Not** column rules out, and the shared vocabulary that
the command line, the TUI and the printouts read (``builder/core/vocabulary_labels.yaml``) says
each term as the glossary does."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import yaml

from tests.docs.readme_examples import ROOT

GLOSSARY = ROOT / "docs" / "glossary.md"
_BACKTICKED = re.compile(r"`((?:builder|templates)/[^`]*)`")


@dataclass(frozen=True)
class Term:
    term: str
    ja: str
    en: str
    scope: tuple[str, ...]
    """Folders or files (from the repository's root) the term's **Not** rule holds in;
    empty: all."""
    ruled_out: tuple[re.Pattern[str], ...]


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row (``\\|`` is a pipe inside a cell)."""
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [c.strip().replace("\\|", "|") for c in cells]


@cache
def terms() -> tuple[Term, ...]:
    out = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| Term"):
            continue
        term, ja, en, where, ruled = (_cells(line) + [""] * 5)[:5]
        patterns = []
        for entry in re.split(r",\s*(?![^/]*/$)", ruled) if ruled else []:
            entry = entry.strip()
            if len(entry) > 2 and entry.startswith("/") and entry.endswith("/"):
                patterns.append(re.compile(entry[1:-1]))
            elif entry:
                patterns.append(re.compile(re.escape(entry)))
        out.append(Term(term, ja, en, tuple(_BACKTICKED.findall(where)), tuple(patterns)))
    return tuple(out)


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for item in data for s in _strings(item)]
    return []


def _japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u9fff" for c in text)


def tables() -> list[Path]:
    """Every table of words the program shows (labels, messages, help, references) and every
    printout template."""
    found = sorted((ROOT / "builder").rglob("*.yaml")) + sorted(
        (ROOT / "templates").rglob("*.html")
    )
    return [p for p in found if "__pycache__" not in p.parts]


@cache
def texts(path: Path) -> tuple[str, ...]:
    """The Japanese texts of a table (each string holding Japanese), or a template's lines."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return tuple(line for line in text.splitlines() if _japanese(line))
    return tuple(s for s in _strings(yaml.safe_load(text)) if _japanese(s))


def _in_scope(path: Path, term: Term) -> bool:
    where = path.relative_to(ROOT).as_posix()
    return not term.scope or any(where.startswith(folder) for folder in term.scope)


def test_the_glossary_has_its_terms_and_rules():
    names = {t.term for t in terms()}
    assert {
        "legal",
        "illegal",
        "unusable",
        "threat",
        "frame durability",
        "unit durability",
    } <= names
    assert sum(len(t.ruled_out) for t in terms()) >= 8


def test_no_table_uses_a_word_the_glossary_rules_out():
    found = []
    for path in tables():
        for term in terms():
            if not term.ruled_out or not _in_scope(path, term):
                continue
            for text in texts(path):
                for pattern in term.ruled_out:
                    hit = pattern.search(text)
                    if hit:
                        where = path.relative_to(ROOT)
                        found.append(f"{where}: {term.term}: '{hit.group(0)}' in {text[:60]!r}")
    assert found == []


def test_a_word_ruled_out_is_found():
    """The check itself: a table saying 脅威 for a threat is caught."""
    threat = next(t for t in terms() if t.term == "threat")
    assert any(p.search("不明な脅威「x」") for p in threat.ruled_out)
    durability = next(t for t in terms() if t.term == "durability")
    said = ["耐久度 {total}", "耐久度（本体）", "耐久度（合計） {total}"]
    assert [any(p.search(s) for p in durability.ruled_out) for s in said] == [True, False, False]


VOCABULARY_FILE = ROOT / "builder" / "core" / "vocabulary_labels.yaml"


@pytest.mark.parametrize("key", sorted(yaml.safe_load(VOCABULARY_FILE.read_text(encoding="utf-8"))))
def test_the_shared_vocabulary_says_each_term_as_the_glossary(key):
    from builder.core.vocabulary import VOCABULARY

    glossary = {t.term: t for t in terms()}
    en, ja = VOCABULARY[key]
    term = glossary.get(key.replace("-", " "))
    assert term is not None, f"{key}: not a term of docs/glossary.md"
    assert ja in [w.strip() for w in re.split(r"[/,]", term.ja)] + [term.ja]
    assert en.casefold() in [w.strip().casefold() for w in re.split(r"[/,]", term.en)]
