"""The balance report for the current catalog and threat (``b`` on the team screen).

The screen is drawn at once; the scoring (``balance.run_balance``: the optimiser over every
frame, what ``laminim balance --threat T`` runs) starts after the first paint in a thread worker
and the status line counts the survival chains ("scoring… 120 of 1272"). Then the summary's
sentences and the weapon table replace it. Leaving the screen stops the scoring at the next
chain; a job over the optimiser's budget says so instead of freezing.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from builder.core.i18n import Labels, part_name
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.team import Team
from builder.systems.laminim.tui.base import LaminimScreen, LaminimState
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

LABELS = Labels.load(__file__, "balance_screen_labels.yaml")


class Stopped(Exception):
    """The screen was left while scoring."""


class BalanceScreen(LaminimScreen):
    BINDINGS = [keys.BACK]  # noqa: RUF012

    PROGRESS_EVERY = 0.1
    """Seconds between two progress updates."""

    class Reported(Message):
        """The summary (or the reason there is none) is on screen (tests wait for it)."""

    class Scored(Message):
        """``done`` of ``total`` survival chains scored (posted from the worker)."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    def __init__(self, doc: DocView[Team, Catalog], state: LaminimState, rounds: int) -> None:
        super().__init__(doc, state)
        self.rounds = rounds
        self.state_text = "computing"  # computing | ready | too-large
        self.run: Any = None
        self.scored: tuple[int, int] | None = None  # the last progress (done, total) received

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="balance-body"):
            yield Static("", id="balance-title")
            yield Static(
                Text(LABELS.t("computing", self.lang), style="italic"), id="balance-status"
            )
            yield Static("", id="balance-summary")
            table: DataTable[str] = DataTable(id="balance-weapons", cursor_type="row")
            yield table
        yield KeyFooter()

    def on_mount(self) -> None:
        threat = self.current_threat()
        name = part_name(threat, self.lang) if threat is not None else "—"
        self.query_one("#balance-title", Static).update(
            Text(LABELS.t("title", self.lang, threat=name, rounds=self.rounds), style="bold")
        )
        self.query_one(DataTable).display = False
        if threat is None:
            self._show_error(LABELS.t("no_threat", self.lang))
            return
        self.call_after_refresh(self._score)

    @work(thread=True, exclusive=True, group="balance")
    def _score(self) -> None:
        import time

        from builder.core.problems import InputError
        from builder.systems.laminim.balance import run_balance
        from builder.systems.laminim.rules import TooLarge

        worker = get_current_worker()
        threat = self.current_threat()
        assert threat is not None
        last = [0.0]

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            now = time.monotonic()
            if now - last[0] >= self.PROGRESS_EVERY or done == total:
                last[0] = now
                self.post_message(self.Scored(done, total))

        try:
            found = run_balance(self.catalog, [threat.id], self.rounds, None, progress)
        except (InputError, TooLarge):
            self.app.call_from_thread(self._show_error, LABELS.t("too_large", self.lang))
            return
        except Stopped:
            return
        self.app.call_from_thread(self._show, found)

    def on_balance_screen_scored(self, event: Scored) -> None:
        self.scored = (event.done, event.total)
        if not self.is_attached or self.state_text != "computing":
            return
        text = LABELS.t("progress", self.lang, n=event.done, total=event.total)
        self.query_one("#balance-status", Static).update(Text(text, style="italic"))

    def _show_error(self, text: str) -> None:
        if not self.is_attached:
            return
        self.state_text = "too-large"
        self.query_one("#balance-status", Static).update(Text(text, style="bold"))
        self.post_message(self.Reported())

    def _show(self, found: Any) -> None:
        from builder.systems.laminim.balance_text import LABELS as WORDS
        from builder.systems.laminim.balance_text import (
            signed,
            summary_sentences,
            verdict,
            weapon_gains,
        )

        if not self.is_attached:
            return
        lang, catalog = self.lang, self.catalog
        self.run = found
        self.state_text = "ready"
        self.query_one("#balance-status", Static).update(
            Text(LABELS.t("summary", lang), style="bold")
        )
        bullet = "・" if lang == "ja" else "• "
        sentences = summary_sentences(found, catalog, lang)  # wrapped between phrases
        summary = Group(*(Wrapped(sentence, lead=bullet) for sentence in sentences))
        self.query_one("#balance-summary", Static).update(summary)
        table = self.query_one(DataTable)
        keys = ("weapon", "weight", "fronts", "gain_alive", "gain_delivered", "verdict")
        for k in keys:
            table.add_column(WORDS.t(k, lang), key=k)
        gains = weapon_gains(found)
        for w in found.balance.weapon_rows:
            weapon = catalog.weapon(w.weapon)
            ga, gd = gains[w.weapon]
            table.add_row(
                part_name(weapon, lang, w.weapon),
                "" if weapon is None else str(weapon.weight),
                f"{w.fronts}/{w.of}",
                "—" if ga is None else signed(ga, pct=True),
                "—" if gd is None else signed(gd),
                verdict(w, lang),
                key=w.weapon,
            )
        table.display = True
        self.post_message(self.Reported())

    def action_back(self) -> None:
        self.workers.cancel_group(self, "balance")
        self.dismiss(None)
