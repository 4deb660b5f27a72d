"""Lengths in real units (``12mm``, ``0.5in``, ``9pt``, ``50%``) resolved to PDF points once."""

from __future__ import annotations

import re

MM = 72 / 25.4
INCH = 72.0
UNIT_POINTS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": 1.0}
# art beyond the trim when a template or board does not say: 1/8 in, what print shops ask for
DEFAULT_BLEED = "3.175mm"
MAX_MM = 5000.0  # no face, board or page is 5 m across; a larger length is a typo
MAX_PERCENT = 1000.0
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt|%)?\s*$")


class Points(float):
    """A length already in points (a container placed its child): taken as it is."""


def to_points(value: str | float | int, reference: float | None = None) -> float:
    """Return ``value`` in points; a bare number is mm, ``%`` needs ``reference`` (points).

    Raises ValueError with a message naming the accepted forms.
    """
    if isinstance(value, Points):
        return float(value)
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 12mm, got {value!r}")
    if isinstance(value, (int, float)):
        return _bounded(float(value) * MM, value)
    if isinstance(value, str):
        known = _WRITTEN.get((value, reference))
        if known is not None:
            return known
    points = _written_points(value, reference)
    if isinstance(value, str):
        if len(_WRITTEN) >= MAX_WRITTEN:
            _WRITTEN.clear()
        _WRITTEN[(value, reference)] = points
    return points


# (written length, reference) -> points: templates write the same few lengths ("3mm") on
# every face, and a big deck validates its elements by the thousand (issue 36)
_WRITTEN: dict[tuple[str, float | None], float] = {}
MAX_WRITTEN = 10_000


def _written_points(value, reference: float | None) -> float:
    """Return a written length (text) in points, as :func:`to_points` says."""
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"expected a length such as 12mm, 0.5in, 9pt or 50%, got {value!r}")
    number, unit = float(match.group(1)), match.group(2) or "mm"
    if unit == "%":
        if reference is None:
            raise ValueError(f"a percentage ({value}) is not allowed here")
        if abs(number) > MAX_PERCENT:
            raise ValueError(f"{value} is outside the allowed range -{MAX_PERCENT:g}% to "
                             f"{MAX_PERCENT:g}%")
        return number / 100 * reference
    return _bounded(number * UNIT_POINTS[unit], value)


def _bounded(points: float, written) -> float:
    """Return ``points``, or raise ValueError when the length is beyond +-MAX_MM."""
    if not abs(points) <= MAX_MM * MM:  # also refuses NaN
        raise ValueError(f"length {written} is outside the allowed range -{MAX_MM:g}mm to "
                         f"{MAX_MM:g}mm")
    return points


def mm(points: float) -> float:
    """Return ``points`` in millimetres (for messages and tests)."""
    return points / MM
