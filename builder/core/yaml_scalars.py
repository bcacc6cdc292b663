"""The value of one YAML scalar under its tag, checked here instead of trusted to PyYAML.

PyYAML's converters assume the text already fits the tag (its resolver only gives a plain
scalar a tag its text matches), so an explicit tag on a value that does not fit crashes them:
``!!bool x`` raises ``KeyError``, ``!!timestamp x`` a ``TypeError``. Every standard scalar tag is
therefore matched against its own grammar (YAML 1.1, as PyYAML reads plain scalars) before it is
converted, and a value that does not fit is a :class:`BadScalar` carrying a message for the user.
"""

from __future__ import annotations

import datetime
import math
import re
from typing import Any

import yaml

from builder.core.problems import CORE

YAML_TAG = "tag:yaml.org,2002:"

MAX_DIGITS = 100
"""Longest whole number (in digits) a file may hold: far beyond any game's numbers, and every
such number still converts to a float (the largest float has 309 digits; Python refuses to read
an int of more than 4,300)."""

MAX_FLOAT_TEXT = 400
"""Longest text read as a fraction (a float holds 17 significant digits; more is not a number
anyone wrote by hand)."""


class BadScalar(ValueError):
    """The text of a scalar does not fit its tag; ``said`` is the message for the user."""

    def __init__(self, key: str, **params: object) -> None:
        self.said = CORE(key, **params)
        super().__init__(self.said.en)


_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
_INT = re.compile(
    r"""^[-+]?(?:0b[0-1_]+|0x[0-9a-fA-F_]+|0[0-7_]+|(?:0|[1-9][0-9_]*)
    |[1-9][0-9_]*(?::[0-5]?[0-9])+)$""",
    re.X,
)
_FLOAT = re.compile(
    r"""^(?:[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?
    |[-+]?\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN))$""",
    re.X,
)
_TIMESTAMP = yaml.constructor.SafeConstructor.timestamp_regexp

_constructor = yaml.SafeLoader("")  # for PyYAML's conversion of text already checked here


def _show(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _sexagesimal(text: str, part: type[int] | type[float]) -> int | float:
    """``1:30`` → 90 (YAML 1.1's base-60 numbers, as PyYAML reads them)."""
    sign = -1 if text.startswith("-") else 1
    total: int | float = part(0)
    for piece in text.lstrip("+-").split(":"):
        total = total * 60 + part(piece)
    return sign * total


def to_int(text: str) -> int | str:
    """An ``!!int``'s value (a sexagesimal with a leading zero stays text: a YAML 1.1 trap)."""
    if not _INT.match(text):
        raise BadScalar("scalar-not-int", text=_show(text))
    body = text.replace("_", "").lstrip("+-")
    if body.startswith("0") and ":" in body:
        return text
    digits = len(body) - (2 if body[:2] in ("0b", "0x") else 0)
    if digits > MAX_DIGITS:
        raise BadScalar("scalar-digits", count=digits)
    if ":" in body:
        return int(_sexagesimal(text.replace("_", ""), int))
    sign = -1 if text.startswith("-") else 1
    if body.startswith("0b"):
        return sign * int(body[2:] or "0", 2)
    if body.startswith("0x"):
        return sign * int(body[2:] or "0", 16)
    if len(body) > 1 and body.startswith("0"):
        return sign * int(body, 8)
    return sign * int(body or "0")


def to_float(text: str) -> float:
    """A ``!!float``'s value (a whole number given the tag is read as a fraction too)."""
    if not _FLOAT.match(text) or text.replace("_", "") in ("", "+", "-", "."):
        raise BadScalar("scalar-not-float", text=_show(text))
    if len(text) > MAX_FLOAT_TEXT:
        raise BadScalar("scalar-chars", count=len(text))
    plain = text.replace("_", "").lower()
    if plain.lstrip("+-") == ".inf":
        return -math.inf if plain.startswith("-") else math.inf
    if plain == ".nan":
        return math.nan
    if ":" in plain:
        return float(_sexagesimal(plain, float))
    try:
        return float(plain)
    except ValueError:  # "1_.e5" and the like: matched the grammar's loose corners only
        raise BadScalar("scalar-not-float", text=_show(text)) from None


def to_timestamp(node: yaml.ScalarNode) -> datetime.date | datetime.datetime:
    """A ``!!timestamp``'s date or date-time; a date that does not exist is a BadScalar."""
    if not _TIMESTAMP.match(node.value):
        raise BadScalar("scalar-not-date", text=_show(node.value))
    try:
        value: datetime.date | datetime.datetime = _constructor.construct_yaml_timestamp(node)
    except (ValueError, OverflowError):
        raise BadScalar("scalar-no-such-date", text=_show(node.value)) from None
    return value


def scalar_value(node: yaml.ScalarNode) -> Any:
    """The value of a scalar node under one of the standard tags (``tag:yaml.org,2002:…``).

    Raises BadScalar when the text does not fit the tag and KeyError for a tag not handled here
    (the caller reports those as unsupported).
    """
    kind = node.tag.removeprefix(YAML_TAG)
    text = node.value
    if kind == "str":
        return text
    if kind == "null":
        if not _NULL.match(text):
            raise BadScalar("scalar-not-null", text=_show(text))
        return None
    if kind == "bool":
        if text.lower() not in _BOOLS:
            raise BadScalar("scalar-not-bool", text=_show(text))
        return _BOOLS[text.lower()]
    if kind == "int":
        return to_int(text)
    if kind == "float":
        return to_float(text)
    if kind == "timestamp":
        return to_timestamp(node)
    if kind in ("merge", "value", "yaml"):
        return text  # "<<", "=" or "!" where no key is: YAML 1.1 names them, the text is meant
    raise KeyError(node.tag)
