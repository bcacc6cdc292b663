"""The pin a team file carries: one line, written without touching the rest of the file, and
read by the team reader so the game never sees it."""

from __future__ import annotations

import json
import shutil

import pytest

from builder.catalogs.pin import Pin, pinned_text
from builder.catalogs.store import find_snapshot, store_root
from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import read_team

PIN = Pin("Test catalog", 3, "0123456789ab")

TEAM = """\
# my team
system: laminim
name: Night shift   # for Friday
units:
  - {name: Kestrel, frame: striker, weapons: [rifle,   missile, null]}
"""


def test_the_pin_goes_after_the_name_line_and_nothing_else_moves():
    text = pinned_text(TEAM, PIN)
    lines = text.splitlines()
    assert lines[3] == 'catalog: {name: "Test catalog", version: 3, digest: "0123456789ab"}'
    assert [line for i, line in enumerate(lines) if i != 3] == TEAM.splitlines()


def test_pinning_again_replaces_the_pin_in_place():
    once = pinned_text(TEAM, PIN)
    twice = pinned_text(once, Pin("Test catalog", "4b", "ffffffffffff"))
    assert twice.splitlines()[3] == (
        'catalog: {name: "Test catalog", version: "4b", digest: "ffffffffffff"}'
    )
    assert len(twice.splitlines()) == len(once.splitlines())


def test_a_digest_of_digits_only_stays_a_text():
    text = pinned_text(TEAM, Pin("x", None, "123456789012"))
    assert 'digest: "123456789012"' in text and "version: null" in text


def test_a_block_style_pin_is_rewritten_by_the_saver_keeping_comments():
    team = TEAM + "catalog:   # pinned by hand\n  name: old\n  version: 1\n  digest: abc\n"
    text = pinned_text(team, PIN)
    assert "# my team" in text and "# for Friday" in text
    assert "0123456789ab" in text and "digest: abc" not in text


def test_a_crlf_file_gets_a_crlf_pin():
    text = pinned_text(TEAM.replace("\n", "\r\n"), PIN)
    assert '"0123456789ab"}\r\n' in text


def test_the_game_never_sees_the_pin(tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(pinned_text(TEAM, PIN), encoding="utf-8")
    system, read = read_team(path)
    assert system is not None and read.team is not None and read.problems == []
    assert read.source is not None and "catalog" not in read.source.data


@pytest.mark.parametrize(
    ("pin", "field"),
    [
        ("catalog: 3", "catalog"),
        ("catalog: {name: x, version: 1}", "catalog.digest"),
        ("catalog: {name: x, version: [1], digest: abc}", "catalog.version"),
        ("catalog: {name: x, digest: abc, extra: 1}", "catalog.extra"),
    ],
)
def test_a_malformed_pin_is_bad_input_at_its_field(tmp_path, cli, pin, field):
    path = tmp_path / "team.yaml"
    path.write_text(TEAM + pin + "\n", encoding="utf-8")
    result = cli("check", path)
    assert result.code == 2
    assert "team.yaml:6:" in result.err and f" {field}: " in result.err


def test_pin_keeps_a_snapshot_in_the_data_folder(cli, tmp_path, data_home):
    team = tmp_path / "team.yaml"
    shutil.copy(bundled_catalog_dir("laminim") / "demo_team.yaml", team)
    result = cli("pin", team)
    pinned = "pinned to 'LAMINIM test-play catalog' version 1 (digest "
    assert result.code == 0 and pinned in result.out
    digest = json.loads(cli("parts", "--json").out)["digest"]
    assert store_root() == data_home / "laminim" / "catalogs"
    assert find_snapshot(digest) == data_home / "laminim" / "catalogs" / digest
    again = cli("pin", team)
    assert "already pinned" in again.out


def test_a_pinned_file_checked_against_its_own_catalog_says_nothing(cli, tmp_path):
    team = tmp_path / "team.yaml"
    shutil.copy(bundled_catalog_dir("laminim") / "demo_team.yaml", team)
    plain = cli("check", team)
    cli("pin", team)
    pinned = cli("check", team)
    assert (pinned.code, pinned.out, pinned.err) == (plain.code, plain.out, plain.err)
    data = json.loads(cli("check", team, "--json").out)
    assert data["catalog"]["changed"] is False


def test_without_the_old_snapshot_check_names_the_catalog_it_was_built_against(
    cli, tmp_path, data_home
):
    team = tmp_path / "team.yaml"
    shutil.copy(bundled_catalog_dir("laminim") / "demo_team.yaml", team)
    team.write_text(pinned_text(team.read_text(encoding="utf-8"), PIN), encoding="utf-8")
    result = cli("check", team)
    assert result.code == 0
    assert "built against 'Test catalog' version 3 (digest 0123456789ab)" in result.out
    assert "not kept here" in result.out  # a warning of the report
