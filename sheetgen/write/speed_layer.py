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
