"""Every citation in the code resolves inside the repository.

Code, tests and benchmarks cite the rules digest (``docs/rules.md``: a decision by its number, a
rule by its ``§`` section) and the design (``docs/design.md`` and a quoted heading of it). A
contributor must be
able to look each one up, so: every ``*.md`` file named exists, every decision and section cited
is in the digest, every quoted design section is a heading there, and no citation names a
document that lives outside the repository.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SCANNED = ("builder", "tests", "bench", "examples")
TEXT_SUFFIXES = {".py", ".yaml", ".yml", ".tcss", ".css", ".html", ".j2", ".jinja", ".txt", ".toml"}

MD_FILE = re.compile(r"(?<![\w./-])([\w./-]*[\w-]\.md)\b")
DECISION = re.compile(r"(?<![\w-])D(\d{1,2})\b")
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")
# a quoted section may start on the next line of a docstring or comment, but not break inside
DESIGN_QUOTE = re.compile(r'docs/design\.md(?:\s|#)+"([^"\n]*)(?:"|\n)')
# a document cited by the bare name it had outside the repository, such as RULES followed by a
# section or decision
OUTSIDE_NAME = re.compile(r"\b(?:RULES|DESIGN|STYLE)(?:\.md\b|(?=\s*(?:§|D\d|\"|:|\))))")
OUTSIDE_WORD = re.compile(r"\b(?:RULES|DESIGN|STYLE)")
"""What every match of :data:`OUTSIDE_NAME` begins with: a file without it cites none."""


def _files(top: str) -> list[Path]:
    return sorted(
        p
        for p in (ROOT / top).rglob("*")
        if p.is_file() and p.suffix in TEXT_SUFFIXES and "__pycache__" not in p.parts
    )


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _commentary(path: Path) -> str:
    """The comments and docstrings of a Python file; the comment lines of any other file.

    Strings a program prints are output, not citations, so only this text must use the
    repository's own document names."""
    text = _text(path)
    if path.suffix != ".py":
        return "\n".join(line for line in text.splitlines() if "#" in line or "/*" in line)
    parts = [
        tok.string
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                parts.append(doc)
        # attribute docstrings: a bare string right after an assignment
        body = getattr(node, "body", None)
        for stmt in body if isinstance(body, list) else []:
            value = stmt.value if isinstance(stmt, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
    return "\n".join(parts)


def _headings(path: Path) -> list[str]:
    return [
        line.lstrip("#").strip() for line in _text(path).splitlines() if re.match(r"#{1,6} ", line)
    ]


RULES_HEADINGS = _headings(DOCS / "rules.md") if (DOCS / "rules.md").exists() else []
DESIGN_HEADINGS = _headings(DOCS / "design.md") if (DOCS / "design.md").exists() else []
DECISIONS = {int(m.group(1)) for h in RULES_HEADINGS if (m := re.match(r"D(\d+) — ", h))}
SECTIONS = {m.group(1) for h in RULES_HEADINGS if (m := re.match(r"§(\d+(?:\.\d+)*) ", h))}

ALL_FILES = [p for top in SCANNED for p in _files(top)]
BUILDER_FILES = _files("builder")


def _cites(pattern: re.Pattern[str], files: list[Path]) -> list[tuple[str, str]]:
    """(``file:line``, cited text) for every match of ``pattern`` in ``files``."""
    found = []
    for path in files:
        text = _text(path)
        for match in pattern.finditer(text):
            number = text.count("\n", 0, match.start()) + 1
            found.append((f"{path.relative_to(ROOT)}:{number}", match.group(1)))
    return found


def test_the_rules_digest_holds_every_decision_d1_to_d25():
    assert sorted(DECISIONS) == [*range(1, 26)]


def test_every_markdown_file_named_in_the_code_exists():
    missing = [
        (where, name)
        for where, name in _cites(MD_FILE, ALL_FILES)
        if not any((base / name).is_file() for base in (ROOT, DOCS))
    ]
    assert missing == []


def test_every_decision_cited_in_builder_is_in_the_rules_digest():
    unknown = [(w, f"D{n}") for w, n in _cites(DECISION, BUILDER_FILES) if int(n) not in DECISIONS]
    assert unknown == []


def test_every_rules_section_cited_is_a_section_of_the_digest():
    unknown = [(w, f"§{s}") for w, s in _cites(SECTION, ALL_FILES) if s not in SECTIONS]
    assert unknown == []


def test_every_quoted_design_section_is_one_heading_of_the_design():
    """Quoted by its heading, a section must exist, and only once, or the citation is ambiguous."""
    found = [(w, s, DESIGN_HEADINGS.count(s)) for w, s in _cites(DESIGN_QUOTE, ALL_FILES)]
    assert [(w, s) for w, s, count in found if count != 1] == []


def test_comments_and_docstrings_cite_the_documents_in_docs():
    """Strings the program prints are left alone; what a reader of the source sees must resolve.

    Only a file whose text names one of the documents at all is tokenized (a comment or a
    docstring is a part of the text a reader sees): 13 of some 700 files, 0.1 s, not 2.3 s."""
    outside = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for path in ALL_FILES
        if OUTSIDE_WORD.search(_text(path))
        for line in _commentary(path).splitlines()
        if OUTSIDE_NAME.search(line)
    ]
    assert outside == [], "cite docs/rules.md or docs/design.md (a section there) instead"
