"""The soh screens: the crew with its AP planner, each character's editor, the odds panel,
characters side by side.

Every number comes from the rules core (through :mod:`builder.systems.soh.analysis`); the
screens only lay them out. The crew screen has the kit's acts on characters (add, duplicate,
rename, remove, edit; ctrl+z undoes them); enter opens the character in the kit's item editor,
with the derived values, the planner's best split and the character's problems beside the
fields, all redrawn after every change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Input, Label, Static

from builder.core.i18n import Lang, part_name
from builder.core.numbers import percent
from builder.core.problems import InputError, Problem, errors_of
from builder.systems import CompareRow
from builder.systems.editing import FieldSpec, free_name
from builder.systems.soh.analysis import Matchup, derive_pair, matchup
from builder.systems.soh.compare import Side, compare_rows, display_name, plan_for
from builder.systems.soh.derive import Derived
from builder.systems.soh.models import Armour, Catalog, Character, Crew, Vehicle, Weapon
from builder.systems.soh.plan_text import attacks_text
from builder.systems.soh.rules import OddsResult, odds
from builder.systems.soh.rules.planner import Objective
from builder.systems.soh.skills import SKILLS, skill_name
from builder.systems.soh.text import pct
from builder.systems.soh.tui.labels import t
from builder.systems.soh.tui.ui import SohState
from builder.tui import keys
from builder.tui.columns import (
    fitted_widths,
    names,
    natural_widths,
    phrase_lines,
    phrases_of,
    widest,
)
from builder.tui.dialogs.picker_dialog import Choice
from builder.tui.document import DocView
from builder.tui.items import ItemListScreen, ui_of
from builder.tui.screen import DocumentScreen
from builder.tui.screens.compare_screen import RowsCompareScreen
from builder.tui.screens.item_editor import At, ItemEditorScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

CREW_COLUMNS = ("character", "gear", "ap", "evasion", "dur_a", "dur_b", "weapons")
GIVE_WAY = (6, 1, 0)
"""When the row is short of room: the weapons give way first, then the gear, then the name,
each wrapping onto more lines (a row grows rather than cut a name: issue 31), first between
names, then between phrases; only a phrase alone wider than what is left is cut (the line
under the table spells every name out)."""
BREAK_FIRST = (1, 6, 0)
"""Which column breaks between phrases first: the gear, one name, before a weapon's name."""
PLAN_COLUMNS = (("evade", 5), ("attacks", 8), ("dealt", 7), ("taken", 7), ("p_taken", 9),
                ("p_x2", 6), ("net", 7))  # fmt: skip
OBJECTIVES: tuple[Objective, ...] = ("net", "dealt", "safe")
BAR = 30
NEW_CHARACTER = {
    "intellect": 3, "agility": 3, "dexterity": 3, "strength": 3, "size": 2, "ap": 3,
    "skills": {"evasion": 1},
}  # fmt: skip
"""A new character's numbers: an average crew member, not a row of zeros."""


def _name(ch: Character, lang: Lang) -> str:
    return ch.name_ja if lang == "ja" and ch.name_ja else ch.name


def _weapons(d: Derived, lang: Lang) -> str:
    return ", ".join(f"{part_name(w.weapon, lang)} {w.hit}" for w in d.weapons)


def detail_line(d: Derived, lang: Lang) -> str:
    """The highlighted character's gear and weapons in full (the table may have cut them)."""
    gear = part_name(d.gear, lang) if d.gear else "—"
    weapons = _weapons(d, lang) or t("no_weapon", lang)
    return f"{_name(d.character, lang)}: {t('gear', lang)} {gear} · {weapons}"


def opponents(crew: Crew, catalog: Catalog) -> list[Character]:
    """The opponents to choose from: the catalog's stock opponents, then the crew."""
    return [*catalog.opponents, *crew.characters]


def opponent_of(crew: Crew, catalog: Catalog, state: SohState) -> Character:
    """The opponent the session plans against."""
    choices = opponents(crew, catalog)
    return choices[state.opponent % len(choices)]


class SohScreen(DocumentScreen[Crew, Catalog]):
    def __init__(self, doc: DocView[Crew, Catalog], state: SohState) -> None:
        super().__init__(doc)
        self.state = state

    @property
    def crew(self) -> Crew:
        return self.team

    def opponents(self) -> list[Character]:
        return opponents(self.crew, self.catalog)

    def opponent(self) -> Character:
        return opponent_of(self.crew, self.catalog, self.state)

    def derived(self) -> tuple[list[Derived], Derived]:
        return derive_pair(self.crew, self.catalog, self.opponent())

    def plan(self, me: Derived, opp: Derived) -> Matchup | str:
        """The planner's table of ``me`` against ``opp``, or why there is none (an AP the
        planner does not take, say) in the screen's language."""
        try:
            return matchup(me, opp, objective=self.state.objective)
        except InputError as exc:
            return "; ".join(p.text(self.lang) for p in exc.problems)


class CrewScreen(ItemListScreen[Crew, Catalog], SohScreen):
    """The crew: each character's derived values, and the AP planner against the opponent."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *keys.ITEM_ACTS,
        Binding("o", "odds", "Odds"),
        Binding("t", "opponent", "Opponent"),
        Binding("g", "objective", "Objective"),
        Binding("space", "mark", "Mark", key_display="␣"),
        keys.COMPARE,
        keys.RENAME_TEAM,
    ]

    def __init__(self, doc: DocView[Crew, Catalog], state: SohState) -> None:
        super().__init__(doc, state)

    def compose(self) -> ComposeResult:
        yield TitleBar()
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
        self.query_one("#crew-table", DataTable).focus()

    def cursor(self) -> int:
        table = self.query_one("#crew-table", DataTable)
        return min(max(table.cursor_row, 0), len(self.crew.characters) - 1)

    def select(self, index: int) -> None:
        table = self.query_one("#crew-table", DataTable)
        table.move_cursor(row=max(0, min(index, len(self.crew.characters) - 1)))

    def new_item(self, team: Crew) -> Character:
        name = free_name(self.say(ui_of(self).item), self.names(team))
        return Character.model_validate({"name": name, **NEW_CHARACTER})

    def open_item(self, index: int) -> None:
        if 0 <= index < len(self.crew.characters):
            name = self.crew.characters[index].name
            self.app.push_screen(CharacterEditor(self.doc, ("characters", index), name, self.state))

    @on(DataTable.RowSelected, "#crew-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_item(event.cursor_row)

    def show(self) -> None:
        lang = self.lang
        everyone, opp = self.derived()
        table = self.query_one("#crew-table", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        present = {c.name for c in self.crew.characters}
        self.marked = [m for m in self.marked if m in present]
        rows = [
            [
                ("● " if d.name in self.marked else "") + _name(d.character, lang),
                part_name(d.gear, lang) if d.gear else "—",
                str(d.ap),
                str(d.evasion),
                str(d.durability_a),
                str(d.durability_b),
                _weapons(d, lang) or "—",
            ]
            for d in everyone
        ]
        heads = [t(key, lang) for key in CREW_COLUMNS]
        # the screen's width less the margins, the scrollbar and each column's padding
        room = self.app.size.width - 3 - 2 * len(heads)
        widths = natural_widths([heads, *rows])
        for pieces, order in ((names, GIVE_WAY), (phrases_of, BREAK_FIRST)):
            widths = fitted_widths(widths, room, order, widest([heads, *rows], pieces))
        widths = fitted_widths(widths, room, GIVE_WAY)  # a phrase is cut only past this
        for key, head, width in zip(CREW_COLUMNS, heads, widths, strict=True):
            table.add_column(Text("\n".join(phrase_lines(head, width))), key=key, width=width)
        table.header_height = max(
            len(phrase_lines(h, w)) for h, w in zip(heads, widths, strict=True)
        )
        for cells in rows:
            lines = [phrase_lines(c, w) for c, w in zip(cells, widths, strict=True)]
            table.add_row(*(Text("\n".join(c)) for c in lines), height=max(map(len, lines)))
        if row > 0:
            table.move_cursor(row=min(row, len(everyone) - 1))
        self._refresh_legality()
        weapons = _weapons(opp, lang)
        self.query_one("#opponent-line", Static).update(
            f"{t('opponent', lang)}: {_name(opp.character, lang)} — AP {opp.ap}, "
            f"{t('evasion', lang)} {opp.evasion}, A {opp.durability_a} / B {opp.durability_b}, "
            f"{weapons or t('no_weapon', lang)}"
        )
        if everyone:
            self._refresh_plan(everyone[self.cursor()], opp)

    def _refresh_legality(self) -> None:
        """Why the crew is not legal (two leaders, a name twice …), as ``check`` says it; the
        line is hidden while the crew is legal."""
        problems = errors_of(self.doc.problems)
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
        objective = self.state.objective
        plan = self.query_one("#plan-table", DataTable)
        plan.clear(columns=True)
        m = self.plan(me, opp)
        title = self.query_one("#plan-title", Static)
        if isinstance(m, str):
            title.update(m)
            return
        title.update(
            t("plan_for", lang).format(me=_name(me.character, lang),
                                       opp=_name(opp.character, lang),
                                       dice=m.opponent_evasion_dice,
                                       order=t(f"order_{objective}", lang))
        )  # fmt: skip
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
            self._refresh_plan(everyone[self.cursor()], opp)

    def action_opponent(self) -> None:
        self.state.opponent = (self.state.opponent + 1) % len(self.opponents())
        self.show()

    def action_objective(self) -> None:
        i = OBJECTIVES.index(self.state.objective)
        self.state.objective = OBJECTIVES[(i + 1) % len(OBJECTIVES)]
        self.show()

    def action_mark(self) -> None:
        name = self.crew.characters[self.cursor()].name
        self.toggle_mark(name)
        self.show()

    def action_compare(self) -> None:
        names = [c.name for c in self.crew.characters if c.name in self.marked]
        names = names or [c.name for c in self.crew.characters]
        self.app.push_screen(CompareScreen(self.doc, self.state, names))

    def action_odds(self) -> None:
        everyone, opp = self.derived()
        me = everyone[self.cursor()]
        self.app.push_screen(OddsScreen(self.doc, self.state, odds_values(me, opp)))


def odds_values(me: Derived, opp: Derived) -> dict[str, int]:
    """The odds panel's inputs for ``me``'s first weapon against ``opp``."""
    w = me.weapons[0] if me.weapons else None
    return {
        "hit": w.hit if w else 0,
        "attack_dice": 1,
        "evasion": opp.evasion,
        "evasion_dice": opp.ap // 2,
        "damage": w.weapon.damage if w else 0,
        "durability": opp.durability_against(w.weapon.type) if w else opp.durability_a,
        "targets": 1,
    }


class CharacterEditor(ItemEditorScreen[Crew, Catalog]):
    """One character in the kit's editor: stats and AP (``+``/``-`` or typed), skills,
    armour or a vehicle, weapons; beside them the derived values, the planner's best split
    against the crew screen's opponent and the character's problems."""

    def __init__(self, doc: DocView[Crew, Catalog], at: At, name: str, state: SohState) -> None:
        super().__init__(doc, at, name)
        self.state = state

    def level_names(self, spec: FieldSpec) -> list[str]:
        return list(SKILLS) if spec.name == "skills" else []

    def level_label(self, spec: FieldSpec, key: str) -> str:
        """A skill by the seed's name in Japanese (〈射撃〉), by its id in English."""
        return skill_name(key, self.lang) if spec.name == "skills" else key

    def choice(self, spec: FieldSpec, entry_id: str, entry: Any) -> Choice:
        lang = self.lang
        name = part_name(entry, lang)
        rows: list[tuple[str, str]] = []
        if isinstance(entry, Weapon):
            figures = f"{entry.type} {entry.damage:>3} {entry.size:+d}"
            rows.append((t("damage", lang), f"{entry.damage} ({entry.type})"))
            rows.append((t("size", lang), f"{entry.size:+d}"))
            rows.append((t("skill", lang), skill_name(entry.skill, lang)))
            rows.append((t("ammo", lang), "—" if entry.ammo is None else str(entry.ammo)))
            rows.append((t("rate", lang), "—" if entry.rate is None else str(entry.rate)))
        elif isinstance(entry, Armour | Vehicle):
            figures = f"B{entry.b_armour} A{entry.a_armour}"
            rows.append((t("armour_ba", lang), f"B {entry.b_armour} / A {entry.a_armour}"))
            rows.append((t("mods", lang), f"{entry.dexterity_mod:+d} / {entry.agility_mod:+d}"))
            if entry.strength is not None:
                rows.append((t("strength", lang), str(entry.strength)))
            if isinstance(entry, Vehicle):
                rows.append((t("size", lang), str(entry.size)))
        else:
            return super().choice(spec, entry_id, entry)
        stats = Table(box=None, show_header=False, padding=(0, 1))
        # the labels whole (the values are short): a narrow pane wraps a value, never a label
        stats.add_column(style="bold", no_wrap=True, min_width=max(cell_len(k) for k, _ in rows))
        stats.add_column()
        for label, value in rows:
            stats.add_row(label, value)
        parts: list[RenderableType] = [Text(name, style="bold underline"), stats]
        if entry.description:
            parts.append(Wrapped(entry.description, style="italic"))
        return Choice(entry_id, name, figures, Group(*parts), (entry.name, entry.name_ja))

    def side(self) -> RenderableType:
        lang = self.lang
        crew, catalog = self.team, self.catalog
        opp = opponent_of(crew, catalog, self.state)
        everyone, them = derive_pair(crew, catalog, opp)
        me = next((d for d in everyone if d.name == self.item_name), None)
        parts: list[RenderableType] = []
        if me is not None:
            values = Table(box=None, show_header=False, padding=(0, 1))
            values.add_column(style="bold")
            values.add_column()
            values.add_row(t("gear", lang), part_name(me.gear, lang) if me.gear else "—")
            values.add_row(t("ap", lang), str(me.ap))
            values.add_row(t("evasion", lang), str(me.evasion))
            values.add_row(t("dur_a", lang) + " / " + t("dur_b", lang),
                           f"{me.durability_a} / {me.durability_b}")  # fmt: skip
            for w in me.weapons:
                values.add_row(part_name(w.weapon, lang), f"{t('hit', lang)} {w.hit}")
            parts.append(values)
            m = None
            try:
                m = matchup(me, them, objective=self.state.objective)
            except InputError as exc:
                parts.append(Wrapped("; ".join(p.text(lang) for p in exc.problems), style="dim"))
            if m is not None and m.plan.rows:
                best = m.plan.rows[0]
                parts.append(Text(f"{t('opponent', lang)}: {_name(opp, lang)}", style="bold"))
                parts.append(
                    Text(
                        f"{t('evade', lang)} {best.split.evasion_dice} · "
                        f"{t('attacks', lang)} {attacks_text(best.split.attacks)}\n"
                        f"{t('dealt', lang)} {best.expected_dealt:.3f} · "
                        f"{t('taken', lang)} {best.expected_taken:.3f} · "
                        f"{t('net', lang)} {best.net:+.3f}"
                    )
                )
        parts.append(self.problems_panel())
        return Group(*parts)


FIELDS = ("hit", "attack_dice", "evasion", "evasion_dice", "damage", "durability", "targets")
LABEL_KEYS = {"hit": "hit", "attack_dice": "attack_dice", "evasion": "evasion_value",
              "evasion_dice": "evasion_dice", "damage": "damage", "durability": "durability",
              "targets": "targets"}  # fmt: skip


class OddsScreen(SohScreen):
    """Inputs for the values and dice; the multiplier distribution as bars, recomputed per key."""

    BINDINGS: ClassVar[list[BindingType]] = [keys.BACK]

    def __init__(
        self, doc: DocView[Crew, Catalog], state: SohState, values: dict[str, int]
    ) -> None:
        super().__init__(doc, state)
        self.values = dict(values)
        self.result: OddsResult | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="odds-inputs"):
            for key in FIELDS:
                with Vertical(classes="odds-field"):
                    yield Label(t(LABEL_KEYS[key], self.lang), id=f"label-{key}")
                    yield Input(str(self.values[key]), id=f"in-{key}", type="integer")
        yield Static("", id="odds-summary")
        yield Static("", id="odds-bars")
        yield KeyFooter()

    def show(self) -> None:
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
        self.dismiss(None)


class CompareScreen(RowsCompareScreen[Crew, Catalog, Side, Matchup]):
    """Characters side by side: the rows ``laminim compare`` prints for soh (soh/compare.py),
    the planner's best split against the crew screen's opponent filled in from a worker."""

    def __init__(self, doc: DocView[Crew, Catalog], state: SohState, names: list[str]) -> None:
        super().__init__(doc)
        self.state = state
        self.names = names

    def opponent(self) -> Character:
        return opponent_of(self.team, self.catalog, self.state)

    def sides(self) -> list[Side]:
        everyone, opp = derive_pair(self.team, self.catalog, self.opponent())
        return [Side(d, opp) for d in everyone if d.name in self.names]

    def head(self, side: Side) -> str:
        return display_name(side.derived.character, self.lang)

    def compute(self, side: Side) -> Matchup:
        return plan_for(side)

    def rows(self, sides: Sequence[Side], results: Sequence[Matchup | None]) -> list[CompareRow]:
        return compare_rows(sides, results, self.lang)

    def heading(self) -> str:
        opp = self.opponent()
        return f"{t('compare', self.lang)} — {t('opponent', self.lang)}: {_name(opp, self.lang)}"
