"""Paint servers and clips of an SVG: ``url(#...)`` references to gradients and clip paths,
and flat colours with ``currentColor``."""

from __future__ import annotations

import math
import re

from .model import CURRENT, Clip, Gradient, Stop, multiply, transformed
from .shapes import SHAPES, shape_commands
from .values import SVG_NS, colour, describe, fraction, length, transform

_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)['\"]?\s*\)\s*(.*)$")
MAX_HREF_CHAIN = 8


class Paints:
    """Resolves the paints and clips of one SVG (``reader``: its ids, styles, warnings)."""

    def __init__(self, reader, box: tuple):
        self.reader = reader
        self.box = box
        self.diagonal = math.hypot(box[2], box[3]) / math.sqrt(2)
        self._gradients: dict[str, object] = {}
        self._clips: dict[tuple, object] = {}

    def _target(self, value: str, el):
        """Return (element referenced by ``url(#id)``, fallback text)."""
        found = _URL.match(value)
        if found is None:
            raise ValueError(f"{value[:60]!r} is not a url(#id) reference")
        ref, fallback = found.group(1).strip(), found.group(2).strip()
        if not ref.startswith("#"):
            raise ValueError(f"references {ref[:60]!r} outside the file; external references "
                             "are never fetched")
        target = self.reader.ids.get(ref[1:])
        if target is None:
            self.reader.warn(f"{describe(el)}: nothing has the id {ref[1:]!r}")
        return target, fallback

    def paint(self, value: str, style: dict, el):
        """Return the paint of a fill or stroke value (see :class:`~.model.Shape`)."""
        if not value.lstrip().startswith("url("):
            found = colour(value)
            if found == CURRENT and "color" in style:
                return colour(style["color"])
            return found
        target, fallback = self._target(value, el)
        tag = target.tag.removeprefix(SVG_NS) if target is not None else None
        if tag in ("linearGradient", "radialGradient"):
            key = target.get("id")
            if key not in self._gradients:
                self._gradients[key] = self._gradient(target)
            return self._gradients[key]
        if tag is not None:
            self.reader.warn(f"{describe(el)}: a <{tag}> paint is not drawn; its fallback "
                             f"colour ({fallback or 'none'}) is used")
        return self.paint(fallback, style, el) if fallback else None

    def _gradient(self, el):
        """Return the Gradient (or flat colour, or None) a gradient element paints."""
        chain = [el]
        while len(chain) <= MAX_HREF_CHAIN:
            href = chain[-1].get("href") or chain[-1].get("{http://www.w3.org/1999/xlink}href")
            nxt = self.reader.ids.get(href[1:]) if href and href.startswith("#") else None
            if nxt is None or nxt in chain:
                break
            chain.append(nxt)

        def attr(name, default):
            return next((g.get(name) for g in chain if g.get(name) is not None), default)

        try:
            stops = self._stops(next((g for g in chain if g.find(SVG_NS + "stop") is not None),
                                     el))
            box_units = attr("gradientUnits", "objectBoundingBox") != "userSpaceOnUse"
            if attr("spreadMethod", "pad") != "pad":
                self.reader.warn(f"{describe(el)}: spreadMethod "
                                 f"{attr('spreadMethod', '')!r} is drawn as pad")
            w, h = (1.0, 1.0) if box_units else (self.box[2], self.box[3])
            d = 1.0 if box_units else self.diagonal
            if el.tag == SVG_NS + "linearGradient":
                coords = (length(attr("x1", "0%"), "x1", w), length(attr("y1", "0%"), "y1", h),
                          length(attr("x2", "100%"), "x2", w), length(attr("y2", "0%"), "y2", h))
            else:
                cx, cy = length(attr("cx", "50%"), "cx", w), length(attr("cy", "50%"), "cy", h)
                coords = (cx, cy, length(attr("r", "50%"), "r", d),
                          length(attr("fx", attr("cx", "50%")), "fx", w),
                          length(attr("fy", attr("cy", "50%")), "fy", h))
            matrix = transform(attr("gradientTransform", ""))
        except ValueError as exc:
            raise ValueError(f"{describe(el)}: {exc}") from None
        if len({s.opacity for s in stops}) > 1:
            self.reader.warn(f"{describe(el)}: stop-opacity varies along the gradient; PDF "
                             "shadings carry no opacity, so it is drawn at its average opacity")
        if not stops:
            return None
        if len(stops) == 1:
            return stops[0].rgb
        kind = "linear" if el.tag == SVG_NS + "linearGradient" else "radial"
        return Gradient(kind, coords, tuple(stops), box_units, matrix)

    def _stops(self, el) -> list[Stop]:
        stops, last = [], 0.0
        for stop in el.iter(SVG_NS + "stop"):
            own = self.reader.props(stop, "stop")
            offset = max(last, min(1.0, max(0.0, length(stop.get("offset") or "0", "offset",
                                                        1.0))))
            rgb = colour(own.get("stop-color", "black"))
            rgb = (0.0, 0.0, 0.0) if rgb is None or rgb == CURRENT else rgb
            stops.append(Stop(offset, rgb, fraction(own.get("stop-opacity", "1"),
                                                     "stop-opacity")))
            last = offset
        return stops

    def clip(self, value: str, matrix: tuple, el):
        """Return the Clip of a ``clip-path`` value in the art's coordinates (None: none)."""
        target, _ = self._target(value, el)
        if target is None:
            return None
        if target.tag != SVG_NS + "clipPath":
            self.reader.warn(f"{describe(el)}: clip-path names {describe(target)}, not a "
                             "<clipPath>; it is not clipped")
            return None
        if target.get("clipPathUnits") == "objectBoundingBox":
            self.reader.warn(f"{describe(target)}: clipPathUnits objectBoundingBox is not "
                             "followed; the art is not clipped")
            return None
        key = (target.get("id"), matrix)
        if key not in self._clips:
            self._clips[key] = clip_of(self.reader, target, matrix)
        return self._clips[key]


def clip_of(reader, el, matrix: tuple) -> Clip | None:
    """Return the clip a ``<clipPath>`` element makes, in the art's coordinates."""
    commands: list = []
    evenodd = False
    for child in el:
        if not isinstance(child.tag, str):
            continue
        tag = child.tag.removeprefix(SVG_NS)
        if tag == "use":
            href = child.get("href") or child.get("{http://www.w3.org/1999/xlink}href") or ""
            child = reader.ids.get(href[1:]) if href.startswith("#") else None
            tag = child.tag.removeprefix(SVG_NS) if child is not None else ""
        if tag not in SHAPES:
            continue
        own = reader.props(child, tag)
        inner = multiply(matrix, transform(child.get("transform") or ""))
        commands += transformed(shape_commands(tag, child.get, reader.paints.box), inner)
        evenodd |= own.get("clip-rule") == "evenodd"
    return Clip(tuple(commands), evenodd) if commands else None
