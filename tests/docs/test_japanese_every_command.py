"""Every command's Japanese output over every example and demo file reads as Japanese: no line
breaks inside a katakana word or between a number and its counter, no line starts with a
long-vowel mark, a small kana or a closing mark, and no English word outside the names and ids
the player wrote (docs/glossary.md lists the few Latin terms the games' own texts use: HP, MS …).

The runs are shared (``tests.docs.ja_runs.ja_run`` runs each command line once per process, for
this file and the other Japanese checks), and every command the parser offers is run at least
with ``--help``, so a command added later is covered the day it is registered.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from builder.core.phrases import COUNTERS, SMALL_KANA, is_katakana
from builder.core.text_table import columns
from tests.docs.ja_runs import DEMOS, MISTAKES, ja_run, run_in
from tests.docs.readme_examples import ROOT

V2 = "examples/laminim/catalog-v2"
FILES = sorted(set(MISTAKES) | set(DEMOS.values()))
"""Every example file and every game's demo file."""

RUNS: list[tuple[str, ...]] = [
    ("systems",),
    *(("parts", "--system", game) for game in DEMOS),
    ("parts", "--catalog", V2),
    *((command, path) for command in ("check", "analyze") for path in FILES),
    ("compare", DEMOS["laminim"]),
    ("compare", DEMOS["laminim"], "examples/laminim/rivals.yaml:rook", "--intercept", "auto"),
    ("compare", DEMOS["artifact"], f"{DEMOS['artifact']}:Rewloola"),
    ("compare", DEMOS["soh"]),
    ("compare", "examples/soh/japanese_names.yaml"),
    ("compare", DEMOS["kuroganen"], DEMOS["kuroganen"]),
    ("optimize", "--frame", "射撃型", "--frame", "lancer", "--top", "5"),
    ("optimize", "--frame", "striker", "--threat", "mixed-fire", "--top", "3", "--rounds", "2"),
    ("balance", "--system", "artifact"),
    ("matchup", DEMOS["laminim"], "examples/laminim/rivals.yaml"),
    ("matchup", DEMOS["artifact"], "examples/artifact/londo_bell.yaml"),
    ("plan", DEMOS["soh"]),
    ("plan", DEMOS["soh"], "--unit", "Mei", "--threat", "海賊ヴァリアント"),
    ("reach", DEMOS["kuroganen"], "--from", "1,0", "--move", "5"),
    ("reach", "examples/kuroganen/ledge.yaml"),
    ("odds", "--system", "artifact", "--attacker", "ナイチンゲール", "--weapon", "ファンネル",
     "--target", "rick-dias", "--evade"),
    ("odds", "--system", "soh", "--hit", "6", "--attack-dice", "2", "--evasion", "3",
     "--evasion-dice", "1", "--damage", "12", "--durability", "4"),
    ("catalog", "diff", "parts_catalog/laminim", V2, "examples/laminim/my_team.yaml",
     "examples/laminim/rivals.yaml"),
    ("migrate", "examples/laminim/my_team.yaml", "--catalog", V2, "--dry-run"),
    ("cards", "examples/laminim/five_mistakes.yaml"),
    *(("share", DEMOS[game]) for game in DEMOS),
    *(("export", DEMOS[game], "--format", "text") for game in DEMOS),
    ("export", "examples/soh/japanese_names.yaml", "--format", "text"),
    ("cards", "examples/artifact/illegal_force.yaml"),
    *(("analyze", DEMOS[game], "--unit", "nobody") for game in ("laminim", "artifact", "soh")),
    ("analyze", DEMOS["laminim"], "--threat", "nobody"),
]  # fmt: skip
"""What a player runs on the example and demo files (the help of every command is added)."""


def _help_runs() -> list[tuple[str, ...]]:
    from builder.cli.parser import command_names

    runs = [("--help",)]
    for name in sorted(command_names()):
        runs.append((name, "--help"))
    runs += [("odds", "--system", game, "--help") for game in ("artifact", "soh")]
    runs.append(("catalog", "diff", "--help"))
    return runs


ALL = [*RUNS, *_help_runs()]

NO_LINE_START = set(SMALL_KANA) | set("、。，．）」』】〕：；！？・")
"""What a line (or a table cell's line) may not start with."""

LOCATED = re.compile(r"^(警告：|warning: )?(\S+:\d+(:\d+)?: ([\w\[\].-]+: )?|(\w+: )?--[\w-]+: )")
"""A problem's place (``file:line:col: field:``, or a bad option's ``--unit:``): one line, as
compilers print it, its place the player's own words."""


def _cells(line: str) -> list[str]:
    """A line's cells: what two or more spaces separate (a table), or the whole line."""
    return [c for c in re.split(r" {2,}", line.strip()) if c]


def test_no_line_starts_with_a_mark_that_closes_or_goes_on_a_word():
    bad = {}
    for args in ALL:
        text = ja_run(args).text
        starts = [
            line
            for line in text.splitlines()
            if not LOCATED.match(line) and any(c[0] in NO_LINE_START for c in _cells(line))
        ]
        if starts:
            bad[" ".join(args)] = starts
    assert bad == {}


def _split_inside(before: str, after: str) -> bool:
    """A line break between ``before`` and ``after`` (the last and first character of two
    lines) that falls inside a katakana word or between a number and its counter or unit."""
    if is_katakana(before) and is_katakana(after) and before != "・":
        return True
    return before.isdigit() and (after in COUNTERS or is_katakana(after) or after.isdigit())


def test_no_wrapped_line_breaks_inside_a_katakana_word_or_a_counted_number():
    """Every Japanese text the commands wrapped (a table's cells, prose) broken between
    phrases only."""
    bad = {}
    for args in ALL:
        run = ja_run(args)
        splits = [
            (a, b)
            for text, lines in run.wraps
            for a, b in itertools.pairwise(lines)
            if a.strip()
            and b.strip()
            and _split_inside(a.rstrip()[-1], b.lstrip()[0])
            and f"{a.rstrip()[-2:]} {b.lstrip()[:2]}" not in text  # a space written there
        ]
        if splits:
            bad[" ".join(args)] = splits
    assert bad == {}
    assert any(run.wraps for run in map(ja_run, ALL)), "no Japanese text was wrapped at all"


# --- no English -----------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z][A-Za-z]+")
_GLOSSARY = ROOT / "docs" / "glossary.md"


@cache
def _latin_terms() -> frozenset[str]:
    """The Latin terms the games' Japanese uses, from docs/glossary.md's Japanese column."""
    words: set[str] = set()
    for line in _GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and not set(cells[1]) <= {"-", ":", " "}:
            words |= {w.casefold() for w in _WORD.findall(cells[1].replace("`", ""))}
    return frozenset(words)


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(data, list):
        return [s for item in data for s in _strings(item)]
    return []


@cache
def _written() -> frozenset[str]:
    """Every word a player wrote in an example or demo file (names, ids) and every catalog id
    (the commands list ids beside the names: an id is what a file writes)."""
    words: set[str] = set()
    for path in FILES:
        text = (ROOT / path).read_text(encoding="utf-8")
        try:
            written = _strings(yaml.safe_load(text))
        except yaml.YAMLError:  # a file of slips: every word it holds is the player's
            written = [text]
        words |= {w.casefold() for s in written for w in _WORD.findall(s)}
    for catalog in [*(ROOT / "parts_catalog").glob("*/*.yaml"), *(ROOT / V2).glob("*.yaml")]:
        data = yaml.safe_load(catalog.read_text(encoding="utf-8"))
        ids = [v for k, v in _pairs(data) if k in ("id", "system") and isinstance(v, str)]
        words |= {w.casefold() for s in ids for w in _WORD.findall(s)}
    return frozenset(words)


def _pairs(data: object) -> list[tuple[object, object]]:
    if isinstance(data, dict):
        return [*data.items(), *(p for v in data.values() for p in _pairs(v))]
    if isinstance(data, list):
        return [p for item in data for p in _pairs(item)]
    return []


_COMMAND = re.compile(r"(['「`])laminim [^'」`]*\1?|laminim [a-z]+( [^\s、。）]+)*")
"""A command to copy (``'laminim reach MAP.yaml --from X,Y'``): the program's own words."""
_CODE = re.compile(
    r"\S*[/.][\w/.-]*\.(ya?ml|pdf|md)\S*|\S*/\S*|--[\w-]+|\$\w+|\b[0-9a-f]{6,}\b"
    r"|'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|\{[^}\n]*\}|\b[a-z_]+:(?=[\s）)、]|$)"
    r"|「[\x21-\x7e ]+」|\b[0-9A-Z]{12,}\b"
)
"""A file or a path, an option, an environment variable, a digest, a YAML key, a share code,
or code in quotes or braces."""
_USAGE = re.compile(r"^(使い方|usage): .*?(?=\n\n|\Z)", re.S | re.M)
_OPTION_COLUMN = re.compile(r"^ {2}(-\S+|[a-z_]+)([ ,][A-Z_.\[\]{}|:,\-]*[A-Z_.\]]+)*", re.M)
"""In ``--help``: the usage, and the options' own column (flags, metavars, choices)."""


@cache
def _program_words() -> frozenset[str]:
    """What the player types to the program: its commands and sub-commands, its options'
    placeholders (DIR, FILE) and choices (en, letter, net), the games' card sizes."""
    import argparse

    from builder import systems
    from builder.cli.parser import build_parser, command_names

    words = set(command_names())

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                words.update(_WORD.findall(str(action.metavar or "")))
                for name, inner in action.choices.items():
                    words.add(name)
                    walk(inner)
                continue
            words.update(str(c) for c in action.choices or ())
            metavar = action.metavar if isinstance(action.metavar, str) else action.dest
            words.update(_WORD.findall(metavar or ""))

    for name in command_names():
        walk(build_parser(True, name))
    for sid in systems.ids():  # a command several games offer: each game's own options
        for command in systems.get(sid).commands():
            own = argparse.ArgumentParser()
            command.configure(own)
            walk(own)
    for sid in systems.ids():
        words.update(size.id for size in systems.declared(sid).card_sizes)
    return frozenset(w.casefold() for word in words for w in _WORD.findall(word))


def english_words(text: str, typed: tuple[str, ...] = ()) -> set[str]:
    """The English words of ``text`` that are neither the player's (names, ids, what they
    typed on the command line) nor the glossary's Latin terms nor the program's own (its
    commands, options, files, the help's placeholders)."""

    lines = [LOCATED.sub("", line) for line in text.splitlines()]
    lines = [line for line in lines if not re.fullmatch(r"\s*[0-9A-Z]+\s*", line)]  # a code's end
    text = _OPTION_COLUMN.sub(" ", _USAGE.sub(" ", "\n".join(lines)))
    text = _CODE.sub(" ", _COMMAND.sub(" ", text))
    allowed = _written() | _latin_terms() | _program_words()
    allowed |= {w.casefold() for arg in typed for w in _WORD.findall(arg)}
    return {w for w in _WORD.findall(text) if w.casefold() not in allowed}


@pytest.mark.parametrize("args", ALL, ids=" ".join)
def test_a_japanese_run_has_no_english_word(args):
    assert english_words(ja_run(args).text, args) == set()


def test_the_english_check_finds_an_english_word():
    assert english_words("ユニット Kestrel：firepower output 38.33") == {"firepower", "output"}
    assert english_words("examples/x.yaml:3:5: units[0].frame: 不明") == set()


def test_the_split_check_finds_a_split_word():
    assert _split_inside("ア", "ー") and _split_inside("2", "ラ") and _split_inside("1", "件")
    assert not _split_inside("・", "パ") and not _split_inside("型", "ラ")


def test_every_run_fits_80_columns_or_is_one_located_line():
    wide = {
        " ".join(args): line
        for args in ALL
        for line in ja_run(args).text.splitlines()
        if columns(line) > 80 and not LOCATED.match(line) and not line.startswith(("+", "-"))
    }  # a migrate's diff line is the file's own text
    assert wide == {}


def test_every_file_of_the_examples_is_run():
    assert {Path(p).name for p in MISTAKES} >= {"japanese_names.yaml", "five_mistakes.yaml"}


# --- play: the record, its actions, its screen and its cards ----------------------------------

PLAYS = {
    "laminim": ({"samples.yaml": DEMOS["laminim"], "rivals.yaml": "examples/laminim/rivals.yaml"},
                "2024"),
    "artifact": ({"sleeves.yaml": DEMOS["artifact"],
                  "londo_bell.yaml": "examples/artifact/londo_bell.yaml"}, "2024"),
    "soh": ({"comet.yaml": DEMOS["soh"], "salvage.yaml": "examples/soh/my_crew.yaml"}, "2024"),
    "kuroganen": ({"block.yaml": DEMOS["kuroganen"]}, "1"),
}  # fmt: skip
"""Each game's worked game of docs/play.md: its teams (as the page names them) and seed."""


def _named(data: object) -> list[tuple[str, str]]:
    """(name, name_ja) of every team, unit or character a file names in both languages."""
    found = []
    if isinstance(data, dict):
        if isinstance(data.get("name"), str) and isinstance(data.get("name_ja"), str):
            found.append((data["name"], data["name_ja"]))
        found += [p for v in data.values() for p in _named(v)]
    elif isinstance(data, list):
        found += [p for item in data for p in _named(item)]
    return found


def english_names(text: str, files: list[Path]) -> set[str]:
    """The English names ``text`` shows of what ``files`` name in Japanese too."""
    pairs = [p for f in files for p in _named(yaml.safe_load(f.read_text(encoding="utf-8")))]
    return {en for en, _ in pairs if re.search(rf"(?<![\w-]){re.escape(en)}(?![\w-])", text)}


def _do_blocks(game: str) -> list[str]:
    """The first three actions files of the game's worked game in docs/play.md."""
    from tests.docs import play_games, test_play_doc

    page = ROOT / "docs" / "play.md"
    found = test_play_doc.blocks(page) if game == "laminim" else play_games.blocks(page, game)
    return [text for kind, text in found if kind == "do"][:3]


def _html_text(html: str) -> str:
    import html as html_lib

    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    return html_lib.unescape(re.sub(r"<[^>]+>", "", html))


def _screen_and_cards(record: Path) -> tuple[str, str]:
    """What the TUI's play screen shows of ``record`` in Japanese (its head and body), and the
    text of the record's printed cards (their HTML before the PDF)."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.play.session import Session
    from builder.render.batch import render_html
    from builder.render.roster import CatalogLine
    from builder.systems import PrintOptions, PrintsBattle, ShowOptions, ShowsScreen

    session = Session.open(record)
    battle = session.battle
    screen = ""
    if isinstance(battle, ShowsScreen):
        screen = "\n".join(battle.screen(session.state, session.catalog, ShowOptions(), "ja"))
    cards = ""
    if isinstance(battle, PrintsBattle):
        identity = identity_of(session.system, catalog_folder(session.system, None))
        line = CatalogLine(identity.name, identity.version, identity.digest, identity.name_ja)
        sizes = [c.id for c in session.system.card_sizes]
        options = PrintOptions(lang="ja", card_size=sizes[0] if sizes else None)
        printouts = battle.printouts(session.state, session.catalog, options, line)
        cards = "\n".join(_html_text(render_html(p)) for p in printouts)
    return screen, cards


@pytest.mark.parametrize("game", PLAYS)
def test_a_japanese_game_at_the_table_shows_no_english(game, tmp_path):
    """Issue 34: ``laminim play`` under ``--lang ja`` (the start, the state, a few actions),
    the play screen and the record's cards show no English word, and every team, unit and
    character the files name in Japanese too by its Japanese name."""
    import shutil

    teams, seed = PLAYS[game]
    for name, source in teams.items():
        shutil.copy(ROOT / source, tmp_path / name)
    files = [tmp_path / name for name in teams]
    record = tmp_path / "game.battle.yaml"
    texts = {"start": run_in(["play", *map(str, files), "-o", str(record), "--seed", seed,
                              "--lang", "ja"]).text}  # fmt: skip
    for i, actions in enumerate(_do_blocks(game), start=1):
        do = tmp_path / f"step{i}.yaml"
        do.write_text(actions, encoding="utf-8")
        texts[f"do {i}"] = run_in(["play", str(record), "--do", str(do), "--lang", "ja"]).text
    texts["show"] = run_in(["play", str(record), "--lang", "ja"]).text
    texts["screen"], texts["cards"] = _screen_and_cards(record)
    assert len(yaml.safe_load(record.read_text(encoding="utf-8"))["log"]) >= 3  # each step played
    assert all(texts.values())
    english = {k: english_words(t) for k, t in texts.items() if k != "cards"}
    names = {k: english_names(t, files) for k, t in texts.items()}
    assert {k: v for k, v in {**english, **names}.items() if v} == {}
    wide = [
        line
        for k, t in texts.items()
        if k != "cards"
        for line in t.splitlines()
        if columns(line) > 80 and not LOCATED.match(line) and str(tmp_path) not in line
    ]  # a path is never broken
    assert wide == []


COMPARES = [args for args in RUNS if args[0] == "compare"]


@pytest.mark.parametrize("args", COMPARES, ids=" ".join)
def test_a_japanese_compare_shows_what_the_files_name_in_japanese_by_that_name(args):
    """Issue 34: ``compare --lang ja`` heads each column and the line under it (the unit's team,
    force or crew) with the Japanese name its file gives, never the English one."""
    files = sorted({ROOT / a.split(":")[0] for a in args[1:] if ".yaml" in a})
    text = ja_run(args).text
    assert english_names(text, files) == set()
    if "kuroganen" not in args[1]:  # kuroganen has nothing to compare: a refusal
        teams = [yaml.safe_load(f.read_text(encoding="utf-8")).get("name_ja") for f in files]
        assert [ja for ja in teams if ja and ja[:5] not in text] == []  # (cut with … when narrow)
