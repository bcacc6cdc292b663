"""The kit's editor of one item, field by field, read from the item's model.

Each field is a row: text to type, a number to type or step with ``+``/``-``, yes/no to
toggle, one of a few words or a catalog entry to pick from a searchable list (the entry's
figures beside it), a list of catalog entries (each its own row, ``a`` adds one, ``x`` removes
one), levels by name (``skills: guns 2``). Every change is an edit the app records for undo.

A game's editor derives :class:`ItemEditorScreen` to add what it knows: a panel of derived
values and odds beside the fields (:meth:`side`), the figures of its catalog entries
(:meth:`choice`), a new level's name (:meth:`level_names`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic

from pydantic import BaseModel
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from builder.core.i18n import Pair
from builder.core.problems import field_path
from builder.systems import (
    FieldSpec,
    catalog_entries,
    entry_name,
    replace_item,
    with_field,
)
from builder.tui import keys
from builder.tui.dialogs.picker_dialog import Choice
from builder.tui.document import DocView
from builder.tui.items import CatalogT, TeamT, ask_name, find, ui_of, words
from builder.tui.messages import EditRefused
from builder.tui.screen import DocumentScreen
from builder.tui.screens.editor_rows import LISTS, Row, element_spec, rows_of
from builder.tui.screens.items_screen import value_text
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

At = tuple[str | int, ...]
"""Where the item sits in the team: ``("units", 2)`` in a list, ``("ship",)`` on its own."""


class ItemEditorScreen(DocumentScreen[TeamT, CatalogT], Generic[TeamT, CatalogT]):
    BINDINGS: ClassVar[list[BindingType]] = [
        keys.BACK,
        keys.EDIT,
        Binding("plus,equals_sign", "step(1)", "+1", key_display="+"),
        Binding("minus", "step(-1)", "-1", key_display="-"),
        keys.ADD,
        keys.REMOVE,
        keys.RENAME,
    ]
    SIDE_WIDTH: ClassVar[int] = 36
    """The panel beside the fields (the fields take the rest)."""

    def __init__(self, doc: DocView[TeamT, CatalogT], at: At, name: str) -> None:
        super().__init__(doc)
        self.at = at
        self.item_name = name
        """The item's name as last seen: it is found by it again after every change."""
        self.index = at[1] if len(at) > 1 and isinstance(at[1], int) else -1

    # --- the item -----------------------------------------------------------------------

    def _items(self, team: TeamT) -> Sequence[Any] | None:
        value = getattr(team, str(self.at[0]), None)
        return value if len(self.at) > 1 and isinstance(value, list | tuple) else None

    def item_of(self, team: TeamT) -> Any:
        """The edited item in ``team`` (None when it is gone: an undo took it away)."""
        items = self._items(team)
        if items is None:
            return getattr(team, str(self.at[0]), None)
        for item in items:
            if item.name == self.item_name:
                return item
        return items[self.index] if 0 <= self.index < len(items) else None

    @property
    def item(self) -> Any:
        return self.item_of(self.team)

    @property
    def shown_name(self) -> str:
        """The item's name as the player reads it: its own Japanese name under ja, when it
        has one."""
        name_ja = getattr(self.item, "name_ja", None)
        if self.lang == "ja" and isinstance(name_ja, str) and name_ja:
            return name_ja
        return self.item_name

    @property
    def prefix(self) -> str:
        """The item's place as a problem names it (``units[2]``)."""
        return field_path(self.at)

    def with_item(self, team: TeamT, item: Any) -> TeamT:
        items = self._items(team)
        if items is None:
            changed: TeamT = team.model_copy(update={str(self.at[0]): item})
            return changed
        at = find(items, self.index, self.item_name, ui_of(self).noun)
        new = list(items)
        new[at] = item
        result: TeamT = replace_item(team, str(self.at[0]), new)
        return result

    def change_item(self, label: Pair, change: Callable[[Any], Any]) -> None:
        """Edit the item: ``change`` makes the new item from the one the team has then."""

        def apply(team: TeamT) -> TeamT:
            item = self.item_of(team)
            if item is None:
                raise EditRefused(words("item_gone", ui_of(self).noun))
            return self.with_item(team, change(item))

        self.edit(label, apply)

    def set_field(self, spec: FieldSpec, value: Any) -> None:
        """Set one field of the item (validated as the model would read it)."""
        self.change_field(spec, lambda _: value)

    def change_field(self, spec: FieldSpec, make: Callable[[Any], Any]) -> None:
        """Set one field of the item to ``make(its value in the team then)`` (validated as the
        model would read it)."""

        def change(item: Any) -> Any:
            value = make(getattr(item, spec.name))
            try:
                return with_field(item, spec, value)
            except ValueError as exc:
                raise EditRefused(words("refused_value", why=str(exc))) from None

        self.change_item(self.label(spec), change)

    def taken_names(self, team: TeamT) -> list[str]:
        """The names the item's may not be (the other items of its list; a game adds its
        others: a force's ship and its MS share one set of names)."""
        items = self._items(team)
        return [i.name for i in items] if items is not None else []

    def item_noun(self) -> Pair:
        """What the item is called (the game's ``item``; a game with two kinds says which)."""
        return ui_of(self).item

    def label(self, spec: FieldSpec) -> Pair:
        ui = ui_of(self)
        field = (ui.field_name(spec.name, "en"), ui.field_name(spec.name, "ja"))
        return words("edit_field", name=self.item_name, field=field)

    # --- drawing ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="item-body"):
            with Vertical(id="item-left"):
                yield Static("", id="item-title")
                yield OptionList(id="item-fields")
            with VerticalScroll(id="item-side"):
                yield Static("", id="item-side-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#item-side").styles.width = self.SIDE_WIDTH
        self.query_one(OptionList).focus()

    def rows(self) -> list[Row]:
        return rows_of(self.item)

    def row_text(self, row: Row) -> Text:
        ui = ui_of(self)
        name = ui.field_name(row.spec.name, self.lang)
        value = getattr(self.item, row.spec.name)
        if row.adder:
            return Text.assemble((f"{name} ", "bold"), (self.say(words("add_to")), "dim italic"))
        if isinstance(row.element, int):
            shown = value_text(self, element_spec(row.spec), value[row.element])
            return Text.assemble((f"{name} {row.element + 1}: ", "bold"), shown)
        if isinstance(row.element, str):
            label = self.level_label(row.spec, row.element)
            return Text.assemble((f"{name}: ", "bold"), f"{label} {value[row.element]}")
        return Text.assemble((f"{name}: ", "bold"), value_text(self, row.spec, value))

    def show(self) -> None:
        item = self.item
        if item is None:  # undone away: back to the list
            self.dismiss(None)
            return
        self.item_name = item.name
        items = self._items(self.team)
        if items is not None:
            self.index = next((i for i, x in enumerate(items) if x.name == item.name), self.index)
        shown = self.shown_name
        self.query_one("#item-title", Static).update(
            Text.assemble((f"{self.say(self.item_noun())}: ", "dim"), (shown, "bold"))
        )
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options([Option(self.row_text(row)) for row in self.rows()])
        if listing.option_count:
            listing.highlighted = min(highlighted or 0, listing.option_count - 1)
        self.query_one("#item-side-text", Static).update(self.side())

    def side(self) -> RenderableType:
        """The panel beside the fields: the item's problems (a game adds its numbers)."""
        return self.problems_panel()

    def problems_panel(self) -> RenderableType:
        found = self.doc.problems_at(self.prefix)
        if not found:
            return Text("✓ " + self.say(words("legal_item")), style="green")
        lines = []
        for p in found:
            lead = "! " if p.severity == "warning" else "✗ "
            field = p.field[len(self.prefix) :].lstrip(".")
            lines.append(Wrapped((f"{field}: " if field else "") + p.text(self.lang), lead=lead))
        return Group(*lines)

    def focus_field(self, field: str) -> None:
        name = field[len(self.prefix) :].lstrip(".").split("[")[0].split(".")[0]
        for i, row in enumerate(self.rows()):
            if row.spec.name == name:
                self.query_one(OptionList).highlighted = i
                return

    # --- choosing -----------------------------------------------------------------------

    def choice(self, spec: FieldSpec, entry_id: str, entry: Any) -> Choice:
        """How a catalog entry shows in the picker: its name, a few figures, its details
        (default: its whole-number fields)."""
        name = entry_name(entry_id, entry, self.lang)
        figures = []
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        if isinstance(entry, BaseModel):
            for key, value in entry.model_dump().items():
                if isinstance(value, int | float) and not isinstance(value, bool):
                    figures.append(f"{key} {value}")
                    table.add_row(key, str(value))
        elif isinstance(entry, int | float):
            figures.append(str(entry))
        names = (entry_id, str(getattr(entry, "name", "")), str(getattr(entry, "name_ja", "")))
        details = Group(Text(name, style="bold underline"), table)
        return Choice(entry_id, name, " ".join(figures[:3]), details, names)

    def level_names(self, spec: FieldSpec) -> list[str]:
        """The names a new level may take, to pick from (empty: the player types one)."""
        return []

    def level_label(self, spec: FieldSpec, key: str) -> str:
        """A level's name as the player reads it (default: as the file writes it)."""
        return key

    def current_row(self) -> Row | None:
        rows = self.rows()
        index = self.query_one(OptionList).highlighted
        return rows[index] if index is not None and index < len(rows) else None

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_edit()

    def action_edit(self) -> None:
        row = self.current_row()
        if row is None:
            return
        spec = row.spec
        if row.adder:
            self.action_add()
        elif spec.kind == "bool":
            self.set_field(spec, not getattr(self.item, spec.name))
        elif spec.kind in ("ref", "choice") or (spec.kind == "refs" and row.element is not None):
            self._pick(row)
        elif spec.kind == "levels" and isinstance(row.element, str):
            self._type_level(row.spec, row.element)
        elif spec.kind in ("text", "texts", "int", "float"):
            self._type(row)

    def _picker_choices(self, spec: FieldSpec) -> list[Choice]:
        if spec.kind == "choice":
            return [Choice(str(c), str(c)) for c in spec.choices]
        assert spec.ref is not None
        return [
            self.choice(spec, i, e) for i, e in catalog_entries(self.catalog, spec.ref.collection)
        ]

    def _pick(self, row: Row) -> None:
        from builder.tui.dialogs.picker_dialog import PickerDialog

        spec = row.spec
        value = getattr(self.item, spec.name)
        current = value[row.element] if isinstance(row.element, int) else value
        ui = ui_of(self)
        title = f"{ui.field_name(spec.name, self.lang)} — {self.shown_name}"
        none = self.say(words("none_choice")) if spec.optional else None

        def chosen(choice: str | None) -> None:
            if choice is None:
                return
            if spec.kind == "refs":
                self._set_element(spec, row.element, choice)
                return
            picked: Any = choice or None
            if spec.kind == "choice":
                picked = next((c for c in spec.choices if str(c) == choice), None)
            self.set_field(spec, picked)

        dialog = PickerDialog(
            title, self._picker_choices(spec), self.lang, current=str(current), none=none
        )
        self.app.push_screen(dialog, chosen)

    def _set_element(self, spec: FieldSpec, element: int | str | None, value: Any) -> None:
        """Element ``element`` of a list field set to ``value`` (None: appended)."""

        def changed(now: Any) -> list[Any]:
            values = list(now)
            if isinstance(element, int) and element < len(values):
                values[element] = value
            else:
                if spec.max_items is not None and len(values) >= spec.max_items:
                    raise EditRefused(self._full(spec))
                values.append(value)
            return values

        self.change_field(spec, changed)

    def _full(self, spec: FieldSpec) -> Pair:
        ui = ui_of(self)
        field = (ui.field_name(spec.name, "en"), ui.field_name(spec.name, "ja"))
        return words("list_full", field=field, n=spec.max_items)

    def _type(self, row: Row) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        spec = row.spec
        value = getattr(self.item, spec.name)
        shown = value[row.element] if isinstance(row.element, int) else value
        field = ui_of(self).field_name(spec.name, self.lang)
        if spec.kind in ("int",) and spec.low is not None and spec.high is not None:
            question = self.say(words("value_prompt", field=field, low=spec.low, high=spec.high))
        else:
            question = self.say(words("value_prompt_any", field=field))

        def answered(text: str | None) -> None:
            if text is None and not spec.optional:
                return
            if spec.kind == "texts":
                if text:
                    self._set_element(spec, row.element, text)
                return
            if spec.kind in ("int", "float"):
                number = self._number(spec, text or "", field)
                if number is not None:
                    self.set_field(spec, number)
                return
            self.set_field(spec, text)

        self.app.push_screen(
            PromptDialog(question, value="" if shown is None else str(shown)), answered
        )

    def _number(self, spec: FieldSpec, text: str, field: str) -> int | float | None:
        try:
            number: int | float = int(text) if spec.kind == "int" else float(text)
        except ValueError:
            self.app.bell()
            self.notify(self.say(words("not_a_number", text=text)), severity="warning")
            return None
        if (spec.low is not None and number < spec.low) or (
            spec.high is not None and number > spec.high
        ):
            self.app.bell()
            said = words("out_of_range", field=field, low=spec.low, high=spec.high)
            self.notify(self.say(said), severity="warning")
            return None
        return number

    def _type_level(self, spec: FieldSpec, key: str) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        level = getattr(self.item, spec.name).get(key, 0)
        label = self.level_label(spec, key)
        question = self.say(words("value_prompt", field=label, low=spec.low, high=spec.high))

        def answered(text: str | None) -> None:
            number = self._number(spec, text or "", key) if text else None
            if number is not None:
                self._set_level(spec, key, int(number))

        self.app.push_screen(PromptDialog(question, value=str(level)), answered)

    def _set_level(self, spec: FieldSpec, key: str, level: int | None) -> None:
        def changed(now: Any) -> dict[str, int]:
            levels = dict(now)
            if level is None:
                levels.pop(key, None)
            else:
                levels[key] = level
            return levels

        self.change_field(spec, changed)

    # --- the keys -----------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        row = self.current_row()
        if row is None:
            return
        spec = row.spec
        if spec.kind == "levels" and isinstance(row.element, str):
            level = getattr(self.item, spec.name)[row.element] + delta
            if (spec.low is None or level >= spec.low) and (
                spec.high is None or level <= spec.high
            ):
                self._set_level(spec, row.element, level)
                return
        elif spec.kind == "int" and row.element is None:
            value = (getattr(self.item, spec.name) or 0) + delta
            if (spec.low is None or value >= spec.low) and (
                spec.high is None or value <= spec.high
            ):
                self.set_field(spec, value)
                return
        self.app.bell()

    def action_add(self) -> None:
        """Add to the list the cursor is in: a catalog entry picked, a text or a level typed."""
        from builder.tui.dialogs.picker_dialog import PickerDialog
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        row = self.current_row()
        if row is None or row.spec.kind not in LISTS:
            self.app.bell()
            return
        spec = row.spec
        values = getattr(self.item, spec.name) or ()
        if spec.max_items is not None and len(values) >= spec.max_items:
            self.app.bell()
            both = (
                ui_of(self).field_name(spec.name, "en"),
                ui_of(self).field_name(spec.name, "ja"),
            )
            said = words("list_full", field=both, n=spec.max_items)
            self.notify(self.say(said), severity="warning")
            return
        field = ui_of(self).field_name(spec.name, self.lang)
        if spec.kind == "refs":

            def picked(choice: str | None) -> None:
                if choice:
                    self._set_element(spec, None, choice)

            title = f"{field} — {self.shown_name}"
            self.app.push_screen(PickerDialog(title, self._picker_choices(spec), self.lang), picked)
        elif spec.kind == "texts":
            self.app.push_screen(
                PromptDialog(self.say(words("value_prompt_any", field=field))),
                lambda text: self._set_element(spec, None, text) if text else None,
            )
        else:
            names = [n for n in self.level_names(spec) if n not in values]

            def named(key: str | None) -> None:
                if key:
                    low = spec.low if spec.low is not None else 0
                    self._set_level(spec, key, max(1, low) if spec.high != 0 else low)

            if names:
                choices = [Choice(n, self.level_label(spec, n), search=(n,)) for n in names]
                self.app.push_screen(PickerDialog(field, choices, self.lang), named)
            else:
                question = self.say(words("level_name", field=field))
                self.app.push_screen(PromptDialog(question), named)

    def action_remove(self) -> None:
        """Take the element under the cursor out of its list, or empty an optional field;
        asks first (and ctrl+z brings it back)."""
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        row = self.current_row()
        if row is None or row.adder:
            self.app.bell()
            return
        spec = row.spec
        value = getattr(self.item, spec.name)
        if isinstance(row.element, int):
            shown = value_text(self, element_spec(spec), value[row.element])
        elif isinstance(row.element, str):
            shown = row.element
        elif spec.optional and value is not None:
            shown = value_text(self, spec, value)
        else:
            self.app.bell()
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            if isinstance(row.element, str):
                self._set_level(spec, row.element, None)
            elif isinstance(row.element, int):
                element = row.element

                def change(item: Any) -> Any:
                    values = list(getattr(item, spec.name))
                    if element < len(values):
                        del values[element]
                    return with_field(item, spec, values)

                self.change_item(self.label(spec), change)
            else:
                self.set_field(spec, None)

        question = self.say(words("remove_item", name=shown))
        dialog = ConfirmDialog(
            question, yes=self.say(words("remove_yes")), no=self.say(words("cancel"))
        )
        self.app.push_screen(dialog, answered)

    def action_rename(self) -> None:
        old = self.item_name
        noun = ui_of(self).noun

        def answered(name: str) -> None:
            def change(team: TeamT) -> TeamT:
                taken = [n for n in self.taken_names(team) if n != old]
                if name.casefold() in {n.casefold() for n in taken}:
                    raise EditRefused(words("name_taken", noun, name=name))
                item = self.item_of(team)
                if item is None:
                    raise EditRefused(words("item_gone", noun))
                return self.with_item(team, item.model_copy(update={"name": name}))

            def then(team: TeamT) -> None:
                self.item_name = name
                self.show()

            self.edit(words("edit_rename", old=old, name=name), change, then)

        ask_name(self, words("rename_item", name=old), old, answered)

    def action_back(self) -> None:
        self.dismiss(None)
