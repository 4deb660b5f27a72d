"""What every element shares: geometry in points, the validation types, the drawing context.

An element is a pydantic model: its fields are the parameters a template may give (validated,
with units and colours resolved once), and its ``draw`` method paints it on a ReportLab canvas
in face coordinates (origin at the trim box's lower-left corner, points, y upwards).
Template coordinates are top-down (``y`` from the top edge), as designers measure them.
"""


import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field,
                      ValidationInfo, WithJsonSchema, model_validator)

from ..colors import parse_color, rgb_to_cmyk, tint
from ..textlayout import inline_icons
from ...base.units import Points, to_points


TextRole = Literal["game", "rules", "board", "ladder", "note", "footer", "credit", "number",
                   "slug"]


@contextmanager
def text_role(canvas, role: str):
    """Mark the text drawn on ``canvas`` inside the block as ``role`` text for the print checks
    (sheetgen/checks/game_text.py), whatever the element's own ``role``: a board's rim
    coordinates are board text. A canvas that records no roles (the PDF's) ignores it."""
    if not hasattr(canvas, "text_role"):
        yield
        return
    before, canvas.text_role = canvas.text_role, role
    try:
        yield
    finally:
        canvas.text_role = before


def _length(reference_key: str | None):
    def validate(value: Any, info: ValidationInfo) -> float:
        reference = info.context[reference_key] if reference_key and info.context else None
        return to_points(value, reference)
    return BeforeValidator(validate)


def _color(value: Any, info: ValidationInfo):
    names = info.context.get("colors") if info.context else None
    return parse_color(value, names)


def _font(value: Any, info: ValidationInfo) -> str:
    if info.context:
        info.context["fonts"].check_family(str(value))
    return str(value)


def _icon(value: Any, info: ValidationInfo) -> str:
    if info.context:
        info.context["icons"].check(str(value))
    return str(value)


_LENGTH_SCHEMA = WithJsonSchema({
    "description": "A length: 12mm, 0.5in, 9pt, 50% (of the face), or a bare number of mm.",
    "anyOf": [{"type": "number"},
              {"type": "string", "pattern": r"^-?\d+(\.\d+)?\s*(mm|cm|in|pt|%)?$"}]})
_SIZE_SCHEMA = WithJsonSchema({
    "description": "A length (12mm, 0.5in, 9pt, 50% of the face or of the container), a bare "
                   "number of mm, or auto (text and stacks: the size of their content).",
    "anyOf": [{"type": "number"}, {"const": "auto"},
              {"type": "string", "pattern": r"^-?\d+(\.\d+)?\s*(mm|cm|in|pt|%)?$"}]})
_INSET_SCHEMA = WithJsonSchema({
    "description": "A length on every side, or [top-bottom, left-right], or [top, right, "
                   "bottom, left].",
    "anyOf": [{"type": "number"},
              {"type": "string", "pattern": r"^-?\d+(\.\d+)?\s*(mm|cm|in|pt)?$"},
              {"type": "array", "minItems": 2, "maxItems": 4,
               "items": {"anyOf": [{"type": "number"}, {"type": "string"}]}}]})
_COLOR_SCHEMA = WithJsonSchema({
    "description": "A palette name (ink, gold, ...), a game colour, #rrggbb, or none.",
    "type": "string"})

# Any number an element takes lies within +-NUMBER_LIMIT unless its field says otherwise; a
# length is bounded where it is read (units.to_points). Huge values would hang a layout loop.
NUMBER_LIMIT = 100_000
MAX_TEXT = 10_000  # characters in one text value


def in_range(kind: type, low: float, high: float, unit: str = "") -> Any:
    """Return ``kind`` bounded to ``low..high``: a number outside is refused with a message
    saying the allowed range, and the JSON Schema states the bounds."""
    def check(value):
        if value is not None and not low <= value <= high:
            raise ValueError(f"{value:g}{unit} is outside the allowed range "
                             f"{low:g}{unit} to {high:g}{unit}")
        return value
    return Annotated[kind, AfterValidator(check),
                     Field(json_schema_extra={"minimum": low, "maximum": high})]


def _as_text(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise ValueError(f"text of {len(value):,} characters; the limit is {MAX_TEXT:,}")
    return str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


# Text accepts numbers too: "{{ total }}" keeps an int, and a card prints it as text.
TextValue = Annotated[str, BeforeValidator(_as_text)]
FontSize = in_range(float, 1, 300, " pt")
Count = in_range(int, 0, 1000)  # marks, spaces, cells along one side...
Ratio = in_range(float, 0, 1)
XLength = Annotated[float, _length("width"), _LENGTH_SCHEMA]
YLength = Annotated[float, _length("height"), _LENGTH_SCHEMA]
Length = Annotated[float, _length(None), _LENGTH_SCHEMA]
# w and h: containers and `place` resolve `auto` before the element is made
# (sheetgen/fill/elements/placement.py)
Width = Annotated[float, _length("width"), _SIZE_SCHEMA]
Height = Annotated[float, _length("height"), _SIZE_SCHEMA]


def _inset(value: Any) -> tuple[float, float, float, float]:
    """Return (top, right, bottom, left) in points from one, two or four lengths.

    The same few insets are written on every face (placing a big deck's fronts asks for one
    about 30 times a face, issue 36): each written inset is converted once, by its lengths
    and their types (``3`` is millimetres, a placed ``Points(3)`` points); a mistake is never
    remembered."""
    items = tuple(value) if isinstance(value, (list, tuple)) else (value,)
    try:
        key = tuple((item.__class__, item.hex() if isinstance(item, float) else item)
                    for item in items)  # -0.0 is not 0.0
        known = _INSETS.get(key)
    except TypeError:  # a list or mapping inside: not a length, converting says so
        key = known = None
    if known is not None:
        return known
    points = _inset_points(value)
    if key is not None:
        if len(_INSETS) >= MAX_INSETS:
            _INSETS.clear()
        _INSETS[key] = points
    return points


# (class, value) of each written length -> the inset in points (_inset)
_INSETS: dict[tuple, tuple[float, float, float, float]] = {}
MAX_INSETS = 10_000


def _inset_points(value: Any) -> tuple[float, float, float, float]:
    """Return :func:`_inset` of ``value``, worked out."""
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    if len(values) not in (1, 2, 4):
        raise ValueError("give one length, [top-bottom, left-right] or [top, right, bottom, "
                         f"left], not {len(values)} values")
    top, right, bottom, left = (values * 4)[:4] if len(values) == 1 else (
        values * 2 if len(values) == 2 else values)
    return tuple(to_points(v) for v in (top, right, bottom, left))


Insets = Annotated[tuple[float, float, float, float], BeforeValidator(_inset), _INSET_SCHEMA]
# the most children one container may hold
MAX_CHILDREN = 500

PLACES = ("top-left", "top", "top-center", "top-right", "left", "center-left", "center",
          "right", "center-right", "bottom-left", "bottom", "bottom-center", "bottom-right")
Color = Annotated[tuple | None, BeforeValidator(_color), _COLOR_SCHEMA]
FontFamily = Annotated[str, BeforeValidator(_font),
                       WithJsonSchema({"type": "string", "description": "A font family name."})]
IconName = Annotated[str, BeforeValidator(_icon),
                     WithJsonSchema({"type": "string", "description": "An icon name."})]


def _count_or_field(value: Any) -> Any:
    if isinstance(value, str) and not value.strip().lstrip("-").isdigit():
        raise ValueError(f"{value!r} is not a number (an item field's name is read before this)")
    return value


def _count_in_range(value: int) -> int:
    if not 0 <= value <= MAX_FIELD_COUNT:
        raise ValueError(f"{value} is outside the allowed range 0 to {MAX_FIELD_COUNT}")
    return value


MAX_FIELD_COUNT = 100
# A count an item gives by its field's name (``repeat: appetite``; fill/choices.py reads it)
FieldCount = Annotated[int, BeforeValidator(_count_or_field), AfterValidator(_count_in_range),
                       WithJsonSchema({
                           "description": "A whole number from 0 to 100, or the name of an "
                                          "item field holding it.",
                           "anyOf": [{"type": "integer", "minimum": 0, "maximum": 100},
                                     {"type": "string"}]})]


# What a field means when several elements share its name; an element's own
# ``Field(description=...)`` wins. Lengths take units (12mm, 0.5in, 9pt, 50%); sizes of text are
# points; colours are palette names, game colours or #rrggbb.
SHARED_FIELD_DOCS = {
    "id": "Names the element: a child template's element with the same id replaces it, and "
          "`remove: [id]` drops it. Error messages quote it.",
    "type": "The element type (see the list of element types).",
    "x": "Left edge, from the trim's left (length; % of the face width).",
    "y": "Top edge, from the trim's top (length; % of the face height).",
    "w": "Width (length; % of the face width, or of the container in a stack or grid). "
         "Default: the whole face (or the room the container gives). auto: the width of its "
         "content (text, stacks).",
    "h": "Height (length; % of the face height, or of the container). Default: the whole face "
         "(or the room the container gives). auto: the height of its content (text: its "
         "lines; a stack: its children).",
    "place": "Where the element sits in its parent (the face's trim, or its slot in a stack or "
             "grid): top-left, top, top-right, left, center, right, bottom-left, bottom, "
             "bottom-right (top-center, center-left... also work). Replaces x and y.",
    "inset": "Room kept between the parent's edges and the element (a length, [top-bottom, "
             "left-right] or [top, right, bottom, left]); in a stack, space around the child.",
    "repeat": "Draw it this many times (a whole number, or the name of an item field holding "
              "it: `repeat: appetite`); 0 draws nothing.",
    "grow": "In a stack: this child's share of the room its siblings leave (1 = one share). A "
            "child with no size along the stack grows by 1.",
    "grow_max": "In a stack, for a growing child: the most it takes along the stack (length), "
                "so children of several faces line up at one size while there is room; the "
                "room it leaves goes to the other growing children, or stays at the end.",
    "when": "Draw the element only when true (Jinja, e.g. \"{{ level == 3 }}\").",
    "on_map": "Draw it on the page map of a tiled print (the face in small, without its "
              "text): false leaves it off there, e.g. a plaque whose words the map cannot "
              "show (it would print as an empty box).",
    "allow_small": "Print check override, for deliberate fine print: this element's text may "
                   "be as small as this (pt) instead of the game's minimum (6 pt).",
    "allow_thin": "Print check override: this element's lines may be as thin as this (pt) "
                  "instead of the game's minimum (0.25 pt).",
    "allow_low_contrast": "Print check override: the contrast ratio this element's text needs "
                          "against what is under it (instead of 4.5:1 below 9 pt, 3:1 above).",
    "role": "What the text is: game (default: 7 pt and capitals 1.7 mm tall, the game-text "
            "rule); rules (read during play: 8 pt, capitals 1.9 mm), board (9 pt), ladder (a "
            "set or score ladder on a card: 8 pt) or note (notes and references: 7 pt), the "
            "game's role_text minimums; or footer, credit, number (a card's number) or slug, "
            "which may be as small as the game's minimum (6 pt).",
    "writing_space": "Its squares or hexes take pencil marks: each icon it draws may put at "
                     "most the game's writing_ink share (0.25) of ink on its square (draw "
                     "figures in a light tone or in outline so an X reads over them).",
    "bleed_art": "Print check override: art meant to run off the edge, exempt from the safe "
                 "area (3 mm inside the trim).",
    "fill": "Fill colour, or none.",
    "stroke": "Outline colour, or none.",
    "stroke_width": "Outline width (length).",
    "line_width": "Width of the lines drawn (length).",
    "outline": "Colour of the heavy outline around the whole region, or none.",
    "outline_width": "Width of that outline (length).",
    "color": "Colour of the text, line or icon.",
    "icon": "An icon name (templates/icons/<name>.svg) or colour art set/name "
            "(templates/art/<set>/<name>.svg); `sheetgen reference` shows them all.",
    "icon_color": "Colour of the icons drawn inside the element.",
    "font": "Font family: title, body or runic (fonts/fonts.yaml), or a project's own.",
    "bold": "Bold style of the font family.",
    "italic": "Italic style of the font family.",
    "size": "Text size in points.",
    "text_size": "Size in points of the text written in each space.",
    "align": "Horizontal alignment of the text.",
    "valign": "Vertical alignment of the text in its box.",
    "gap": "Space between neighbouring marks or spaces (length).",
    "direction": "Which way the row of marks or spaces runs.",
    "radius": "Corner radius (length); half the height gives a pill or a circle.",
    "dash": "Dash pattern in points, e.g. [3, 2]; none for a solid line.",
    "label": "Text printed with the element.",
    "cells": "Cells that get a feature (see the element's description).",
    "header": "Shade the first row (or print this header text) as a heading.",
    "header_fill": "Fill colour of the heading.",
    "header_color": "Text colour of the heading.",
}


class FaceWarning(UserWarning):
    """A warning about one face that an element gives while it is prepared (art left out, a
    picture below 300 dpi): the builder reports it at the face's line. Any other warning raised
    meanwhile (by a library, or by another thread) is not the face's and goes on as it came."""


class ElementProblems(ValueError):
    """Several independent mistakes found while preparing one element, reported together."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


class Element(BaseModel):
    """Base of every element: a box placed by ``x``, ``y`` (from the top-left), ``w``, ``h``."""

    # defer_build: a class builds its validator on first use, so a build pays only for the
    # element types its templates use
    model_config = ConfigDict(extra="forbid", validate_default=True, defer_build=True)

    id: str | None = None
    x: XLength = 0.0
    y: YLength = 0.0
    w: Width = "100%"
    h: Height = "100%"
    place: Literal[PLACES] | None = None
    inset: Insets = 0.0
    grow: in_range(float, 0, 1000) | None = None
    grow_max: Length | None = None
    when: bool = True
    on_map: bool = True
    # Print-check overrides, visible in the template (sheetgen/checks/face_checks.py):
    # deliberate fine print (pt), hairlines (pt), low contrast (ratio), art meant to bleed.
    allow_small: float | None = None
    allow_thin: float | None = None
    allow_low_contrast: float | None = None
    bleed_art: bool = False
    # Its cells take pencil marks: icons in them are checked for ink (checks/writing_space.py)
    writing_space: bool = False
    # What the element's text is, for the game-text rule (sheetgen/checks/game_text.py): game
    # text must be 7 pt and 1.7 mm tall; rules, board, ladder and note text meet the game's
    # role_text minimums; footers, credits, card numbers and slugs may be 6 pt.
    role: TextRole = "game"

    doc: ClassVar[str] = ""
    # Descriptions of this element's own fields (shared names: SHARED_FIELD_DOCS)
    field_docs: ClassVar[dict[str, str]] = {}
    sample: ClassVar[dict] = {}

    @model_validator(mode="after")
    def _numbers_in_range(self):
        """Refuse any number (also inside lists and nested models) beyond +-NUMBER_LIMIT."""
        for name, value in self:
            bad = _beyond_limit(value)
            if bad is not None:
                raise ValueError(f"{name}: {bad:g} is outside the allowed range "
                                 f"{-NUMBER_LIMIT:,} to {NUMBER_LIMIT:,}")
        return self

    @classmethod
    def in_points(cls, values: dict, context: dict) -> "Element":
        """Return this element made by Python rather than written in a template: every float
        in ``values`` is taken as points as it is (a board side's bands, a variant's stamp),
        where a template's bare number would be millimetres."""
        return cls.model_validate({key: Points(value) if isinstance(value, float) else value
                                   for key, value in values.items()}, context=context)

    def icons(self) -> set[str]:
        """Return the icons this element draws (their forms are made before the face's).

        By default the value of an ``icon`` field, for the many elements that have one.
        """
        icon = getattr(self, "icon", None)
        return {icon} if isinstance(icon, str) and icon else set()

    def prepare(self, ctx: "DrawContext") -> None:
        """Do the work that can fail on user input (e.g. fit text) before anything is drawn."""

    def draw(self, canvas, ctx: "DrawContext") -> None:  # pragma: no cover - abstract
        """Paint the element on ``canvas`` in face coordinates."""
        raise NotImplementedError

    def content_height(self) -> float | None:
        """Return the height its content takes once prepared (``h: auto``); None: no such
        height (the element fills the box it is given)."""
        return None

    def content_width(self, ctx: "DrawContext") -> float | None:
        """Return the width its content takes (``w: auto``); None: no such width."""
        return None

    def bottom(self, ctx: "DrawContext") -> float:
        """Return the PDF y of the element's lower edge (templates measure y from the top)."""
        return ctx.height - self.y - self.h


def _beyond_limit(value: Any) -> float | None:
    """Return the first number in ``value`` (nested lists, dicts, models) beyond the limit."""
    kind = value.__class__
    if kind is str or kind is bool or value is None:  # most values: every element is checked
        return None
    if kind is float or kind is int:
        return value if abs(value) > NUMBER_LIMIT else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value if abs(value) > NUMBER_LIMIT else None
    if isinstance(value, BaseModel):
        value = list(value.__dict__.values())
    elif isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        for item in value:
            bad = _beyond_limit(item)
            if bad is not None:
                return bad
    return None


@dataclass
class DrawContext:
    """What drawing needs beyond an element's own fields: face size, fonts, icons, colour mode."""

    width: float
    height: float
    fonts: Any
    icons: Any
    cmyk: bool = False
    ink_saver: bool = False
    # an element set an opacity: the face's form then lists the graphics states it uses
    transparent: bool = False

    def set_opacity(self, canvas, opacity: float) -> None:
        """Make what is painted next see-through: 0 invisible, 1 opaque (PDF transparency)."""
        canvas.setFillAlpha(opacity)
        canvas.setStrokeAlpha(opacity)
        self.transparent = True

    def fill(self, canvas, rgb, is_fill: bool = True) -> None:
        """Set the fill colour (ink saver lightens fills; CMYK mode converts)."""
        if self.ink_saver and is_fill and rgb is not None and sum(rgb) < 2.7:
            rgb = tint(rgb, 0.75)
        if self.cmyk:
            canvas.setFillColorCMYK(*rgb_to_cmyk(rgb))
        else:
            canvas.setFillColorRGB(*rgb)

    def paint(self, canvas, fill, stroke, width: float) -> dict[str, int]:
        """Set fill, stroke and line width (None: not painted); return drawPath's flags."""
        if fill is not None:
            self.fill(canvas, fill)
        if stroke is not None:
            self.stroke(canvas, stroke)
            canvas.setLineWidth(width)
        return {"stroke": int(stroke is not None), "fill": int(fill is not None)}

    def stroke(self, canvas, rgb) -> None:
        """Set the stroke colour in the document's colour mode."""
        if self.cmyk:
            canvas.setStrokeColorCMYK(*rgb_to_cmyk(rgb))
        else:
            canvas.setStrokeColorRGB(*rgb)


# id(element) -> (weak reference to it, the icons it draws): elements are shared by many faces
# and not changed once prepared, so a big deck's faces do not search them again (issue 36)
_DRAWN_ICONS: dict[int, tuple[weakref.ref, frozenset[str]]] = {}


def drawn_icons(element: "Element") -> frozenset[str]:
    """Return every icon a prepared ``element`` draws: its own (:meth:`Element.icons`) and
    every inline ``:name:`` in any text it holds, worked out once per element object."""
    key = id(element)
    entry = _DRAWN_ICONS.get(key)
    if entry is not None and entry[0]() is element:
        return entry[1]
    icons = frozenset(element.icons() | written_icons(element))

    def forget(ref, key=key):
        if _DRAWN_ICONS.get(key, (None,))[0] is ref:
            del _DRAWN_ICONS[key]

    _DRAWN_ICONS[key] = (weakref.ref(element, forget), icons)
    return icons


def written_icons(value: Any) -> set[str]:
    """Return every inline icon (``:name:``) written in any text of ``value``: an element, or
    any list, mapping or model inside one (a track space's ``below``, a table cell...)."""
    if isinstance(value, str):
        return set(inline_icons(value)) if ":" in value else set()
    if isinstance(value, BaseModel):
        value = value.__dict__
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, (list, tuple)):
        return set()
    found: set[str] = set()
    for item in value:
        found |= written_icons(item)
    return found
