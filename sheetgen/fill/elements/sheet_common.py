"""Drawing helpers the sheet elements share: polygons, centred labels, dice, icon checks.

This module registers no element; it keeps dice pips, shapes and label fitting in one place so
the roll-and-write primitives (hex cluster, grid, track, table, polyomino, boxes) stay short.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationInfo

from ..colors import luminance
from ..textlayout import inline_icons, parse

INK = (0.137, 0.122, 0.125)
MIN_LINE = 0.3  # points: the thinnest stroke decorations draw (the print checks refuse thinner)
# points: the smallest half points at which the body font's old-style figures (its "1" is
# x-height tall) reach game text's 1.70 mm (min_game_text; its capitals need 8 pt), bold and
# regular. A size an element works out from its box (a share of a cell or a mark) never goes
# below it, so a default passes the default print checks; a size the template gives is used
# as given.
GAME_TEXT_PT = {True: 9.5, False: 10.0}
_ICON_ONLY = re.compile(r"^:([a-z0-9][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)?):$")
PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, -1), (-1, 1), (1, -1), (1, 1)], 5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
        6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


def pen(color):
    """Return ``color``, or ink when it is None (lines and pips always need a colour)."""
    return INK if color is None else color


def readable(ctx, color):
    """Return ``color`` for text on a fill; ink saver pales fills, so light text turns ink.

    "Light" is a WCAG relative luminance above 0.12: such text has less than 3:1 against the
    palest tint the ink saver makes of a dark fill.
    """
    if ctx.ink_saver and color is not None and luminance(tuple(color)) > 0.12:
        return INK
    return color


def cell_icons(text: Any) -> set[str]:
    """Return every icon a cell or label draws: a lone ``:name:`` or inline ``:name:`` runs."""
    if text is None:
        return set()
    return set(inline_icons(str(text))) if ":" in str(text) else set()


def check_icon(name: str | None, info: ValidationInfo) -> None:
    """Raise ValueError for an unknown icon name (nested cells call this from validators)."""
    if name and info.context:
        info.context["icons"].check(name)


def icon_of(text: Any) -> str | None:
    """Return the icon name when ``text`` is exactly ``:name:``, else None."""
    match = _ICON_ONLY.match(str(text)) if text is not None else None
    return match.group(1) if match else None


def polygon(canvas, ctx, points, fill=None, stroke=None, width: float = 0.6) -> None:
    """Fill and/or stroke a closed polygon."""
    if fill is None and stroke is None:
        return
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    canvas.saveState()
    canvas.drawPath(path, **ctx.paint(canvas, fill, stroke, width))
    canvas.restoreState()


def shape(canvas, ctx, kind: str, cx: float, cy: float, size: float, fill=None, stroke=None,
          width: float = 0.6) -> None:
    """Draw a ``square``, ``circle``, ``hex`` or ``triangle`` of outer size ``size`` on (cx, cy)."""
    if kind in ("hex", "triangle"):
        # start-up: the hex geometry loads only for the kinds that draw with it
        from ..hexgrid import SQRT3, hexagon
    if kind == "hex":
        polygon(canvas, ctx, hexagon(cx, cy, size / 2), fill, stroke, width)
        return
    if kind == "triangle":
        h = size * SQRT3 / 2
        polygon(canvas, ctx, [(cx - size / 2, cy - h / 3), (cx + size / 2, cy - h / 3),
                              (cx, cy + h * 2 / 3)], fill, stroke, width)
        return
    canvas.saveState()
    paint = ctx.paint(canvas, fill, stroke, width)
    if kind == "circle":
        canvas.circle(cx, cy, size / 2, **paint)
    else:
        canvas.roundRect(cx - size / 2, cy - size / 2, size, size, size * 0.08, **paint)
    canvas.restoreState()


_NUMBER_SIGNS = frozenset("+-/x×−–.,%= ();:")


# what is_number said of each stripped text: a word is asked about each time a face's text is
# measured, laid out, drawn and checked (about 170,000 times in a cold catalogue, for a few
# thousand distinct words); emptied when it grows past _MAX_NUMBERS
_NUMBERS: dict[str, bool] = {}
_MAX_NUMBERS = 65536


def is_number(text: Any) -> bool:
    """Return whether ``text`` reads as a number: figures and signs only (``3``, ``+2``,
    ``17%``, with its brackets or a closing ``;`` or ``:`` as in ``(3)`` or ``5;``), one figure
    at least."""
    stripped = str(text).strip()
    known = _NUMBERS.get(stripped)
    if known is None:
        if len(_NUMBERS) >= _MAX_NUMBERS:
            _NUMBERS.clear()
        known = _NUMBERS[stripped] = any(c.isdigit() for c in stripped) and all(
            c.isdigit() or c in _NUMBER_SIGNS for c in stripped)
    return known


def proportional_size(share: float, bold: bool = True) -> float:
    """Return a text size worked out from a box (``share`` of a cell or a mark, points), raised
    to :data:`GAME_TEXT_PT` (of bold or regular text) so that a default passes the game-text
    check."""
    return max(share, GAME_TEXT_PT[bold])


def label(canvas, ctx, text: Any, cx: float, cy: float, size: float, color=(0.14, 0.12, 0.13),
          bold: bool = False, max_width: float | None = None, font: str = "body",
          align: str = "center") -> None:
    """Draw ``text`` (or a ``:icon:``) vertically centred on ``cy``; shrink to ``max_width``.

    ``align`` places ``cx`` at the text's centre, left or right end.
    """
    if text is None or text == "":
        return
    icon = icon_of(text)
    canvas.saveState()
    ctx.fill(canvas, color, is_fill=False)
    if icon:
        s = size * 1.15
        x = {"center": cx - s / 2, "left": cx, "right": cx - s}[align]
        ctx.icons.draw(canvas, icon, x, cy - s / 2, s)
        canvas.restoreState()
        return
    text = str(text)
    if ":" in text and inline_icons(text):
        _label_with_icons(canvas, ctx, text, cx, cy, size, color, bold, max_width, font, align)
        canvas.restoreState()
        return
    name = ctx.fonts.font_name(font, bold)
    width = ctx.fonts.width(text, name, size)
    if max_width and width > max_width:
        size, width = size * max_width / width, max_width
    canvas.setFont(name, size)
    x = {"center": cx - width / 2, "left": cx, "right": cx - width}[align]
    canvas.drawString(x, cy - size * 0.34, text)
    canvas.restoreState()


def _label_with_icons(canvas, ctx, text: str, cx: float, cy: float, size: float, color,
                      bold: bool, max_width: float | None, font: str, align: str) -> None:
    """Draw one line of words and ``:icon:`` runs (a cell such as ``3 :shield:``)."""
    runs = [run for para in parse(text) for run in para]

    def pieces(at: float) -> tuple[list[tuple[object, float, float]], float]:
        """Return each run with its x offset and width at size ``at``, and the total width."""
        x, out = 0.0, []
        for run in runs:
            name = ctx.fonts.font_name(font, bold or run.bold)
            if run.space:
                x += ctx.fonts.width(" ", name, at)
            width = at if run.icon else ctx.fonts.width(run.text, name, at)
            out.append((run, x, width))
            x += width
        return out, x

    placed, width = pieces(size)
    if max_width and width > max_width:
        size = size * max_width / width
        placed, width = pieces(size)
    left = {"center": cx - width / 2, "left": cx, "right": cx - width}[align]
    for run, x, _ in placed:
        if run.icon:
            ctx.icons.draw(canvas, run.text, left + x, cy - size * 0.5, size)
        else:
            canvas.setFont(ctx.fonts.font_name(font, bold or run.bold), size)
            canvas.drawString(left + x, cy - size * 0.34, run.text)


def die(canvas, ctx, cx: float, cy: float, size: float, value: int | None,
        fill=(1, 1, 1), stroke=(0.14, 0.12, 0.13), width: float = 0.6) -> None:
    """Draw a die face (rounded square) with ``value`` pips; None draws an empty die space."""
    shape(canvas, ctx, "square", cx, cy, size, fill, stroke, width)
    if not value:
        return
    canvas.saveState()
    ctx.fill(canvas, pen(stroke), is_fill=False)
    step, r = size * 0.26, size * 0.09
    for dx, dy in PIPS[value]:
        canvas.circle(cx + dx * step, cy + dy * step, r, stroke=0, fill=1)
    canvas.restoreState()


def icon_at(canvas, ctx, name: str, cx: float, cy: float, size: float, color) -> None:
    """Draw icon ``name`` centred on (cx, cy) in ``color``."""
    canvas.saveState()
    ctx.fill(canvas, color, is_fill=False)
    ctx.icons.draw(canvas, name, cx - size / 2, cy - size / 2, size)
    canvas.restoreState()


def cross(canvas, ctx, cx: float, cy: float, size: float, color, width: float = 0.8) -> None:
    """Draw an X of ``size`` centred on (cx, cy) (printed marks such as 'not a space')."""
    canvas.saveState()
    ctx.stroke(canvas, color)
    canvas.setLineWidth(width)
    h = size / 2
    canvas.line(cx - h, cy - h, cx + h, cy + h)
    canvas.line(cx - h, cy + h, cx + h, cy - h)
    canvas.restoreState()


def text_icons(*texts: Any) -> set[str]:
    """Return the icons named by ``:icon:`` texts among ``texts``."""
    return {icon_of(t) for t in texts if icon_of(t)}
