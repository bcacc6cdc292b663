"""What the templates are given: plain data computed from the team and catalog."""

from __future__ import annotations

from builder.systems.base import PrintOptions
from builder.systems.laminim.card_context import box_rows, hit_table, unit_card
from builder.systems.laminim.legality import resolve_unit
from builder.systems.laminim.print_labels import LABELS, labels_for
from builder.systems.laminim.printouts import cards_context, missile_tokens
from builder.systems.laminim.team import Unit


def _card(catalog, unit, lang="en"):
    return unit_card(resolve_unit(unit, catalog), "Team", lang, labels_for(lang))


def test_forty_point_frame_is_three_rows_of_fifteen_boxes_on_large_four_of_ten_on_poker():
    assert box_rows(40, "poker") == [10, 10, 10, 10]
    assert box_rows(40) == [15, 15, 10]
    assert box_rows(14) == [14]
    assert box_rows(16) == [15, 1]
    assert box_rows(6) == [6]


def test_hit_table_widens_from_six_up_to_every_face():
    assert [r["hits"] for r in hit_table()] == ["6+", "5+", "4+", "3+", "2+", "1+"]


def test_silhouette_faces_follow_the_slots_and_mark_the_shield(catalog):
    card = _card(catalog, Unit(name="A", frame="striker", weapons=["shield", None, "rifle"]))
    kinds = [f["kind"] for f in card["faces"]]
    assert kinds == ["frame", "frame", "frame", "weapon", "empty", "weapon"]
    assert card["faces"][0]["guard"] == "Shield"
    assert card["faces"][1]["guard"] is None
    assert sum(1 for f in card["faces"] if f["kind"] != "empty") == 5
    assert [w["slot"] for w in card["weapons"]] == [1, 3]


def test_card_shows_ammo_and_no_heat_track_without_heat(catalog):
    card = _card(catalog, Unit(name="A", frame="bastion", weapons=["gatling", "missile", None]))
    assert not card["over_payload"]
    gatling = card["weapons"][0]
    # a poker card (the default) holds ten 3.5 mm boxes a row
    assert gatling["ammo_rows"] == [10, 2] and gatling["ammo_per_attack"] == 2
    assert card["heat"] is None
    assert card["durability_rows"] == [10, 10, 10, 10]


def test_heat_track_appears_when_the_frame_has_heat(catalog):
    hot = catalog.frame("striker").model_copy(update={"heat_capacity": 12, "cooling": 3})
    unit = resolve_unit(Unit(name="A", frame="striker", weapons=["rifle"]), catalog)
    from dataclasses import replace

    card = unit_card(replace(unit, frame=hot), "T", "en", labels_for("en"))
    assert card["heat"] == {"capacity": 12, "cooling": 3, "rows": [10, 2]}


def test_the_play_face_carries_no_list_building_analysis(catalog):
    """Survival against a threat, exposure and payload are the roster sheet's
    (card_context.ANALYSIS_ON_CARD); only a payload over the limit still warns on the card."""
    from builder.systems.laminim.card_context import ANALYSIS_ON_CARD

    card = _card(catalog, Unit(name="A", frame="striker", weapons=["rifle", "missile"]))
    assert not ANALYSIS_ON_CARD
    assert not {"survival", "exposure", "payload_used", "chart_mm"} & card.keys()
    over = _card(catalog, Unit(name="B", frame="lancer", weapons=["gatling", "rifle"]))
    assert over["over_payload"]


def test_japanese_card_uses_name_ja(catalog):
    card = _card(catalog, Unit(name="A", frame="lancer", weapons=["quick-booster"]), "ja")
    assert card["frame"] == "高速近接型"
    assert card["weapons"][0]["name"] == "クイックブースター"
    assert "サイドステップ" in card["weapons"][0]["abilities"][0]


def test_one_token_per_launch(demo_team, catalog):
    tokens = missile_tokens(demo_team, catalog, "en")
    assert len(tokens) == 18
    assert tokens[0]["counts"] == [5, 4, 3, 2, 1]
    assert {(t["unit"], t["slot"]) for t in tokens} == {
        ("Kestrel", 2),
        ("Bulwark", 2),
        ("Bulwark", 3),
    }


def test_every_label_has_both_languages():
    for key, (en, ja) in LABELS.items():
        assert en and ja, key


def test_cards_context_is_plain_data(demo_team, catalog):
    context = cards_context(demo_team, catalog, PrintOptions(paper="letter", card_size="poker"))

    def plain(value):
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list | tuple):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, str | int | float | bool)

    assert plain(context)
    assert context["page"]["width"] == 215.9


def test_reference_card_prints_what_each_normal_weapon_stops_of_a_salvo(demo_team, catalog):
    """docs/rules.md §1.4: each normal weapon's average of 5 missiles shot down at +2."""
    from builder.systems.laminim.printouts import cards_context

    context = cards_context(demo_team, catalog, PrintOptions(card_size="poker"))
    reference = next(
        p["item"] for page in context["pages"] for p in page["items"] if p["item"].get("reference")
    )
    stops = {i["name"]: i["stops"] for i in reference["intercepts"]}
    # rifle: 4 dice at +2 hit 1/2 each, E[min(5, Bin(4, 1/2))] = 2; the gatling's 8 dice: 3.8
    assert stops == {"Rifle": "2.0", "Gatling gun": "3.8", "Submachine gun": "2.5"}
