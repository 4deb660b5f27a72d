"""Paint an :class:`~.model.Art` on a ReportLab canvas, as vector: paths, flat colours,
gradients (PDF shadings), opacity, clips.

Art is drawn into a 1 x 1 form, its viewBox stretched to the square (y upwards): the element
scales the form back to the art's proportions, so the form's square is exactly the art's box.
A one-colour icon sets no colour (the colour set before ``doForm`` shows through); colour art
sets its own, in the document's colour mode: CMYK when asked, paler for the ink saver (as
every fill). CMYK files carry no transparency (print shops and PDF/X-1a refuse it): a
translucent colour is printed as the ink it leaves on white paper, each ink times its opacity
(exact over the paper, not over other art; an icon's own colour showing through is opaque).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFRadialShading
from reportlab.pdfgen.canvas import _buildColorFunction, _normalizeColors
from reportlab.pdfgen.pathobject import PDFPathObject

from ...write import speed_layer
from ..colors import rgb_to_cmyk, tint
from .model import CURRENT, IDENTITY, Art, Gradient, Shape, transformed
from .shapes import bounds

EVEN_ODD, NON_ZERO = 0, 1  # ReportLab's fillMode values


@dataclass(frozen=True)
class Inks:
    """The document's colour mode: CMYK (opacity flattened into the inks), and the ink
    saver's paler fills."""

    cmyk: bool = False
    ink_saver: bool = False
    tint: tuple | None = None  # every colour multiplied by it (an image's ``tint``)
    # a CMYK document's opacity of the whole art (an image's ``opacity``), flattened into
    # every ink as ``alpha`` is
    fade: float = 1.0

    def tinted(self, rgb: tuple) -> tuple:
        """Return ``rgb`` multiplied by the tint (as if printed through tinted glass)."""
        return rgb if self.tint is None else tuple(v * t for v, t in zip(rgb, self.tint))

    def fill_colour(self, rgb: tuple) -> tuple:
        """Return ``rgb`` as the ink saver prints a fill of it (as ``DrawContext.fill``)."""
        rgb = self.tinted(rgb)
        return tint(rgb, 0.75) if self.ink_saver and sum(rgb) < 2.7 else rgb

    def inks(self, rgb: tuple, alpha: float = 1.0) -> tuple:
        """Return the CMYK inks of ``rgb`` at opacity ``alpha`` (times the art's own
        ``fade``), as printed on white paper."""
        return tuple(v * alpha * self.fade for v in rgb_to_cmyk(rgb))

    def colour(self, rgb: tuple, fill: bool = True, alpha: float = 1.0):
        """Return a ReportLab colour object for a gradient stop (``alpha``: its opacity,
        flattened into the inks in CMYK; an RGB document applies it as transparency)."""
        rgb = self.fill_colour(rgb) if fill else self.tinted(rgb)
        return CMYKColor(*self.inks(rgb, alpha)) if self.cmyk else Color(*rgb)

    def set_fill(self, canvas, rgb: tuple, alpha: float = 1.0) -> None:
        """Set the fill colour at opacity ``alpha``."""
        rgb = self.fill_colour(rgb)
        if self.cmyk:
            canvas.setFillColorCMYK(*self.inks(rgb, alpha))
            return
        canvas.setFillColorRGB(*rgb)
        if alpha < 1:
            canvas.setFillAlpha(alpha)

    def set_stroke(self, canvas, rgb: tuple, alpha: float = 1.0) -> None:
        """Set the stroke colour at opacity ``alpha``."""
        rgb = self.tinted(rgb)
        if self.cmyk:
            canvas.setStrokeColorCMYK(*self.inks(rgb, alpha))
            return
        canvas.setStrokeColorRGB(*rgb)
        if alpha < 1:
            canvas.setStrokeAlpha(alpha)


# ReportLab's path operators (pathobject.PDFPathObject): moveTo, lineTo, curveTo, close
_OPERATORS = {"M": " m", "L": " l", "C": " c"}


def _path(canvas, commands):
    """Return a path object of ``commands`` (M, L, C, Z): what ReportLab's moveTo, lineTo,
    curveTo and close write, each operator formatted in one step instead of one method call
    each (colour art is thousands of commands, drawn in every cold build)."""
    path = canvas.beginPath()
    # a PDF path starts with a move (a probe's path, checks/probe.py, takes the calls); with
    # the speed layer off, ReportLab's own calls (the golden test compares the two)
    if (speed_layer.ENABLED and type(path) is PDFPathObject and commands
            and commands[0][0] == "M"):
        ops = _OPERATORS
        path._code.append("n")  # what its first operator adds
        path._code += [fp_str(*cmd[1:]) + ops[cmd[0]] if cmd[0] in ops else "h"
                       for cmd in commands]
        path._code_append = path._code.append
        return path
    for cmd in commands:
        if cmd[0] == "M":
            path.moveTo(cmd[1], cmd[2])
        elif cmd[0] == "L":
            path.lineTo(cmd[1], cmd[2])
        elif cmd[0] == "C":
            path.curveTo(*cmd[1:])
        else:
            path.close()
    return path


def draw_one_colour(canvas, art: Art) -> None:
    """Fill every filled shape of a one-colour icon as one outline, then stroke its stroked
    shapes, without setting a colour (the fill and stroke colours set before show through).

    The outline is filled even-odd, as game-icons always were, unless the file says
    ``fill-rule: nonzero``.
    """
    vx, vy, vw, vh = art.box
    sx, sy = 1 / vw, 1 / vh
    filled = [shape for shape in art.shapes if shape.fill is not None]
    if filled:
        _one_outline(canvas, filled, vx, vy, sx, sy)
    stroked = [shape for shape in art.shapes if shape.stroke is not None]
    if not stroked:
        return
    canvas.saveState()
    canvas.transform(sx, 0, 0, -sy, -vx * sx, 1 + vy * sy)
    for shape in stroked:
        canvas.saveState()
        if shape.matrix != IDENTITY:
            canvas.transform(*shape.matrix)
        _pen(canvas, shape)
        canvas.drawPath(_path(canvas, shape.commands), stroke=1, fill=0)
        canvas.restoreState()
    canvas.restoreState()


def _one_outline(canvas, shapes: list, vx: float, vy: float, sx: float, sy: float) -> None:
    """Fill ``shapes`` as one outline in the unit square (the viewBox's y turned upwards)."""
    path = canvas.beginPath()
    for shape in shapes:
        for cmd in transformed(shape.commands, shape.matrix):
            # SVG y grows downwards; the form's y grows upwards.
            pts = [((cmd[i] - vx) * sx, 1 - (cmd[i + 1] - vy) * sy)
                   for i in range(1, len(cmd), 2)]
            if cmd[0] == "M":
                path.moveTo(*pts[0])
            elif cmd[0] == "L":
                path.lineTo(*pts[0])
            elif cmd[0] == "C":
                path.curveTo(*pts[0], *pts[1], *pts[2])
            else:
                path.close()
    nonzero = any(s.explicit_rule and not s.evenodd for s in shapes)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=NON_ZERO if nonzero else EVEN_ODD)


def draw_colour(canvas, art: Art, inks: Inks) -> None:
    """Paint colour art with its own colours, gradients, opacity and clips."""
    vx, vy, vw, vh = art.box
    canvas.saveState()
    canvas.transform(1 / vw, 0, 0, -1 / vh, -vx / vw, 1 + vy / vh)
    for shape in art.shapes:
        canvas.saveState()
        for clip in shape.clips:
            canvas.clipPath(_path(canvas, clip.commands), stroke=0, fill=0,
                            fillMode=EVEN_ODD if clip.evenodd else NON_ZERO)
        if shape.matrix != IDENTITY:
            canvas.transform(*shape.matrix)
        path = _path(canvas, shape.commands)
        if isinstance(shape.fill, Gradient):
            _shade(canvas, shape, path, inks)
        elif shape.fill is not None:
            if shape.fill != CURRENT:
                inks.set_fill(canvas, shape.fill, shape.fill_alpha)
            elif shape.fill_alpha < 1 and not inks.cmyk:
                canvas.setFillAlpha(shape.fill_alpha)
            canvas.drawPath(path, stroke=0, fill=1,
                            fillMode=EVEN_ODD if shape.evenodd else NON_ZERO)
        if shape.stroke is not None:
            _stroke(canvas, shape, path, inks)
        canvas.restoreState()
    canvas.restoreState()


def _stroke(canvas, shape: Shape, path, inks: Inks) -> None:
    stroke = shape.stroke
    if isinstance(stroke, Gradient):  # drawn in its middle stop's colour (warned when read)
        stroke = stroke.stops[len(stroke.stops) // 2].rgb
    inks.set_stroke(canvas, (0.0, 0.0, 0.0) if stroke == CURRENT else stroke,
                    shape.stroke_alpha)
    _pen(canvas, shape)
    canvas.drawPath(path, stroke=1, fill=0)


def _pen(canvas, shape: Shape) -> None:
    """Set the line width, caps, joins, miter limit and dashes a shape's stroke asks for."""
    canvas.setLineWidth(shape.stroke_width)
    canvas.setLineCap(shape.cap)
    canvas.setLineJoin(shape.join)
    canvas.setMiterLimit(shape.miter)
    if shape.dash:
        canvas.setDash(list(shape.dash))


def _shade(canvas, shape: Shape, path, inks: Inks) -> None:
    """Fill ``path`` with its gradient: clip to it, then paint the shading over it."""
    gradient = shape.fill
    canvas.saveState()
    canvas.clipPath(path, stroke=0, fill=0, fillMode=EVEN_ODD if shape.evenodd else NON_ZERO)
    if gradient.bounding_box:
        x0, y0, x1, y1 = bounds(shape.commands)
        if x1 - x0 <= 0 or y1 - y0 <= 0:
            canvas.restoreState()
            return
        canvas.transform(x1 - x0, 0, 0, y1 - y0, x0, y0)
    if gradient.matrix != IDENTITY:
        canvas.transform(*gradient.matrix)
    if inks.cmyk:  # each stop's opacity flattened into its inks
        colours = [inks.colour(s.rgb, alpha=s.opacity * shape.fill_alpha)
                   for s in gradient.stops]
    else:
        opacity = shape.fill_alpha * sum(s.opacity for s in gradient.stops) / len(gradient.stops)
        if opacity < 1:
            canvas.setFillAlpha(opacity)
        colours = [inks.colour(s.rgb) for s in gradient.stops]
    positions = [s.offset for s in gradient.stops]
    if gradient.kind == "linear":
        canvas.linearGradient(*gradient.coords, colours, positions, extend=True)
    else:
        cx, cy, r, fx, fy = gradient.coords
        space, ncolours = _normalizeColors(colours)
        canvas.shade(PDFRadialShading(fx, fy, 0.0, cx, cy, r,
                                      Function=_buildColorFunction(ncolours, positions),
                                      ColorSpace=space, Extend="[true true]"))
    canvas.restoreState()
