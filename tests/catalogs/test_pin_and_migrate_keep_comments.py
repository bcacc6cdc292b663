"""``pin`` and ``migrate`` keep every comment of the file, whatever style its ``catalog:`` pin
is written in: hundreds of commented files (block-style pins with comments on their keys,
flow-style pins, no pin; comments in the header, inside block and flow lists, under units, at
the end), pinned and migrated. (Both once dropped the comments held in block lists and at the
end when the pin was in block style: 2 of 11 in our reproducer.)"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from builder import systems
from builder.catalogs.impact import identity_of, uses_of
from builder.catalogs.migrate import migrate_text
from builder.catalogs.pin import Pin, pinned_text
from tests.roster.commented_files import write

ROOT = Path(__file__).resolve().parents[2]
V2 = ROOT / "examples" / "laminim" / "catalog-v2"

BLOCK_PIN = """\
# my team (header)
system: laminim
name: Night shift   # the name
catalog:   # pinned by hand
  name: LAMINIM parts   # catalog name
  version: 1
  # the digest
  digest: "0000"
units:
  # the sniper
  - name: Kestrel   # keeps back
    frame: striker
    weapons:
      - rifle   # long
      - missile
      # empty slot
      - null
  - name: Swallow
    frame: lancer
    weapons: [smg, quick-booster, blade]   # uses the old blade
# end note
"""


def _marks(text: str) -> list[str]:
    return re.findall(r"#[^\n]*", text)


def test_pin_keeps_every_comment_of_a_block_style_pin():
    text = pinned_text(BLOCK_PIN, Pin("LAMINIM parts", 2, "1234abcd"))
    assert _marks(text) == _marks(BLOCK_PIN)  # before the fix: 9 of 11
    assert yaml.safe_load(text)["catalog"] == {
        "name": "LAMINIM parts",
        "version": 2,
        "digest": "1234abcd",
    }
    assert "  version: 2\n  # the digest\n" in text


def test_migrate_keeps_every_comment_of_a_block_style_pin():
    system = systems.get("laminim")
    identity = identity_of(system, V2)
    migration = migrate_text(BLOCK_PIN, uses_of(system, yaml.safe_load(BLOCK_PIN)), identity)
    assert migration.renamed and "beam-blade]   # uses the old blade" in migration.text
    assert _marks(migration.text) == _marks(BLOCK_PIN)  # before the fix: 9 of 11


def _pinned_sources() -> list[dict]:
    """The LAMINIM demo and example teams, each with an old pin (block or flow style is the
    writer's choice)."""
    examples = sorted((ROOT / "examples/laminim").glob("*.yaml"))
    files = [systems.get("laminim").demo_file(), *examples]
    out = []
    for path in files:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:  # an example of a file that is not YAML (examples/*/ime_slips)
            continue
        if isinstance(data, dict) and isinstance(data.get("units"), list):
            pin = {"name": "LAMINIM parts", "version": 1, "digest": "00ab"}
            out.append({k: v for k, v in [*list(data.items())[:2], ("catalog", pin)]} | data)
    return out


SOURCES = _pinned_sources()


@pytest.mark.parametrize("source", range(len(SOURCES)))
def test_pin_and_migrate_keep_every_comment_of_any_commented_file(source):
    system = systems.get("laminim")
    identity = identity_of(system, V2)
    pin = Pin.of(identity)
    for n in range(30):
        rng = random.Random(f"pin:{source}:{n}")
        data = dict(SOURCES[source])
        if n % 3 == 0:
            data.pop("catalog")
        file = write(data, rng)
        marks = _marks(file.text)
        pinned = pinned_text(file.text, pin)
        assert sorted(_marks(pinned)) == sorted(marks), (file.text, pinned)
        assert yaml.safe_load(pinned) == {**data, "catalog": pin.to_json()}
        migration = migrate_text(file.text, uses_of(system, data), identity)
        assert sorted(_marks(migration.text)) == sorted(marks), (file.text, migration.text)
        migrated = yaml.safe_load(migration.text)
        assert migrated["catalog"] == pin.to_json()
        text = yaml.safe_dump(migrated["units"])
        assert "blade" not in text.replace("beam-blade", ""), migration.text
