"""The share code's text (builder/exchange/code.py): chat-safe characters, forgiving reading,
and a bad, truncated, foreign or newer code told apart, never a traceback."""

from __future__ import annotations

import contextlib
import random
import zlib

import pytest

from builder.exchange.code import (
    ALPHABET,
    FORMAT_VERSION,
    PREFIX,
    CodeError,
    Reader,
    Ref,
    Writer,
    cleaned,
    frame,
    from_base32,
    to_base32,
    unframe,
)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 7, 40, 333])
def test_base32_round_trips_every_length(size):
    data = bytes(random.Random(size).randrange(256) for _ in range(size))
    text = to_base32(data)
    assert set(text) <= set(ALPHABET)
    assert from_base32(text) == data


def test_a_code_has_no_character_a_chat_mangles():
    code = frame(0, bytes(range(256)))
    assert code.startswith(PREFIX)
    assert set(code) <= set(ALPHABET) | set(PREFIX)
    assert not set(code[len(PREFIX) :]) & set("_*~`|<>[]()#@:/\\\"' -.ILOU")


def test_reading_forgives_what_copying_does():
    code = frame(0, b"hello")
    spaced = " ".join(code[i : i + 5] for i in range(0, len(code), 5))
    assert unframe(spaced).payload == b"hello"
    assert unframe(code.lower()).payload == b"hello"
    wide = "".join(chr(ord(c) + 0xFEE0) for c in code)  # full-width, as an IME types it
    assert unframe(wide).payload == b"hello"
    assert unframe(code[:10] + "\n" + code[10:]).payload == b"hello"
    assert cleaned("lm-0o1il") == "LM0O1IL"


def test_a_cut_code_says_it_was_cut_with_how_much_is_left():
    code = frame(0, bytes(range(60)))
    with pytest.raises(CodeError) as err:
        unframe(code[:50])
    assert err.value.key == "code-truncated"
    assert err.value.params == {"have": 50, "want": len(code)}
    with pytest.raises(CodeError) as err:
        unframe(code[:4])
    assert err.value.key == "code-too-short"


def test_every_changed_character_is_caught_by_the_checksum():
    code = frame(0, bytes(range(30)))
    for i in range(len(PREFIX), len(code)):
        for other in "0Z7":
            if other == code[i]:
                continue
            changed = code[:i] + other + code[i + 1 :]
            with pytest.raises(CodeError) as err:
                unframe(changed)
            assert err.value.key in (
                "code-damaged",
                "code-truncated",
                "code-newer",
                "code-unknown-kind",
            ), (i, other)


def test_an_extra_character_is_damage():
    with pytest.raises(CodeError) as err:
        unframe(frame(0, b"abc") + "Q")
    assert err.value.key == "code-damaged"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "code-empty"),
        ("https://example.com/team", "code-foreign"),
        ("XW2PLAYERLIST", "code-foreign"),
        ("LM12!34", "code-bad-characters"),
        ("LMUUUUUU", "code-bad-characters"),
    ],
)
def test_foreign_or_garbled_text_is_named(text, key):
    with pytest.raises(CodeError) as err:
        unframe(text)
    assert err.value.key == key


def _forged(version: int, kind: int) -> str:
    body = bytes([(version << 4) | kind, 8, 0, 0])
    return PREFIX + to_base32(body + zlib.crc32(body).to_bytes(4, "big"))


def test_a_newer_format_or_an_unknown_kind_is_refused_as_such():
    with pytest.raises(CodeError) as err:
        unframe(_forged(FORMAT_VERSION + 1, 0))
    assert err.value.key == "code-newer"
    with pytest.raises(CodeError) as err:
        unframe(_forged(1, 5))  # a kind this version does not know (a battle record later)
    assert err.value.key == "code-unknown-kind"


def test_the_tree_round_trips_plain_data_refs_halves_and_records():
    data = {
        "name": "夜勤 Night shift",
        "units": [
            {"name": "Kestrel", "frame": Ref(0, 3), "weapons": [Ref(1, 0), None, Ref(1, 30)]},
            {"name": "雀", "frame": Ref(0, 0), "weapons": [True, False, -7]},
        ],
        "map": [[0, 0.5, 1.5, None, 2.25, -0.5, 1e-300]],
        "big": 2**40,
    }
    words = ("frame", "weapons", "map")
    writer = Writer(("name", "units", *words), 2)
    writer.value(data)
    reader = Reader(bytes(writer.out), ("name", "units", *words), 2)
    assert reader.value() == data
    assert reader.at == len(writer.out)


def test_japanese_text_is_written_in_utf16_when_shorter_in_format_1():
    writer = Writer((), 0, version=1)
    writer.text("イネス船長")
    assert len(writer.out) == 1 + 10  # five characters, two bytes each (UTF-8 takes 15)
    writer = Writer((), 0, version=1)
    writer.text("Kestrel")
    assert len(writer.out) == 1 + 7
    assert Reader(bytes(writer.out), (), 0, version=1).value() == "Kestrel"


def test_random_bytes_never_raise_anything_but_a_code_error():
    rng = random.Random(7)
    for n in range(300):
        payload = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        with contextlib.suppress(CodeError):
            unframe(frame(rng.randrange(2), payload))
        garbage = PREFIX + "".join(rng.choice(ALPHABET) for _ in range(n % 60 + 1))
        with pytest.raises(CodeError):
            unframe(garbage)
