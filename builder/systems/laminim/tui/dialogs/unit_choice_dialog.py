"""Pick one unit of a team (to add it to the compare screen), or an extra choice after them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from builder.core.i18n import Lang, part_name
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.team import Unit
from builder.tui.widgets.wrapped import Wrapped


class UnitChoiceDialog(ModalScreen[int | None]):
    """Returns the index of the chosen unit, ``EXTRA`` for the extra choice, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]  # noqa: RUF012
    EXTRA = -1

    def __init__(
        self,
        title: str,
        units: list[Unit],
        extra: str | None = None,
        *,
        catalog: Catalog | None = None,
        lang: Lang = "en",
    ) -> None:
        super().__init__()
        self._title = title
        self._units = units
        self._extra = extra
        self._catalog = catalog
        self._lang = lang

    def _describe(self, unit: Unit) -> str:
        """``Name  (Frame: Weapon, Weapon, —)`` in display names when the catalog knows them."""
        catalog = self._catalog
        if catalog is None:
            return f"{unit.name}  ({unit.frame}: {', '.join(w or '—' for w in unit.weapons)})"
        frame = catalog.frame(unit.frame)
        weapons = []
        for wid in unit.weapons:
            weapon = catalog.weapon(wid) if wid else None
            weapons.append(part_name(weapon, self._lang) if weapon else (wid or "—"))
        frame_name = part_name(frame, self._lang) if frame else unit.frame
        return f"{unit.name}  ({frame_name}: {', '.join(weapons)})"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-question")
            yield OptionList(
                # wrapped between phrases under the name (and a name is never read as markup)
                *(
                    Option(Wrapped(self._describe(u), hang=2), id=str(i))
                    for i, u in enumerate(self._units)
                ),
                *(
                    [Option(Text(self._extra, style="italic"), id=str(self.EXTRA))]
                    if self._extra
                    else []
                ),
                id="unit-choice",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)
