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
