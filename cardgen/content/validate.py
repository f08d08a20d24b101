"""Turn pydantic validation errors into cardgen Problems at YAML positions."""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from cardgen.errors import Problem, did_you_mean
from cardgen.content.yamlsource import Path_, SourceFile

_LITERAL_TYPES = {"literal_error", "enum"}

_Model = TypeVar("_Model", bound=BaseModel)


def validate_model(model: type[_Model], source: SourceFile, data: Any = None,
                   ) -> tuple[_Model | None, list[Problem]]:
    """Validate ``source.data`` (or ``data``) against ``model``; never raises."""
    data = source.data if data is None else data
    if not isinstance(data, dict):
        found = "a list" if isinstance(data, list) else f"'{data}'"
        return None, [source.problem((), f"expected a mapping of fields (key: value), found {found}")]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, translate(exc, model, source, data)


def translate(exc: ValidationError, model: type[BaseModel], source: SourceFile, data: Any) -> list[Problem]:
    """One Problem per failing field; union alternatives are merged into one line."""
    merged: dict[Path_, list[ErrorDetails]] = {}
    for error in exc.errors(include_url=False):
        loc = _data_loc(error["loc"], data, error["type"])
        if not source.was_reported(loc):            # the loader said why this value is missing
            merged.setdefault(loc, []).append(error)
    problems = []
    for loc, errors in merged.items():
        key = errors[0]["type"] in ("extra_forbidden", "missing")
        message = _message(loc, errors, model, data)
        problems.append(source.problem(loc, message, key=errors[0]["type"] == "extra_forbidden" and key))
    return problems


def _data_loc(loc: tuple[str | int, ...], data: Any, kind: str) -> Path_:
    """Drop pydantic's union tags from ``loc``, keeping the path into the data."""
    out: list[str | int] = []
    node = data
    for index, part in enumerate(loc):
        last = index == len(loc) - 1
        if isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            out.append(part)
            node = node[part]
        elif last and kind in ("missing", "extra_forbidden") and isinstance(node, dict):
            out.append(part)
    return tuple(out)


def _message(loc: Path_, errors: list[ErrorDetails], model: type[BaseModel], data: Any) -> str:
    first = errors[0]
    kind = first["type"]
    if kind == "extra_forbidden":
        fields = _fields_at(model, loc[:-1])
        return f"unknown field '{loc[-1]}'" + did_you_mean(str(loc[-1]), fields)
    if kind == "missing":
        return f"missing required field '{loc[-1]}'"
    literal = [e for e in errors if e["type"] in _LITERAL_TYPES]
    if literal:
        expected = literal[0].get("ctx", {}).get("expected", "")
        choices = [c.strip().strip("'") for c in expected.replace(" or ", ",").split(",") if c.strip()]
        value = str(literal[0].get("input"))
        return f"'{value}' is not one of {expected}" + did_you_mean(value, choices)
    if kind == "int_parsing_size":
        return "number too large"
    messages = []
    own = [error for error in errors if error["type"] == "value_error"]
    for error in own or errors:       # a union: the alternative that says what is wrong with the value
        text = re.sub(r" or instance of \w+", "", error["msg"].removeprefix("Value error, "))
        if text not in messages:
            messages.append(text)
    return "; or ".join(messages)


def _fields_at(model: type[BaseModel], loc: Path_) -> list[str]:
    """Field names of the (nested) model found at ``loc``, for suggestions."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        info = getattr(current, "model_fields", {}).get(part)
        if info is None:
            return []
        current = _model_in(info.annotation)
    return list(getattr(current, "model_fields", {}))


def _model_in(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
