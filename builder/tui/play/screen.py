"""The play screen: a battle record's state and the odds beside each unit, an action line.

A screen of the main app (:class:`builder.tui.app.BuilderApp`), with its title bar, footer,
F1 help and key map (``builder/tui/keys.py``: ``ctrl+z``/``ctrl+y`` undo and redo the last
action, ``l`` the language, ``ctrl+q`` quit). The app owns the open record
(:class:`~builder.tui.play.record_document.RecordDocument`) as it owns the team: it hands the
screen a :class:`RecordView` after every change (attributes down) and the screen posts each
action up as an :class:`~builder.tui.messages.Act` (messages up).

``enter`` opens the action line; the game's own keys (its battle's ``screen_keys``,
:class:`builder.systems.ShowsScreen`) open it on one of its actions; ``t`` changes what the odds
are against (the battle's ``threat_choices``, :class:`builder.systems.ChoosesThreat`); ``esc``
closes the line, else goes back to the team. An action is typed as ``laminim play --do`` takes
it, the braces left out, and dice (the battle's ``dice_keys``) as their faces in a row:
``6315``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, ClassVar

import yaml
from rich.console import Group
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from builder.core.i18n import Labels, Lang, Pair
from builder.systems import ChoosesThreat, ShowsScreen
from builder.tui import keys
from builder.tui.messages import Act
from builder.tui.play.record_document import RecordDocument, action_label
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

WORDS = Labels.load(__file__, "play_labels.yaml")


def words(key: str, **params: object) -> Pair:
    return (WORDS.t(key, "en", **params), WORDS.t(key, "ja", **params))


def parse_action(
    line: str, actions: tuple[str, ...], dice_keys: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``ACTION key: value, key: 6315`` as the action's data (a prefix names an action when
    only one starts with it; a key of ``dice_keys`` may hold faces in a row); ValueError (its
    words in both languages as ``args[0]``) when it cannot be read."""
    text = unicodedata.normalize("NFKC", line).replace("、", ",").strip()
    if not text:
        raise ValueError(words("empty"))
    word, _, rest = text.partition(" ")
    known = (*actions, "undo")
    named = [a for a in known if a == word] or [a for a in known if a.startswith(word)]
    if len(named) != 1:
        raise ValueError(words("unknown", word=word, known=", ".join(known)))
    data = _pairs(rest)
    for key in dice_keys:
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str) and value.isdigit():
            data[key] = [int(c) for c in value]
    return {"do": named[0], **data}


_KEY = re.compile(r"(?:^|(?<=[\s,]))([A-Za-z_][\w-]*)\s*:(?!:)")
"""A key where a pair starts: at the start, or after a space or a comma."""


def _pairs(rest: str) -> dict[str, Any]:
    """``key: value`` pairs as players type them: with commas or spaces between them
    (``unit: 4 ap: 1``), ``key:value`` run together; a value is YAML (``[1, 2]``, a name).
    ValueError with the pairs' form when they cannot be read."""
    if not rest.strip():
        return {}
    starts: list[tuple[int, int, str]] = []  # (where the key starts, where its value does, key)
    depth = 0
    i = 0
    while i < len(rest):
        char = rest[i]
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif depth == 0:
            found = _KEY.match(rest, i)
            if found and (i == 0 or rest[i - 1] in " \t,"):
                starts.append((i, found.end(), found.group(1)))
                i = found.end()
                continue
        i += 1
    if not starts or rest[: starts[0][0]].strip(" ,"):
        raise ValueError(words("pairs"))
    data: dict[str, Any] = {}
    for n, (_, begin, key) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(rest)
        text = rest[begin:end].strip().rstrip(",").strip()
        try:
            data[key] = yaml.safe_load(text) if text else None
        except yaml.YAMLError:
            raise ValueError(words("value", field=key, value=text)) from None
    return data


def threats_of(doc: RecordDocument) -> tuple[str | None, ...]:
    """What the odds can be against, in the order ``t`` steps through them (the game's
    ``threat_choices``; a game without them: its default only)."""
    battle = doc.session.battle
    if isinstance(battle, ChoosesThreat):
        return (None, *[c for c in battle.threat_choices(doc.state, doc.session.catalog) if c])
    return (None,)


class ActionLine(Input):
    """The action line: ``enter`` makes the action (the footer shows it as the screen's ⏎, so
    opening and closing the line changes no key there)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Action", key_display="⏎"),
    ]


@dataclass(frozen=True)
class RecordView:
    """What the play screen shows: the open record, the language, and what the last act said
    (None: keep what the screen says now, e.g. after a change of language)."""

    record: RecordDocument
    lang: Lang
    said: tuple[Pair, ...] | None = None


class PlayScreen(Screen[None]):
    """The state as text: the round, both sides' units with their parts, the odds, the score."""

    HELP_ID: ClassVar[str] = "PlayScreen"
    DEFAULT_CSS = """
    PlayScreen #head { height: auto; background: $boost; text-style: bold; }
    PlayScreen #scroll { height: 1fr; }
    PlayScreen #said { height: auto; max-height: 40%; color: $warning; }
    PlayScreen #said-text { height: auto; }
    PlayScreen #line { display: none; border: none; height: 1; padding: 0 1; background: $boost; }
    PlayScreen #line.open { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = []  # bound in order with the game's own keys

    def __init__(self, view: RecordView, threat: str | None = None) -> None:
        super().__init__()
        self._view = view
        self.threat = threat
        self.said: tuple[Pair, ...] = view.said or ()
        battle = view.record.session.battle
        self.game_keys = battle.screen_keys if isinstance(battle, ShowsScreen) else ()
        self.dice_keys = battle.dice_keys if isinstance(battle, ShowsScreen) else ()
        self.key_words_ja = {en: ja for _, _, (en, ja) in self.game_keys}
        """The game's keys' words in Japanese, for the footer."""
        bind = self._bindings.bind  # ⏎, then the game's actions, then the screen's own keys
        bind("enter", "line('')", description="Action", key_display="⏎")
        for key, start, (en, _) in self.game_keys:
            bind(key, f"line({start!r})", description=en)
        bind("t", "threat", description="Threat")
        bind(keys.BACK.key, keys.BACK.action, description=keys.BACK.description, key_display="Esc")

    # -- attributes down -----------------------------------------------------------------------

    @property
    def view(self) -> RecordView:
        return self._view

    @view.setter
    def view(self, view: RecordView) -> None:
        self._view = view
        if view.said is not None:
            self.said = view.said
        if self.is_mounted:
            self.show()

    @property
    def record(self) -> RecordDocument:
        return self._view.record

    @property
    def lang(self) -> Lang:
        return self._view.lang

    def say(self, pair: Pair) -> str:
        return pair[1] if self.lang == "ja" else pair[0]

    # -- drawing -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="head", markup=False)
        with VerticalScroll(id="scroll"):
            yield Static(id="state", markup=False)
        with VerticalScroll(id="said"):  # an end of round's report whole (scrolled past 40%)
            yield Static(id="said-text", markup=False)
        yield ActionLine(id="line", select_on_focus=False)
        yield KeyFooter()

    def on_mount(self, event: events.Mount) -> None:
        self.show()
        self.query_one("#scroll").focus()

    def show(self) -> None:
        head, body = self.record.screen(self.threat, self.lang)
        self.query_one("#head", Static).update(Group(*map(wrapped_line, head.splitlines())))
        self.query_one("#state", Static).update(body)
        self._show_said()

    def _show_said(self) -> None:
        lines = [line for p in self.said for line in self.say(p).splitlines()]
        self.query_one("#said-text", Static).update(Group(*map(wrapped_line, lines)))

    def tell(self, *said: Pair) -> None:
        self.said = said
        self._show_said()

    # -- acts ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the game is over the footer offers no game action and no threat (only ``undo``
        is taken then: ⏎ stays, to type it); ``t`` only where there is a threat to choose."""
        if action == "threat" and len(threats_of(self.record)) < 2:
            return False  # a game whose odds have one threat only
        if action == "threat" or (action == "line" and parameters != ("",)):
            return not self.record.session.battle.over(self.record.state)
        return True

    def action_line(self, start: str) -> None:
        line = self.query_one("#line", Input)
        line.add_class("open")
        line.value = start
        line.cursor_position = len(start)
        line.focus()

    def action_back(self) -> None:
        line = self.query_one("#line", Input)
        if line.has_class("open"):
            self.close_line()
        elif len(self.app.screen_stack) > 2:  # the team's screens are under this one
            self.app.pop_screen()
        else:
            self.app.bell()

    def close_line(self) -> None:
        self.query_one("#line", Input).remove_class("open")
        self.query_one("#scroll").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            actions = tuple(self.record.session.battle.actions)
            action = parse_action(event.value, actions, self.dice_keys)
        except ValueError as exc:
            self.tell(exc.args[0])
            return
        self.close_line()
        self.post_message(Act(action, action_label(action)))

    def action_threat(self) -> None:
        choices = threats_of(self.record)
        at = choices.index(self.threat) if self.threat in choices else 0
        self.threat = choices[(at + 1) % len(choices)]
        self.show()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.show()  # the language may have changed under a dialog
        self._retitle()

    def on_unmount(self) -> None:
        self._retitle()  # the team's name and file again

    def _retitle(self) -> None:
        update = getattr(self.app, "update_title", None)
        if update is not None:
            self.app.call_later(update)


def wrapped_line(line: str) -> Wrapped:
    """A line of the head or of what an act said, wrapped between phrases (a threat's long name
    never folded inside a word, a number kept with its counter), its later lines two columns in
    from where it starts."""
    text = line.lstrip(" ")
    indent = len(line) - len(text)
    return Wrapped(text, lead=" " * indent, hang=indent + 2)


def refusal(field: str, en: str, ja: str) -> Pair:
    """A refused action's problem: its key path in the action (``[0].hits[2]`` from the line's
    one action: the ``[0].`` dropped) and its words."""
    import re

    where = re.sub(r"^\[0\]\.?", "", field)
    return (f"{where}: {en}", f"{where}: {ja}") if where else (en, ja)
