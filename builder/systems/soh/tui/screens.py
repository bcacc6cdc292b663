"""The soh screens: the crew with its AP planner, the odds panel, characters side by side.

Every number comes from the rules core (through :mod:`builder.systems.soh.analysis`); the
screens only lay them out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, cast

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Input, Label, Static

from builder.core.i18n import Lang, part_name
from builder.core.numbers import percent
from builder.core.problems import Problem
from builder.systems.compare_table import Row
from builder.systems.soh.analysis import Matchup, derive_pair, matchup
from builder.systems.soh.compare import Side, compare_rows, display_name, plan_for
from builder.systems.soh.derive import Derived
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.rules import OddsResult, odds
from builder.systems.soh.rules.planner import Objective
from builder.systems.soh.text import attacks_text, pct
from builder.systems.soh.tui.labels import t
from builder.systems.soh.tui.ui import SohState
from builder.tui.screens.compare_screen import RowsCompareScreen
from builder.tui.shell import ShellScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.wrapped import Wrapped

CREW_COLUMNS = (("character", 12), ("gear", 12), ("ap", 3), ("evasion", 7), ("dur_a", 5),
                ("dur_b", 5), ("weapons", 21))  # fmt: skip
"""Column widths that fit 80 columns with the table's cell padding."""
PLAN_COLUMNS = (("evade", 5), ("attacks", 8), ("dealt", 7), ("taken", 7), ("p_taken", 9),
                ("p_x2", 6), ("net", 7))  # fmt: skip
OBJECTIVES: tuple[Objective, ...] = ("net", "dealt", "safe")
BAR = 30


def _name(ch: Character, lang: Lang) -> str:
    return ch.name_ja if lang == "ja" and ch.name_ja else ch.name


def fitted(text: str, width: int) -> Text:
    """``text`` cut to ``width`` terminal cells with a visible "…" when it does not fit (a wide
    Japanese character counts two), never silently cut mid-word; the detail line under the
    table shows it whole."""
    cell = Text(text)
    cell.truncate(width, overflow="ellipsis")
    return cell


def _weapons(d: Derived, lang: Lang) -> str:
    return ", ".join(f"{part_name(w.weapon, lang)} {w.hit}" for w in d.weapons)


def detail_line(d: Derived, lang: Lang) -> str:
    """The highlighted character's gear and weapons in full (the table may have cut them)."""
    gear = part_name(d.gear, lang) if d.gear else "—"
    weapons = _weapons(d, lang) or t("no_weapon", lang)
    return f"{_name(d.character, lang)}: {t('gear', lang)} {gear} · {weapons}"


class SohScreen(ShellScreen):
    @property
    def crew(self) -> Crew:
        return cast(Crew, self.shell.team)

    @property
    def catalog(self) -> Catalog:
        return cast(Catalog, self.shell.catalog)

    @property
    def state(self) -> SohState:
        state = self.shell.ui.state
        assert isinstance(state, SohState)
        return state

    def opponents(self) -> list[Character]:
        """The opponents to choose from: the catalog's stock opponents, then the crew."""
        return [*self.catalog.opponents, *self.crew.characters]

    def opponent(self) -> Character:
        choices = self.opponents()
        return choices[self.state.opponent % len(choices)]

    def derived(self) -> tuple[list[Derived], Derived]:
        return derive_pair(self.crew, self.catalog, self.opponent())


class CrewScreen(SohScreen):
    """The crew: each character's derived values, and the AP planner against the opponent."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o,enter", "odds", "Odds", key_display="o"),
        Binding("t", "opponent", "Opponent"),
        Binding("g", "objective", "Objective"),
        Binding("space", "mark", "Mark", key_display="␣"),
        Binding("c", "compare", "Compare"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.marked: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Header()
        table: DataTable[str | Text] = DataTable(
            id="crew-table", cursor_type="row", zebra_stripes=True
        )
        yield table
        yield Static("", id="crew-legality")
        yield Static("", id="crew-detail")
        yield Static("", id="opponent-line")
        yield Static("", id="plan-title")
        yield DataTable(id="plan-table", cursor_type="row")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()

    def _selected(self) -> int:
        table = self.query_one("#crew-table", DataTable)
        return min(max(table.cursor_row, 0), len(self.crew.characters) - 1)

    def refresh_view(self) -> None:
        lang = self.lang
        everyone, opp = self.derived()
        table = self.query_one("#crew-table", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        for key, width in CREW_COLUMNS:
            table.add_column(t(key, lang), key=key, width=width)
        widths = dict(CREW_COLUMNS)
        for d in everyone:
            mark = "● " if d.name in self.marked else ""
            table.add_row(
                fitted(mark + _name(d.character, lang), widths["character"]),
                fitted(part_name(d.gear, lang) if d.gear else "—", widths["gear"]),
                str(d.ap),
                str(d.evasion),
                str(d.durability_a),
                str(d.durability_b),
                fitted(_weapons(d, lang) or "—", widths["weapons"]),
            )
        if row > 0:
            table.move_cursor(row=min(row, len(everyone) - 1))
        self._refresh_legality()
        weapons = _weapons(opp, lang)
        self.query_one("#opponent-line", Static).update(
            f"{t('opponent', lang)}: {_name(opp.character, lang)} — AP {opp.ap}, "
            f"{t('evasion', lang)} {opp.evasion}, A {opp.durability_a} / B {opp.durability_b}, "
            f"{weapons or t('no_weapon', lang)}"
        )
        self._refresh_plan(everyone[self._selected()], opp)

    def _refresh_legality(self) -> None:
        """Why the crew is not legal (two leaders, a name twice …), as ``check`` says it; the
        line is hidden while the crew is legal."""
        from builder.tui.dialogs.print_dialog import team_problems

        problems = team_problems(self.shell.system, self.crew, self.catalog)
        line = self.query_one("#crew-legality", Static)
        line.display = bool(problems)
        line.update(Group(*(Wrapped(self._finding(p), lead="✗ ") for p in problems)))

    def _finding(self, problem: Problem) -> str:
        """A problem named by its character ("Ada: …") rather than ``characters[1].name``."""
        found = re.match(r"characters\[(\d+)\]", problem.field)
        people = self.crew.characters
        if found and int(found.group(1)) < len(people):
            return f"{_name(people[int(found.group(1))], self.lang)}: {problem.text(self.lang)}"
        return problem.text(self.lang)

    def _refresh_plan(self, me: Derived, opp: Derived) -> None:
        lang = self.lang
        self.query_one("#crew-detail", Static).update(detail_line(me, lang))
        objective = cast(Objective, self.state.objective)
        m = matchup(me, opp, objective=objective)
        self.query_one("#plan-title", Static).update(
            t("plan_for", lang).format(me=_name(me.character, lang),
                                       opp=_name(opp.character, lang),
                                       dice=m.opponent_evasion_dice,
                                       order=t(f"order_{objective}", lang))
        )  # fmt: skip
        plan = self.query_one("#plan-table", DataTable)
        plan.clear(columns=True)
        for key, width in PLAN_COLUMNS:
            plan.add_column(t(key, lang), key=key, width=max(width, cell_len(t(key, lang))))
        for r in m.plan.rows:
            plan.add_row(
                str(r.split.evasion_dice),
                attacks_text(r.split.attacks),
                f"{r.expected_dealt:.3f}",
                f"{r.expected_taken:.3f}",
                percent(r.p_wound_taken),
                percent(r.p_multiplier2_taken),
                f"{r.net:+.3f}",
            )

    @on(DataTable.RowHighlighted, "#crew-table")
    def _highlighted(self) -> None:
        everyone, opp = self.derived()
        if everyone:
            self._refresh_plan(everyone[self._selected()], opp)

    def action_opponent(self) -> None:
        self.state.opponent = (self.state.opponent + 1) % len(self.opponents())
        self.refresh_view()

    def action_objective(self) -> None:
        i = OBJECTIVES.index(cast(Objective, self.state.objective))
        self.state.objective = OBJECTIVES[(i + 1) % len(OBJECTIVES)]
        self.refresh_view()

    def action_mark(self) -> None:
        name = self.crew.characters[self._selected()].name
        self.marked ^= {name}
        self.refresh_view()

    def action_compare(self) -> None:
        names = [c.name for c in self.crew.characters if c.name in self.marked]
        self.app.push_screen(CompareScreen(names or [c.name for c in self.crew.characters]))

    def action_odds(self) -> None:
        everyone, opp = self.derived()
        me = everyone[self._selected()]
        w = me.weapons[0] if me.weapons else None
        values = {
            "hit": w.hit if w else 0,
            "attack_dice": 1,
            "evasion": opp.evasion,
            "evasion_dice": opp.ap // 2,
            "damage": w.weapon.damage if w else 0,
            "durability": opp.durability_against(w.weapon.type) if w else opp.durability_a,
            "targets": 1,
        }
        self.app.push_screen(OddsScreen(values))


FIELDS = ("hit", "attack_dice", "evasion", "evasion_dice", "damage", "durability", "targets")
LABEL_KEYS = {"hit": "hit", "attack_dice": "attack_dice", "evasion": "evasion_value",
              "evasion_dice": "evasion_dice", "damage": "damage", "durability": "durability",
              "targets": "targets"}  # fmt: skip


class OddsScreen(SohScreen):
    """Inputs for the values and dice; the multiplier distribution as bars, recomputed per key."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back", key_display="Esc")]

    def __init__(self, values: dict[str, int]) -> None:
        super().__init__()
        self.values = dict(values)
        self.result: OddsResult | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="odds-inputs"):
            for key in FIELDS:
                with Vertical(classes="odds-field"):
                    yield Label(t(LABEL_KEYS[key], self.lang), id=f"label-{key}")
                    yield Input(str(self.values[key]), id=f"in-{key}", type="integer")
        yield Static("", id="odds-summary")
        yield Static("", id="odds-bars")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.recompute()

    def on_lang_changed(self) -> None:
        for key in FIELDS:
            self.query_one(f"#label-{key}", Label).update(t(LABEL_KEYS[key], self.lang))
        self.recompute()

    @on(Input.Changed)
    def _changed(self) -> None:
        self.recompute()

    def recompute(self) -> None:
        lang = self.lang
        summary = self.query_one("#odds-summary", Static)
        bars = self.query_one("#odds-bars", Static)
        try:
            for key in FIELDS:
                text = self.query_one(f"#in-{key}", Input).value.strip()
                if not re.fullmatch(r"-?\d+", text):
                    raise ValueError(f"{t(LABEL_KEYS[key], lang)} = {text or '—'}")
                self.values[key] = int(text)
            v = self.values
            # the rules core's own checks, said in the screen's language before it is asked
            if not (0 <= v["attack_dice"] <= 60 and 0 <= v["evasion_dice"] <= 60):
                raise ValueError(t("bad_dice", lang))
            if abs(v["hit"]) > 1000 or abs(v["evasion"]) > 1000 or v["damage"] > 100_000:
                raise ValueError(t("bad_large", lang))
            for key, least in (("targets", 1), ("durability", 1), ("damage", 0)):
                if v[key] < least:
                    raise ValueError(t("bad_least", lang, field=t(LABEL_KEYS[key], lang), n=least))
            self.result = odds(**v)
        except ValueError as exc:
            summary.update(t("bad_value", lang).format(why=exc))
            bars.update("")
            return
        r = self.result
        summary.update(
            f"{t('p_hit', lang)} {pct(r.p_hit)}   {t('expected', lang)} {r.expected_wounds:.4f}"
        )
        at_least = 1.0
        lines = []
        for k, p in enumerate(r.multiplier):
            if k > 0 and at_least < 5e-5:
                break
            wounds = v["damage"] * k // v["durability"]
            bar = "█" * round(p * BAR)
            lines.append(
                f"×{k:<2} {bar:<{BAR}} {pct(p):>9}  ≥{pct(at_least):>9}  "
                f"{wounds} {t('wounds', lang)}"
            )
            at_least -= p
        bars.update("\n".join(lines))

    def action_back(self) -> None:
        self.app.pop_screen()


class CompareScreen(RowsCompareScreen[Side, Matchup], SohScreen):
    """Characters side by side: the rows ``laminim compare`` prints for soh (soh/compare.py),
    the planner's best split against the crew screen's opponent filled in from a worker."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def sides(self) -> list[Side]:
        everyone, opp = self.derived()
        return [Side(d, opp) for d in everyone if d.name in self.names]

    def head(self, side: Side) -> str:
        return display_name(side.derived.character, self.lang)

    def compute(self, side: Side) -> Matchup:
        return plan_for(side)

    def rows(self, sides: Sequence[Side], results: Sequence[Matchup | None]) -> list[Row]:
        return compare_rows(sides, results, self.lang)

    def heading(self) -> str:
        opp = self.opponent()
        return f"{t('compare', self.lang)} — {t('opponent', self.lang)}: {_name(opp, self.lang)}"
