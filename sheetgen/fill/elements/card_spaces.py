"""``card_spaces``: a grid of placement spaces on a board: cards, decks, discards, dice, pawns.

Spaces fill the box row by row, ``columns`` to a row, each ``size`` large with ``gap`` between.
Each space has a style (how it is drawn), a label printed inside it (hidden once a card lies on
it) and optionally a note under the label and an icon; ``pair: true`` joins a space and the
next one on a backdrop, for board spaces that take two cards; ``cross: true`` makes a space
that takes two cards crossed (one upright, one turned across it, both ends of each visible),
as wide as a card is tall.
"""


from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from . import register
from .base import Color, Count, Element, FontSize, IconName, Length, Ratio
from .sheet_common import icon_at, label
from ...base.units import MM
from .sheet_common import MIN_LINE

Style = Literal["card", "deck", "discard", "die", "tile", "pawn"]


class CardSpace(BaseModel):
    """One space: its style, label, note, icon and whether it pairs with the next space."""

    model_config = ConfigDict(extra="forbid", validate_default=True)

    style: Style | None = None
    label: str = ""
    note: str = ""
    icon: IconName | None = None
    pair: bool = False
    cross: bool = False
    fill: Color = "none"


@register
class CardSpaces(Element):
    """Spaces in a grid: ``columns`` per row, each ``size`` (w, h) with ``gap`` between."""

    type: Literal["card_spaces"] = "card_spaces"
    spaces: list[CardSpace]
    size: tuple[Length, Length] = ("44.45mm", "63.5mm")
    gap: Length = "2.5mm"
    columns: Count = 99
    style: Style = "card"
    color: Color = "ink"
    fill: Color = "white"
    deck_fill: Color = "light-gray"
    pair_fill: Color = "light-gray"
    text_color: Color = "dark-gray"
    label_size: FontSize = 9.5
    note_size: FontSize = 8.0
    line_width: Length = "0.4mm"
    radius: Length = "2mm"
    dashed: bool = True
    icon_color: Color | None = None
    fill_opacity: Ratio = 1.0

    doc = ("Placement spaces in a grid (columns per row, each size [w, h], gap between): each "
           "space has style card (dashed), deck (filled), discard (dashed, hatched), die, tile "
           "or pawn (a circle), a label and note printed inside, an optional icon, and pair: "
           "true to join it with the next space on a backdrop.")
    field_docs = {
        "spaces": "The spaces in order, row by row: each {style, label, note, icon, pair, "
                  "cross, fill}; pair: true joins it with the next space on a backdrop; cross: "
                  "true takes two cards crossed (a square as wide as a card is tall).",
        "size": "Width and height of one space ([w, h] lengths; default a mini card).",
        "columns": "Spaces per row.",
        "style": "Default style of a space: card (dashed), deck (filled), discard (dashed, "
                 "hatched), die, tile or pawn (a circle).",
        "color": "Outline colour of the spaces.",
        "fill": "Fill of card, discard, die, tile and pawn spaces.",
        "deck_fill": "Fill of deck spaces.",
        "pair_fill": "Fill of the backdrop joining a pair, or none.",
        "text_color": "Colour of the labels, notes and icons.",
        "label_size": "Size in points of each space's label (never shrunk).",
        "note_size": "Size in points of the note under the label (never shrunk).",
        "dashed": "Dashed outlines on card and discard spaces (false: solid, like a slot "
                  "printed on a retail board).",
        "icon_color": "Colour of the icons (default text_color), e.g. a light tone of the "
                      "section so the icon reads as a watermark of what goes there.",
        "fill_opacity": "Opacity of the spaces' fills (1 opaque, the default; lower lets the "
                        "board's art show through the slot).",
    }
    sample = {"type": "card_spaces", "x": "5mm", "y": "5mm", "w": "55mm", "h": "75mm",
              "size": ["25mm", "35mm"], "columns": 2,
              "spaces": [{"label": "2+", "pair": True}, {"label": "2+"},
                         {"style": "deck", "label": "Deck", "icon": "ship"}]}

    @model_validator(mode="after")
    def _fits(self):
        if not self.spaces:
            raise ValueError("card_spaces needs at least one space")
        if self.columns < 1:
            raise ValueError("columns must be 1 or more")
        for index, (x, y, w, h) in enumerate(self.boxes()):
            if x + w > self.w + 0.5 or y + h > self.h + 0.5:
                raise ValueError(f"space {index + 1} of {len(self.spaces)} falls outside the "
                                 "box; enlarge w/h, lower columns or shrink size")
        return self

    def boxes(self) -> list[tuple[float, float, float, float]]:
        """Return each space's (x, y, w, h) relative to the box's top-left corner (a cross
        space is h wide; the spaces after it in its row move along)."""
        w, h = self.size
        boxes, x = [], 0.0
        for i, space in enumerate(self.spaces):
            if i % self.columns == 0:
                x = 0.0
            width = h if space.cross else w
            boxes.append((x, (i // self.columns) * (h + self.gap), width, h))
            x += width + self.gap
        return boxes

    def icons(self) -> set[str]:
        """Return every space's icon."""
        return {s.icon for s in self.spaces if s.icon}

    def prepare(self, ctx) -> None:
        """Refuse a label or note too wide for its space (text is never shrunk)."""
        for index, space in enumerate(self.spaces):
            w = self.size[1] if space.cross else self.size[0]
            for text, size, bold in ((space.label, self.label_size, True),
                                     (space.note, self.note_size, False)):
                width = ctx.fonts.width(text, ctx.fonts.font_name("body", bold), size)
                if text and width > w * 0.92:
                    raise ValueError(f"space {index + 1}: {text!r} is {width / MM:.1f} mm "
                                     f"wide at {size} pt, wider than the space; shorten it")

    def draw(self, canvas, ctx) -> None:
        """Paint the pair backdrops, then every space with its icon and text."""
        top = ctx.height - self.y
        boxes = self.boxes()
        pad = self.gap * 0.45
        for i, (space, (x, y, w, h)) in enumerate(zip(self.spaces, boxes)):
            if space.pair and i + 1 < len(boxes) and self.pair_fill is not None:
                nx, ny, nw, nh = boxes[i + 1]
                left, right = min(x, nx) - pad, max(x + w, nx + nw) + pad
                low, high = max(y + h, ny + nh) + pad, min(y, ny) - pad
                canvas.saveState()
                ctx.fill(canvas, self.pair_fill)
                canvas.roundRect(self.x + left, top - low, right - left, low - high,
                                 self.radius * 1.5, stroke=0, fill=1)
                canvas.restoreState()
        for space, (x, y, w, h) in zip(self.spaces, boxes):
            self._space(canvas, ctx, space, self.x + x, top - y - h, w, h)

    def _space(self, canvas, ctx, space: CardSpace, x, y, w, h) -> None:
        style = space.style or self.style
        fill = space.fill or (self.deck_fill if style == "deck" else self.fill)
        lw = max(self.line_width, MIN_LINE)
        canvas.saveState()
        paint = ctx.paint(canvas, fill, self.color, lw)
        if self.fill_opacity < 1 and fill is not None:
            canvas.setFillAlpha(self.fill_opacity)
            ctx.transparent = True
        if style in ("card", "discard") and self.dashed:
            canvas.setDash([4, 2])
        if style == "pawn":
            canvas.circle(x + w / 2, y + h / 2, min(w, h) / 2, **paint)
        elif space.cross:  # an upright card and one across it, the card's width apart
            across = self.size[0]
            canvas.roundRect(x + (w - across) / 2, y, across, h, self.radius, **paint)
            canvas.roundRect(x, y + (h - across) / 2, w, across, self.radius, **paint)
        else:
            canvas.roundRect(x, y, w, h, self.radius, **paint)
        if style == "discard":
            canvas.setDash([])
            canvas.setLineWidth(MIN_LINE)
            path = canvas.beginPath()
            path.rect(x, y, w, h)
            canvas.clipPath(path, stroke=0, fill=0)
            step = 6 * MM
            k = -h
            while k < w:
                canvas.line(x + k, y, x + k + h, y + h)
                k += step
        canvas.restoreState()
        cx = x + w / 2
        text_h = (self.label_size if space.label else 0) + (self.note_size * 1.3 if space.note
                                                             else 0)
        if space.icon:  # the icon above the text, the pair centred in the space
            size = min(w, h) * (0.55 if style in ("die", "pawn", "tile") else 0.4)
            size = min(size, h - text_h - self.label_size * 0.8) if text_h else size
            icon_y = y + h / 2 + (text_h + self.label_size * 0.4) / 2
            icon_at(canvas, ctx, space.icon, cx, icon_y, size,
                    self.icon_color if self.icon_color is not None else self.text_color)
            text_top = icon_y - size / 2 - self.label_size * 0.4
        else:
            text_top = y + h / 2 + text_h / 2
        if space.label:
            label(canvas, ctx, space.label, cx, text_top - self.label_size * 0.5,
                  self.label_size, self.text_color, bold=True)
            text_top -= self.label_size * 1.15
        if space.note:
            label(canvas, ctx, space.note, cx, text_top - self.note_size * 0.5, self.note_size,
                  self.text_color)
