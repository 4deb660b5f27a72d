"""The writing-space check: an icon printed where a pencil mark goes lets the mark read.

An element that says ``writing_space: true`` (a grid whose squares or hexes take an X or a
blackened fire) is checked icon by icon: the ink an icon puts on its square, the share of the
square its picture covers times the darkness of its colour, must stay at or under the game's
``print_checks: {writing_ink: 0.25}``. A solid black figure fails; the same figure in a light
tone, or an outline icon, passes. The picture is rasterised alone once (pdfium, 64 px).
"""

from __future__ import annotations

import io

PIXELS = 64


def _luminance(colour) -> float:
    """Return the lightness of an sRGB colour as ink sees it (gamma-encoded channels, not the
    WCAG relative luminance): 1 - this is the share of full ink a tone lays down."""
    r, g, b = colour
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


_COVERAGE: dict[tuple, float] = {}  # (icon file, name) -> coverage, once per process


def _coverage(icons, name: str) -> float:
    """Return the share (0-1) of ``name``'s square its picture covers, anti-aliased edges
    counted by their grey."""
    key = (str(icons.files.get(name, "")), name)
    if key not in _COVERAGE:
        _COVERAGE[key] = _measured(icons, name)
    return _COVERAGE[key]


def _measured(icons, name: str) -> float:
    from reportlab.pdfgen.canvas import Canvas

    from ..write.raster import first_page_fitting

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PIXELS, PIXELS))
    icons.form_name(canvas, name)
    canvas.setFillColorRGB(0, 0, 0)
    icons.draw(canvas, name, 0, 0, PIXELS)
    canvas.showPage()
    canvas.save()
    grey = first_page_fitting(buffer.getvalue(), PIXELS).convert("L").tobytes()
    return sum(255 - value for value in grey) / (255 * len(grey))


def icon_ink(icons, name: str, colour) -> float:
    """Return the ink share (0-1) icon ``name`` in ``colour`` (RGB 0-1; None: black) puts on
    its square: its coverage times its colour's darkness."""
    darkness = 1.0 if colour is None else 1.0 - _luminance(colour)
    return _coverage(icons, name) * darkness
