"""Build or edit a threat (docs/rules.md §1.8: the attacks made against a unit every round) and
watch the compared units' numbers follow; save it as a threat file for ``--threat FILE``.

Keys: ``a`` add an attack, ``w``/``W`` next/previous weapon, ``+``/``-`` the hit bonus, ``x``
remove, ``s`` save to a file, ``enter`` use it, ``esc`` cancel.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.core.i18n import Labels, Lang, part_name
from builder.core.input_files import exists_safely
from builder.systems.laminim.models import Catalog, Threat, ThreatAttack, Weapon

CUSTOM_ID = "custom"
MAX_BONUS = 5  # B >= 5 already hits on every face (docs/rules.md §1.2)

_TEXT = Labels.load(__file__, "threat_dialog_labels.yaml")


_t = _TEXT.t


def attacking_weapons(catalog: Catalog) -> list[Weapon]:
    """Weapons a threat can use: everything that makes attacks (not shields or boosters)."""
    return [w for w in catalog.weapons if w.type != "special" and w.attacks > 0]


def threat_yaml(threat: Threat) -> str:
    """The threat file's text (the catalog's threat format, readable by ``--threat FILE``)."""
    import yaml

    data = {
        "id": threat.id,
        "name": threat.name,
        "name_ja": threat.name_ja,
        "attacks": [{"weapon": a.weapon, "bonus": a.bonus} for a in threat.attacks],
    }
    head = "# A threat for `laminim analyze/compare --threat FILE` (RULES §1.8).\n"
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


class ThreatDialog(ModalScreen["Threat | None"]):
    """Returns the edited threat (id ``custom`` unless it was named), or None on escape."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Cancel"),
        Binding("a", "add", "Add"),
        Binding("w", "weapon(1)", "Weapon"),
        Binding("W", "weapon(-1)", "Weapon", show=False),
        Binding("plus,equals_sign", "bonus(1)", "+1"),
        Binding("minus", "bonus(-1)", "-1"),
        Binding("x,delete", "remove", "Remove"),
        Binding("s", "save", "Save"),
    ]

    def __init__(
        self,
        threat: Threat,
        catalog: Catalog,
        lang: Lang,
        preview: Callable[[Threat], str] | None = None,
    ) -> None:
        super().__init__()
        self.catalog = catalog
        self.lang = lang
        self.attacks = [ThreatAttack(weapon=a.weapon, bonus=a.bonus) for a in threat.attacks]
        self.base = threat
        self._preview = preview

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog dialog-wide", id="threat-dialog"):
            yield Label(_t("title", self.lang), classes="dialog-question")
            yield OptionList(id="threat-attacks")
            yield Static("", id="threat-preview")
            yield Static(_t("keys", self.lang), id="threat-keys")

    def on_mount(self) -> None:
        self._redraw(0)
        self.query_one(OptionList).focus()

    # --- the threat being built --------------------------------------------------------

    def threat(self) -> Threat:
        """The attacks as a threat; its name says it is a custom one."""
        same = [(a.weapon, a.bonus) for a in self.attacks] == [
            (a.weapon, a.bonus) for a in self.base.attacks
        ]
        if same:
            return self.base
        return Threat(
            id=CUSTOM_ID,
            name=_TEXT["name"][0],
            name_ja=_TEXT["name"][1],
            attacks=tuple(self.attacks),
        )

    def _line(self, attack: ThreatAttack) -> str:
        weapon = self.catalog.weapon(attack.weapon)
        name = part_name(weapon, self.lang) if weapon else attack.weapon
        if weapon is not None and weapon.type == "missile":
            return f"{name} ×{weapon.attacks}  ({_t('no_bonus', self.lang)})"
        attacks = f"×{weapon.attacks}  " if weapon else ""
        return f"{name} {attacks}+{attack.bonus}"

    def _redraw(self, highlight: int | None = None) -> None:
        options = self.query_one(OptionList)
        keep = options.highlighted if highlight is None else highlight
        options.clear_options()
        if self.attacks:
            options.add_options(
                [Option(self._line(a), id=str(i)) for i, a in enumerate(self.attacks)]
            )
            options.highlighted = max(0, min(keep or 0, len(self.attacks) - 1))
        else:
            options.add_option(Option(_t("empty", self.lang), id="none", disabled=True))
        self._update_preview(self.threat() if self.attacks else None)

    @work(thread=True, exclusive=True, group="threat-preview")
    def _update_preview(self, threat: Threat | None) -> None:
        text = self._preview(threat) if self._preview and threat is not None else ""
        self.app.call_from_thread(self._show_preview, text)

    def _show_preview(self, text: str) -> None:
        if self.is_attached:
            self.query_one("#threat-preview", Static).update(text)

    def _current(self) -> int | None:
        index = self.query_one(OptionList).highlighted
        return index if self.attacks and index is not None else None

    # --- actions --------------------------------------------------------------------------

    def action_add(self) -> None:
        weapons = attacking_weapons(self.catalog)
        if not weapons:
            return
        current = self._current()
        template = self.attacks[current] if current is not None else None
        self.attacks.append(template or ThreatAttack(weapon=weapons[0].id, bonus=2))
        self._redraw(len(self.attacks) - 1)

    def action_weapon(self, step: int) -> None:
        current = self._current()
        weapons = [w.id for w in attacking_weapons(self.catalog)]
        if current is None or not weapons:
            return
        attack = self.attacks[current]
        at = weapons.index(attack.weapon) if attack.weapon in weapons else -1
        self.attacks[current] = ThreatAttack(
            weapon=weapons[(at + step) % len(weapons)], bonus=attack.bonus
        )
        self._redraw(current)

    def action_bonus(self, step: int) -> None:
        current = self._current()
        if current is None:
            return
        attack = self.attacks[current]
        bonus = max(0, min(MAX_BONUS, attack.bonus + step))
        self.attacks[current] = ThreatAttack(weapon=attack.weapon, bonus=bonus)
        self._redraw(current)

    def action_remove(self) -> None:
        current = self._current()
        if current is None:
            return
        del self.attacks[current]
        self._redraw(current)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.threat() if self.attacks else None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_save(self) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        if not self.attacks:
            return

        def got(text: str | None) -> None:
            if text:
                self._save(Path(text).expanduser(), confirmed=False)

        self.app.push_screen(PromptDialog(_t("save_to", self.lang), value="threat.yaml"), got)

    def _save(self, path: Path, confirmed: bool) -> None:
        from builder.roster.team_file import write_atomic
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        if path.suffix.lower() not in (".yaml", ".yml"):
            path = path.with_suffix(".yaml")
        if exists_safely(path) and not confirmed:

            def answer(yes: bool | None) -> None:
                if yes:
                    self._save(path, confirmed=True)

            self.app.push_screen(ConfirmDialog(_t("exists", self.lang).format(path=path)), answer)
            return
        threat = self.threat()
        if threat.id == CUSTOM_ID:  # name the file's threat after the file
            stem = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")
            threat = threat.model_copy(update={"id": stem or CUSTOM_ID})
        try:
            write_atomic(path, threat_yaml(threat))
        except OSError as exc:
            message = _t("cannot_save", self.lang).format(path=path, error=exc.strerror or exc)
            self.notify(message, severity="error")
            return
        self.notify(_t("saved", self.lang).format(path=path))
