"""Read an SVG file into an :class:`~.model.Art`: parse it safely, cascade its styles, expand
``<use>``, flatten groups and transforms into a list of painted shapes.

What cannot be drawn faithfully is refused (text, embedded images, scripts, external
references) or warned about and left out (filters, masks, markers, patterns). Bounds: the
file's size, its elements, the shapes ``<use>`` expands to, the nesting of ``<use>``, and every
number (finite, below 1e9).
"""

from __future__ import annotations

from pathlib import Path
from xml.etree.ElementTree import ParseError, TreeBuilder

from defusedxml.common import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from .model import IDENTITY, Art, Gradient, Shape, multiply
from .paints import Paints
from .shapes import SHAPES, shape_commands
from .values import (
    LINE,
    SVG_NS,
    declarations,
    describe,
    fraction,
    length,
    number,
    numbers,
    stylesheet,
    transform,
)

MAX_BYTES = 2_000_000
MAX_ELEMENTS = 10_000
MAX_SHAPES = 20_000  # after <use> expansion
MAX_SEGMENTS = 500_000  # path commands drawn, after <use> expansion
MAX_USE_DEPTH = 8
MAX_DEPTH = 40  # nested elements (the walk recurses: depth x <use> nesting stays small)
MAX_VISITS = 100_000  # elements walked, counting each <use> of them
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

REFUSED = {"text": "text (convert it to paths, e.g. Inkscape's Path > Object to Path)",
           "tspan": "text", "textPath": "text", "image": "an embedded or linked raster image",
           "foreignObject": "foreign content", "script": "a script", "iframe": "a frame",
           "video": "video", "audio": "audio", "canvas": "a canvas"}
UNDRAWN = {"filter": "filters", "mask": "masks", "marker-start": "markers",
           "marker-mid": "markers", "marker-end": "markers", "mix-blend-mode": "blend modes"}
SILENT = {"defs", "title", "desc", "metadata", "style", "linearGradient", "radialGradient",
          "clipPath", "symbol", "filter", "mask", "marker", "pattern", "stop"}
GROUPS = {"svg", "g", "a", "switch"}
INHERITED = ("fill", "stroke", "stroke-width", "fill-rule", "clip-rule", "fill-opacity",
             "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
             "stroke-dasharray", "color", "visibility")
OWN = ("opacity", "clip-path", "display", "stop-color", "stop-opacity", *UNDRAWN)
_PROPERTIES = (*INHERITED, *OWN)
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2, "miter-clip": 0, "arcs": 0}


class _Lines(TreeBuilder):
    """Builds the tree, noting each element's line in the attribute ``LINE``."""

    parser = None
    depth = 0

    def start(self, tag, attrs):
        """Start an element, with its line."""
        line = self.parser.parser.CurrentLineNumber
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ValueError(f"elements are nested more than {MAX_DEPTH} deep (line {line})")
        attrs = dict(attrs)
        attrs[LINE] = str(line)
        return super().start(tag, attrs)

    def end(self, tag):
        """End an element."""
        self.depth -= 1
        return super().end(tag)


def parse_xml(data: bytes):
    """Return the root element of SVG bytes; ValueError says why they cannot be read."""
    builder = _Lines()
    parser = builder.parser = DefusedXMLParser(target=builder)
    try:
        parser.feed(data)
        root = parser.close()
    except DefusedXmlException as exc:
        raise ValueError(f"the SVG declares entities ({type(exc).__name__}); entities and "
                         "external references are never read") from None
    except ParseError as exc:
        raise ValueError(f"the SVG is not well-formed XML: {exc}") from None
    count = sum(1 for _ in root.iter())
    if count > MAX_ELEMENTS:
        raise ValueError(f"the SVG has {count:,} elements; art may have at most "
                         f"{MAX_ELEMENTS:,}")
    return root


def read_art(path: Path) -> Art:
    """Return the art drawn by SVG file ``path``; ValueError says what is wrong and where."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ValueError(f"the SVG is {size:,} bytes; art files may be at most {MAX_BYTES:,}")
    root = parse_xml(path.read_bytes())
    if root.tag not in (SVG_NS + "svg", "svg"):
        raise ValueError(f"the file's root element is {describe(root)}, not <svg>")
    return _Reader(root).art


class _Reader:
    """One walk over an SVG tree, collecting its shapes in painting order."""

    def __init__(self, root):
        self.root = root
        self.ids = {el.get("id"): el for el in root.iter() if el.get("id")}
        self.sheet: dict[str, dict] = {}
        self.warnings: list[str] = []
        for el in root.iter(SVG_NS + "style"):
            rules, skipped = stylesheet("".join(el.itertext()))
            for selector, block in rules.items():
                self.sheet.setdefault(selector, {}).update(block)
            if skipped:
                self.warn(f"{describe(el)}: CSS selectors other than .class, tag and #id are "
                          f"not followed ({', '.join(skipped[:3])})")
        box, align = self._viewport(root)
        self.paints = Paints(self, box)
        self.shapes: list[Shape] = []
        self.visits = 0
        self.segments = 0
        self._commands: dict[int, list] = {}  # by element: a <use>d path is read once
        self._walk(root, {}, IDENTITY, 1.0, (), ())
        self.art = Art(box, align, self.shapes, self.warnings)

    def warn(self, message: str) -> None:
        """Note a warning once."""
        if message not in self.warnings:
            self.warnings.append(message)

    def _viewport(self, root) -> tuple[tuple, str]:
        """Return the viewBox (or 0 0 width height) and the preserveAspectRatio alignment."""
        try:
            if root.get("viewBox"):
                box = tuple(numbers(root.get("viewBox"), "viewBox"))
                if len(box) != 4:
                    raise ValueError("viewBox needs 4 numbers: x y width height")
            elif root.get("width") and root.get("height"):
                box = (0.0, 0.0, length(root.get("width"), "width"),
                       length(root.get("height"), "height"))
            else:
                raise ValueError("the <svg> needs a viewBox (or a width and a height)")
        except ValueError as exc:
            raise ValueError(f"{describe(root)}: {exc}") from None
        if not (box[2] > 0 and box[3] > 0):
            raise ValueError(f"{describe(root)}: the viewBox needs a width and a height above 0")
        ratio = (root.get("preserveAspectRatio") or "xMidYMid meet").split()
        align = ratio[0] if ratio else "xMidYMid"
        if align not in ("none", *(f"x{a}Y{b}" for a in ("Min", "Mid", "Max")
                                   for b in ("Min", "Mid", "Max"))):
            raise ValueError(f"{describe(root)}: preserveAspectRatio={align!r} is not an "
                             "alignment (xMidYMid, xMinYMin..., none)")
        if "slice" in ratio[1:]:
            self.warn(f"{describe(root)}: preserveAspectRatio slice is drawn as meet")
        return box, align

    def props(self, el, tag: str) -> dict[str, str]:
        """Return the properties ``el`` sets itself: attributes, then the style sheet's tag,
        class and id rules, then its ``style=``."""
        attributes = el.attrib
        own = {k: attributes[k] for k in _PROPERTIES if k in attributes}
        for selector in (tag, *(f".{c}" for c in (el.get("class") or "").split()),
                         f"#{el.get('id')}"):
            own.update(self.sheet.get(selector, {}))
        if el.get("style"):
            own.update(declarations(el.get("style")))
        return own

    def _walk(self, el, inherited: dict, matrix: tuple, opacity: float, clips: tuple,
              uses: tuple) -> None:
        """Add the shapes drawn by ``el`` and its children."""
        if not isinstance(el.tag, str) or not (el.tag.startswith(SVG_NS) or "}" not in el.tag):
            return  # comments, and elements of editors' own namespaces (Inkscape, Sodipodi)
        tag = el.tag.removeprefix(SVG_NS)
        self.visits += 1
        if self.visits > MAX_VISITS:
            raise ValueError(f"{describe(el)}: the art walks more than {MAX_VISITS:,} elements "
                             "(counting each <use>)")
        if tag in REFUSED:
            raise ValueError(f"{describe(el)}: {REFUSED[tag]} cannot be drawn as vector art")
        if tag in SILENT and uses == () or tag == "stop":
            return
        try:
            own = self.props(el, tag)
            if own.get("display") == "none":
                return
            style = {**inherited, **{k: own[k] for k in INHERITED if k in own}}
            for key, what in UNDRAWN.items():
                if own.get(key, "none") != "none":
                    self.warn(f"{describe(el)}: {what} are not drawn; the art is drawn "
                              f"without its {key}")
            if el is not self.root and el.get("transform"):
                matrix = multiply(matrix, transform(el.get("transform")))
            opacity *= fraction(own.get("opacity", "1"), "opacity")
            if own.get("clip-path", "none") != "none":
                clip = self.paints.clip(own["clip-path"], matrix, el)
                clips = clips if clip is None else (*clips, clip)
        except ValueError as exc:
            raise ValueError(f"{describe(el)}: {exc}") from None
        if tag in GROUPS or (tag == "symbol" and uses):
            if tag == "svg" and el is not self.root:
                matrix = multiply(matrix, (1, 0, 0, 1, *self._xy(el)))
            for child in el:
                self._walk(child, style, matrix, opacity, clips, uses)
        elif tag == "use":
            self._use(el, style, matrix, opacity, clips, uses)
        elif tag in SHAPES:
            self._shape(el, tag, style, matrix, opacity, clips)
        elif tag not in SILENT:
            self.warn(f"{describe(el)}: <{tag}> is not drawn")

    def _xy(self, el) -> tuple[float, float]:
        box = self.paints.box
        return (length(el.get("x") or "0", "x", box[2]), length(el.get("y") or "0", "y", box[3]))

    def _use(self, el, style, matrix, opacity, clips, uses) -> None:
        """Walk the element a ``<use>`` references, moved by its x and y."""
        href = el.get("href") or el.get(XLINK_HREF) or ""
        if not href.startswith("#"):
            raise ValueError(f"{describe(el)}: references {href[:60]!r} outside the file; "
                             "external references are never fetched")
        target = self.ids.get(href[1:])
        if target is None:
            self.warn(f"{describe(el)}: nothing has the id {href[1:]!r}; it draws nothing")
            return
        if target in uses or el in uses:
            raise ValueError(f"{describe(el)}: <use> loop through {href!r}")
        if len(uses) >= 2 * MAX_USE_DEPTH:  # each <use> adds itself and its target
            raise ValueError(f"{describe(el)}: <use> nested more than {MAX_USE_DEPTH} deep")
        try:
            moved = multiply(matrix, (1, 0, 0, 1, *self._xy(el)))
        except ValueError as exc:
            raise ValueError(f"{describe(el)}: {exc}") from None
        self._walk(target, style, moved, opacity, clips, (*uses, el, target))

    def _shape(self, el, tag, style, matrix, opacity, clips) -> None:
        """Add one basic shape or path."""
        if len(self.shapes) >= MAX_SHAPES:
            raise ValueError(f"{describe(el)}: the art draws more than {MAX_SHAPES:,} shapes "
                             "(counting each <use>)")
        try:
            commands = self._commands.get(id(el))
            if commands is None:
                commands = self._commands[id(el)] = shape_commands(tag, el.get, self.paints.box)
            self.segments += len(commands)
            if self.segments > MAX_SEGMENTS:
                raise ValueError(f"the art draws more than {MAX_SEGMENTS:,} path segments "
                                 "(counting each <use>)")
            if not commands or style.get("visibility", "visible") in ("hidden", "collapse"):
                return
            fill = self.paints.paint(style.get("fill", "black"), style, el)
            stroke = self.paints.paint(style.get("stroke", "none"), style, el)
            if tag == "line":
                fill = None
            if isinstance(stroke, Gradient):
                self.warn(f"{describe(el)}: a gradient stroke is drawn in its middle colour")
            width = length(style.get("stroke-width", "1"), "stroke-width",
                           self.paints.diagonal)
            if fill is None and (stroke is None or width <= 0):
                return
            rule = style.get("fill-rule")
            dash = numbers(style.get("stroke-dasharray", "none").replace("none", ""),
                           "stroke-dasharray")
            self.shapes.append(Shape(
                commands, matrix, fill, stroke if width > 0 else None,
                evenodd=rule == "evenodd", explicit_rule=rule is not None,
                fill_alpha=opacity * fraction(style.get("fill-opacity", "1"), "fill-opacity"),
                stroke_alpha=opacity * fraction(style.get("stroke-opacity", "1"),
                                                 "stroke-opacity"),
                stroke_width=width, cap=CAPS.get(style.get("stroke-linecap", "butt"), 0),
                join=JOINS.get(style.get("stroke-linejoin", "miter"), 0),
                miter=max(1.0, number(style.get("stroke-miterlimit", "4"),
                                      "stroke-miterlimit")),
                dash=tuple(dash * 2 if len(dash) % 2 else dash) if any(dash) else (),
                clips=clips))
        except ValueError as exc:
            raise ValueError(f"{describe(el)}: {exc}") from None
