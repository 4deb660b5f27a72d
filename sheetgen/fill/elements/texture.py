"""``texture``: a seeded vector texture over a box (wood grain, parchment, waves, weave).

The marks are drawn in ``color`` mixed into ``base`` by ``strength`` (no transparency, so the
texture prints the same in CMYK and is flattened by nothing). The same ``seed`` gives the same
marks, so a build stays byte-identical; a different seed per card varies the pattern.
"""


import hashlib
import math
import random
from typing import Literal

from . import register
from .base import Color, Element, Length, Ratio
from .clip import ClipShape, clip_to, shape_path
from .sheet_common import MIN_LINE

def mix(base, color, strength: float):
    """Return ``color`` mixed into ``base``: strength 0 gives base, 1 gives color."""
    return tuple(b + (c - b) * strength for b, c in zip(base, color))


@register
class Texture(Element):
    """Marks that give a flat background material: grain, mottle, waves or weave."""

    type: Literal["texture"] = "texture"
    pattern: Literal["grain", "mottle", "waves", "weave"] = "mottle"
    base: Color = "parchment"
    color: Color = "brown"
    strength: Ratio = 0.12
    fill: bool = True
    scale: Length = "6mm"
    line_width: Length = "0.35mm"
    seed: str = ""
    clip: ClipShape = None
    radius: Length = "3mm"

    doc = ("A seeded vector texture filling the box (or a clip shape in it): pattern grain "
           "(wood planks), mottle (parchment blots), waves (sea scallops) or weave (a diagonal "
           "lattice). Marks are color mixed into base by strength (0..1); fill: true paints "
           "base first. scale sets the mark spacing; the same seed always draws the same "
           "marks.")
    field_docs = {
        "pattern": "grain (wood planks), mottle (parchment blots), waves (sea) or weave "
                   "(sailcloth lattice).",
        "base": "Colour under the marks (painted first when fill is true).",
        "color": "Colour mixed into base to draw the marks.",
        "strength": "How much of color is in the marks, 0 (invisible) to 1 (pure color).",
        "fill": "Paint base over the box before the marks.",
        "scale": "Spacing of the marks (length).",
        "seed": "Any text; the same seed draws the same marks (e.g. the card's name).",
        "clip": "The shape the texture fills inside its box: rect (the default), rounded "
                "(corners of radius), circle, ellipse, hexagon (points left and right), "
                "hexagon-pointy, or SVG path data (M ...) stretched over the box.",
        "radius": "Corner radius of clip: rounded (length).",
    }
    sample = {"type": "texture", "x": 0, "y": 0, "w": "40mm", "h": "30mm", "pattern": "grain",
              "base": "parchment", "color": "brown", "strength": 0.15, "seed": "sample"}

    def draw(self, canvas, ctx) -> None:
        """Paint the base (optional), then the pattern clipped to the box."""
        base = self.base if self.base is not None else (1.0, 1.0, 1.0)
        x0, y0 = self.x, self.bottom(ctx)
        canvas.saveState()
        if self.clip in (None, "rect"):
            path = canvas.beginPath()
            path.rect(x0, y0, self.w, self.h)
            canvas.clipPath(path, stroke=0, fill=0)
            if self.fill and self.base is not None:
                ctx.fill(canvas, base)
                canvas.rect(x0, y0, self.w, self.h, stroke=0, fill=1)
        else:  # the shape: clipped to, and filled with the base
            clip_to(canvas, self.clip, x0, y0, self.w, self.h, self.radius)
            if self.fill and self.base is not None:
                ctx.fill(canvas, base)
                canvas.drawPath(shape_path(canvas, self.clip, x0, y0, self.w, self.h,
                                           self.radius), stroke=0, fill=1)
        if self.color is not None and self.strength > 0:
            ink = mix(base, self.color, min(self.strength, 1.0))
            ctx.fill(canvas, ink)
            ctx.stroke(canvas, ink)
            canvas.setLineWidth(max(self.line_width, MIN_LINE))
            canvas.setLineCap(1)
            self._marks(canvas, x0, y0)
        canvas.restoreState()

    def _marks(self, canvas, x0: float, y0: float) -> None:
        """Draw the pattern's marks in the box whose lower-left corner is (x0, y0)."""
        rng = random.Random(hashlib.sha1(
            f"{self.seed}|{self.pattern}|{self.w:.1f}|{self.h:.1f}".encode()).hexdigest())
        getattr(self, f"_{self.pattern}")(canvas, rng, x0, y0)

    def _grain(self, canvas, rng, x0, y0) -> None:
        """Wood: long wavy lines in planks, a seam between planks and a few knots."""
        plank = self.scale * 4
        rows = max(1, math.ceil(self.h / plank))
        for r in range(rows + 1):
            py = y0 + r * plank
            canvas.line(x0, py, x0 + self.w, py)
            for k in range(5):
                path = canvas.beginPath()
                yy = py + plank * (k + 0.5) / 5 + rng.uniform(-1, 1)
                path.moveTo(x0 - 5, yy)
                x = x0 - 5
                while x < x0 + self.w + 5:
                    step = rng.uniform(1.5, 3.5) * self.scale
                    amp = rng.uniform(-0.25, 0.25) * plank / 5
                    path.curveTo(x + step / 3, yy + amp, x + 2 * step / 3, yy - amp, x + step, yy)
                    x += step
                canvas.drawPath(path, stroke=1, fill=0)
            for _ in range(max(1, int(self.w / (self.scale * 12)))):
                if rng.random() < 0.5:
                    kx, ky = x0 + rng.uniform(0, self.w), py + rng.uniform(0.3, 0.7) * plank
                    canvas.ellipse(kx - self.scale * 0.6, ky - self.scale * 0.25,
                                   kx + self.scale * 0.6, ky + self.scale * 0.25, stroke=1, fill=0)

    def _mottle(self, canvas, rng, x0, y0) -> None:
        """Parchment: soft blots of varied size and a sprinkle of fibres."""
        count = int(self.w * self.h / (self.scale * self.scale) * 0.6) + 1
        for _ in range(min(count, 4000)):
            cx, cy = x0 + rng.uniform(0, self.w), y0 + rng.uniform(0, self.h)
            r = self.scale * rng.uniform(0.08, 0.35)
            if rng.random() < 0.7:
                canvas.circle(cx, cy, r, stroke=0, fill=1)
            else:
                angle = rng.uniform(0, math.pi)
                dx, dy = math.cos(angle) * r * 3, math.sin(angle) * r * 3
                canvas.line(cx - dx, cy - dy, cx + dx, cy + dy)

    def _waves(self, canvas, rng, x0, y0) -> None:
        """Sea: staggered rows of scallops."""
        step = self.scale
        rows = int(self.h / (step * 0.6)) + 2
        lift = step * 0.3
        for r in range(rows):
            cy = y0 + r * step * 0.6
            offset = (r % 2) * step / 2 + rng.uniform(-0.1, 0.1) * step
            x = x0 - step + offset
            path = canvas.beginPath()
            path.moveTo(x, cy)
            while x < x0 + self.w + step:
                path.curveTo(x + step * 0.2, cy + lift, x + step * 0.8, cy + lift, x + step, cy)
                x += step
            canvas.drawPath(path, stroke=1, fill=0)

    def _weave(self, canvas, rng, x0, y0) -> None:
        """A diagonal lattice, like woven sailcloth."""
        step = self.scale
        span = self.w + self.h
        k = -self.h
        while k < span:
            canvas.line(x0 + k, y0, x0 + k + self.h, y0 + self.h)
            canvas.line(x0 + k, y0 + self.h, x0 + k + self.h, y0)
            k += step
