"""Face layouts: ``templates/<name>.yaml`` read once, extended, and checked for shape.

A template gives the face size (a named size from the one table in ``sheetgen/load/profiles.yaml``,
or width and height), bleed, default field values and a list of elements. Element
values may hold Jinja (``"{{ name }}"``); they are filled per item by :mod:`sheetgen.fill.faces`.
``extends: other`` starts from another template: its elements come first, and a child element
with the same ``id`` replaces the parent's in place, wherever it sits (a container's child
too); ``remove: [id, ...]`` drops parent elements.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..base.errors import ProblemList, user_error
from .project import Project
from .template_spec import STAMP_CORNERS, TemplateSpec
from ..base.units import DEFAULT_BLEED, to_points
from .yamlload import LineDict, line_of, load_yaml
from ..base.suggest import unknown as unknown_name
from .validation import validate_model
from . import reads

TEMPLATE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


@dataclass
class Template:
    """A resolved template: size in points and the raw element specs (with their lines)."""

    name: str
    path: Path
    width: float
    height: float
    bleed: float
    fields: dict = field(default_factory=dict)
    elements: list[LineDict] = field(default_factory=list)
    size_where: tuple[str, int] = ("", 0)  # the line that set the size (blamed when it won't fit)
    stamp_corner: str = "lower-left"  # where a variant's stamp goes on a changed face
    flow: dict | None = None  # {list, count_on, mark}: a too-full card goes on (TemplateSpec)


class TemplateBook:
    """Finds templates by name, user's folder first, and resolves ``extends`` chains."""

    def __init__(self, project: Project, edition=None):
        """``edition`` (sheetgen.load.editions.Edition): read every template's texts in it."""
        self.project = project
        self.edition = edition
        self._cache: dict[str, Template] = {}
        self._read: dict[str, tuple] = {}  # name -> the files its chain read (reads.py)

    def _sizes(self):
        """Return the project's profile registry, which holds the named sizes."""
        from .profiles import ProfileBook

        return ProfileBook.for_project(self.project)

    def names(self) -> list[str]:
        """Return every template name available."""
        found = {p.stem for d in self.project.subdirs("templates") for p in d.glob("*.yaml")}
        return sorted(found)

    def get(self, name: str, where: tuple[str, int], _chain: tuple = ()) -> Template:
        """Return template ``name``; ``where`` (path, line) is blamed when it does not exist."""
        if name in self._cache:
            reads.opened_all(self._read.get(name, ()))
            return self._cache[name]
        with reads.part() as read:
            template = self._read_template(name, where, _chain)
        self._read[name] = tuple(read.files())
        return template

    def _read_template(self, name: str, where: tuple[str, int], _chain: tuple) -> Template:
        """Read, extend and check template ``name`` and keep it."""
        if not TEMPLATE_NAME.match(name) or len(name) > 100:
            raise user_error(where[0], where[1], f"template name {name[:100]!r} is not a file "
                             "name in templates/ (letters, digits, '-', no folders)")
        path = self.project.find("templates", name, where, "template", ".yaml")
        if path is None:
            raise user_error(where[0], where[1], unknown_name("template", name, self.names(),
                                                         "see the templates/ folders"))
        if name in _chain:
            raise user_error(path, 1, f"template extends itself: {' -> '.join(_chain + (name,))}")
        raw = load_yaml(path)
        if self.edition is not None:
            self.edition.tree(raw)
        if not isinstance(raw, dict):
            raise user_error(path, 1, "a template is a mapping with 'size:' and 'elements:'")
        _check_shape(raw, path)
        template = self._resolve(name, path, raw, _chain + (name,))
        self._cache[name] = template
        return template

    def with_elements(self, name: str, elements: list, suffix: str,
                      where: tuple[str, int]) -> str:
        """Return the name of template ``name`` with ``elements`` drawn after its own (a
        board side's ``art`` over the shared backdrop), kept as ``name@suffix``: elements
        carry their own file and lines, so mistakes are blamed where they were written."""
        base = self.get(name, where)
        derived = f"{name}@{suffix}"
        self._cache[derived] = replace(base, name=derived, elements=[*base.elements, *elements])
        self._read[derived] = self._read.get(name, ())
        return derived

    def unnamed(self, name: str, path: Path, size: tuple[float, float, float],
                elements: list) -> str:
        """Return ``name`` after keeping a template of ``elements`` (size: width, height and
        bleed in points) written in ``path``, with no file of its own (a board side's ``art``
        when the board has no backdrop)."""
        width, height, bleed = size
        self._cache[name] = Template(name, path, width, height, bleed, {}, list(elements),
                                     (str(path), getattr(elements[0], "line", 1)))
        return name

    def _resolve(self, name: str, path: Path, raw: LineDict, chain: tuple) -> Template:
        if "extends" in raw:
            parent = self.get(str(raw["extends"]), (str(path), raw.key_lines["extends"]), chain)
            width, height, bleed = parent.width, parent.height, parent.bleed
            fields, elements = dict(parent.fields), list(parent.elements)
            size_where, stamp_corner = parent.size_where, parent.stamp_corner
            flow = parent.flow
        else:
            width = height = 0.0
            bleed = to_points(DEFAULT_BLEED)
            fields, elements = {}, []
            size_where, stamp_corner = (str(path), 1), "lower-left"
            flow = None
        if raw.get("flow") is not None:
            flow = {"count_on": None, "mark": "continued", **dict(raw["flow"])}
        if "stamp_corner" in raw:
            stamp_corner = str(raw["stamp_corner"])
            if stamp_corner not in STAMP_CORNERS:
                raise user_error(path, raw.key_lines["stamp_corner"], unknown_name(
                    "stamp corner", stamp_corner, list(STAMP_CORNERS), "a corner of the face"))
        size_keys = [k for k in ("size", "width", "height") if k in raw]
        if size_keys:
            size_where = (str(path), raw.key_lines[size_keys[0]])
        try:
            if "size" in raw:
                width, height = self._sizes().size(str(raw["size"]),
                                                   (str(path), raw.key_lines["size"]))
            width = to_points(raw["width"]) if "width" in raw else width
            height = to_points(raw["height"]) if "height" in raw else height
            bleed = to_points(raw["bleed"]) if "bleed" in raw else bleed
        except ValueError as exc:
            keys = ("size", "width", "height", "bleed")
            line = next((raw.key_lines[k] for k in keys if k in raw), 1)
            raise user_error(path, line, str(exc)) from None
        if width <= 0 or height <= 0:
            raise user_error(path, 1, "template needs a size: (poker, a5, ...) or width and height")
        fields.update(raw.get("fields") or {})
        removed = set(raw.get("remove") or [])
        elements = [e for e in elements if e.get("id") not in removed]
        for element in raw.get("elements") or []:
            if not (element.get("id") and _replace_by_id(elements, element)):
                elements.append(element)
        return Template(name, path, width, height, bleed, fields, elements, size_where,
                        stamp_corner, flow)



def _replace_by_id(elements: list, element: LineDict) -> bool:
    """Put ``element`` in place of the one with its id in ``elements`` or, depth first, in a
    container's children (copied: the parent template's own lists stay as they are); return
    whether one was found."""
    for j, old in enumerate(elements):
        if not isinstance(old, dict):
            continue
        if old.get("id") == element["id"]:
            elements[j] = element
            return True
        children = old.get("children")
        if isinstance(children, list):
            children = copy.copy(children)
            if _replace_by_id(children, element):
                elements[j] = copy.copy(old)
                elements[j]["children"] = children
                return True
    return False


def every_element(elements: list) -> list[LineDict]:
    """Return ``elements`` and, depth first, the children of containers among them (a
    variant or a diff names an element by id wherever it sits)."""
    out = []
    for element in elements:
        if isinstance(element, dict):
            out.append(element)
            children = element.get("children")
            if isinstance(children, list):
                out += every_element(children)
    return out


def _check_shape(raw: LineDict, path: Path) -> None:
    """Check a template's keys and value types; raise every problem at its line together."""
    problems = ProblemList()
    validate_model(TemplateSpec, raw, path, problems)
    for i, element in enumerate(raw.get("elements") or [] if not problems.problems else []):
        line = line_of(raw, ("elements", i))
        if not isinstance(element, dict) or "type" not in element:
            problems.add(path, line, "each element is a mapping with a 'type:'")
        elif not isinstance(element.get("id", ""), str):
            problems.add(path, line_of(raw, ("elements", i, "id")), "id: expected text")
    problems.raise_if_any()
