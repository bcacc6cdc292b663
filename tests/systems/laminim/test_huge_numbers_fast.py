"""Issue 11: absurd catalog numbers are bad input in well under 2 s (CPU seconds of this
process: a guard against a hang or a runaway computation that a loaded machine cannot trip).

Durability 10^9, ammo 10^9 and attacks 10^6 stop at the catalog's bounds with file:line:col for
every command that reads the catalog; numbers within the bounds whose exact chain is beyond the
rules core's budget stop at ``TooLarge``, named by unit (analyze, cards) or frame (optimize).
Never a traceback, never a PDF.
"""

from __future__ import annotations

import re
import time

import pytest

from builder.systems.laminim.models import MAX_AMMO, MAX_ATTACKS, MAX_POINTS

LOCATED = re.compile(r"^\S+:\d+:\d+: ")


def _set_first(path, key: str, value: int) -> int:
    """Set the first ``key: N`` line to ``value``; the 1-based line it is on."""
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if re.match(rf"\s*{key}: \d+$", line))
    lines[row] = re.sub(r"\d+$", str(value), lines[row])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return row + 1


def _set_all(path, key: str, value: int) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(rf"(?m)^(\s*{key}: )\d+$", rf"\g<1>{value}", text), encoding="utf-8")


def _args(command, demo_path, catalog, out, exact: bool = False):
    flag = ["--exact"] if exact and command != "cards" else []
    if command == "optimize":
        return ["optimize", "--frame", "bastion", "--catalog", catalog, *flag]
    extra = ["-o", out] if command == "cards" else []
    return [command, demo_path, "--catalog", catalog, *extra, *flag]


@pytest.mark.parametrize(
    ("file", "key", "value", "bound"),
    [
        ("frames.yaml", "durability", 10**9, MAX_POINTS),
        ("weapons.yaml", "ammo", 10**9, MAX_AMMO),
        ("weapons.yaml", "attacks", 10**6, MAX_ATTACKS),
    ],
)
@pytest.mark.parametrize("command", ["check", "analyze", "cards", "optimize"])
def test_absurd_numbers_stop_at_the_catalog_bounds(
    cli, catalog_copy, demo_path, tmp_path, command, file, key, value, bound
):
    line = _set_first(catalog_copy / file, key, value)
    start = time.process_time()
    result = cli(*_args(command, demo_path, catalog_copy, tmp_path / "out"))
    elapsed = time.process_time() - start
    assert result.code == 2, result.err
    assert "Traceback" not in result.err
    assert result.err.strip().splitlines() == [
        f"{catalog_copy / file}:{line}:{len(key) + 7}: "
        + re.search(rf"\w+\[\d+\]\.{key}", result.err).group(0)  # type: ignore[union-attr]
        + f": must be at most {bound}, got {value}"
    ]
    assert elapsed < 2.0, elapsed
    assert not list((tmp_path / "out").glob("*.pdf"))


@pytest.mark.parametrize("command", ["analyze", "optimize"])
def test_within_the_bounds_but_beyond_the_budget_is_exit_2_by_name(
    cli, catalog_copy, demo_path, tmp_path, command
):
    """Analyze and optimize with --exact (without it they sample). Cards carry no survival
    analysis (the play face), so they print: test_huge_tracks_print_a_tally_box_not_boxes."""
    for name in ("frames.yaml", "weapons.yaml"):
        _set_all(catalog_copy / name, "durability", MAX_POINTS)
    start = time.process_time()
    result = cli(*_args(command, demo_path, catalog_copy, tmp_path / "out", exact=True))
    elapsed = time.process_time() - start
    assert result.code == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert lines and all("exact survival needs about" in line for line in lines)
    assert all("over the limit of 1.25e+08" in line for line in lines)
    if command == "analyze":
        assert (
            LOCATED.match(lines[0]) and "units[0]: unit 'Kestrel' against 'rifle-duel'" in lines[0]
        )
    else:
        assert lines[0].startswith(
            f"{catalog_copy / 'frames.yaml'}:19:5: frames[1]: loadout bastion"
        )
    assert elapsed < 2.0, elapsed
    assert not list((tmp_path / "out").glob("*.pdf"))


def test_beyond_the_budget_analyze_answers_with_a_marked_sampled_estimate(
    cli, catalog_copy, demo_path
):
    import json

    for name in ("frames.yaml", "weapons.yaml"):
        _set_all(catalog_copy / name, "durability", MAX_POINTS)
    result = cli("analyze", demo_path, "--catalog", catalog_copy, "--unit", "Kestrel", "--json")
    assert result.code == 0, result.err
    unit = json.loads(result.out)["units"][0]
    assert unit["method"] == "sampled"
    for r in unit["rounds"]:
        lo, hi = r["interval"]["alive"]
        assert lo <= r["alive"] <= hi and hi - lo < 0.01
        assert set(r["interval"]) == {"alive", "expected_remaining", "slot_destroyed", "cook_off"}
    text = cli("analyze", demo_path, "--catalog", catalog_copy, "--unit", "Kestrel")
    assert text.code == 0 and "≈ " in text.out and "± " in text.out and "(sampled" in text.out


def test_huge_tracks_print_a_tally_box_not_boxes(catalog_copy, demo_path):
    """Durability at the catalog's bound (10,000) on a card: a write-in tally box instead of
    10,000 tick boxes (which would take the PDF engine minutes), and the card still fits."""
    from builder.roster.team_file import load_team
    from builder.systems.base import PrintOptions
    from builder.systems.laminim.card_fit import fits
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.print_labels import labels_for
    from builder.systems.laminim.printouts import cards_context

    for name in ("frames.yaml", "weapons.yaml"):
        _set_all(catalog_copy / name, "durability", MAX_POINTS)
    catalog = load_catalog(catalog_copy)
    team = load_team(demo_path)[1]
    start = time.process_time()
    context = cards_context(team, catalog, PrintOptions(card_size="poker"))
    cards = [p["item"] for page in context["pages"] for p in page["items"]][:-1]
    assert time.process_time() - start < 2.0
    for card in cards:
        assert card["durability_rows"] == [] and card["durability"] == MAX_POINTS
        assert all(w["durability_rows"] == [] for w in card["weapons"])
        assert fits(card, labels_for("en"), "en", "poker")
