"""JSON Schemas for every file a designer writes, generated from the pydantic models.

One schema per file kind: ``game`` (game.yaml), ``component-<kind>`` (a component file),
``template`` (templates/*.yaml, every element type with its fields), ``dice`` (dice.yaml),
``profiles`` (profiles.yaml).
``sheetgen schema --write DIR`` writes them as ``DIR/<kind>.json``; a YAML file names its
schema in a first-line modeline that editors with a YAML language server understand::

    # yaml-language-server: $schema=../../sheetgen/schemas/component-cards.json
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from ..load.component_models import component_models
from ..fill.elements import element_types
from ..load.model import GameSpec
from ..load.profiles import RegistryFile
from ..load.template_spec import TemplateSpec
from ..load.variants import VariantFile

DIALECT = "https://json-schema.org/draft/2020-12/schema"
# Template values may be Jinja filled per item ("{{ level * 2 }}" where a number is expected).
JINJA = {"type": "string", "pattern": r"\{\{|\{%",
         "description": "A Jinja expression filled per item, e.g. \"{{ name }}\"."}


# Any element value may be picked by an item's field: {by: type, warrior: red, else: ink}
BY_FIELD = {"type": "object", "required": ["by"],
            "properties": {"by": {"type": "string", "description": "The item field that picks."},
                           "else": {"description": "The value when no choice matches."}},
            "description": "A value picked by an item field: {by: FIELD, VALUE: PICK, ..., "
                           "else: PICK}."}


def _finish(schema: dict, title: str) -> dict:
    schema = {"$schema": DIALECT, **schema}
    schema["title"] = title
    return schema


def element_schema(name: str) -> dict:
    """Return the schema of one element type as it appears in a template (Jinja allowed)."""
    schema = copy.deepcopy(element_types()[name].model_json_schema())
    for key, prop in schema.get("properties", {}).items():
        if key != "type":
            schema["properties"][key] = {"anyOf": [prop, JINJA, BY_FIELD],
                                         "description": prop.get("description", "")}
    schema["required"] = sorted(set(schema.get("required", [])) | {"type"})
    return schema


def template_schema() -> dict:
    """Return the schema of a template file: its keys and one branch per element type."""
    schema = TemplateSpec.model_json_schema()
    defs = schema.setdefault("$defs", {})
    branches = []
    for name in sorted(element_types()):
        element = element_schema(name)
        defs.update(element.pop("$defs", {}))
        defs[f"element-{name}"] = element
        branches.append({"$ref": f"#/$defs/element-{name}"})
    schema["properties"]["elements"]["items"] = {"oneOf": branches}
    return _finish(schema, "sheetgen template (templates/<name>.yaml)")


def file_schemas() -> dict[str, dict]:
    """Return ``{file kind: JSON Schema}`` for every kind of file sheetgen reads."""
    from ..dice.model import DiceFile

    out = {"game": _finish(GameSpec.model_json_schema(), "sheetgen game.yaml")}
    for kind, cls in sorted(component_models().items()):
        out[f"component-{kind}"] = _finish(cls.model_json_schema(),
                                           f"sheetgen component file (kind: {kind})")
    out["template"] = template_schema()
    out["dice"] = _finish(DiceFile.model_json_schema(), "sheetgen dice.yaml")
    out["profiles"] = _finish(RegistryFile.model_json_schema(), "sheetgen profiles.yaml")
    out["variant"] = _finish(VariantFile.model_json_schema(),
                             "sheetgen playtest variant (data/<game>/variants/<name>.yaml)")
    return out


def schema_file_name(kind: str) -> str:
    """Return the file name of one kind's schema."""
    return f"{kind}.json"


def write_schemas(folder: str | Path) -> list[Path]:
    """Write every file kind's schema into ``folder``; return the paths written."""
    from ..base.output import OutputWriter

    folder = Path(folder)
    written = []
    for kind, schema in file_schemas().items():
        path = folder / schema_file_name(kind)
        text = json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        OutputWriter.write_file(path, text.encode("utf-8"))
        written.append(path)
    return written
