"""The format reference: every name a designer can write, generated from the code and data.

Palette colours, font families, size names, template keys, element types with every field,
and icon names all come from the registries the loader itself uses, so the reference cannot
drift: the documentation's reference pages are this module's Markdown, cut into pages by
:mod:`sheetgen.tools.reference_pages` (a test keeps them equal), and ``sheetgen reference`` draws
the same content with swatches, type samples and icons (:mod:`sheetgen.tools.reference_sheet`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..fill.colors import PALETTE
from ..load.component_models import BoardSide, component_models
from ..fill.elements import element_types
from ..load.model import ComponentBase, GameSpec, PrintChecks
from ..load.profiles import ProfileBook
from .schema import element_schema, file_schemas
from ..load.template_spec import TemplateSpec
from ..base.units import MM



def schemas() -> dict[str, dict]:
    """Return every file kind's schema and each element's, by name (``element-text``)."""
    out = dict(file_schemas())
    for name in sorted(element_types()):
        out[f"element-{name}"] = element_schema(name)
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


@dataclass(frozen=True)
class FieldDoc:
    """One key a designer may write: its name, what values it takes, its default and meaning."""

    name: str
    takes: str
    default: str
    meaning: str


def _takes(schema: dict) -> str:
    """Return a short human description of what a JSON Schema accepts."""
    if "enum" in schema:
        return " | ".join(str(v) for v in schema["enum"])
    if "const" in schema:
        return str(schema["const"])
    if "anyOf" in schema:
        parts = [_takes(s) for s in schema["anyOf"] if s.get("type") != "null"]
        return " or ".join(dict.fromkeys(p for p in parts if p))
    if "pattern" in schema and "mm" in schema["pattern"]:
        return "length"
    if "$ref" in schema:
        return "mapping"
    kind = schema.get("type", "")
    if kind == "array":
        return f"list of {_takes(schema.get('items', {})) or 'values'}"
    if kind == "object":
        return "mapping"
    return {"number": "number", "integer": "whole number", "string": "text",
            "boolean": "true/false"}.get(kind, kind)


def _default(schema: dict, required: bool) -> str:
    if required:
        return "required"
    value = schema.get("default")
    return "-" if value in (None, [], {}, "") else json.dumps(value, ensure_ascii=False)


def model_fields(schema: dict, skip: tuple[str, ...] = ()) -> list[FieldDoc]:
    """Return the documented keys of a JSON Schema's top level."""
    docs = []
    required = set(schema.get("required", []))
    for name, prop in schema.get("properties", {}).items():
        if name in skip:
            continue
        takes = _takes(prop)
        if "anyOf" in prop and any(s.get("type") == "number" for s in prop["anyOf"]):
            takes = "length" if "length" in prop.get("description", "") else takes
        meaning = prop.get("description") or ("The component kind." if name == "kind" else "")
        docs.append(FieldDoc(name, takes, _default(prop, name in required), meaning))
    return docs


def element_fields(name: str) -> list[FieldDoc]:
    """Return the documented fields of one element type (without ``type``)."""
    schema = element_types()[name].model_json_schema()
    return model_fields(schema, skip=("type",))


def template_fields() -> list[FieldDoc]:
    """Return the documented top-level keys of a template file."""
    return model_fields(TemplateSpec.model_json_schema())


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(_cell(str(c)) for c in row) + " |" for row in rows]
    return lines


def _page(profile) -> str:
    if profile.page is None:
        size = "one face per page"
    else:
        size = f"{profile.page[0] / MM:.4g} x {profile.page[1] / MM:.4g} mm"
    size += f", PNG {profile.dpi} dpi" if profile.output == "png" else ""
    return size + "".join(f", {fact}" for fact in shop_facts(profile))


def shop_facts(profile) -> list[str]:
    """Return what a print shop's profile asks of its files, in words (empty for others)."""
    facts = []
    if profile.sizes:
        facts.append(" or ".join(profile.sizes) + " cards")
    if profile.bleed is not None:
        facts.append(f"bleed {profile.bleed / MM:.3f} mm")
    if profile.safe is not None:
        facts.append(f"safe area {profile.safe / MM:.3f} mm")
    if profile.colour == "pdfx":
        facts.append(f"{profile.pdfx} for {profile.output_condition}")
    elif profile.colour == "cmyk":
        facts.append("CMYK")
    return facts


def reference_markdown(project) -> str:
    """Return the reference as Markdown (cut into the docs site's reference pages)."""
    from ..fill.fonts import FontBook
    from ..fill.icons import IconBook

    out = ["#### Palette colours", "",
           "Every template may use these names (a game adds its own in `game.yaml` `colors:`).",
           ""]
    out += _table(("name", "colour"), [(f"`{n}`", v) for n, v in PALETTE.items()])
    out += ["", "#### Font families", "",
            "`font:` takes a family; `bold: true` / `italic: true` pick its styles "
            "(`fonts/fonts.yaml`; a project's own `fonts/fonts.yaml` adds families).", ""]
    fonts = FontBook.for_project(project)
    out += _table(("family", "styles and files"), [
        (f"`{family}`", ", ".join(f"{style}: {path.name}" for style, path in styles.items()))
        for family, styles in sorted(fonts.files.items())])
    book = ProfileBook.for_project(project)
    out += ["", "#### Size names", "", "A template's `size:` and a profile's `paper:` "
            "(portrait; `sheetgen/load/profiles.yaml`, a project's `profiles.yaml` adds more).", ""]
    out += _table(("size", "width x height"), [(f"`{n}`", f"{w / MM:.4g} x {h / MM:.4g} mm")
                                              for n, (w, h) in book.sizes.items()])
    out += ["", "#### Print profiles", "", "`build -p NAME`; a component kind accepts the "
            "profiles that list it (`sheetgen profiles` shows the same).", ""]
    out += _table(("profile", "page", "layout per kind", "built by default for"), [
        (f"`{name}`", _page(profile), ", ".join(f"{k}: {v}" for k, v in profile.layouts.items()),
         ", ".join(profile.default_for) or "-") for name, profile in book.profiles.items()])
    out += ["", "#### Template keys", ""]
    out += _table(("key", "takes", "meaning"),
                  [(f"`{f.name}`", f.takes, f.meaning) for f in template_fields()])
    out += ["", "#### game.yaml", "",
            "`data/<game>/game.yaml`: the game and the components it prints.", ""]
    out += _table(("key", "takes", "default", "meaning"), [
        (f"`{f.name}`", f.takes, f.default, f.meaning)
        for f in model_fields(GameSpec.model_json_schema())])
    out += ["", "##### `print_checks:` keys", "",
            "`print_checks: warn` (or `enforce`), or a mapping of these keys:", ""]
    out += _table(("key", "takes", "default", "meaning"), [
        (f"`{f.name}`", f.takes, f.default, f.meaning)
        for f in model_fields(PrintChecks.model_json_schema())])
    out += ["", "#### Component files", "",
            "`data/<game>/<id>.yaml`; `kind:` picks the keys beyond the shared ones (`id`, "
            "`title`, `kind`, `description`, `profiles`, `defaults`, `items`, `items_from`, "
            "listed under `cards`).", ""]
    shared = set(ComponentBase.model_fields)
    for kind, cls in sorted(component_models().items()):
        rows = [(f"`{f.name}`", f.takes, f.default, f.meaning)
                for f in model_fields(cls.model_json_schema())
                if kind == "cards" or f.name not in shared]
        out += [f"##### kind `{kind}`", ""]
        out += _table(("key", "takes", "default", "meaning"), rows) + [""]
    out += ["##### a board's `sides:` entries", "",
            "Each entry of a `kind: board` component's `sides:` list: a template side "
            "(`template`, `fields`) or a hex side (`title`, `caption`, `art` and the keys of "
            "the `hex_board` element: `edges` or `axial`, `remove`, `cells`, `hex_size`, "
            "`orientation`..., over the board's `every_side:`).", ""]
    out += _table(("key", "takes", "default", "meaning"), [
        (f"`{f.name}`", f.takes, f.default, f.meaning)
        for f in model_fields(BoardSide.model_json_schema())]) + [""]
    out += ["#### Element types", "",
            "Every element also takes `id`, `x`, `y`, `w`, `h` and `when`, the placing keys "
            "`place`, `inset` and `grow` (see Layout without millimetres), the print "
            "check overrides `allow_small`, `allow_thin`, `allow_low_contrast` and `bleed_art`, "
            "and `role` (game text or a footer, credit, number or slug; see `box`). "
            "Lengths take units: `12mm`, `0.5in`, `9pt`, `50%` (of the face, or of the "
            "container); a bare number is mm. Sizes of text are points.", ""]
    common = {"id", "x", "y", "w", "h", "when", "place", "inset", "grow", "allow_small",
              "allow_thin", "allow_low_contrast", "bleed_art", "role"}
    for name, cls in sorted(element_types().items()):
        out += [f"##### `{name}`", "", cls.doc, ""]
        rows = [(f"`{f.name}`", f.takes, f.default, f.meaning) for f in element_fields(name)
                if name == "box" or f.name not in common]
        out += _table(("field", "takes", "default", "meaning"), rows) + [""]
    icons = IconBook.for_project(project)
    names, art = icons.icon_names(), icons.art_names()
    out += ["#### Icons", "",
            f"{len(names)} icons (`icon:` fields, or `:name:` inline in text and table "
            "cells); `sheetgen reference` draws them all. game-icons.net, CC BY 3.0.", "",
            ", ".join(f"`{name}`" for name in names), ""]
    out += ["#### Colour art", "",
            f"{len(art)} pieces of colour art, drawn in their own colours (`icon:` fields, or "
            "`:set/name:` inline); `sheetgen reference` draws them all. Each set's credit "
            "prints only where a piece is used.", "",
            ", ".join(f"`{name}`" for name in art)]
    return "\n".join(out).rstrip() + "\n"
