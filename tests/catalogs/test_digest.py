"""A catalog's digest: the same for the same content however it is written, different as soon
as any number, id or name differs."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.catalogs.identity import digest_of, read_identity
from builder.core.problems import InputError
from builder.core.resources import bundled_catalog_dir

SLUG = st.text(alphabet="abcdefghij-", min_size=1, max_size=8)
LEAF = st.one_of(
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(alphabet="abcxyz 射撃型:#-", max_size=10),
    st.booleans(),
    st.none(),
)
VALUE = st.recursive(
    LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(SLUG, inner, min_size=1, max_size=4)
    ),
    max_leaves=12,
)
CATALOG = st.dictionaries(SLUG, VALUE, min_size=1, max_size=5)


def _write(folder: Path, data: dict[str, Any], *, sort: bool, flow: bool, indent: int) -> None:
    text = yaml.safe_dump(
        data, sort_keys=sort, default_flow_style=flow, indent=indent, allow_unicode=True
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "catalog.yaml").write_text(f"# a comment\n\n{text}\n# the end\n", encoding="utf-8")


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict | list) and not value:
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _changed(value: Any) -> Any:
    """A leaf value that is a different value (not merely another spelling of it)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, str):
        return value + "x"
    return 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CATALOG, st.booleans(), st.booleans(), st.sampled_from([2, 4]))
def test_digest_ignores_comments_key_order_and_layout(data, sort, flow, indent):
    with tempfile.TemporaryDirectory() as tmp:
        a, b = Path(tmp) / "a", Path(tmp) / "b"
        _write(a, data, sort=False, flow=False, indent=2)
        _write(b, dict(reversed(list(data.items()))), sort=sort, flow=flow, indent=indent)
        assert read_identity(a).digest == read_identity(b).digest


@settings(max_examples=60, deadline=None)
@given(CATALOG, st.data())
def test_digest_changes_with_any_value(data, draw):
    leaves = [p for p in _leaves(data) if p]
    path = draw.draw(st.sampled_from(leaves))
    changed = yaml.safe_load(yaml.safe_dump(data))
    target = changed
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = _changed(target[path[-1]])
    assert digest_of({"catalog.yaml": data}) != digest_of({"catalog.yaml": changed})


def test_digest_changes_when_an_id_is_renamed():
    before = {"weapons": [{"id": "rocket", "weight": 2}]}
    after = {"weapons": [{"id": "rocket-pod", "weight": 2}]}
    assert digest_of({"w.yaml": before}) != digest_of({"w.yaml": after})


def test_a_whole_number_written_as_a_float_is_the_same_number():
    assert digest_of({"c.yaml": {"weight": 3}}) == digest_of({"c.yaml": {"weight": 3.0}})


def test_a_number_and_its_text_are_different_values():
    assert digest_of({"c.yaml": {"weight": 3}}) != digest_of({"c.yaml": {"weight": "3"}})


@pytest.mark.parametrize("system", ["laminim", "artifact", "soh", "kuroganen"])
def test_bundled_catalog_digest_survives_reformatting(system, tmp_path):
    from builder import systems

    game = systems.get(system)
    files = game.catalog_files()  # type: ignore[attr-defined]
    source = bundled_catalog_dir(system)
    original = read_identity(source, files)
    copy = tmp_path / system
    copy.mkdir()
    for name in original.files:
        data = yaml.safe_load((source / name).read_text(encoding="utf-8"))
        text = yaml.safe_dump(data, sort_keys=True, default_flow_style=True, allow_unicode=True)
        (copy / name).write_text(text, encoding="utf-8")
    shutil.copy(source / original.files[0], tmp_path / "unused.yaml")
    assert read_identity(copy, files).digest == original.digest


def test_the_demo_file_is_not_part_of_the_catalog(tmp_path):
    from builder import systems

    game = systems.get("laminim")
    source = bundled_catalog_dir("laminim")
    copy = tmp_path / "c"
    shutil.copytree(source, copy)
    (copy / "demo_team.yaml").write_text("system: laminim\nname: other\nunits: []\n")
    files = game.catalog_files()  # type: ignore[attr-defined]
    assert read_identity(copy, files).digest == read_identity(source, files).digest


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("version: [1, 2]", "version: expected an integer or a short text"),
        ("version: true", "version: expected an integer or a short text"),
        ("renamed: [a, b]", "renamed: expected a mapping of old id: new id"),
        ("renamed: {a: a}", "'a' is renamed to itself"),
        ("renamed: {a: b, b: c}", "which is itself renamed"),
    ],
)
def test_a_bad_version_or_renamed_map_is_bad_input_at_its_line(tmp_path, line, message):
    (tmp_path / "catalog.yaml").write_text(f"system: laminim\nname: x\n{line}\n")
    with pytest.raises(InputError) as caught:
        read_identity(tmp_path, ("catalog.yaml",))
    problem = caught.value.problems[0]
    assert problem.line == 3
    assert message in str(problem)


@pytest.mark.parametrize("system", ["laminim", "artifact", "soh", "kuroganen"])
def test_the_fast_reader_gives_the_data_the_positioned_reader_gives(system):
    from builder.core.catalog_identity import _fast_load
    from builder.core.source import read_yaml

    for path in sorted(bundled_catalog_dir(system).glob("*.yaml")):
        assert _fast_load(path) == read_yaml(path).data, path.name


def test_a_file_with_a_foreign_tag_is_read_the_slow_way_and_refused(tmp_path):
    (tmp_path / "catalog.yaml").write_text("system: laminim\nname: x\n")
    (tmp_path / "weapons.yaml").write_text("weapons: !!python/object:os.system [ls]\n")
    with pytest.raises(InputError) as caught:
        read_identity(tmp_path, ("catalog.yaml", "weapons.yaml"))
    assert caught.value.problems[0].file.endswith("weapons.yaml")
