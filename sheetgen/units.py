"""Lengths in real units (``12mm``, ``0.5in``, ``9pt``, ``50%``) resolved to PDF points once."""

from __future__ import annotations

import re

MM = 72 / 25.4
INCH = 72.0
UNIT_POINTS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": 1.0}
# art beyond the trim when a template or board does not say: 1/8 in, what print shops ask for
DEFAULT_BLEED = "3.175mm"
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt|%)?\s*$")


def to_points(value: str | float | int, reference: float | None = None) -> float:
    """Return ``value`` in points; a bare number is mm, ``%`` needs ``reference`` (points).

    Raises ValueError with a message naming the accepted forms.
    """
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 12mm, got {value!r}")
    if isinstance(value, (int, float)):
        return float(value) * MM
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"expected a length such as 12mm, 0.5in, 9pt or 50%, got {value!r}")
    number, unit = float(match.group(1)), match.group(2) or "mm"
    if unit == "%":
        if reference is None:
            raise ValueError(f"a percentage ({value}) is not allowed here")
        return number / 100 * reference
    return number * UNIT_POINTS[unit]


def mm(points: float) -> float:
    """Return ``points`` in millimetres (for messages and tests)."""
    return points / MM
