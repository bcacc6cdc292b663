"""A renamed id is one problem, told once, everywhere: ``check`` of a file naming it gives one
error at its place ("renamed to …; run 'laminim migrate'"), not the game's "unknown weapon"
beside a rename note at the same column; ``catalog diff`` lists the rename once (not again as
the threats' field changes that follow it, not twice in a file's reasons). ``migrate`` exits
with ``check``'s code once it has migrated, and says what is still wrong. A file of another
game given to ``catalog diff`` is told so. (Before: two problems at one column, a threat's
``weapon blade → beam-blade`` listed beside the rename, "migrated and pinned" and exit 0 for a
file still broken, and a soh crew's every field "unknown" in a LAMINIM diff.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
V1 = ROOT / "parts_catalog" / "laminim"
V2 = ROOT / "examples" / "laminim" / "catalog-v2"

BROKEN = """\
system: laminim
name: Renamed
units:
  - {name: Swallow, frame: lancer, weapons: [smg, quick-booster, blade]}
  - {name: Kestrel, frame: strikr, weapons: [rifle, missile, null]}
"""


def test_check_gives_one_problem_for_a_renamed_id(cli, tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = cli("check", path, "--catalog", V2)
    at = [line for line in result.err.splitlines() if line.startswith(f"{path}:4:66:")]
    assert at == [
        f"{path}:4:66: units[0].weapons[2]: 'blade' was renamed to 'beam-blade' in version 2; "
        f"run 'laminim migrate {path}'"
    ]
    assert result.code == 2 and "(3 errors, 0 warnings)" in result.out


def test_catalog_diff_lists_each_rename_once(cli, tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = cli("catalog", "diff", V1, V2, path)
    old_id = re.findall(r"(?<!beam-)blade", result.out)
    assert len(old_id) == 2, result.out  # the catalog's list, then the file's reason
    assert result.out.count("blade: renamed to beam-blade") == 1
    assert "renamed to 'beam-blade' in version 2; run" in " ".join(result.out.split())
    assert "weapon blade → beam-blade" not in result.out  # not the threat that follows it


def test_migrate_exits_with_checks_code_and_says_what_is_still_wrong(cli, tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = cli("migrate", path, "--catalog", V2)
    assert result.code == 2
    assert "beam-blade]" in path.read_text(encoding="utf-8")  # migrated all the same
    assert f"after the migration, {path} is UNUSABLE (2 errors):" in result.err
    assert f"{path}:6:28: units[1].frame: unknown frame 'strikr'" in result.err  # pinned: +1
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(
        BROKEN.replace("strikr", "striker")
        .replace("[rifle, missile, null]", "[rifle, null, null]")
        .replace(
            "units:\n", "units:\n  - {name: Hawk, frame: bastion, weapons: [gatling, null, null]}\n"
        ),
        encoding="utf-8",
    )
    assert cli("migrate", fixed, "--catalog", V2).code == 0


def test_migrate_dry_run_exits_with_the_code_the_migrated_file_would_get(cli, tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = cli("migrate", path, "--catalog", V2, "--dry-run")
    assert result.code == 2 and path.read_text(encoding="utf-8") == BROKEN


def test_a_file_of_another_game_given_to_catalog_diff_is_told_so(cli):
    crew = ROOT / "parts_catalog" / "soh" / "demo_crew.yaml"
    result = cli("catalog", "diff", V1, V2, crew, "--lang", "ja")
    assert result.code == 2
    assert f"{crew}:2:9: system: スペースオペラヒーローズのファイルです。" in result.err
    assert "不明な項目" not in result.out + result.err


def test_an_unreadable_files_reason_is_in_japanese(cli, tmp_path):
    folder = tmp_path / "a-folder.yaml"
    folder.mkdir()
    result = cli("catalog", "diff", V1, V2, folder, tmp_path / "gone.yaml", "--lang", "ja")
    assert result.code == 2
    assert "ファイルではなくフォルダです" in result.err
    assert "ファイルが見つかりません" in result.err


def test_pins_remember_where_the_catalog_is(cli, tmp_path, monkeypatch):
    catalog = tmp_path / "catalogs" / "v2"
    shutil.copytree(V2, catalog)
    team = tmp_path / "teams" / "team.yaml"
    team.parent.mkdir()
    team.write_text(BROKEN.replace("strikr", "striker"), encoding="utf-8")
    result = cli("migrate", team, "--catalog", catalog)
    assert 'path: "../catalogs/v2"}' in team.read_text(encoding="utf-8")
    assert "the catalog is recorded as ../catalogs/v2" in result.out
    result = cli("check", team)  # no --catalog: the pinned folder, and it says so
    assert f"note: {team} is pinned to the catalog in " in result.err
    monkeypatch.chdir(tmp_path)  # the folder as the player reaches it from here
    result = cli("check", "teams/team.yaml")
    assert "note: teams/team.yaml is pinned to the catalog in catalogs/v2:" in result.err
    assert "payload 9/8" in result.err  # v2's heavier rifle: the pinned catalog was used
    team2 = tmp_path / "teams" / "other.yaml"
    team2.write_text(BROKEN, encoding="utf-8")
    cli("pin", team2, "--catalog", catalog)
    assert 'path: "../catalogs/v2"}' in team2.read_text(encoding="utf-8")
    shutil.rmtree(catalog)  # moved away: a located warning, counted, and the bundled catalog
    result = cli("check", team, "--lang", "ja")
    assert "警告：" in result.out and f"{team}:3:" in result.out
    assert "（--catalog DIR を指定してください）" in result.out.replace("\n  ", "")
