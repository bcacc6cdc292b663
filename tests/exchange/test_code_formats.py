"""Format 2 of the share code (issue 35, docs/export.md "Texts", "Old codes"): short texts (a
kana one byte), name references, UTF-16 where shorter and the catalog's preset dictionary —
and every format-1 code, the ones the docs printed above all, still imports to the same file."""

from __future__ import annotations

import contextlib
import json
import random
import zlib
from pathlib import Path

import pytest
import yaml

from builder.core.problems import InputError
from builder.exchange import commands, short_text
from builder.exchange.code import PREFIX, NameRef, Reader, Writer, frame, unframe
from builder.exchange.share import FLAG_ZDICT, decode, encode
from tests.exchange.files import FILES, ROOT, rel

DEMO = ROOT / "parts_catalog/laminim/demo_team.yaml"
RIVALS = ROOT / "examples/laminim/rivals.yaml"
FORMAT_1_CODES = {
    # docs/export.md printed this code of the demo team before format 2
    DEMO: "LM222G3S8S0M0XCWR2JZSAB8Z7A5A6AWVM5NR6RRBS41SP2VBGDHJQ7T3863331E9GS0RDEC7C62J8K2"
    "V75KMYA0R4WZMEVVJ79DJQ6X3JCNP6AC5H62WK1J1GXGREQG43R72E0HT2ENP7ERBJDDJK1NHGXCREYC"
    "7W62QW70Y7RK24EMVQC5P6RVVQCGRBJC7F63PK1Z66GF5CVM1AJ9WWE",
    # and README.md this one of examples/laminim/rivals.yaml
    RIVALS: "LM210YA68507B760MQYAJT5ST6A9MQCRBCEFMYA0R3WZPYWH2JDXQPQGW3RZ9XG6A4AXS6AVP0GF9XG7"
    "708N46AWKFDV387NQ0W0562CH7",
}


def _data(path: Path) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted(FORMAT_1_CODES), ids=rel)
def test_a_code_the_docs_printed_in_format_1_still_imports(cli, tmp_path, path):
    code = FORMAT_1_CODES[path]
    assert unframe(code).version == 1
    back = tmp_path / "back.yaml"
    assert cli("import", code, "-o", back).code == 0
    assert _data(back) == _data(path)
    assert cli("check", back, "--json").out == cli("check", path, "--json").out.replace(
        str(path), str(back)
    )


def _usable(path: Path) -> commands.Usable | None:
    try:
        return commands.usable_file(path, None)
    except InputError:  # bad input: share refuses it (test_round_trips)
        return None


@pytest.mark.parametrize("path", FILES, ids=rel)
def test_every_file_s_format_1_code_imports_as_its_format_2_code(cli, tmp_path, path):
    found = _usable(path)
    if found is None:
        return
    bundled = commands._bundled_name(found.system)
    args = (found.system, found.data, found.identity, found.pinned, bundled)
    old, new = encode(*args, version=1), encode(*args)
    assert unframe(old).version == 1 and unframe(new).version == 2
    assert len(new) <= len(old)  # format 2 is never longer
    if path in FORMAT_1_CODES:
        assert old == FORMAT_1_CODES[path]  # the format-1 writer is the one that made them
    assert cli("import", old).out == cli("import", new).out


@pytest.mark.parametrize(
    "text",
    [
        "ケストレル",
        "テストプレイ見本",
        "夜勤",
        "ひらがなとカタカナ",
        "ｸｲｯｸﾌﾞｰｽﾀｰ",
        "a😀b",
        "Ｎｉｇｈｔ",
        "é",
        "",
    ],
)
def test_a_short_text_comes_back_as_written(text):
    assert short_text.decode(short_text.encode(text)) == text


def test_a_kana_costs_one_byte_and_a_kanji_two():
    assert len(short_text.encode("ケストレル")) == 5  # UTF-8 15, UTF-16 10
    assert len(short_text.encode("ｸｲｯｸﾌﾞｰｽﾀｰ")) == 1 + 10  # the window moves once
    assert len(short_text.encode("テストプレイ見本")) == 6 + 1 + 4  # kanji as UTF-16 to the end
    writer = Writer((), 0)
    writer.text("イネス船長")
    assert len(writer.out) == 1 + 3 + 1 + 4
    writer = Writer((), 0, version=1)  # format 1: UTF-16, two bytes a kana
    writer.text("イネス船長")
    assert len(writer.out) == 1 + 10


def test_random_texts_round_trip_and_random_bytes_are_refused_as_values():
    rng = random.Random(35)
    pool = [chr(c) for c in (*range(0x20, 0x7F), *range(0x3000, 0x3100), *range(0x4E00, 0x4E40))]
    pool += [chr(c) for c in (*range(0xFF00, 0xFFA0), 0xE9, 0x3B1, 0x1F600, 0x0A)]
    for _ in range(2000):
        text = "".join(rng.choice(pool) for _ in range(rng.randrange(30)))
        assert short_text.decode(short_text.encode(text)) == text
    for _ in range(2000):
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20)))
        with contextlib.suppress(ValueError):  # UnicodeDecodeError is one: nothing else
            short_text.decode(raw)


def test_a_catalog_name_is_two_bytes_as_written_or_in_half_width_kana():
    names = {"ミサイル": NameRef(1, 1, 1, False), "ﾐｻｲﾙ": NameRef(1, 1, 1, True)}
    writer = Writer(("frame",), 3, names=names)
    writer.value(["ミサイル", "ﾐｻｲﾙ", "ミサイル!"])
    assert len(writer.out) == 1 + 2 + 2 + 1 + 5
    reader = Reader(bytes(writer.out), ("frame",), 3, names=True)
    assert reader.value()[:2] == list(names.values())
    assert short_text.half_width("クイックブースター") == "ｸｲｯｸﾌﾞｰｽﾀｰ"


def test_parts_written_by_their_japanese_names_come_back_as_written(cli, tmp_path):
    path = ROOT / "examples/laminim/japanese_names.yaml"
    code = "".join(cli("share", path).out.split())
    assert len(code) < 200  # 292 in format 1: eleven names in kana and kanji
    back = tmp_path / "back.yaml"
    assert cli("import", code, "-o", back).code == 0
    assert _data(back) == _data(path)  # ﾐｻｲﾙ stays half-width, ミサイル full-width
    assert "ｸｲｯｸﾌﾞｰｽﾀｰ" in back.read_text(encoding="utf-8")


def _forged_zdict_code(body: bytes) -> str:
    """The demo's code with its tree swapped for ``body`` under flag 64 (checksum made good)."""
    code = "".join(encode_demo().split())
    decoded = decode(code, commands._all_systems())
    payload = unframe(code).payload
    head = payload[: len(payload) - len(decoded.body)]
    flags = head[2] | FLAG_ZDICT | 8
    return frame(0, head[:2] + bytes([flags]) + head[3:] + body)


def encode_demo() -> str:
    found = commands.usable_file(DEMO, None)
    bundled = commands._bundled_name(found.system)
    return encode(found.system, found.data, found.identity, found.pinned, bundled)


@pytest.mark.parametrize("body", [b"\xff\xff\xff", zlib.compress(b"\xa1\x00", 9, wbits=-15)])
def test_a_tree_read_with_the_catalog_s_dictionary_that_is_damaged_exits_2(cli, body):
    code = _forged_zdict_code(body)
    assert code.startswith(PREFIX)
    result = cli("import", code)
    assert result.code == 2 and "Traceback" not in result.err
    assert "damaged" in result.err


def test_the_catalog_s_dictionary_shortens_names_near_a_catalog_name(cli):
    code = "".join(cli("share", ROOT / "examples/artifact/londo_bell.yaml").out.split())
    assert unframe(code).payload[2] & FLAG_ZDICT  # Rick Dias 3, Hi-nu: catalog names' pieces
    assert len(code) < 100  # 129 in format 1
    assert json.loads(cli("share", DEMO, "--json").out)["length"] < 200


def test_every_game_s_vocabulary_stays_below_the_name_references():
    from builder.exchange.code import NAME_BASE, SPECIALS
    from builder.exchange.share import words_of

    for system in commands._all_systems():
        assert len(SPECIALS) + len(words_of(system)) <= NAME_BASE, system.id


@pytest.mark.parametrize("draws", [1250, pytest.param(4000, marks=pytest.mark.slow)])
def test_a_forged_tree_with_a_good_checksum_is_a_code_error_never_a_crash(draws):
    """Damage the checksum cannot see (a code made by another program): every tree of random
    or changed bytes, under every flag, is refused as a code error (exit 2), never a crash.
    The default run's 1,250 draws hold the two (draws 1,170 and 1,210) that crashed before a
    list or mapping as a records key was refused; ``-m slow`` draws 4,000."""
    from builder.exchange.code import CodeError
    from builder.exchange.share import MissingIndex, resolve

    code = encode_demo()
    found = commands.usable_file(DEMO, None)
    decoded = decode(code, commands._all_systems())
    payload = unframe(code).payload
    head = payload[: len(payload) - len(decoded.body)]
    rng = random.Random(35)
    for _ in range(draws):
        flags = rng.choice([head[2], head[2] | 8, head[2] | 8 | FLAG_ZDICT, head[2] | 32])
        body = bytearray(decoded.body if rng.random() < 0.7 else rng.randbytes(20))
        for _ in range(rng.randrange(1, 3)):
            body[rng.randrange(len(body))] = rng.randrange(256)
        if flags & 8 and rng.random() < 0.5:
            body = bytearray(zlib.compress(bytes(body), 9, wbits=-15))
        forged = frame(0, head[:2] + bytes([flags]) + head[3:] + bytes(body))
        with contextlib.suppress(CodeError, MissingIndex):
            resolve(decode(forged, commands._all_systems()), found.identity)
