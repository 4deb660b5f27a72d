"""The game-text rule (``min_game_text``): text a player reads at arm's length is big enough.

Game text is every text run except those whose element says ``role: footer``, ``credit``,
``number`` (a card's number) or ``slug``: those may go down to the game's ``min_text_size``
(6 pt). Game text needs ``size`` points (7) and glyphs at least ``glyph_height`` tall (1.7 mm),
measured from the font's own outlines, because fonts differ: Alegreya Sans's capitals are
0.64 em tall, IBM Plex Sans's 0.70 em, so 7 pt of Alegreya reads like 6.4 pt of Plex.

What is measured: a run that is a number (only figures and the signs ``+ - / x ×``, e.g. a
score box's "10" or a die face's "+1") by the height of every figure it prints, each from its
lowest to its highest point (old-style figures such as Alegreya's "0" and "1" are x-height
tall: print numbers in the lining ``label`` family or larger); any other run by the height of
the font's capital H.

Text whose element says ``role: rules`` (read during play), ``board``, ``ladder`` (a set or
score ladder on a card) or ``note`` meets that role's minimum from the game's ``role_text``
(8 pt and 1.9 mm, 9 pt, 8 pt, 7 pt by default), measured the same way.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from ..fill.elements.sheet_common import is_number
from ..load.model import PrintChecks

MM = 72 / 25.4
EXEMPT_ROLES = frozenset({"footer", "credit", "number", "slug"})
READING_ROLES = ("rules", "board", "ladder", "note")


@dataclass(frozen=True)
class TextNeed:
    """What one element's text must reach: a size and a glyph height (points), and the name
    of the rule, of the switch that set them and of the finding's kind."""

    size: float
    height: float
    what: str
    switch: str
    kind: str


def text_need(rules: PrintChecks, role: str) -> TextNeed | None:
    """Return what text of ``role`` needs under a game's print checks; None: only the game's
    smallest text size (an exempt role, or its rule switched off)."""
    if role in READING_ROLES:
        by_role = rules.role_text
        if not by_role.on:
            return None
        rule = getattr(by_role, role)
        return TextNeed(rule.size, rule.glyph_height_pt, f"{role} text", "role_text", "role-text")
    game = rules.min_game_text
    if role in EXEMPT_ROLES or not game.on:
        return None
    return TextNeed(game.size, game.glyph_height_pt, "game text", "min_game_text", "game-text")


@lru_cache(maxsize=256)
def _glyph_extent(font: str, char: str) -> float | None:
    """Return the height of ``char``'s outline in ``font`` (em/1000, lowest to highest point);
    None when the font has no outline for it (a base-14 font, an unmapped character)."""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    glyph = getattr(face, "charToGlyph", {}).get(ord(char))
    if glyph is None or not hasattr(face, "glyphPos"):
        return None
    start, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
    if end == start:
        return 0.0
    table = face.get_table_pos("glyf")[0] + start
    _contours, _x0, y_min, _x1, y_max = struct.unpack(">hhhhh", face._ttf_data[table:table + 10])
    return (y_max - min(y_min, 0)) * 1000 / face.unitsPerEm


@lru_cache(maxsize=256)
def cap_height(font: str) -> float:
    """Return the height of ``font``'s capital H (em/1000); the font's declared cap height when
    it has no H."""
    measured = _glyph_extent(font, "H")
    if measured:
        return measured
    return float(getattr(getattr(pdfmetrics.getFont(font), "face", None), "capHeight", 700))


def glyph_height(font: str, size: float, text: str) -> float:
    """Return the height in points that ``text`` at ``size`` is read by: its shortest figure if
    it is a number, else its font's capital height."""
    if is_number(text):
        heights = [_glyph_extent(font, c) for c in text if c.isdigit()]
        known = [h for h in heights if h]
        if known:
            return min(known) * size / 1000
    return cap_height(font) * size / 1000


def game_text_problem(font: str, size: float, text: str, need_size: float,
                      need_height: float, what: str = "game text") -> tuple[float, str] | None:
    """Return (measured value, why) when a text run is too small for its rule, else None.

    ``need_size`` is in points, ``need_height`` (capitals or figures) in points too; ``what``
    names the rule (game text, rules text...). The why ends with the size that would pass.
    """
    height = glyph_height(font, size, text)
    # the height grows with the size: the half point that reaches both minimums passes
    by_height = math.ceil(need_height / height * size * 2 - 1e-9) / 2 if height else need_size
    passing = max(need_size, by_height)
    if size < need_size - 0.01:
        return size, f"is {size:.1f} pt, {what} needs {need_size:g} pt: {passing:g} pt would pass"
    if height < need_height - 0.005:
        glyphs = "its figures are" if is_number(text) else "its capitals are"
        return height, (f"is {size:.1f} pt but {glyphs} {height / MM:.2f} mm tall, {what} "
                        f"needs {need_height / MM:.2f} mm: {passing:g} pt would pass")
    return None
