"""The CLI lays a file's PDFs out in forked processes, one per core: the files, their names and
their order are the same as one process writing them in turn, and a process with other threads
(the TUI's print worker, a test runner) never forks."""

from __future__ import annotations

import os
import threading

import pdfplumber
from fake_game.models import Robot, Squad

from builder.render import batch
from builder.render.batch import fork_workers, render_printouts
from builder.render.pdf import pdf_bytes as real_pdf_bytes
from builder.systems.base import PrintOptions


def _squad(name: str) -> Squad:
    return Squad(name=name, robots=[Robot(name=f"{name} {i}", kind="scout") for i in range(3)])


def _texts(paths) -> list[str]:
    out = []
    for path in paths:
        with pdfplumber.open(path) as pdf:
            out.append("\n".join(page.extract_text() or "" for page in pdf.pages))
    return out


def test_a_process_with_another_thread_renders_in_turn():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert fork_workers(3) == 1
    finally:
        stop.set()
        other.join()


def test_never_more_workers_than_documents(monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert fork_workers(1) == 1
    assert 1 <= fork_workers(3) <= 3


def test_forked_printouts_are_the_files_one_process_writes_in_the_same_order(
    fake_game, tmp_path, monkeypatch
):
    catalog = fake_game.load_catalog()
    options = PrintOptions(card_size="mini")
    documents = [
        d
        for n in ("Alpha", "Beta", "Gamma")
        for d in fake_game.documents(_squad(n), catalog, options)
    ]
    in_turn = render_printouts(documents, tmp_path / "in-turn", "Squad")
    monkeypatch.setattr(batch, "fork_workers", lambda documents: 2)
    steps: list[tuple[str, int, int]] = []
    forked = render_printouts(
        documents,
        tmp_path / "forked",
        "Squad",
        progress=lambda step, done, total: steps.append((step, done, total)),
        parallel=True,
    )
    assert [p.name for p in forked] == [p.name for p in in_turn]
    assert [p.name for p in forked] == ["squad-cards.pdf", "squad-cards-2.pdf", "squad-cards-3.pdf"]
    assert _texts(forked) == _texts(in_turn)
    assert "Beta 1" in _texts(forked)[1]
    assert steps == [("cards", 0, 3), ("cards", 1, 3), ("cards", 2, 3), ("done", 3, 3)]


PARENT = os.getpid()


def _dies_in_a_child(html: str) -> bytes:
    """PDF bytes in this process; a forked child dies instead (as the OOM killer would)."""
    if os.getpid() != PARENT:
        os._exit(9)
    return real_pdf_bytes(html)


def test_a_killed_child_costs_time_not_the_printout(fake_game, tmp_path, monkeypatch):
    from builder.render import pdf

    catalog = fake_game.load_catalog()
    documents = fake_game.documents(_squad("Alpha"), catalog, PrintOptions(card_size="mini"))
    monkeypatch.setattr(pdf, "pdf_bytes", _dies_in_a_child)
    monkeypatch.setattr(batch, "fork_workers", lambda documents: 2)
    written = render_printouts(documents * 2, tmp_path, "Squad", parallel=True)
    assert [p.name for p in written] == ["squad-cards.pdf", "squad-cards-2.pdf"]
    assert all("Alpha 1" in text for text in _texts(written))


def test_ctrl_c_while_forked_writes_nothing_more_and_is_raised(fake_game, tmp_path, monkeypatch):
    """The command turns KeyboardInterrupt into exit 130; the PDFs not begun are cancelled."""
    import pytest

    catalog = fake_game.load_catalog()
    documents = fake_game.documents(_squad("Alpha"), catalog, PrintOptions(card_size="mini"))
    monkeypatch.setattr(batch, "fork_workers", lambda documents: 2)

    def interrupted(step: str, done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        render_printouts(documents * 3, tmp_path, "Squad", progress=interrupted, parallel=True)
    assert list(tmp_path.iterdir()) == []


def test_a_forked_child_leaves_ctrl_c_to_the_command():
    """Else every child prints its own KeyboardInterrupt traceback beside the command's exit."""
    import signal

    from builder.core.forking import leave_interrupts

    before = signal.getsignal(signal.SIGINT)
    try:
        leave_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_the_roster_is_worked_out_when_first_read_and_once(monkeypatch, demo_path):
    """cards lays the documents out in other processes while the roster's survival chains are
    computed: the roster printout's context waits until it is read."""
    from builder import systems
    from builder.roster.team_file import load_team

    system = systems.get("laminim")
    calls: list[str] = []
    original = type(system).roster

    def counted(self, team, catalog, lang):
        calls.append(lang)
        return original(self, team, catalog, lang)

    monkeypatch.setattr(type(system), "roster", counted)
    _, team = load_team(demo_path)
    printouts = system.printouts(team, system.load_catalog(None), PrintOptions(lang="ja"))
    assert [p.kind for p in printouts][-1] == "roster" and calls == []
    roster = printouts[-1].context
    assert roster["entries"] and roster["lang"] == "ja" and len(roster) > 2
    assert calls == ["ja"]
