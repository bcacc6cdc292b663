"""A battle record's share code (kind 1, docs/export.md "A battle record's code"): a game in
progress moves to another machine. The worked game of docs/play.md of every game is played,
shared, imported into an empty folder (no team files there) and must show the same state
(``play`` and ``play --json``) and hold the same record; every game that plays does the same
from its demo file; bad, cut and foreign codes exit 2 with a message, never a traceback; the QR
on the record's printout decodes (zxing-cpp, a 100 dpi scan) to the code printed under it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
import yaml
import zxingcpp

from builder import systems
from builder.exchange.code import ALPHABET, KIND_RECORD, unframe
from builder.exchange.roster import MODULE_MM
from builder.systems import Plays
from tests.docs import test_play_doc as laminim_doc
from tests.docs.play_games import replay
from tests.exchange.test_qr import printed_code

ROOT = Path(__file__).resolve().parents[2]


def _play_laminim(folder: Path, cli) -> Path:
    shutil.copy(ROOT / "parts_catalog/laminim/demo_team.yaml", folder / "samples.yaml")
    shutil.copy(ROOT / "examples/laminim/rivals.yaml", folder / "rivals.yaml")
    assert cli("play", folder / "samples.yaml", folder / "rivals.yaml", "--seed", "2024").code == 0
    steps = [t for k, t in laminim_doc.blocks(laminim_doc.DOCS / "play.md") if k == "do"]
    record = folder / "samples.battle.yaml"
    for i, text in enumerate(steps):
        do = folder / f"step{i}.yaml"
        do.write_text(text, encoding="utf-8")
        result = cli("play", record, "--do", do)
        assert result.code == 0, result.err
    return record


WORKED = {
    "artifact": (
        {
            "sleeves.yaml": ROOT / "parts_catalog/artifact/demo_force.yaml",
            "londo_bell.yaml": ROOT / "examples/artifact/londo_bell.yaml",
        },
        "sleeves.battle.yaml",
        "2024",
    ),
    "soh": (
        {
            "comet.yaml": ROOT / "parts_catalog/soh/demo_crew.yaml",
            "salvage.yaml": ROOT / "examples/soh/my_crew.yaml",
        },
        "comet.battle.yaml",
        "2024",
    ),
    "kuroganen": (
        {"block.yaml": ROOT / "parts_catalog/kuroganen/demo_map.yaml"},
        "block.battle.yaml",
        "1",
    ),
}
"""docs/play.md's worked game of each game but LAMINIM (tests/docs/play_games.py replays it)."""


def _play_worked(game: str):
    def play(folder: Path, cli) -> Path:
        teams, record, seed = WORKED[game]
        old = os.getcwd()
        os.chdir(folder)  # the worked games name their files relative to the folder
        try:
            replay(cli, folder, "play.md", "en", game, teams, record, seed)
        finally:
            os.chdir(old)
        return folder / record

    return play


GAMES = {"laminim": _play_laminim, **{game: _play_worked(game) for game in WORKED}}


def _moved(record: Path, tmp_path: Path, cli, *extra: str) -> tuple[str, Path, str]:
    """The record's code, and the record ``import`` wrote from it in a folder of its own."""
    shared = cli("share", record)
    assert shared.code == 0, shared.err
    assert max(len(line) for line in shared.out.splitlines()) <= 80
    code = "".join(shared.out.split())
    other = tmp_path / "other machine"
    other.mkdir()
    imported = cli("import", *shared.out.split(), "-o", other / "game.battle.yaml", *extra)
    assert imported.code == 0, imported.err
    return code, other / "game.battle.yaml", imported.err


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_played_game_moves_to_another_machine_and_shows_the_same_state(tmp_path, cli, game):
    played = tmp_path / "here"
    played.mkdir()
    record = GAMES[game](played, cli)
    code, moved, said = _moved(record, tmp_path, cli)
    assert unframe(code).kind == KIND_RECORD
    assert len(code) < 2000  # a whole worked game
    assert "not beside it" in said  # the team files stayed behind: it plays without them
    for args in ((), ("--json",), ("--lang", "ja")):
        assert cli("play", moved, *args).out == cli("play", record, *args).out
    assert yaml.safe_load(moved.read_text("utf-8")) == yaml.safe_load(record.read_text("utf-8"))
    assert cli("share", moved).out == cli("share", record).out  # the same code again
    # and the game goes on there: one more action (undo) is taken as on the first machine
    undo = tmp_path / "undo.yaml"
    undo.write_text("- {do: undo}\n", encoding="utf-8")
    assert cli("play", moved, "--do", undo).code == 0
    assert cli("play", record, "--do", undo).code == 0
    assert cli("play", moved, "--json").out == cli("play", record, "--json").out


def _playing() -> list[str]:
    return [s for s in systems.ids() if isinstance(systems.get(s), Plays)]


@pytest.mark.parametrize("sid", _playing())
def test_every_game_that_plays_moves_a_record_from_its_demo_file(tmp_path, cli, sid):
    demo = next((ROOT / "parts_catalog" / sid).glob("demo_*.yaml"))
    shutil.copy(demo, tmp_path / demo.name)
    assert cli("play", tmp_path / demo.name, "--seed", "5").code == 0
    record = next(tmp_path.glob("*.battle.yaml"))
    _, moved, _ = _moved(record, tmp_path, cli)
    assert cli("play", moved, "--json").out == cli("play", record, "--json").out


def test_the_teams_beside_it_are_not_reported_missing(tmp_path, cli):
    record = _play_laminim(tmp_path, cli)
    code = "".join(cli("share", record).out.split())
    result = cli("import", code, "-o", tmp_path / "again.battle.yaml")
    assert result.code == 0, result.err
    assert "not beside it" not in result.err


def test_a_record_code_written_to_the_standard_output(tmp_path, cli, monkeypatch):
    record = _play_laminim(tmp_path, cli)
    code = "".join(cli("share", record).out.split())
    result = cli("import", code)
    assert result.code == 0, result.err
    assert yaml.safe_load(result.out) == yaml.safe_load(record.read_text("utf-8"))


@pytest.fixture(scope="module")
def laminim_code(tmp_path_factory) -> str:
    import contextlib
    import io

    from builder.cli import main

    folder = tmp_path_factory.mktemp("code")

    def cli(*args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
        return type("R", (), {"code": code, "out": out.getvalue(), "err": err.getvalue()})

    record = _play_laminim(folder, cli)
    return "".join(cli("share", record).out.split())


def _damaged(code: str, at: int) -> str:
    swap = ALPHABET[(ALPHABET.index(code[at]) + 7) % len(ALPHABET)]
    return code[:at] + swap + code[at + 1 :]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda c: c[: len(c) // 2], "cut short"),
        (lambda c: c[:-1], "cut short"),
        (lambda c: c[:6], "cut short"),
        (lambda c: _damaged(c, len(c) // 2), "damaged"),
        (lambda c: _damaged(c, 12), "damaged"),
        (lambda c: c + "7Q", "damaged"),
        (lambda c: "XX" + c[2:], "not a laminim share code"),
    ],
)
def test_a_bad_record_code_exits_2_with_a_message(tmp_path, cli, laminim_code, make, said):
    result = cli("import", make(laminim_code), "-o", tmp_path / "x.battle.yaml")
    assert result.code == 2
    assert said in result.err
    assert "Traceback" not in result.err
    assert not list(tmp_path.iterdir())  # nothing written


def test_every_cut_of_a_record_code_is_refused_cleanly(cli, laminim_code):
    for end in range(2, len(laminim_code), 37):
        result = cli("import", laminim_code[:end])
        assert result.code == 2, end
        assert result.err.strip() and "Traceback" not in result.err


def test_a_record_played_with_a_catalog_not_here_is_refused(tmp_path, cli, catalog_copy, data_home):
    catalog = catalog_copy / "catalog.yaml"
    catalog.write_text(catalog.read_text("utf-8").replace("version: 1", "version: 9"), "utf-8")
    shutil.copy(ROOT / "parts_catalog/laminim/demo_team.yaml", tmp_path / "samples.yaml")
    assert cli("play", tmp_path / "samples.yaml", "--catalog", catalog_copy).code == 0
    record = tmp_path / "samples.battle.yaml"
    code = "".join(cli("share", record, "--catalog", catalog_copy).out.split())
    shutil.rmtree(catalog_copy)
    shutil.rmtree(data_home)  # the snapshot share kept (the test's own data folder: conftest)
    result = cli("import", code)
    assert result.code == 2
    assert "not kept here" in result.err and "Traceback" not in result.err


# -- the printout -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def code_pages(tmp_path_factory, laminim_code) -> dict:
    """The record's code page, written once per language."""
    import contextlib
    import io

    from builder.cli import main
    from builder.exchange.record_share import record_code_printout
    from builder.play.session import Session
    from builder.render.batch import render_printouts

    folder = tmp_path_factory.mktemp("pages")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(["import", laminim_code, "-o", str(folder / "samples.battle.yaml")])
    session = Session.open(folder / "samples.battle.yaml")
    from builder.catalogs.impact import catalog_folder, identity_of

    identity = identity_of(session.system, catalog_folder(session.system, None))
    out = {}
    for lang in ("en", "ja"):
        page = record_code_printout(session, identity, lang, "a4")
        assert page is not None
        (path,) = render_printouts([page], folder / lang, "samples-battle")
        out[lang] = (path, page.context["share"])
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_record_qr_decodes_to_the_printed_code_and_imports(cli, code_pages, lang, tmp_path):
    path, share = code_pages[lang]
    page = pypdfium2.PdfDocument(path)[0]
    found = zxingcpp.read_barcodes(page.render(scale=100 / 72).to_pil())  # a 100 dpi scan
    qr = [r.text for r in found if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert qr == [share["code"]]
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_text().split()
    printed = printed_code(words)
    assert printed == share["code"]
    result = cli("import", printed, "-o", tmp_path / "back.battle.yaml")
    assert result.code == 0, result.err
    assert share["module_mm"] >= MODULE_MM  # a whole six-round game still at 0.8 mm modules


def test_a_code_longer_than_any_qr_is_printed_in_text_only():
    from builder.exchange.roster import RECORD_SIZES, qr_block

    code = "LM" + "7Q" * 2200  # beyond version 40 at level L (4,296 characters)
    block = qr_block(code, "ja", RECORD_SIZES)
    assert block["qr"] is None
    assert "QR" in block["too_long"]
    assert "".join(block["lines"]) == code
    assert max(len(line) for line in block["lines"]) == RECORD_SIZES.chunk


def test_a_record_code_kept_in_a_file_imports_too(tmp_path, cli, laminim_code):
    kept = tmp_path / "code.txt"
    kept.write_text(laminim_code + "\n", encoding="utf-8")
    result = cli("import", kept, "-o", tmp_path / "game.battle.yaml")
    assert result.code == 0, result.err
    assert cli("play", tmp_path / "game.battle.yaml", "--json").code == 0
