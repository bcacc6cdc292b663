"""The kit's editor names a catalog entry the file wrote by its name (soh's files may name a
weapon ``ﾘﾎﾞﾙﾊﾞｰ``, half-width, as check reads it): the entry's name, not ``? ﾘﾎﾞﾙﾊﾞｰ``."""

from __future__ import annotations

from builder import systems
from builder.systems import find_entry


def test_a_value_written_by_its_name_finds_its_entry_full_or_half_width():
    soh = systems.get("soh")
    catalog = soh.load_catalog(None)
    by_id = find_entry(catalog, "weapons", "revolver")
    assert by_id is not None
    assert find_entry(catalog, "weapons", "ﾘﾎﾞﾙﾊﾞｰ") == by_id
    assert find_entry(catalog, "weapons", "リボルバー") == by_id
    assert find_entry(catalog, "weapons", "REVOLVER")[0] == by_id[0]  # type: ignore[index]
    assert find_entry(catalog, "weapons", "no such gun") is None


async def test_a_copy_is_numbered_in_both_languages(tmp_path):
    import shutil
    from pathlib import Path

    from builder.tui.app import BuilderApp
    from tests.tui.helpers import settle

    path = tmp_path / "crew.yaml"
    shutil.copy(Path(__file__).parents[2] / "examples" / "soh" / "japanese_names.yaml", path)
    app = BuilderApp.from_paths(path, None, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        first, copy = app.doc.team.characters[:2]
        assert (copy.name, copy.name_ja) == (f"{first.name} 2", f"{first.name_ja} 2")
