"""D9: one battleship, at least 3 MS, unique names; over capacity is a warning only."""

from __future__ import annotations

from dataclasses import replace

from builder.systems.artifact.rules import check_force


def _force(units, ship="rewloola", names=None):
    ids = list(units)
    names = names or [f"Unit {i}" for i in range(len(ids))]
    return ("Flagship", ship), list(zip(names, ids, strict=True))


def _check(units_by_id, ship, members):
    return check_force((ship[0], units_by_id[ship[1]]), [(n, units_by_id[i]) for n, i in members])


def test_d9_one_ship_and_three_ms_is_legal(units):
    ship, members = _force(["nightingale", "rick-dias", "rick-dias"])
    assert _check(units, ship, members) == ()


def test_d9_fewer_than_three_ms_is_an_error(units):
    ship, members = _force(["nightingale", "rick-dias"])
    (problem,) = _check(units, ship, members)
    assert problem.severity == "error" and "at least 3 MS" in problem.message
    assert problem.path == ("units",)


def test_d9_the_same_ms_type_twice_is_fine_but_names_must_be_unique(units):
    ship, members = _force(
        ["rick-dias", "rick-dias", "rick-dias"], names=["Dias", "Dias 2", "dias"]
    )
    (problem,) = _check(units, ship, members)
    assert problem.path == ("units", 2, "name") and "already used" in problem.message


def test_d9_a_unit_may_not_share_the_ships_name(units):
    ship, members = _force(["nightingale", "rick-dias", "rick-dias"], names=["Flagship", "A", "B"])
    (problem,) = _check(units, ship, members)
    assert problem.path == ("units", 0, "name")


def test_d9_a_second_ship_is_an_error(units):
    ship, members = _force(["nightingale", "rick-dias", "rick-dias", "ra-cailum"])
    (problem,) = _check(units, ship, members)
    assert problem.path == ("units", 3, "type") and "exactly one" in problem.message


def test_d9_an_ms_as_the_ship_is_an_error(units):
    ship, members = _force(["nightingale", "rick-dias", "rick-dias"], ship="hi-nu-gundam")
    assert [p.path for p in _check(units, ship, members)] == [("ship", "type")]


def test_d9_more_ms_than_capacity_is_only_a_warning(units):
    small = {**units, "rewloola": replace(units["rewloola"], capacity=2)}
    ship, members = _force(["nightingale", "rick-dias", "rick-dias"])
    (problem,) = _check(small, ship, members)
    assert problem.severity == "warning" and "never all be aboard" in problem.message
