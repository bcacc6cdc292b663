"""``laminim cards``: refuses illegal teams unless --force, prints paths, never overwrites."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main

FIXTURES = Path(__file__).parents[3] / "fixtures"


def test_cards_write_cards_tokens_with_markers_and_the_roster_and_print_their_paths(
    cli, demo_path, tmp_path
):
    result = cli("cards", demo_path, "-o", tmp_path)
    assert result.code == 0
    paths = [Path(line) for line in result.out.splitlines()]
    assert [p.name for p in paths] == [
        "test-play-samples-cards.pdf",
        "test-play-samples-tokens.pdf",
        "test-play-samples-roster.pdf",
    ]
    assert all(p.read_bytes().startswith(b"%PDF") for p in paths)
    assert "[3/3]" in result.err  # progress


def test_cards_never_overwrite(cli, demo_path, tmp_path):
    # an earlier run's three files (what they hold is not read): the run renders once, not twice
    earlier = ["test-play-samples-cards", "test-play-samples-tokens", "test-play-samples-roster"]
    for stem in earlier:
        (tmp_path / f"{stem}.pdf").write_bytes(b"an earlier run's PDF")
    again = cli("cards", demo_path, "-o", tmp_path)
    assert again.code == 0
    assert "test-play-samples-cards-2.pdf" in again.out
    assert [Path(line).name for line in again.out.splitlines()] == [f"{s}-2.pdf" for s in earlier]
    assert all((tmp_path / f"{s}.pdf").read_bytes() == b"an earlier run's PDF" for s in earlier)


def test_illegal_team_is_refused_unless_forced(cli, tmp_path):
    team = FIXTURES / "illegal_teams" / "over_payload.yaml"
    refused = cli("cards", team, "-o", tmp_path)
    assert refused.code == 1
    assert "--force" in refused.err and "over the limit by 1" in refused.err
    assert not list(tmp_path.iterdir())
    forced = cli("cards", team, "-o", tmp_path, "--force")
    assert forced.code == 0 and len(forced.out.splitlines()) == 3


def test_bad_team_exits_2(cli, tmp_path):
    result = cli("cards", FIXTURES / "bad_teams" / "unknown_weapon.yaml", "-o", tmp_path)
    assert result.code == 2 and "unknown weapon 'misile'" in result.err


def test_unknown_card_size_exits_2(cli, demo_path, tmp_path):
    result = cli("cards", demo_path, "-o", tmp_path, "--card-size", "huge")
    assert result.code == 2 and "poker" in result.err


def test_unwritable_output_exits_2(demo_path, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SystemExit) as exc:  # refused by the option itself, before any work
        main(["cards", str(demo_path), "-o", str(blocker / "sub")])
    assert exc.value.code == 2 and "is not a folder" in " ".join(capsys.readouterr().err.split())


def test_team_without_missiles_gets_a_marker_sheet_instead_of_tokens(cli, tmp_path):
    team = tmp_path / "no_missiles.yaml"
    team.write_text(
        "system: laminim\nname: Gunline\nunits:\n"
        "  - {name: A, frame: striker, weapons: [rifle]}\n"
        "  - {name: B, frame: bastion, weapons: [gatling]}\n"
        "  - {name: C, frame: lancer, weapons: [smg, blade]}\n",
        encoding="utf-8",
    )
    result = cli("cards", team, "-o", tmp_path / "out")
    assert result.code == 0
    assert [Path(p).name for p in result.out.splitlines()] == [
        "gunline-cards.pdf",
        "gunline-markers.pdf",
        "gunline-roster.pdf",
    ]
