"""A code or an export made against one catalog and imported against another (docs/export.md):
the differences are listed (the catalog diff), renamed ids are rewritten, a part the catalog
does not have is refused by name, and a code whose catalog is nowhere here is refused with
what it was made with — exit 2, never a traceback."""

from __future__ import annotations

import json
import shutil

import yaml

from tests.exchange.files import ROOT

V2 = ROOT / "examples/laminim/catalog-v2"
DEMO = ROOT / "parts_catalog/laminim/demo_team.yaml"


def _team(tmp_path, weapons):
    path = tmp_path / "team.yaml"
    units = [{"name": "Gunner", "frame": "bastion", "weapons": weapons}]
    path.write_text(yaml.safe_dump({"system": "laminim", "name": "Guns", "units": units}))
    return path


def test_a_code_imported_against_a_newer_catalog_lists_what_changed(cli, tmp_path):
    code = cli("share", DEMO).out.strip()
    out = tmp_path / "v2.yaml"
    result = cli("import", code, "--catalog", V2, "-o", out)
    assert result.code == 0, result.err
    assert "made with LAMINIM test-play catalog, version 1 (digest" in result.err
    assert "version 2" in result.err
    assert "weapons: blade: renamed to beam-blade" in result.err  # the catalog diff's lines
    assert "frames: bastion: payload 14 → 15" in result.err
    assert "'blade' is now 'beam-blade'" in result.err
    written = yaml.safe_load(out.read_text())
    assert written["units"][2]["weapons"] == ["smg", "quick-booster", "beam-blade"]
    assert cli("check", out, "--catalog", V2).code in (0, 1)


def test_a_part_the_catalog_does_not_have_is_refused_by_name(cli, tmp_path):
    path = _team(tmp_path, ["autocannon", "rifle"])
    code = cli("share", path).out.strip()
    result = cli("import", code, "--catalog", V2, "--lang", "ja")
    assert result.code == 2 and result.out == ""
    assert "weapons「autocannon」（Autocannon / オートカノン）は" in result.err
    assert "Traceback" not in result.err
    en = cli("import", code, "--catalog", V2)
    assert "weapons 'autocannon' (Autocannon / オートカノン) is not in LAMINIM" in en.err


def test_a_json_export_names_an_unknown_part_from_its_own_units(cli, tmp_path, monkeypatch):
    path = _team(tmp_path, ["autocannon"])
    as_json = tmp_path / "e.json"
    as_json.write_text(cli("export", path, "--format", "json").out)
    # no copy of the catalog it was made with: the parts are matched by their ids
    monkeypatch.setattr("builder.exchange.commands._find_catalog", lambda *a: None)
    result = cli("import", as_json, "--catalog", V2)
    assert result.code == 2
    assert "matched by their ids" in result.err
    assert "'autocannon' (Autocannon / オートカノン)" in result.err


def test_a_code_whose_catalog_is_nowhere_here_says_what_it_was_made_with(cli, tmp_path):
    homebrew = tmp_path / "homebrew"
    shutil.copytree(V2, homebrew)
    info = homebrew / "catalog.yaml"
    info.write_text(info.read_text().replace("version: 2", "version: 7"))
    code = cli("share", _team(tmp_path, ["rifle"]), "--catalog", homebrew).out.strip()
    shutil.rmtree(homebrew)
    shutil.rmtree(tmp_path / "data", ignore_errors=True)
    from builder.catalogs.store import store_root

    shutil.rmtree(store_root(), ignore_errors=True)  # this machine kept no copy of it
    result = cli("import", code)
    assert result.code == 2
    assert "version 7" in result.err and "is not kept here" in result.err
    assert "Traceback" not in result.err


def test_a_code_made_here_reads_here_after_the_catalog_changed(cli, tmp_path):
    homebrew = tmp_path / "homebrew"
    shutil.copytree(V2, homebrew)
    code = cli("share", _team(tmp_path, ["rifle"]), "--catalog", homebrew).out.strip()
    assert code.startswith("LM")  # and a snapshot of the catalog is kept
    frames = homebrew / "frames.yaml"
    frames.write_text(frames.read_text().replace("payload: 15", "payload: 16"))
    result = cli("import", code, "--catalog", homebrew)
    assert result.code == 0, result.err
    assert "bastion: payload 15 → 16" in result.err


def test_share_json_gives_the_code_and_the_catalog(cli):
    data = json.loads(cli("share", DEMO, "--json").out)
    assert data["length"] == len(data["code"]) <= 220  # English and Japanese names
    assert set(data["catalog"]) == {"name", "version", "digest"}
