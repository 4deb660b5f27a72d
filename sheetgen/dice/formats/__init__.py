"""Script writers, one module per format; each returns ``str`` or ``bytes`` for one script.

Only the PDF writer imports ReportLab, and only when it runs.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

FORMATS = {"text": "as_text", "json": "as_json", "csv": "as_csv", "html": "as_html",
           "pdf": "as_pdf"}


def writer(fmt: str) -> Callable:
    """Return the ``render(script)`` function of a format name."""
    return import_module(f"{__name__}.{FORMATS[fmt]}").render
