"""Round trips of every example, demo and test file of the four games (docs/export.md):
share → import and export json → import (and export text → import) give back the same team —
the same ``check --json`` and the same data (ids, names, order) — and every export validates
against the published JSON Schema; a file ``check`` calls bad input is refused, exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from builder import systems
from builder.exchange.export import SCHEMA_FILE, schema_text
from tests.exchange.files import FILES, ROOT, rel

SCHEMA = json.loads((ROOT / SCHEMA_FILE).read_text(encoding="utf-8"))


def test_the_published_schema_is_the_one_the_models_make():
    games = [systems.get(s) for s in systems.ids()]
    assert (ROOT / SCHEMA_FILE).read_text(encoding="utf-8") == schema_text(games), (
        "docs/export.schema.json is stale: regenerate it (docs/export.md says how)"
    )
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def _placeless(value: Any) -> Any:
    """A check report without where things are written (the imported file is laid out anew,
    so a problem's line and column move; its field, words and severity must not)."""
    if isinstance(value, dict):
        return {k: _placeless(v) for k, v in value.items() if k not in ("file", "line", "col")}
    if isinstance(value, list):
        return [_placeless(v) for v in value]
    return value


def _data(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Each file's ``check --json`` and exit code, made once."""
    from builder.cli import main

    out: dict[Path, tuple[int, Any]] = {}
    return out, main


def _check(cli, path: Path) -> tuple[int, Any]:
    result = cli("check", path, "--json")
    try:
        return result.code, _placeless(json.loads(result.out))
    except ValueError:
        return result.code, None


@pytest.mark.parametrize("path", FILES, ids=rel)
def test_share_and_export_round_trip(cli, tmp_path, path):
    code, report = _check(cli, path)
    shared = cli("share", path)
    if code == 2:  # bad input: nothing to share, every problem said, no traceback
        assert shared.code == 2 and shared.out == "" and "Traceback" not in shared.err
        assert cli("export", path, "--format", "json").code == 2
        return
    assert shared.code == 0, shared.err
    text = shared.out.strip()
    assert text.startswith("LM") and all(len(x) <= 80 for x in text.split("\n"))

    back = tmp_path / "from-code.yaml"
    imported = cli("import", text, "-o", back)
    assert imported.code == 0, imported.err
    assert _check(cli, back) == (code, report)
    assert _data(back) == _data(path)  # ids, names, order, every field (comments aside)

    exported = cli("export", path, "--format", "json")
    assert exported.code == 0, exported.err
    doc = json.loads(exported.out)
    jsonschema.validate(doc, SCHEMA)
    assert doc["legal"] == (code == 0)
    as_json = tmp_path / "export.json"
    as_json.write_text(exported.out, encoding="utf-8")
    back = tmp_path / "from-json.yaml"
    assert cli("import", as_json, "-o", back).code == 0
    assert _check(cli, back) == (code, report)
    assert _data(back) == _data(path)

    for lang in ("en", "ja"):
        as_text = tmp_path / f"export-{lang}.txt"
        result = cli("export", path, "--format", "text", "--lang", lang)
        assert result.code == 0
        as_text.write_text(result.out, encoding="utf-8")
        back = tmp_path / f"from-text-{lang}.yaml"
        result = cli("import", as_text, "-o", back)
        assert result.code == 0 and "differ" not in result.err, result.err
        assert _data(back) == _data(path)


def test_the_units_carry_ids_names_in_both_languages_and_numbers(cli):
    doc = json.loads(
        cli("export", ROOT / "parts_catalog/laminim/demo_team.yaml", "--format", "json").out
    )
    kestrel = doc["units"][0]
    assert kestrel["frame"]["id"] == "striker" and kestrel["frame"]["name_ja"] == "射撃型"
    rifle = kestrel["weapons"][0]
    catalog = _data(ROOT / "parts_catalog/laminim/weapons.yaml")["weapons"]
    own = next(w for w in catalog if w["id"] == "rifle")
    assert rifle["id"] == "rifle" and rifle["name_ja"] == own["name_ja"]
    for key in ("power", "attacks", "ammo", "durability", "weight"):
        assert rifle[key] == own.get(key), key
    assert kestrel["weapons"][2] is None
    assert kestrel["payload"] == {"used": 7, "limit": 8}
    doc = json.loads(
        cli("export", ROOT / "parts_catalog/soh/demo_crew.yaml", "--format", "json").out
    )
    ines = doc["units"][0]
    assert ines["name_ja"] == "イネス船長" and ines["evasion"] == 3 and ines["ap"] == 3
    doc = json.loads(
        cli("export", ROOT / "parts_catalog/artifact/demo_force.yaml", "--format", "json").out
    )
    assert [u["kind"] for u in doc["units"]] == ["ship", "ms", "ms", "ms"]
    assert doc["units"][1]["propellant"] == 10 and doc["units"][0]["propellant"] is None


def test_a_pinned_file_comes_back_pinned(cli, tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text((ROOT / "examples/laminim/rivals.yaml").read_text(encoding="utf-8"))
    assert cli("pin", path).code == 0
    pinned = _data(path)
    assert "catalog" in pinned
    back = tmp_path / "back.yaml"
    assert cli("import", cli("share", path).out.strip(), "-o", back).code == 0
    assert _data(back) == pinned
    as_json = tmp_path / "e.json"
    as_json.write_text(cli("export", path, "--format", "json").out, encoding="utf-8")
    back2 = tmp_path / "back2.yaml"
    assert cli("import", as_json, "-o", back2).code == 0
    assert _data(back2) == pinned


def test_a_code_given_in_pieces_or_as_shell_words_is_one_code(cli):
    printed = cli("share", ROOT / "parts_catalog/laminim/demo_team.yaml").out
    words = printed.split()  # `laminim import $(laminim share FILE)`: one word per line
    assert len(words) >= 2
    result = cli("import", *words)
    assert result.code == 0 and "Kestrel" in result.out
    code = "".join(words)
    grouped = [code[i : i + 5] for i in range(0, len(code), 5)]  # read aloud in fives
    assert cli("import", *grouped).out == result.out
