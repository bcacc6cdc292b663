"""pydantic's validation errors as problems located in the file (``file:line:col``).

A model validates the plain data :mod:`builder.core.source` read; each error's ``loc`` is mapped
back to the node it came from (pydantic's internal loc parts stripped), with a friendly message
per error kind and, for an unknown field, a "did you mean" among the fields allowed there.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder.core.messages import EMPTY, Message, MessageError
from builder.core.problems import CORE, InputError, Loc, Problem, suggest
from builder.core.source import Located

M = TypeVar("M", bound=BaseModel)


_FRIENDLY = {
    "missing": "field-missing",
    "extra_forbidden": "field-unknown",
    "int_type": "want-int",
    "int_parsing": "want-int",
    "int_from_float": "want-int-not-fraction",
    "float_type": "want-number",
    "float_parsing": "want-number",
    "string_type": "want-text",
    "bool_type": "want-bool",
    "bool_parsing": "want-bool",
    "list_type": "want-list",
    "tuple_type": "want-list",
    "dict_type": "want-mapping",
    "model_type": "want-mapping",
    "model_attributes_type": "want-mapping",
}
"""pydantic's error kinds and our message for each (``{got}``: the value written)."""

_LIMITS = {
    "greater_than": ("must-be-greater", "gt"),
    "greater_than_equal": ("must-be-at-least", "ge"),
    "less_than_equal": ("must-be-at-most", "le"),
}


def _friendly(err: dict) -> Message:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    got = _show(err.get("input"))
    if kind in ("missing", "extra_forbidden"):
        return CORE(_FRIENDLY[kind])
    if kind in _FRIENDLY:
        return CORE(_FRIENDLY[kind], got=got)
    if kind == "string_pattern_mismatch":
        return CORE("not-an-id", got=got, example=_id_example(err.get("input")))
    if kind in _LIMITS:
        key, bound = _LIMITS[kind]
        return CORE(key, limit=str(ctx.get(bound)), got=got)
    if kind == "literal_error":
        return CORE("must-be-one-of", choices=str(ctx.get("expected")), got=got)
    if kind in ("too_short", "string_too_short"):
        return CORE("must-not-be-empty")
    if kind in ("too_long", "string_too_long"):
        return CORE("too-long", limit=str(ctx.get("max_length")))
    error = ctx.get("error")
    if isinstance(error, MessageError):  # a model validator's own words, in both languages
        return error.said
    detail = str(err.get("msg", "")).removeprefix("Value error, ")
    return CORE("invalid-value", detail=detail or kind)


def _id_example(value: Any) -> Message:
    """The id this text would make, as an example, when there is one."""
    slug = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") if isinstance(value, str) else ""
    return CORE("id-example", slug=slug[:40].strip("-")) if slug else EMPTY


def _show(value: Any) -> Message | str:
    if isinstance(value, dict):
        return CORE("shown-mapping")
    if isinstance(value, list):
        return CORE("shown-list")
    if value is None:
        return CORE("shown-null")
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
) -> list[tuple[Loc, Message]]:
    """Each pydantic error as (path into ``data``, friendly message).

    With ``model``, an unknown field gets a "did you mean" among the fields allowed there.
    """
    out: list[tuple[Loc, Message]] = []
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
            hint = suggest(str(loc[-1]), allowed)
            if allowed:
                message = CORE("field-unknown-allowed", hint=hint, allowed=", ".join(allowed))
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


def list_at(
    src: Located,
    key: str,
    missing: Message,
    not_list: Message,
    problems: list[Problem],
    *,
    empty: bool = True,
) -> list[Any] | None:
    """The list under ``key`` of ``src``'s mapping (a team file's units), or None with a problem
    added to ``problems``: ``missing`` when the key is not there, ``not_list`` when it holds no
    list (or an empty one, unless ``empty``)."""
    if key not in src.data:
        problems.append(src.problem((key,), missing))
        return None
    value = src.data[key]
    if not isinstance(value, list) or (not empty and not value):
        problems.append(src.problem((key,), not_list))
        return None
    return value
