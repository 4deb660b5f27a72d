"""The format reference, generated from the models: JSON Schema and a plain-text summary.

The pydantic models are the documentation (every field has a description), so the reference
cannot drift from what the loader accepts.
"""

from __future__ import annotations

import json

from .components import component_kinds
from .elements import element_types
from .model import GameSpec


def schemas() -> dict[str, dict]:
    """Return the JSON Schema of game.yaml, of each component kind and of each element."""
    out = {"game": GameSpec.model_json_schema()}
    for name, cls in sorted(component_kinds().items()):
        out[f"component:{name}"] = cls.model_json_schema()
    for name, cls in sorted(element_types().items()):
        out[f"element:{name}"] = cls.model_json_schema()
    return out


def schema_json(name: str | None = None) -> str:
    """Return one schema (or all of them) as indented JSON; unknown names raise KeyError."""
    all_schemas = schemas()
    return json.dumps(all_schemas[name] if name else all_schemas, indent=2, sort_keys=True)


def element_reference() -> str:
    """Return a text summary: each element type, what it draws and the keys it accepts."""
    lines = []
    for name, cls in sorted(element_types().items()):
        lines.append(f"{name}: {cls.doc}")
        keys = [k for k in cls.model_fields if k != "type"]
        lines.append(f"    keys: {', '.join(keys)}")
    return "\n".join(lines)
