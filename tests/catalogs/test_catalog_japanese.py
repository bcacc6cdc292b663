"""The catalog commands in the player's language: ``catalog diff``, ``pin`` and ``migrate`` take
``--lang`` (and ``LAMINIM_LANG``) like every command, and their text, notices and problems read
in Japanese; ids, fields and values are data and stay as written."""

from __future__ import annotations

import re
import shutil

from builder.core.text_table import columns
from tests.docs.readme_examples import ROOT

OLD = ROOT / "parts_catalog" / "laminim"
NEW = ROOT / "examples" / "laminim" / "catalog-v2"


def test_catalog_diff_takes_lang_after_its_folders(cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    rivals = "examples/laminim/rivals.yaml"
    result = cli("catalog", "diff", OLD, NEW, rivals, "--lang", "ja")
    assert result.code == 1, result.err
    assert "旧：" in result.out and "改名：" in result.out
    assert "武装：blade：beam-blade に改名" in result.out  # ids as written, the words Japanese
    assert "適正 → 使用不可（この変更で使えなくなりました）" in result.out
    assert "autocannon：削除" in result.out
    assert all(columns(line) <= 80 for line in result.out.splitlines())


def test_catalog_diff_follows_laminim_lang(cli, monkeypatch):
    monkeypatch.setenv("LAMINIM_LANG", "ja")
    assert "二つのカタログの中身は同じです" in cli("catalog", "diff", OLD, OLD).out


def test_catalog_diff_refuses_two_games_in_japanese(cli):
    result = cli("catalog", "diff", OLD, ROOT / "parts_catalog" / "soh", "--lang", "ja")
    assert result.code == 2
    assert result.err == "catalog diff: OLD は laminim のカタログ、NEW は soh のカタログです\n"


def test_pin_and_migrate_say_what_they_did_in_japanese(cli, tmp_path):
    team = tmp_path / "team.yaml"
    shutil.copy(ROOT / "examples" / "laminim" / "my_team.yaml", team)
    pinned = cli("pin", team, "--lang", "ja")
    assert pinned.code == 0 and "に固定しました" in pinned.out
    assert "すでに" in cli("pin", team, "--lang", "ja").out
    dry = cli("migrate", team, "--catalog", NEW, "--dry-run", "--lang", "ja")
    assert f"+++ {team}（移行後）" in dry.out
    assert dry.code == 1 and f"移行後の {team} は違反ありです" in dry.err  # over its payload
    done = cli("migrate", team, "--catalog", NEW, "--lang", "ja")
    assert "移行して" in done.out and "バージョン 2" in done.out


def test_a_pinned_file_checked_against_a_new_catalog_is_told_in_japanese(cli, tmp_path):
    team = tmp_path / "rivals.yaml"
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", team)
    assert cli("pin", team).code == 0  # the snapshot of the bundled catalog is kept
    checked = cli("check", team, "--catalog", NEW, "--lang", "ja")
    told = checked.out + checked.err  # the catalog's changes are warnings of the report
    assert "警告：" in checked.out and "で作られ、" in checked.out and "バージョン 2" in told
    assert "カタログの変更：autocannon：削除" in told
    assert "［このカタログで新しく出たもの］" in told
    assert "built against" not in told and "catalog change" not in told


def test_a_renamed_id_is_named_in_japanese(cli):
    checked = cli("check", ROOT / "examples/laminim/my_team.yaml", "--catalog", NEW, "--lang", "ja")
    assert "「blade」はバージョン 2 で「beam-blade」に改名されました" in checked.err


def test_english_stays_the_default(cli):
    assert "old: " in cli("catalog", "diff", OLD, NEW).out


def test_an_artifact_catalog_diff_keeps_each_digest_with_its_label(cli, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(ROOT / "parts_catalog" / "artifact", old)
    new = tmp_path / "new"
    shutil.copytree(old, new)
    catalog = new / "catalog.yaml"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace("version: 1", "version: 2", 1), encoding="utf-8")
    suits = new / "mobile_suits.yaml"
    suits.write_text(suits.read_text(encoding="utf-8").replace("hp: 12", "hp: 8", 1), "utf-8")
    result = cli("catalog", "diff", old, new, "--lang", "ja")
    head = result.out.split("\n\n")[0].splitlines()
    assert len(head) >= 2
    for line in head:
        assert not line.rstrip().endswith("ダイジェスト"), head
    assert sum(bool(re.search(r"ダイジェスト [0-9a-f]{12}", line)) for line in head) == 2
