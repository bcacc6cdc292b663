"""pydantic's validation errors as problems located in the file (``file:line:col``).

A model validates the plain data :mod:`builder.core.source` read; each error's ``loc`` is mapped
back to the node it came from (pydantic's internal loc parts stripped), with a friendly message
per error kind and, for an unknown field, a "did you mean" among the fields allowed there.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder.core.problems import InputError, Loc, Problem, did_you_mean
from builder.core.source import Located

M = TypeVar("M", bound=BaseModel)


_FRIENDLY = {
    "missing": "required field is missing",
    "extra_forbidden": "unknown field; check the spelling (see the README for the format)",
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number, not a fraction",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "string_type": "expected text",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected a mapping of fields",
    "model_type": "expected a mapping of fields",
    "model_attributes_type": "expected a mapping of fields",
}


def _friendly(err: dict) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind in _FRIENDLY:
        msg = _FRIENDLY[kind]
        if kind not in ("missing", "extra_forbidden") and "input" in err:
            msg += f", got {_show(err['input'])}"
        return msg
    if kind == "string_pattern_mismatch":
        return f"{_show(err.get('input'))} is not a valid id: {_id_hint(err.get('input'))}"
    if kind == "greater_than":
        return f"must be greater than {ctx.get('gt')}, got {_show(err.get('input'))}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, got {_show(err.get('input'))}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}, got {_show(err.get('input'))}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}, got {_show(err.get('input'))}"
    if kind in ("too_short", "string_too_short"):
        return "must not be empty"
    if kind in ("too_long", "string_too_long"):
        return f"too long (at most {ctx.get('max_length')})"
    msg = err.get("msg", "invalid value")
    return msg.removeprefix("Value error, ")


def _id_hint(value: Any) -> str:
    """How to write an id, with the id this text would make when there is one."""
    hint = "use lowercase letters, digits and hyphens"
    slug = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") if isinstance(value, str) else ""
    return f"{hint} (e.g. '{slug[:40].strip('-')}')" if slug else hint


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _data_loc(data: Any, loc: tuple) -> tuple:
    """Keep only the parts of a pydantic loc that address real data (drop union/validator tags)."""
    kept: list = []
    cur = data
    for part in loc:
        in_dict = isinstance(cur, dict) and part in cur
        in_list = isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur)
        if in_dict or in_list:
            kept.append(part)
            cur = cur[part]
        elif (
            isinstance(cur, dict)
            and isinstance(part, str)
            and not part.startswith(("function-", "list[", "tuple[", "union[", "nullable["))
            and part[:1].islower()
            and "[" not in part
        ):
            kept.append(part)  # a missing or unknown key: still a field name
            cur = None
        # anything else is pydantic's internal naming (e.g. 'str', 'function-after[...]')
    return tuple(kept)


def _fields_at(model: type[BaseModel] | None, loc: tuple) -> list[str]:
    """Field names of the (nested) model that holds the value at ``loc``."""
    for part in loc:
        if model is None or isinstance(part, int):
            continue
        info = model.model_fields.get(part)
        model = _model_in(info.annotation) if info is not None else None
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def validation_errors(
    exc: ValidationError, data: Any, model: type[BaseModel] | None = None
) -> list[tuple[Loc, str]]:
    """Each pydantic error as (path into ``data``, friendly message).

    With ``model``, an unknown field gets a "did you mean" among the fields allowed there.
    """
    out: list[tuple[Loc, str]] = []
    errors = exc.errors(include_url=False)
    for err in errors:
        if err["type"] == "too_short" and any(
            len(o["loc"]) > len(err["loc"]) and o["loc"][: len(err["loc"])] == err["loc"]
            for o in errors
        ):
            continue  # a list "too short" only because its bad items were dropped
        loc = _data_loc(data, tuple(err["loc"]))
        message = _friendly(dict(err))
        if err["type"] == "extra_forbidden" and loc and model is not None:
            allowed = _fields_at(model, loc[:-1])
            hint = did_you_mean(str(loc[-1]), allowed)
            message = (
                f"unknown field{hint}; allowed here: {', '.join(allowed)}" if allowed else message
            )
        out.append((loc, message))
    return out


def validation_problems(
    exc: ValidationError,
    src: Located,
    prefix: Loc = (),
    data: Any = None,
    model: type[BaseModel] | None = None,
) -> list[Problem]:
    """Map a pydantic ValidationError to problems located in ``src``, one per error.

    ``data`` is the value validated (default: the whole file), found at ``prefix`` in the file.
    """
    base = src.data if data is None else data
    return [
        src.problem((*prefix, *loc), message)
        for loc, message in validation_errors(exc, base, model)
    ]


def validate_located(
    model: type[M], src: Located, loc: tuple = (), context: dict | None = None
) -> M:
    """Validate the data at ``loc`` of a Located against a model; InputError with positions."""
    data = src.data
    for part in loc:
        data = data[part]
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise InputError(validation_problems(exc, src, loc, data, model)) from None


def validate_at(
    src: Located, loc: Loc, raw: Any, model: type[M], problems: list[Problem]
) -> M | None:
    """``raw`` (found at ``loc`` of ``src``) as ``model``, or None with one problem per schema
    error added to ``problems``: a reader goes on to the next item, so one run of ``check``
    lists every mistake of the file."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems.extend(validation_problems(exc, src, loc, raw, model))
        return None
