"""Whether the speed layer is on: FastCanvas, cached font subsets and replayed forms.

The speed layer (``fast_canvas``, ``font_subsets``, ``form_replay``, ``pdf_objects``,
``pdf_format``, and the paths of colour art in ``fill/art/draw.py``) writes the same bytes as
ReportLab's stock ``Canvas``, ``TTFont``, forms, path objects and object formatting, faster,
through ReportLab's private names.
``SHEETGEN_SPEED_LAYER=off`` switches it off, so a test can build the whole catalogue both
ways and compare bytes (``tests/test_golden.py``): the proof that a ReportLab upgrade has not
made the two part. (Off, fonts are ``font_subsets.TaggedTTFont``: ReportLab's subset code
with each subset's own tag, which both ways write.)
"""

from __future__ import annotations

import os

ENABLED = os.environ.get("SHEETGEN_SPEED_LAYER", "on").lower() not in {"off", "0", "no"}


def canvas_class() -> type:
    """Return the canvas documents draw on: the speed layer's ``FastCanvas``, unless it is
    off (ReportLab's ``Canvas``). The one place that chooses, for faces' documents and roll
    sheets alike."""
    if ENABLED:
        from .fast_canvas import FastCanvas

        return FastCanvas
    from reportlab.pdfgen.canvas import Canvas

    return Canvas
