"""Colours by name or hex, resolved once to ReportLab colours (RGB, or CMYK on request)."""

from __future__ import annotations

import re
from functools import lru_cache

from ..base.suggest import command, unknown

RGB = tuple[float, float, float]

# The shared palette; a game may add names in game.yaml ``colors:``.
PALETTE = {
    "black": "#000000", "white": "#ffffff", "none": "none",
    "ink": "#231f20", "paper": "#fbf7ee", "parchment": "#f1e6cc", "gray": "#8a8a8a",
    "light-gray": "#d9d9d9", "dark-gray": "#4d4d4d",
    "red": "#b3261e", "blue": "#1f5fa8", "yellow": "#e0b000", "green": "#3d7a3a",
    "brown": "#7a4a21", "orange": "#e07b16", "ivory": "#efe6cf", "gold": "#b8862b",
    "purple": "#6a3d8f", "teal": "#1d7a78",
}
_HEX = re.compile(r"^#([0-9a-fA-F]{6})$")


def parse_color(value: str,
                names: dict[str, str] | None = None) -> tuple[float, float, float] | None:
    """Return an (r, g, b) triple in 0..1 for a name or ``#rrggbb``; None for ``none``.

    Raises ValueError naming the known colours when the value is neither.
    """
    text = str(value).strip()
    lookup = {**PALETTE, **(names or {})}
    text = lookup.get(text, text)
    if text == "none":
        return None
    match = _HEX.match(text)
    if not match:
        raise ValueError(unknown("colour", value, lookup, "use #rrggbb, or a name from "
                                 f"`{command(name='reference')}`"))
    h = match.group(1)
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def rgb_to_cmyk(rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
    """Return the naive device CMYK of an RGB colour (black generation by min)."""
    r, g, b = rgb
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round((1 - v - k) / (1 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore


def tint(rgb: tuple[float, float, float], amount: float) -> tuple[float, float, float]:
    """Return ``rgb`` mixed with white: amount 0 keeps it, 1 gives white (ink saver)."""
    return tuple(v + (1 - v) * amount for v in rgb)  # type: ignore[return-value]


def linear(v: float) -> float:
    """Return an sRGB channel (0..1) as linear light (the sRGB transfer curve undone)."""
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=4096)
def luminance(rgb: RGB) -> float:
    """Return the WCAG relative luminance of an sRGB colour (0..1 channels)."""
    r, g, b = (linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
