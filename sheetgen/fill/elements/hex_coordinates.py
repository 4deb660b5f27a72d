"""Where a hex's printed name goes: its text and plaque box relative to the hex centre.

By default the name sits ``low`` circumradii below the centre. With a ``clear`` diameter (a
piece's size) it moves into the hex's lower corner so that its plaque lies wholly outside the
circle a piece standing on the centre covers; the plaque then hugs the text, so the widest
names still fit between the corner's two edges.
"""

from __future__ import annotations

from dataclasses import dataclass

# the plaque around the text, in font sizes: loose by default, hugging the text when it must fit
# a hex's corner (capitals and figures are 0.7 em tall in the label fonts)
LOOSE = (0.4, 0.3, 0.9)   # side padding, below the baseline, above it
TIGHT = (0.25, 0.17, 0.87)
CLEARANCE = 0.6           # points between the piece's circle and the plaque's top


@dataclass(frozen=True)
class CoordinateBox:
    """A name's plaque and baseline in points, x right of and y *below* the hex centre."""

    left: float
    width: float
    top: float       # distance below the centre of the plaque's top edge
    bottom: float    # distance below the centre of the plaque's bottom edge
    baseline: float  # distance below the centre of the text's baseline

    @property
    def height(self) -> float:
        """Return the plaque's height in points."""
        return self.bottom - self.top


def coordinate_box(text_width: float, size: float, radius: float, low: float,
                   clear: float | None) -> CoordinateBox:
    """Return the plaque box of a name (``text_width`` points wide at ``size`` pt) in a hex of
    circumradius ``radius``: ``low`` radii below the centre, or just clear of a piece of
    diameter ``clear`` points."""
    side, below, above = LOOSE if clear is None else TIGHT
    width = text_width + 2 * side * size
    if clear is None:
        baseline = radius * low
    else:
        baseline = clear / 2 + CLEARANCE + above * size
    return CoordinateBox(left=-width / 2, width=width, top=baseline - above * size,
                         bottom=baseline + below * size, baseline=baseline)
