"""The same acts on a team's items in every game: add, duplicate, rename, remove (asks first),
edit, and name the team itself. Each is an :class:`~builder.tui.messages.Edit` the app applies
and records for undo; the item is found again by its name when the app applies it, so two keys
pressed quickly make two edits, each on the other's result.

:class:`ItemListScreen` gives a screen these acts for the list of named items its team model
holds (found by :func:`builder.systems.editing.items_field`); the screen only says where its
cursor is. New items are named in the player's language after what an item is called
(``SystemUI.item``: 機体 2) or after the catalog entry they are made of (リック・ディアス 2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from builder.core.i18n import Lang, Pair
from builder.systems import (
    FieldSpec,
    ItemsField,
    SystemUI,
    catalog_entries,
    entry_name,
    fields_of,
    free_name,
    items_field,
    replace_item,
)
from builder.tui.document import DocView
from builder.tui.labels import SHELL_LABELS, Noun
from builder.tui.messages import EditRefused
from builder.tui.screen import DocumentScreen

TeamT = TypeVar("TeamT", bound=BaseModel)
CatalogT = TypeVar("CatalogT")
ItemT = TypeVar("ItemT", bound=BaseModel)


def words(key: str, noun: Noun = ("team", "チーム"), **values: object) -> Pair:
    """The shell label ``key`` in both languages, filled (an undo step's name, a refusal)."""
    return (
        SHELL_LABELS.t(key, "en", noun=noun, **values),
        SHELL_LABELS.t(key, "ja", noun=noun, **values),
    )


def ui_of(screen: DocumentScreen[Any, Any]) -> SystemUI:
    """The open game's words (its item noun, its fields' names)."""
    ui = getattr(screen.app, "ui", None)
    return ui if isinstance(ui, SystemUI) else SystemUI()


def ask_name(
    screen: DocumentScreen[Any, Any], question: Pair, old: str, then: Callable[[str], Any]
) -> None:
    """Ask for a new name in a prompt that starts with ``old``; ``then(name)`` once the player
    gives one that differs (an empty answer or Esc: nothing)."""
    from builder.tui.dialogs.prompt_dialog import PromptDialog

    def answered(name: str | None) -> None:
        if name and name != old:
            then(name)

    screen.app.push_screen(PromptDialog(screen.say(question), value=old), answered)


def find(items: Sequence[BaseModel], index: int, name: str, noun: Noun) -> int:
    """Where the item that was at ``index`` named ``name`` is now (by name when it moved);
    EditRefused when it is gone."""
    if 0 <= index < len(items) and items[index].name == name:  # type: ignore[attr-defined]
        return index
    for i, item in enumerate(items):
        if item.name == name:  # type: ignore[attr-defined]
            return i
    raise EditRefused(words("item_gone", noun))


def follow_renames(marks: list[str], before: Sequence[Any], after: Sequence[Any]) -> list[str]:
    """Marks kept by item name, after a change of the team: an item renamed (one name gone,
    one new, at the same place) keeps its mark; a reorder changes no name."""
    gone = [b.name for b in before if b.name not in {a.name for a in after}]
    new = [a.name for a in after if a.name not in {b.name for b in before}]
    if len(before) != len(after) or len(gone) != 1 or len(new) != 1:
        return list(marks)
    return [new[0] if m == gone[0] else m for m in marks]


def first_entry(catalog: Any, spec: FieldSpec) -> tuple[str, Any] | None:
    entries = catalog_entries(catalog, spec.ref.collection) if spec.ref else []
    return entries[0] if entries else None


def new_item(model: type[ItemT], catalog: Any, name: str) -> ItemT:
    """A valid new item of ``model`` named ``name``: each required field at its plainest
    value (a number at 0 within its bounds, a catalog id the catalog's first entry)."""
    data: dict[str, Any] = {}
    for spec in fields_of(model):
        if spec.name == "name":
            data["name"] = name
        elif not spec.required:
            continue
        elif spec.kind == "ref":
            entry = first_entry(catalog, spec)
            data[spec.name] = entry[0] if entry else ""
        elif spec.kind == "int":
            data[spec.name] = min(max(0, spec.low if spec.low is not None else 0), spec.high or 0)
        elif spec.kind == "float":
            data[spec.name] = 0.0
        elif spec.kind == "bool":
            data[spec.name] = False
        elif spec.kind == "choice":
            data[spec.name] = spec.choices[0]
        elif spec.kind in ("refs", "texts"):
            data[spec.name] = []
        elif spec.kind == "levels":
            data[spec.name] = {}
    return model.model_validate(data)


def shown_key(item: object, lang: Lang) -> str:
    """The key of the name a player sees and renames in ``lang``: ``name_ja`` under Japanese
    when the item has one, else ``name`` (the name files, records and actions use)."""
    ja = getattr(item, "name_ja", None)
    return "name_ja" if lang == "ja" and isinstance(ja, str) and ja else "name"


class ItemListScreen(DocumentScreen[TeamT, CatalogT]):
    """A screen of the team's items: the kit's acts on them. A subclass says where its cursor
    is (:meth:`cursor`, :meth:`select`) and may name new items (:meth:`new_item`) or open its
    own editor (:meth:`open_item`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marked: list[str] = []
        """Names of the items marked for compare (:meth:`toggle_mark`), in the order marked: a
        mark belongs to an item, not to a row, and follows it through a rename (:meth:`shown`).
        A screen drops the marks of items gone when it draws."""

    @property
    def spec(self) -> ItemsField | None:
        return items_field(type(self.team))

    @property
    def items(self) -> Sequence[Any]:
        spec = self.spec
        return list(getattr(self.team, spec.key)) if spec is not None else []

    @property
    def noun(self) -> Noun:
        return ui_of(self).noun

    def cursor(self) -> int:
        """The index of the item the player is on (-1: none)."""
        raise NotImplementedError

    def toggle_mark(self, name: str, most: int | None = None) -> bool:
        """Mark the item ``name`` for compare, or unmark it; False (nothing changed) when it
        is not marked and ``most`` items are already."""
        if name in self.marked:
            self.marked.remove(name)
        elif most is not None and len(self.marked) >= most:
            return False
        else:
            self.marked.append(name)
        return True

    def shown(self, before: DocView[TeamT, CatalogT]) -> None:
        """A mark stays with its item when the item is renamed (or the rename undone)."""
        spec = self.spec
        if spec is not None:
            self.marked = follow_renames(self.marked, getattr(before.team, spec.key), self.items)
        self.show()

    def select(self, index: int) -> None:
        """Put the cursor on item ``index`` (after the table shows it)."""
        raise NotImplementedError

    def names(self, team: TeamT) -> list[str]:
        """Every name an item may not take (the team's items'; a game adds its others)."""
        spec = self.spec
        return [i.name for i in getattr(team, spec.key)] if spec is not None else []

    def base_name(self, item: Any) -> str:
        """What a new item is called before its number: the catalog entry it is made of
        when one of its fields names a named one, else the game's word for an item."""
        lang = self.lang
        for field in fields_of(type(item)):
            if field.kind == "ref" and field.required and field.ref is not None:
                value = getattr(item, field.name)
                for entry_id, entry in catalog_entries(self.catalog, field.ref.collection):
                    if entry_id == value and getattr(entry, "name", None):
                        return entry_name(entry_id, entry, lang)
        return self.say(ui_of(self).item)

    def new_item(self, team: TeamT) -> Any:
        """The item ``a`` adds (named by :meth:`base_name` and a number)."""
        spec = self.spec
        assert spec is not None
        item = new_item(spec.model, self.catalog, "?")
        name = free_name(self.base_name(item), self.names(team))
        return item.model_copy(update={"name": name})

    def open_item(self, index: int) -> None:
        """Enter on an item: the kit's editor of its fields."""
        from builder.tui.screens.item_editor import ItemEditorScreen

        spec = self.spec
        if spec is not None and 0 <= index < len(self.items):
            item = self.items[index]
            self.app.push_screen(ItemEditorScreen(self.doc, (spec.key, index), item.name))

    # --- the acts ---------------------------------------------------------------------

    def _with_items(self, team: TeamT, items: Sequence[Any]) -> TeamT:
        spec = self.spec
        assert spec is not None
        result: TeamT = replace_item(team, spec.key, items)
        return result

    def _at_item(
        self, index: int, name: str, change: Callable[[TeamT, list[Any], int], None]
    ) -> Callable[[TeamT], TeamT]:
        """An edit of the team's items: ``change(team, items, at)`` changes a copy of the list in
        place, ``at`` where the item shown at ``index`` as ``name`` stands in that team
        (EditRefused when it is gone: :func:`find`)."""
        noun = self.noun

        def edit(team: TeamT) -> TeamT:
            spec = self.spec
            assert spec is not None
            items = list(getattr(team, spec.key))
            change(team, items, find(items, index, name, noun))
            return self._with_items(team, items)

        return edit

    def action_add(self) -> None:
        if self.spec is None:
            return
        item = self.new_item(self.team)

        def add(team: TeamT) -> TeamT:
            spec = self.spec
            assert spec is not None
            named = item.model_copy(update={"name": free_name(item.name, self.names(team))})
            return self._with_items(team, [*getattr(team, spec.key), named])

        def then(team: TeamT) -> None:
            self.select(len(self.items) - 1)

        self.edit(words("edit_add", name=item.name), add, then)

    def action_duplicate(self) -> None:
        index = self.cursor()
        if self.spec is None or not 0 <= index < len(self.items):
            return
        name = self.items[index].name

        def duplicate(team: TeamT, items: list[Any], at: int) -> None:
            update = {"name": free_name(name, self.names(team))}
            name_ja = getattr(items[at], "name_ja", None)
            if isinstance(name_ja, str) and name_ja:  # the copy's Japanese name numbered too
                taken = [str(getattr(i, "name_ja", "") or "") for i in items]
                update["name_ja"] = free_name(name_ja, taken)
            items.insert(at + 1, items[at].model_copy(update=update))

        self.edit(
            words("edit_duplicate", name=name),
            self._at_item(index, name, duplicate),
            lambda _: self.select(index + 1),
        )

    def action_rename(self) -> None:
        index = self.cursor()
        if not 0 <= index < len(self.items):
            return
        self.rename_item(index)

    def rename_item(self, index: int, then: Callable[[str], Any] | None = None) -> None:
        """Ask a new name for item ``index`` (unique in the team, case aside); under Japanese
        an item with a Japanese name (``name_ja``) gets that one renamed, the name it shows."""
        old = self.items[index].name
        key = shown_key(self.items[index], self.lang)
        shown = getattr(self.items[index], key)
        noun = self.noun

        def rename(name: str) -> Callable[[TeamT], TeamT]:
            def change(team: TeamT, items: list[Any], at: int) -> None:
                taken = [n for n in self.names(team) if n != old]
                if key == "name" and name.casefold() in {n.casefold() for n in taken}:
                    raise EditRefused(words("name_taken", noun, name=name))
                items[at] = items[at].model_copy(update={key: name})

            return self._at_item(index, old, change)

        def answered(name: str) -> None:
            self.edit(
                words("edit_rename", old=shown, name=name),
                rename(name),
                (lambda _: then(name if key == "name" else old)) if then is not None else None,
            )

        ask_name(self, words("rename_item", name=shown), shown, answered)

    def action_remove(self) -> None:
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        index = self.cursor()
        if self.spec is None or not 0 <= index < len(self.items):
            return
        name = self.items[index].name

        def remove(team: TeamT, items: list[Any], at: int) -> None:
            del items[at]

        def answered(yes: bool | None) -> None:
            if yes:
                self.edit(words("edit_remove", name=name), self._at_item(index, name, remove))

        question = self.say(words("remove_item", name=name))
        dialog = ConfirmDialog(
            question, yes=self.say(words("remove_yes")), no=self.say(words("cancel"))
        )
        self.app.push_screen(dialog, answered)

    def action_edit(self) -> None:
        index = self.cursor()
        if 0 <= index < len(self.items):
            self.open_item(index)

    def action_rename_team(self) -> None:
        """A new name for the team itself (the game's noun names it in the question)."""
        key = shown_key(self.team, self.lang)
        old = getattr(self.team, key)
        noun = self.noun

        def answered(name: str) -> None:
            def change(team: TeamT) -> TeamT:
                renamed: TeamT = team.model_copy(update={key: name})
                return renamed

            self.edit(words("edit_team_name", noun, name=name), change)

        ask_name(self, words("rename_team", noun), old, answered)

    def focus_field(self, field: str) -> None:
        """A problem's field: the cursor on its item (``items[2].name`` → item 2)."""
        import re

        spec = self.spec
        found = re.match(rf"{spec.key}\[(\d+)\]", field) if spec is not None else None
        if found and int(found.group(1)) < len(self.items):
            self.select(int(found.group(1)))
