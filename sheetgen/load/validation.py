"""Validation: pydantic errors turned into ``path:line`` sentences a designer understands.

The ground floor of the loaders (beside ``errors.py`` and ``yamlload.py``): every YAML reader
validates through :func:`validate_model`, and every message about a pydantic error comes from
:func:`describe`.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from ..base.errors import ProblemList
from ..base.suggest import close_matches, unknown
from .yamlload import line_of


def describe(error: dict, model_cls: type[BaseModel] | None = None) -> str:
    """Return a pydantic error as a sentence a designer understands (an unknown key of
    ``model_cls``, or of a model inside it, with the close known ones)."""
    kind, msg = error["type"], error["msg"].removeprefix("Value error, ")
    loc = error["loc"]
    field = str(loc[-1]) if loc else "value"
    if len(loc) > 1 and isinstance(loc[-1], int):  # a list item: nets.0, not a bare 0
        field = f"{loc[-2]}.{loc[-1]}"
    if kind == "extra_forbidden":
        known = keys_at(model_cls, error["loc"][:-1]) if model_cls else []
        near = close_matches(field, known)
        message = f"unknown key {field!r}" + (
            f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else "")
        inside = [str(step) for step in loc[:-1]]
        if inside and known:  # a nested key: name its place and the keys that belong there
            message += f" (keys of {'.'.join(inside)}: {', '.join(known)})"
        return message
    if kind == "missing":
        return f"missing required key {field!r}"
    got = error.get("input")
    if kind in ("int_parsing", "int_type", "float_parsing", "float_type", "bool_parsing",
                "string_type", "list_type", "dict_type", "model_type", "bool_type"):
        expected = {"int": "a whole number", "float": "a number", "bool": "true or false",
                    "string": "text", "list": "a list", "dict": "a mapping",
                    "model": "a mapping"}[kind.split("_")[0]]
        return f"{field}: expected {expected}, got {_short(got)}"
    if kind == "literal_error" and isinstance(got, str):
        choices = re.findall(r"'([^']*)'", str(error.get("ctx", {}).get("expected", "")))
        if choices:
            return unknown(field.replace("_", " "), got[:80], choices)
    return f"{field}: {msg}"


def keys_at(model_cls: Any, loc: tuple) -> list[str]:
    """Return the keys of the model reached by following ``loc`` (field names; list positions
    are skipped) from ``model_cls``; empty when the path leads to no single model."""
    annotation = model_cls
    for step in loc:
        if isinstance(step, int):
            continue
        models = _models_in(annotation)
        if len(models) != 1 or step not in models[0].model_fields:
            return []
        annotation = models[0].model_fields[step].annotation
    models = _models_in(annotation)
    if len(models) != 1:
        return []
    return [info.alias or name for name, info in models[0].model_fields.items()]


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """Return the pydantic models an annotation holds (through Optional, list, dict...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found = []
    for arg in get_args(annotation):
        found += [m for m in _models_in(arg) if m not in found]
    return found


def _short(value: Any, limit: int = 80) -> str:
    """Return ``repr(value)``, cut to ``limit`` characters (a message quotes, never floods)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def validate_model(model_cls: type[BaseModel], raw: Any, path: Path, problems: ProblemList,
                   loc_prefix: tuple = ()):
    """Validate ``raw`` into ``model_cls``; record each error at its line.

    After errors, return the model validated without the offending keys (their defaults
    instead), so the later checks of the same file still run and one run reports every
    independent mistake; None when even that fails. The errors are recorded either way.
    """
    try:
        return model_cls.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors()
    for err in errors:
        line = line_of(raw, loc_prefix + tuple(err["loc"])) or 1  # 1: the file as a whole
        problems.add(path, line, describe(err, model_cls))
    return _without_errors(model_cls, raw, errors)


def _without_errors(model_cls: type[BaseModel], raw: Any, errors: list) -> BaseModel | None:
    """Return ``raw`` validated with every key an error names removed, or None."""
    data = copy.deepcopy(raw)
    for _attempt in range(3):
        for err in errors:
            container, key = None, None
            node = data
            for step in err["loc"]:
                if isinstance(node, dict) and step in node:
                    container, key, node = node, step, node[step]
                elif isinstance(node, list) and isinstance(step, int) and step < len(node):
                    container, key, node = node, step, node[step]
                else:
                    break
            if not isinstance(container, dict) or err["type"] == "missing":
                return None  # a required key, or a whole list item: nothing to fall back on
            container.pop(key, None)
        try:
            return model_cls.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors()
    return None
