"""The shared action reader (builder/play/reader.py): every problem of an action at once, names
as players type them, a game's own wording before the shared one."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from builder.core.messages import Messages
from builder.play.reader import ActionReader, fold
from builder.systems import Refused


@dataclass(frozen=True)
class _Unit:
    id: int
    name: str


@dataclass(frozen=True)
class _Table:
    round: int
    fighters: tuple[_Unit, ...]

    def fighter(self, unit: int) -> _Unit | None:
        return next((f for f in self.fighters if f.id == unit), None)


TABLE = _Table(2, (_Unit(1, "Bulwark"), _Unit(2, "疾風"), _Unit(3, "Twin"), _Unit(4, "Twin")))


KEYS = {"move": ("unit", "distance"), "end-round": ()}
REQUIRED = {"move": ("unit",), "end-round": ()}


class _Reader(ActionReader[_Table, None]):
    keys = KEYS
    required = REQUIRED
    messages = Messages({"unit-ref": ("{field} is a character", "{field} はキャラクターです")})


def _read(action: dict[str, object]) -> _Reader:
    return _Reader(action, TABLE, None)


def test_fold_reads_full_width_and_case_as_typed():
    assert fold(" ＢＵＬＷＡＲＫ ") == fold("bulwark")


@pytest.mark.parametrize(
    ("given", "unit"), [(1, 1), ("bulwark", 1), ("ＢＵＬＷＡＲＫ", 1), ("疾風", 2)]
)
def test_a_unit_by_id_or_by_name_as_typed(given, unit):
    assert _read({"do": "move", "unit": given}).unit("unit") == unit


def test_every_problem_of_an_action_is_kept_and_refused_at_once():
    read = _read({"do": "move", "distnce": 3, "round": 1, "unit": "Twin"})
    read.check_keys("move")
    assert read.unit("unit") is None
    assert read.number("distance") is None
    places = [at for at, _ in read.problems]
    assert places == [("distnce",), ("round",), ("unit",)]
    said = [m.text("en") for _, m in read.problems]
    assert "did you mean 'distance'" in said[0]
    assert "round 1" in said[1] and "round 2" in said[1]
    assert "units 3, 4" in said[2]
    with pytest.raises(Refused):
        read.refuse_if_any()


def test_a_missing_key_and_an_action_without_keys_say_so():
    read = _read({"do": "end-round", "unit": 1})
    read.check_keys("end-round")
    read.check_keys("move")
    texts = [m.text("en") for _, m in read.problems]
    assert texts[0] == "end-round takes no unit (it takes —)"
    assert "move needs unit" not in texts  # unit is there
    read = _read({"do": "move"})
    read.check_keys("move")
    assert [m.text("en") for _, m in read.problems] == ["move needs unit"]


def test_the_game_words_its_units_before_the_shared_table():
    read = _read({"do": "move", "unit": 2.5})
    assert read.unit("unit") is None
    assert read.problems[0][1].text("ja") == "unit はキャラクターです"
    read = _read({"do": "move", "unit": 9})
    read.unit("unit")
    assert read.problems[0][1].text("ja").startswith("ユニット 9 はいません")


def test_values_of_the_wrong_kind_are_problems_not_crashes():
    read = _read({"do": "move", "distance": -1, "n": True, "w": 7, "t": ["x"], "f": "yes"})
    assert read.number("distance") is None
    assert read.whole("n", 1, 6) is None
    assert read.whole("w", 1, 6) is None
    assert read.text("t") == ""
    assert read.flag("f") is False
    assert len(read.problems) == 5
