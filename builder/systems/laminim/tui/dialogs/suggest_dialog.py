"""Suggest loadouts for a frame: the optimiser's Pareto front against the current threat.

The dialog is drawn at once; the scoring (``suggesting.run_job``: ``score_frames``, what
``laminim optimize`` runs) starts after that first paint in a thread worker and the status line
counts the distinct survival chains computed ("computing… 120 of 353"). A job
beyond the budget shows "too large to compute exactly" instead of freezing; closing the dialog
stops the scoring at the next loadout. It opens ranked as ``laminim optimize`` ranks, by the
damage dealt over the game (D25, docs/rules.md); keys 1–5 sort it by alive, E[dur], damage per
round, payload or damage dealt, and each number shows enough decimals to tell the rows apart.
Enter returns the chosen loadout's three slots (weapon ids, None for an empty slot); escape
returns None.
``Suggested`` is posted when the list is in.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from builder.core.i18n import Labels, Lang, part_name
from builder.systems.laminim.models import Catalog, Frame, Threat

Slots = tuple[str | None, str | None, str | None]

LABELS = Labels.load(__file__, "suggest_dialog_labels.yaml")


tr = LABELS.t


class SuggestDialog(ModalScreen[Slots | None]):
    """The Pareto-front loadouts of ``frame`` against ``threat``, best first."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Cancel"),
        Binding("1", "sort('alive')", "Sort: alive", show=False),
        Binding("2", "sort('remaining')", "Sort: E[dur]", show=False),
        Binding("3", "sort('damage')", "Sort: damage", show=False),
        Binding("4", "sort('payload')", "Sort: payload", show=False),
        Binding("5", "sort('delivered')", "Sort: dealt", show=False),
    ]

    PROGRESS_EVERY = 0.1
    """Seconds between two progress updates (a call into the UI thread per loadout is waste)."""

    class Suggested(Message):
        """The list (or the reason there is none) is on screen (tests and the bench wait)."""

    class Scored(Message):
        """``done`` of ``total`` loadouts scored. Posted from the worker: ``post_message`` is
        thread-safe and, unlike ``call_from_thread``, does not hold the scoring up until the
        screen has drawn it."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    DEFAULT_CSS = """
    SuggestDialog #suggest-list {
        height: auto;
        max-height: 10;
    }
    SuggestDialog #suggest-status {
        height: auto;
    }
    SuggestDialog #suggest-help {
        color: $text-muted;
        margin-top: 1;
    }
    """

    def __init__(
        self, frame: Frame, threat: Threat, catalog: Catalog, lang: Lang, rounds: int
    ) -> None:
        super().__init__()
        self.frame = frame
        self.threat = threat
        self.catalog = catalog
        self.lang = lang
        self.rounds = rounds
        self.front: list[Any] = []  # the ScoredLoadouts listed, in order
        self.state = "computing"  # computing | ready | too-large
        self.sort = "delivered"
        """The column the list is sorted by (keys 1–5: an ``optimize --rank`` name)."""
        self._evaluated = 0

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog dialog-wide"):
            yield Label(
                f"{tr('suggest_title', lang)} — {part_name(self.frame, lang)} vs "
                f"{part_name(self.threat, lang)}",
                classes="dialog-question",
            )
            yield Static(Text(tr("computing", lang), style="italic"), id="suggest-status")
            yield OptionList(id="suggest-list")
            yield Static(Text(tr("suggest_help", lang).format(r=self.rounds)), id="suggest-help")

    def on_mount(self) -> None:
        self.query_one(OptionList).display = False
        self.call_after_refresh(self._score)  # the dialog first, then the work

    @work(thread=True, exclusive=True, group="suggest")
    def _score(self) -> None:
        import time

        from builder.core.problems import InputError
        from builder.systems.laminim.rules import TooLarge
        from builder.systems.laminim.tui.suggesting import Stopped, run_job, suggest_job

        worker = get_current_worker()
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if now - last[0] >= self.PROGRESS_EVERY or done == total:
                last[0] = now
                self.post_message(self.Scored(done, total))

        try:
            job = suggest_job(self.catalog, self.frame, self.threat, self.rounds)
            self.post_message(self.Scored(0, job.total))
            result = run_job(job, progress, lambda: worker.is_cancelled)
        except (InputError, TooLarge):
            self.app.call_from_thread(self._show_too_large)
            return
        except Stopped:
            return  # the dialog was closed
        self.app.call_from_thread(self._show, result)

    def on_suggest_dialog_scored(self, event: Scored) -> None:
        if not self.is_attached or self.state != "computing":
            return
        text = tr("progress", self.lang).format(n=event.done, total=event.total)
        self.query_one("#suggest-status", Static).update(Text(text, style="italic"))

    def _show_too_large(self) -> None:
        if not self.is_attached:
            return  # dismissed while computing
        self.state = "too-large"
        status = self.query_one("#suggest-status", Static)
        status.update(Text(tr("too_large", self.lang), style="bold"))
        self.post_message(self.Suggested())

    def _weapons_text(self, weapons: Slots) -> str:
        names = []
        for wid in weapons:
            weapon = self.catalog.weapon(wid) if wid else None
            names.append(
                part_name(weapon, self.lang) if weapon is not None else tr("empty", self.lang)
            )
        return ", ".join(names)

    def _show(self, result: Any) -> None:
        if not self.is_attached:
            return  # dismissed while computing
        self.front = [s for s in result.loadouts if s.pareto]
        self._evaluated = result.evaluated
        self.state = "ready"
        if not self.front:
            status = self.query_one("#suggest-status", Static)
            status.update(Text(tr("no_loadout", self.lang), style="italic"))
            self.post_message(self.Suggested())
            return
        self._draw()
        options = self.query_one(OptionList)
        options.display = True
        options.highlighted = 0
        options.focus()
        self.post_message(self.Suggested())

    def _draw(self) -> None:
        """The list sorted by :attr:`sort`, each number with enough decimals to tell the rows
        apart, under a header that marks the sort column."""
        from builder.core.numbers import percents
        from builder.core.text_table import columns
        from builder.systems.laminim.tui.suggesting import decimals, sort_front

        lang = self.lang
        self.front = sort_front(self.front, self.sort)
        alive = percents([s.alive for s in self.front])  # builder.core.numbers: one rule
        d_rem = decimals([s.expected_remaining for s in self.front], 1)
        d_dmg = decimals([s.damage_all for s in self.front], 2)
        d_dealt = decimals([s.delivered for s in self.front], 1)
        cells = [
            (
                alive[i],
                f"{s.expected_remaining:.{d_rem}f}",
                f"{s.damage_all:.{d_dmg}f}",
                f"{s.delivered:.{d_dealt}f}",
                f"{s.payload}/{self.frame.payload}",
            )
            for i, s in enumerate(self.front)
        ]
        order = ("alive", "remaining", "damage", "delivered")
        heads = [tr(f"col_{key}", lang) for key in order]
        heads = [f"{h}{'▼' if self.sort == k else ''}" for h, k in zip(heads, order, strict=True)]
        widths = [max([columns(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(heads)]
        payload_head = tr("col_payload", lang) + ("▼" if self.sort == "payload" else "")
        header = "  " + " ".join(
            " " * (w - columns(h)) + h for h, w in zip(heads, widths, strict=True)
        )
        header += f"  {tr('col_weapons', lang)} ({payload_head})"
        status = self.query_one("#suggest-status", Static)
        status.update(
            Text.assemble(
                tr("front_of", lang).format(n=self._evaluated) + "\n",
                (header, "dim"),
            )
        )
        options = self.query_one(OptionList)
        highlighted = options.highlighted
        options.clear_options()
        rows = []
        for i, (s, c) in enumerate(zip(self.front, cells, strict=True)):
            text = Text.assemble(
                (c[0].rjust(widths[0]), "bold" if self.sort == "alive" else ""),
                " ",
                (c[1].rjust(widths[1]), "bold" if self.sort == "remaining" else ""),
                " ",
                (c[2].rjust(widths[2]), "bold" if self.sort == "damage" else ""),
                " ",
                (c[3].rjust(widths[3]), "bold" if self.sort == "delivered" else ""),
                "  ",
                self._weapons_text(s.weapons),
                (f"  {c[4]}", "bold" if self.sort == "payload" else "dim"),
            )
            rows.append(Option(text, id=str(i)))
        options.add_options(rows)
        if highlighted is not None:
            options.highlighted = 0

    def action_sort(self, column: str) -> None:
        """Keys 1–5: sort the list by alive, E[dur], damage, payload or dealt (best first)."""
        if self.state != "ready" or not self.front:
            return
        self.sort = column
        self._draw()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = self.front[event.option_index]
        self.dismiss(tuple(chosen.weapons))

    def action_cancel(self) -> None:
        self.dismiss(None)
