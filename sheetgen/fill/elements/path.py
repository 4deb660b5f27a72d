"""``path``: a track of named spaces around a rectangle, a closed loop or along a line.

The spaces follow the box's perimeter (``shape: rectangle``: corners, numbering direction,
start corner) or ``points`` given in the box (``loop``, ``line``). Each space has a label, an
icon and a fill; ``numbers`` numbers them in track order. "12 named spaces around a board" is
the element, a size and the list of names.
"""


from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr, field_validator, model_validator

from . import register
from .base import Color, Element, FontFamily, FontSize, IconName, Length, TextValue
from .sheet_common import MIN_LINE, icon_at, label, pen
from ..layout import LayoutError
from ..perimeter import CORNERS, along, rectangle
from ..textlayout import TextFitError, layout, parse
from ...base.units import to_points


class PathSpace(BaseModel):
    """One space: its label, icon and fill (a bare text is its label)."""

    model_config = ConfigDict(extra="forbid", validate_default=True)

    label: TextValue = ""
    icon: IconName | None = None
    fill: Color | None = None


@register
class Path(Element):
    """Spaces along a rectangle's edge, a loop or a line, each with a label and an icon."""

    type: Literal["path"] = "path"
    spaces: list[PathSpace | TextValue]
    shape: Literal["rectangle", "loop", "line"] = "rectangle"
    points: list[tuple[Any, Any]] = []
    space: Length | tuple[Length, Length] = "20mm"
    gap: Length | None = None
    corners: bool = True
    start: Literal[CORNERS] = "top-left"
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    numbers: int | None = None
    style: Literal["square", "rounded", "circle"] = "rounded"
    fill: Color = "white"
    stroke: Color = "ink"
    line_width: Length = "0.3mm"
    connect: Color = "none"
    text_color: Color = "ink"
    icon_color: Color = "dark-gray"
    label_size: FontSize = 8.0
    min_label_size: FontSize = 8.0
    number_size: FontSize = 7.0
    number_font: FontFamily = "label"
    _centres: list = PrivateAttr(default_factory=list)
    _labels: list = PrivateAttr(default_factory=list)

    doc = ("A track of named spaces around the box's edge (shape: rectangle; corners: true puts "
           "spaces on the corners; numbered clockwise or counterclockwise from the start "
           "corner), around a closed loop or along a line through points (lengths or % of the "
           "box). Each space: a label (wrapped, shrunk down to min_label_size), an icon, a "
           "fill; numbers: N numbers them from N; connect draws a line through their centres.")
    field_docs = {
        "spaces": "The spaces in track order: a label, or {label, icon, fill}.",
        "shape": "rectangle (the box's edge), loop (closed, through points) or line (open, "
                 "from the first point to the last).",
        "points": "Loop and line: [x, y] points from the box's top-left corner (lengths or "
                  "% of the box), the centres' way.",
        "space": "Size of one space: one length (square) or [w, h].",
        "gap": "Line: the distance between neighbouring spaces' edges, from the first point "
               "(default: spread from the first point to the last). Loop: the same around "
               "from the first point (default: spread evenly).",
        "corners": "Rectangle: spaces on the four corners (else only along the sides).",
        "start": "Rectangle: the corner the first space sits on (or follows).",
        "direction": "Rectangle and loop: which way round the spaces run, as seen on the page.",
        "numbers": "Number the spaces in track order from N (small, in their top-left corner).",
        "style": "Shape of a space: square, rounded or circle.",
        "fill": "Fill of a space that gives none.",
        "stroke": "Outline colour of the spaces.",
        "connect": "Colour of a line joining the spaces' centres (drawn under them), or none.",
        "text_color": "Colour of the labels and numbers.",
        "label_size": "Size in points of the labels (shrunk to fit, down to min_label_size).",
        "min_label_size": "Smallest size in points a label may shrink to (below 8 pt the "
                          "body font's capitals fall under the game-text check's 1.7 mm).",
        "number_size": "Size in points of the numbers.",
        "number_font": "Font family of the numbers (label: lining figures, as tall as "
                       "capitals).",
    }
    sample = {"type": "path", "x": "2mm", "y": "2mm", "w": "120mm", "h": "80mm",
              "space": "18mm", "numbers": 1,
              "spaces": ["Start", {"label": "Market", "icon": "coins"}, "Forge", "Fjord",
                         "Hall", "Shrine", "Farm", "Tower"]}

    @field_validator("spaces")
    @classmethod
    def _named(cls, value: list) -> list:
        if not value:
            raise ValueError("a path needs at least one space")
        if len(value) > 500:
            raise ValueError(f"{len(value)} spaces; the limit is 500")
        return [PathSpace(label=v) if isinstance(v, str) else v for v in value]

    @model_validator(mode="after")
    def _place_spaces(self):
        size = self.space if isinstance(self.space, tuple) else (self.space, self.space)
        try:
            if self.shape == "rectangle":
                if self.points:
                    raise ValueError("points are for a loop or a line; a rectangle follows "
                                     "the box's edge")
                centres = rectangle(self.w, self.h, size, len(self.spaces), self.corners,
                                    self.start, self.direction == "clockwise")
            else:
                points = [self._point(p) for p in self.points]
                if len(points) < 2:
                    raise ValueError(f"a {self.shape} needs 2 or more points: [[x, y], ...]")
                pitch = None if self.gap is None else self.gap + size[0]
                clockwise = self.direction == "clockwise" if self.shape == "loop" else None
                centres = along(points, len(self.spaces), self.shape == "loop", pitch,
                                clockwise)
        except LayoutError as exc:
            raise ValueError(f"{exc}; enlarge the box, shrink space or use fewer spaces") \
                from None
        self._centres = centres
        return self

    def _point(self, point) -> tuple[float, float]:
        return (to_points(point[0], self.w), to_points(point[1], self.h))

    def size(self) -> tuple[float, float]:
        """Return (w, h) of one space."""
        return self.space if isinstance(self.space, tuple) else (self.space, self.space)

    def icons(self) -> set[str]:
        """Return every space's icon."""
        return {s.icon for s in self.spaces if s.icon}

    def prepare(self, ctx) -> None:
        """Fit each label in its space (wrapped, shrunk down to min_label_size)."""
        sw, sh = self.size()
        room = sh * (0.45 if any(s.icon for s in self.spaces) else 0.8)
        fonts = ctx.fonts

        def measure(text, bold, size):
            return fonts.width(text, fonts.font_name("body", True), size)

        self._labels = []
        for index, space in enumerate(self.spaces):
            try:
                self._labels.append(layout(parse(space.label), sw * 0.86, room, measure,
                                           self.label_size, self.min_label_size, 1.1)
                                    if space.label else None)
            except TextFitError as exc:
                raise ValueError(f"space {index + 1} ({space.label!r}): {exc}; shorten it or "
                                 "enlarge space") from None

    def draw(self, canvas, ctx) -> None:
        """Paint the connecting line, then each space with its icon, label and number."""
        if not self._labels:
            self.prepare(ctx)
        top = ctx.height - self.y
        centres = [(self.x + cx, top - cy) for cx, cy in self._centres]
        if self.connect is not None and len(centres) > 1:
            canvas.saveState()
            ctx.stroke(canvas, self.connect)
            canvas.setLineWidth(max(self.line_width, MIN_LINE))
            line = canvas.beginPath()
            line.moveTo(*centres[0])
            for point in centres[1:] + (centres[:1] if self.shape != "line" else []):
                line.lineTo(*point)
            canvas.drawPath(line, stroke=1, fill=0)
            canvas.restoreState()
        for index, (space, lines, (cx, cy)) in enumerate(zip(self.spaces, self._labels,
                                                              centres)):
            self._space(canvas, ctx, space, lines, cx, cy, index)

    def _space(self, canvas, ctx, space: PathSpace, lines, cx, cy, index: int) -> None:
        sw, sh = self.size()
        canvas.saveState()
        paint = ctx.paint(canvas, space.fill or self.fill, self.stroke,
                          max(self.line_width, MIN_LINE))
        if self.style == "circle":
            canvas.circle(cx, cy, min(sw, sh) / 2, **paint)
        else:
            radius = min(sw, sh) * (0.15 if self.style == "rounded" else 0.0)
            canvas.roundRect(cx - sw / 2, cy - sh / 2, sw, sh, radius, **paint)
        canvas.restoreState()
        text_h = lines.height if lines else 0.0
        if space.icon:
            size = min(sw * 0.5, sh * 0.4)
            gap = sh * 0.05 if lines else 0.0
            icon_y = cy + (text_h + gap) / 2
            icon_at(canvas, ctx, space.icon, cx, icon_y, size, self.icon_color)
            text_top = icon_y - size / 2 - gap
        else:
            text_top = cy + text_h / 2
        if lines:
            for i, line in enumerate(lines.lines):
                words = " ".join(run.text for run, _ in line.runs)
                middle = text_top - i * lines.size * lines.leading - lines.size / 2
                label(canvas, ctx, words, cx, middle, lines.size, pen(self.text_color),
                      bold=True)
        if self.numbers is not None:
            label(canvas, ctx, str(self.numbers + index), cx - sw / 2 + sw * 0.08, cy + sh / 2
                  - self.number_size * 0.9, self.number_size, pen(self.text_color), align="left",
                  font=self.number_font)
