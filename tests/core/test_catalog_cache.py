"""Issue 38 item 4 (start-up): a catalog read and checked once is kept between runs
(``builder.core.catalog_cache``), and a kept one is only ever the catalog its files and code
read as now: any change to them reads the folder again, a corrupt or foreign cache file is
ignored, a refused catalog is never kept."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from builder.core import catalog_cache, i18n
from builder.core.catalog_cache import CACHE_ENV, OFF, cached_parse, cached_read, digest
from builder.core.catalog_identity import read_identity
from builder.core.problems import InputError
from builder.systems.laminim.catalog import CATALOG_FILES, READ_BY, read_catalog
from builder.systems.laminim.models import Catalog


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(where))
    return where


@pytest.fixture
def folder(catalog_copy) -> Path:
    """The catalog these tests read and change: a copy of the bundled one (``catalog_copy``)."""
    return catalog_copy


def _counting(calls: list[Path]):
    def read(root: Path) -> Catalog:
        calls.append(root)
        return read_catalog_uncached(root)

    return read


def read_catalog_uncached(root: Path) -> Catalog:
    from builder.systems.laminim.catalog import _read_catalog

    return _read_catalog(root)


def _read(folder: Path, calls: list[Path]) -> Catalog:
    return cached_read(folder, CATALOG_FILES, READ_BY, Catalog, _counting(calls))


def test_a_kept_catalog_is_the_catalog_and_is_not_read_again(cache, folder):
    calls: list[Path] = []
    first = _read(folder, calls)
    again = _read(folder, calls)
    assert calls == [folder]
    assert again == first == read_catalog_uncached(folder)
    assert len(list(cache.glob("*.pickle"))) == 1


def test_a_changed_catalog_file_is_read_again(cache, folder):
    calls: list[Path] = []
    before = _read(folder, calls)
    weapons = folder / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8")
    weapons.write_text(text.replace("name: Rifle", "name: Long Rifle", 1), encoding="utf-8")
    after = _read(folder, calls)
    assert len(calls) == 2
    assert after != before
    assert after.weapon("Long Rifle") is not None
    assert after == read_catalog_uncached(folder)


def test_an_optional_file_removed_is_read_again(cache, folder):
    calls: list[Path] = []
    _read(folder, calls)
    (folder / "threats.yaml").unlink()
    text = (folder / "catalog.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("default_threat")]
    (folder / "catalog.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _read(folder, calls).threats == ()
    assert len(calls) == 2


def test_changed_code_reads_again(cache, folder, tmp_path, monkeypatch):
    module = tmp_path / "mod" / "catalog_cache_probe.py"
    module.parent.mkdir()
    module.write_text("X = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(module.parent))
    probe = import_module("catalog_cache_probe")
    del sys.modules["catalog_cache_probe"]
    monkeypatch.setitem(sys.modules, "catalog_cache_probe", probe)  # forgotten after the test
    code = (*READ_BY, "catalog_cache_probe")
    before = digest(folder, CATALOG_FILES, code, Catalog)
    module.write_text("X = 2\n", encoding="utf-8")
    assert digest(folder, CATALOG_FILES, code, Catalog) != before
    assert digest(folder, CATALOG_FILES, READ_BY, Catalog) != before


def test_a_reader_whose_code_is_not_loaded_reads_every_time(cache, folder):
    calls: list[Path] = []
    for _ in range(2):
        cached_read(folder, CATALOG_FILES, ("no_such_module",), Catalog, _counting(calls))
    assert len(calls) == 2
    assert not cache.exists()


@pytest.mark.parametrize("junk", [b"", b"not a pickle", b"\x80\x05N.", b"\x80\x05K\x01."])
def test_a_corrupt_or_foreign_cache_file_is_ignored_and_written_again(cache, folder, junk):
    calls: list[Path] = []
    good = _read(folder, calls)
    (kept,) = cache.glob("*.pickle")
    kept.write_bytes(junk)  # empty, garbage, None, an int: none of them a catalog
    assert _read(folder, calls) == good
    assert len(calls) == 2
    assert _read(folder, calls) == good
    assert len(calls) == 2  # written again whole


def test_a_refused_catalog_is_never_kept(cache, folder):
    (folder / "frames.yaml").write_text("frames: [1, 2]\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(InputError) as refused:
            read_catalog(folder)
        assert any("frames.yaml" in p.file for p in refused.value.problems)
    assert not cache.exists() or not list(cache.glob("*.pickle"))


def test_off_keeps_nothing(tmp_path, folder, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, OFF)
    calls: list[Path] = []
    _read(folder, calls)
    _read(folder, calls)
    assert len(calls) == 2
    assert catalog_cache.cache_dir() is None


def test_an_unwritable_cache_folder_costs_nothing_but_time(tmp_path, folder, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))
    calls: list[Path] = []
    assert _read(folder, calls) == _read(folder, calls) == read_catalog_uncached(folder)
    assert len(calls) == 2


def test_the_user_cache_folder_is_the_default(tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert catalog_cache.cache_dir() == tmp_path / "laminim" / "catalogs"


def test_a_kept_identity_is_the_identity_of_its_folder(cache, folder, tmp_path):
    first = read_identity(folder, CATALOG_FILES)
    assert read_identity(folder, CATALOG_FILES) == first
    other = tmp_path / "elsewhere"
    shutil.copytree(folder, other)
    moved = read_identity(other, CATALOG_FILES)
    assert moved.folder == other
    assert moved.digest == first.digest
    info = folder / "catalog.yaml"
    info.write_text(info.read_text(encoding="utf-8").replace("version: 1 ", "version: 2 "), "utf-8")
    assert read_identity(folder, CATALOG_FILES).version == 2


def test_check_with_a_kept_catalog_says_what_a_fresh_read_says(cache, folder):
    team = str(folder / "demo_team.yaml")
    argv = [sys.executable, "-m", "builder", "check", team, "--catalog", str(folder), "--json"]
    runs = [subprocess.run(argv, capture_output=True, text=True) for _ in range(2)]
    assert len(list(cache.glob("*.pickle"))) == 2  # the catalog and its identity
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].returncode == runs[1].returncode == 0


def _parsing(calls: list[Path]):
    def parse(path: Path) -> object:
        calls.append(path)
        return {"words": path.read_text(encoding="utf-8").split()}

    return parse


def test_a_words_table_is_parsed_once_until_its_file_changes(cache, tmp_path):
    table = tmp_path / "labels.yaml"
    table.write_text("one two", encoding="utf-8")
    calls: list[Path] = []
    assert cached_parse(table, _parsing(calls), "p 1") == {"words": ["one", "two"]}
    assert cached_parse(table, _parsing(calls), "p 1") == {"words": ["one", "two"]}
    assert len(calls) == 1
    table.write_text("one two three", encoding="utf-8")
    assert cached_parse(table, _parsing(calls), "p 1") == {"words": ["one", "two", "three"]}
    assert cached_parse(table, _parsing(calls), "p 2") == {"words": ["one", "two", "three"]}
    assert len(calls) == 3  # a changed file, then another parser


def test_a_damaged_words_cache_is_parsed_again(cache, tmp_path):
    table = tmp_path / "labels.yaml"
    table.write_text("one", encoding="utf-8")
    calls: list[Path] = []
    cached_parse(table, _parsing(calls), "p")
    (kept,) = cache.glob("words-*")
    for junk in (b"", b"\x00garbage", kept.read_bytes()[:-3]):
        kept.write_bytes(junk)
        assert cached_parse(table, _parsing(calls), "p") == {"words": ["one"]}
    assert len(calls) == 4


def test_data_that_is_not_plain_is_parsed_every_time(cache, tmp_path):
    table = tmp_path / "dates.yaml"
    table.write_text("2026-12-02", encoding="utf-8")
    calls: list[Path] = []
    for _ in range(2):
        assert cached_parse(table, lambda p: calls.append(p) or object, "p") is object
    assert len(calls) == 2
    assert not list(cache.glob("words-*"))


def test_the_shipped_words_read_the_same_kept_or_parsed(cache):
    words = Path(i18n.__file__).with_name("vocabulary_labels.yaml")
    fresh = i18n._parse_words(words)
    assert i18n.read_words_file.__wrapped__(words) == fresh  # parsed, and kept
    assert list(cache.glob("words-*"))
    assert i18n.read_words_file.__wrapped__(words) == fresh  # kept


def test_the_cache_keeps_the_last_used_catalogs_and_no_more(cache, folder, tmp_path, monkeypatch):
    """A designer tuning a catalog keeps a new one each run: the least recently used go."""
    monkeypatch.setattr(catalog_cache, "KEEP_CATALOGS", 2)
    first, second, third = folder, tmp_path / "second", tmp_path / "third"
    for copy in (second, third):
        shutil.copytree(folder, copy)
    calls: list[Path] = []
    kept: dict[Path, Path] = {}
    for read in (first, second):
        before = set(cache.glob("*.pickle"))
        _read(read, calls)
        (kept[read],) = set(cache.glob("*.pickle")) - before
    os.utime(kept[first], ns=(1, 1))  # kept long ago: the older of the two...
    os.utime(kept[second], ns=(2, 2))
    _read(first, calls)  # ...but used again now
    _read(third, calls)  # a third kept: the least recently used (the second) goes
    assert len(list(cache.glob("*.pickle"))) == 2
    assert kept[first].exists() and not kept[second].exists()
    assert len(calls) == 3
    _read(first, calls)
    _read(third, calls)
    assert len(calls) == 3
    _read(second, calls)
    assert len(calls) == 4


def test_the_cache_keeps_no_more_words_tables_than_its_bound(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(catalog_cache, "KEEP_WORDS", 2)
    calls: list[Path] = []
    for n in range(4):
        table = tmp_path / f"labels{n}.yaml"
        table.write_text(f"word{n}", encoding="utf-8")
        cached_parse(table, _parsing(calls), "p")
    assert len(list(cache.glob("words-*"))) == 2
    assert len(calls) == 4
