"""The play screen: a battle record's state and the odds beside each unit, an action line.

The app (:class:`PlayApp`) owns the open record (:class:`RecordDocument`), its undo and the
kit's key map (``builder/tui/keys.py``: ``ctrl+z``/``ctrl+y`` undo and redo, ``l`` the
language, ``F1`` help, ``ctrl+q`` quit); the screen shows the state it is handed and posts each
action up as an :class:`~builder.tui.messages.Edit` of the record. ``enter`` opens the action
line; the game's own keys (its battle's ``screen_keys``) open it on one of its actions; ``t``
changes what the odds are against. An action is typed as ``laminim play --do`` takes it, the
braces left out, and dice (the battle's ``dice_keys``) as their faces in a row: ``6315``.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import yaml
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from builder.core.i18n import Labels, Lang, Pair
from builder.core.problems import InputError
from builder.systems import ShowsScreen
from builder.tui import keys
from builder.tui.messages import Edit
from builder.tui.play.record_document import RecordDocument, action_label

WORDS = Labels.load(__file__, "play_labels.yaml")


def words(key: str, **params: object) -> Pair:
    return (WORDS.t(key, "en", **params), WORDS.t(key, "ja", **params))


def parse_action(
    line: str, actions: tuple[str, ...], dice_keys: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``ACTION key: value, key: 6315`` as the action's data (a prefix names an action when
    only one starts with it; a key of ``dice_keys`` may hold faces in a row); ValueError (its
    words in both languages as ``args[0]``) when it cannot be read."""
    text = line.strip()
    if not text:
        raise ValueError(words("empty"))
    word, _, rest = text.partition(" ")
    known = (*actions, "undo")
    named = [a for a in known if a == word] or [a for a in known if a.startswith(word)]
    if len(named) != 1:
        raise ValueError(words("unknown", word=word, known=", ".join(known)))
    try:
        data = yaml.safe_load("{" + rest + "}") if rest.strip() else {}
    except yaml.YAMLError as exc:
        raise ValueError(words("unreadable", error=str(exc).splitlines()[0])) from None
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise ValueError(words("pairs"))
    for key in dice_keys:
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str) and value.isdigit():
            data[key] = [int(c) for c in value]
    return {"do": named[0], **data}


def threats_of(doc: RecordDocument) -> list[str | None]:
    """What the odds can be against, in the order ``t`` steps through them: the catalog's
    default, its other threats, each unit of the record."""
    catalog = doc.session.catalog
    ids = [t.id for t in getattr(catalog, "threats", ())]
    default = getattr(catalog, "default_threat", None)
    units = [str(f.id) for f in getattr(doc.state, "fighters", ())]
    return [None, *[i for i in ids if i != default], *units]


class PlayScreen(Static):
    """The state as text: the round, both sides' units with their parts, the odds, the score."""


class PlayApp(App[int]):
    """``laminim play RECORD`` at a terminal: the record open as the app's document."""

    CSS = """
    #head { height: auto; background: $boost; text-style: bold; }
    #scroll { height: 1fr; }
    #said { height: auto; max-height: 4; color: $warning; }
    #keys { height: auto; background: $panel; }
    #line { display: none; border: none; height: 1; padding: 0 1; background: $boost; }
    #line.open { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        keys.QUIT,
        keys.HELP,
        keys.UNDO,
        keys.REDO,
        keys.LANG,
        keys.BACK,
        Binding("enter", "line('')", "Action", key_display="⏎"),
        Binding("t", "threat", "Threat"),
    ]

    def __init__(self, doc: RecordDocument, lang: Lang = "en") -> None:
        super().__init__()
        self.doc = doc
        self.lang: Lang = lang
        self.threat: str | None = None
        self.last: list[Pair] = []  # what the last key did, said again in the other language
        battle = doc.session.battle
        self.game_keys = battle.screen_keys if isinstance(battle, ShowsScreen) else ()
        self.dice_keys = battle.dice_keys if isinstance(battle, ShowsScreen) else ()
        for key, start, said in self.game_keys:
            self.bind(key, f"line({start!r})", description=said[0])

    # -- drawing -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="head", markup=False)
        with VerticalScroll(id="scroll"):
            yield PlayScreen(id="state", markup=False)
        yield Static(id="said", markup=False)
        yield Input(id="line", select_on_focus=False)
        yield Static(id="keys", markup=False)

    def on_mount(self) -> None:
        self.show()

    def say(self, pair: Pair) -> str:
        return pair[1] if self.lang == "ja" else pair[0]

    def show(self) -> None:
        self.title = f"{self.doc.path.name}"
        head, body = self.doc.screen(self.threat, self.lang)
        self.query_one("#head", Static).update(head)
        self.query_one("#state", Static).update(body)
        self.query_one("#said", Static).update("\n".join(self.say(p) for p in self.last))
        gap = " " if self.lang == "ja" else "  "  # Japanese words are wide: one space apart
        own = gap.join(f"{key} {self.say(w)}" for key, _, w in self.game_keys)
        self.query_one("#keys", Static).update(WORDS.t("keys", self.lang, own=own))

    def said(self, key: str, label: Pair) -> Pair:
        return (WORDS.t(key, "en", label=label[0]), WORDS.t(key, "ja", label=label[1]))

    def tell(self, *said: Pair) -> None:
        self.last = list(said)
        self.query_one("#said", Static).update("\n".join(self.say(p) for p in self.last))

    # -- acts ----------------------------------------------------------------------------

    def action_line(self, start: str) -> None:
        line = self.query_one("#line", Input)
        line.add_class("open")
        line.value = start
        line.cursor_position = len(start)
        line.focus()

    async def action_back(self) -> None:
        self.close_line()

    def close_line(self) -> None:
        line = self.query_one("#line", Input)
        line.remove_class("open")
        self.query_one("#scroll").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            actions = tuple(self.doc.session.battle.actions)
            action = parse_action(event.value, actions, self.dice_keys)
        except ValueError as exc:
            self.tell(exc.args[0])
            return
        label = action_label(action)
        self.post_message(Edit(label, lambda _: action))
        self.close_line()

    def on_edit(self, message: Edit[Any]) -> None:
        """An action from the screen: applied to the record (saved), or refused as it is."""
        action = message.change(self.doc.state)
        if action.get("do") == "undo":
            self.action_undo()
            return
        try:
            said = self.doc.act(action, message.label)
        except InputError as exc:
            self.tell(*(refusal(p.field, p.words.en, p.words.ja) for p in exc.problems))
            return
        self.last = list(said)
        self.show()

    def action_undo(self) -> None:
        label = self.doc.undo()
        self.last = [words("no-undo") if label is None else self.said("undone", label)]
        self.show()

    def action_redo(self) -> None:
        label = self.doc.redo()
        self.last = [words("no-redo") if label is None else self.said("redone", label)]
        self.show()

    def action_toggle_lang(self) -> None:
        self.lang = "en" if self.lang == "ja" else "ja"
        self.show()

    def action_threat(self) -> None:
        choices = threats_of(self.doc)
        at = choices.index(self.threat) if self.threat in choices else 0
        self.threat = choices[(at + 1) % len(choices)]
        self.show()

    # -- errors: said on the message line, the record stays open (it is saved per action) --

    def _handle_exception(self, error: Exception) -> None:
        if not self.is_running:
            super()._handle_exception(error)
            return
        self.bell()
        self.tell(words("error", error=f"{type(error).__name__}: {error}"))

    async def _dispatch_message(self, message: Message) -> None:
        try:
            await super()._dispatch_message(message)
        except Exception as error:
            self._handle_exception(error)

    def action_help(self) -> None:
        self.tell(words("help"))


def refusal(field: str, en: str, ja: str) -> Pair:
    """A refused action's problem: its key path in the action (``[0].hits[2]`` from the line's
    one action: the ``[0].`` dropped) and its words."""
    where = re.sub(r"^\[0\]\.?", "", field)
    return (f"{where}: {en}", f"{where}: {ja}") if where else (en, ja)


def run_screen(args: Any) -> int:
    """``laminim play FILE ...`` at a terminal: the record (opened, or started from the team
    files as the command starts one) on the play screen; InputError for a bad file, as the
    command reports it."""
    from pathlib import Path

    from builder.core.report_lang import current_lang
    from builder.play.record import is_record, read_record, read_text
    from builder.play.session import Session

    first = Path(args.files[0])
    _, src = read_text(first)
    if is_record(src.data) and len(args.files) == 1 and args.output is None:
        session = Session.open(first, args.catalog, read_record(first))
    else:
        session = Session.begin([Path(f) for f in args.files], args.output, args.catalog, args.seed)
    app = PlayApp(RecordDocument(session), current_lang())
    app.threat = args.threat
    result = app.run()
    return result if isinstance(result, int) else 0
