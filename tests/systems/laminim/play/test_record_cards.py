"""``laminim cards RECORD`` (docs/play.md "Printing the state"): the cards of both sides with the
damage struck, read back from the PDF — each card's deployment ID from its box, and how many of
its tick boxes are struck (filled), against the record's state. The record is docs/play.md's
game after round 4; rendered once per module."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest

from tests.docs.test_play_doc import DOCS, blocks
from tests.render.geometry import MM

ROOT = Path(__file__).parents[4]
TICK_MM = 3.5  # a poker card's tick box (3.5 mm with 0.6 mm gaps: docs/printing.md)
ID_MM = 8.0


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict:
    import contextlib
    import io

    from builder.cli import main

    folder = tmp_path_factory.mktemp("record")
    shutil.copy(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", folder / "samples.yaml")
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", folder / "rivals.yaml")

    def run(*args: object) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            assert main([str(a) for a in args]) == 0
        return out.getvalue()

    record = folder / "samples.battle.yaml"
    run("play", folder / "samples.yaml", folder / "rivals.yaml", "--seed", "2024")
    steps = [text for kind, text in blocks(DOCS / "play.md") if kind == "do"][:7]  # rounds 1-4
    for i, text in enumerate(steps):
        do = folder / f"step{i}.yaml"
        do.write_text(text, encoding="utf-8")
        run("play", record, "--do", do)
    state = json.loads(run("play", record, "--json"))
    paths = [Path(p) for p in run("cards", record, "-o", folder / "out").split()]
    ja = [Path(p) for p in run("cards", record, "-o", folder / "ja", "--lang", "ja").split()]
    return {"state": state, "paths": paths, "ja": ja}


def expected_struck(unit: dict) -> int:
    """Boxes the record strikes on a unit's card: what each part has lost (all of a destroyed
    part's), and the ammo spent (all of a destroyed weapon's)."""
    gone = not unit["alive"]
    frame = unit["frame"]
    total = frame["max"] if gone else frame["max"] - max(0, min(frame["max"], frame["durability"]))
    for slot in unit["slots"]:
        if slot is None:
            continue
        lost = gone or slot["destroyed"]
        total += slot["max"] if lost else slot["max"] - max(0, min(slot["max"], slot["durability"]))
        if slot["ammo_max"] is not None:
            total += slot["ammo_max"] if lost else slot["ammo_max"] - slot["ammo"]
    return total


def struck_per_card(pdf_path: Path) -> dict[str, int]:
    """Struck tick boxes per card, the card named by the ID written in its ID box."""
    found: dict[str, int] = {}
    with pdfplumber.open(pdf_path) as pdf:
        bitmap = pypdfium2.PdfDocument(str(pdf_path))
        for number, page in enumerate(pdf.pages):
            scale = 4
            image = bitmap[number].render(scale=scale).to_pil().convert("L")
            rects = page.rects
            ids = {
                (round(r["x0"], 1), round(r["top"], 1)): r
                for r in rects
                if abs(r["width"] - ID_MM * MM) < 0.3 * MM
                and abs(r["height"] - ID_MM * MM) < 0.3 * MM
            }
            ticks = {
                (round(r["x0"], 1), round(r["top"], 1)): r
                for r in rects
                if abs(r["width"] - TICK_MM * MM) < 0.05 * MM
                and abs(r["height"] - TICK_MM * MM) < 0.05 * MM
            }
            for box in ticks.values():
                above = [
                    i
                    for i in ids.values()
                    if i["top"] < box["top"] and 0 < i["x1"] - box["x0"] < 63 * MM
                ]
                owner = max(above, key=lambda i: i["top"])
                inside = page.within_bbox((owner["x0"], owner["top"], owner["x1"], owner["bottom"]))
                label = "".join(c["text"] for c in inside.chars if c["text"].isdigit())
                cx = (box["x0"] + box["x1"]) / 2 * scale
                cy = (box["top"] + box["bottom"]) / 2 * scale
                dark = image.getpixel((int(cx), int(cy))) < 128
                found[label] = found.get(label, 0) + int(dark)
    return found


def test_the_cards_strike_every_lost_point_and_spent_round(printed):
    state = printed["state"]
    cards = next(p for p in printed["paths"] if p.name.endswith("-cards.pdf"))
    found = struck_per_card(cards)
    want = {str(u["id"]): expected_struck(u) for u in state["units"]}
    assert found == want
    assert want["2"] > 40 and want["6"] == 16 + 12 + 6  # Bulwark's lost weapons; Heron is out


def test_the_japanese_cards_strike_the_same_boxes(printed):
    cards = next(p for p in printed["ja"] if p.name.endswith("-cards.pdf"))
    want = {str(u["id"]): expected_struck(u) for u in printed["state"]["units"]}
    assert struck_per_card(cards) == want


def test_the_roster_sheet_gives_the_score_and_the_round(printed):
    roster = next(p for p in printed["paths"] if p.name.endswith("-roster.pdf"))
    with pdfplumber.open(roster) as pdf:  # a label and its bold number run together
        text = " ".join(page.extract_text() for page in pdf.pages)
    standing = printed["state"]["standing"]["sides"]
    assert f"side 1 Test-play samples{standing[0]['score']}" in text
    assert f"side 2 Rivals{standing[1]['score']}" in text
    assert "round 5 of 6, in play" in text
    assert "odds from here (D21)" in text


def test_a_team_file_prints_no_struck_box(tmp_path, cli):
    result = cli("cards", ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", "-o", tmp_path)
    assert result.code == 0
    cards = next(p for p in tmp_path.iterdir() if p.name.endswith("-cards.pdf"))
    assert struck_per_card(cards) == {"": 0}  # every ID box empty, no box struck


def test_each_side_gets_the_deck_its_team_file_prints():
    """A record's cards are each side's ordinary deck (what ``laminim cards TEAM`` lays out):
    the same cards, team line and rules reference, each side on sheets of its own; a fresh
    record differs only by the deployment IDs written in."""
    from builder.roster.team_file import read_team
    from builder.systems.base import PrintOptions
    from builder.systems.battle import Side
    from builder.systems.laminim.play.battle import LaminimBattle
    from builder.systems.laminim.play.printing import cards_context
    from builder.systems.laminim.printouts import cards_context as team_cards
    from builder.systems.laminim.system import SYSTEM

    catalog = SYSTEM.load_catalog(None)
    teams = [
        read_team(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml")[1].team,
        read_team(ROOT / "examples" / "laminim" / "rivals.yaml")[1].team,
    ]
    table = LaminimBattle().start([Side(t, t.name) for t in teams], catalog)
    record = cards_context(table, catalog, PrintOptions(card_size="poker"))
    pages = [team_cards(t, catalog, PrintOptions(card_size="poker"))["pages"] for t in teams]
    assert len(record["pages"]) == sum(len(p) for p in pages)
    ids, unit = iter(range(1, 7)), ""
    for got, want in zip(record["pages"], [p for side in pages for p in side], strict=True):
        for g, w in zip(got["items"], want["items"], strict=True):
            if not w["item"].get("reference"):
                if not w["item"].get("continued"):  # a continuation card: its unit's ID again
                    unit = str(next(ids))
                assert g["item"]["id"] == unit
                w["item"]["id"] = g["item"]["id"]
            g.pop("deck")
            assert g == w
