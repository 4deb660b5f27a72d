"""``legend``: the key of a game's symbols: each picture with its label and meaning."""


from math import ceil
from typing import Literal

from pydantic import PrivateAttr, ValidationInfo, model_validator

from ...base.suggest import unknown
from ..textlayout import ASCENT, TextFitError, layout, parse
from . import register
from .base import Color, Element, FontFamily, FontSize, Length, in_range
from .sheet_common import icon_at, label


@register
class Legend(Element):
    """Rows of symbol, label and meaning, from the game's ``symbols:`` (game.yaml)."""

    type: Literal["legend"] = "legend"
    symbols: list[str] | None = None
    columns: in_range(int, 1, 12) = 1
    size: FontSize = 8.0
    font: FontFamily = "body"
    color: Color = "ink"
    icon_color: Color = "ink"
    gap: Length = "1mm"
    icon_size: Length | None = None

    field_docs = {
        "icon_size": "Size of each picture (length), at most its row's height; default 1.6 "
                     "times `size`.",
        "symbols": "The symbols keyed, by name, in this order (default: every symbol of the "
                   "game, in game.yaml order).",
        "columns": "How many columns the rows fill (top to bottom, then left to right).",
        "size": "Size in points of the label and meaning.",
    }
    doc = ("The key of the game's symbols (`symbols:` in game.yaml): for each, its picture, its "
           "label in bold and its one-line meaning, in rows filling the box (`columns` side by "
           "side). A meaning too long for its line wraps onto more lines of its row at `size` "
           "(a longer language), and shrinks only when its row cannot hold the lines. "
           "`symbols: [army, castle]` keys those (default: all). A symbol printed on a "
           "component must be keyed by a legend on it or on the game's `symbol_key` "
           "component (`sheetgen check`).")
    sample = {"type": "legend", "x": "5mm", "y": "5mm", "w": "60mm", "h": "12mm",
              "symbols": ["army", "castle"]}
    # the sample's own symbols, for the reference (a project's come from game.yaml)
    _entries: list = PrivateAttr(default_factory=list)

    @model_validator(mode="after")
    def _entries_of_the_game(self, info: ValidationInfo):
        """Find each keyed symbol's picture, label and meaning; record them as keyed."""
        context = info.context or {}
        declared = context.get("symbols") or {}
        names = list(declared) if self.symbols is None else self.symbols
        missing = [name for name in names if name not in declared]
        if missing:
            raise ValueError(unknown("symbol", missing[0], declared,
                                     "a game declares its symbols under symbols: in game.yaml"))
        self._entries = [(declared[n].icon, declared[n].label, declared[n].meaning)
                         for n in names]
        seen, where = context.get("symbols_seen"), context.get("shown_where", ("?", 0))
        if seen is not None:
            for name in names:
                seen.keyed.setdefault(name, where)
        return self

    def icons(self) -> set[str]:
        """Return the pictures of the keyed symbols."""
        return {icon for icon, _label, _meaning in self._entries}

    def draw(self, canvas, ctx) -> None:
        """Paint each row: the picture, the label in bold, then the meaning."""
        if not self._entries:
            return
        rows = ceil(len(self._entries) / self.columns)
        column_w = (self.w - self.gap * (self.columns - 1)) / self.columns
        row_h = (self.h - self.gap * (rows - 1)) / rows
        picture = min(row_h, self.icon_size or self.size * 1.6)
        for index, (icon, name, meaning) in enumerate(self._entries):
            column, row = divmod(index, rows)
            x = self.x + column * (column_w + self.gap)
            cy = ctx.height - self.y - row * (row_h + self.gap) - row_h / 2
            icon_at(canvas, ctx, icon, x + picture / 2, cy, picture, self.icon_color)
            text_x = x + picture + self.size * 0.5
            room = x + column_w - text_x
            name_font = ctx.fonts.font_name(self.font, True)
            name_w = min(ctx.fonts.width(name, name_font, self.size), room)
            after = text_x + name_w + self.size * 0.4
            if meaning and self._wrap(canvas, ctx, name, meaning, text_x, cy, room, row_h,
                                      after):
                continue
            label(canvas, ctx, name, text_x, cy, self.size, self.color, bold=True,
                  font=self.font, align="left", max_width=room)
            if meaning:
                label(canvas, ctx, meaning, after, cy, self.size, self.color, font=self.font,
                      align="left", max_width=max(x + column_w - after, 1.0))

    def _wrap(self, canvas, ctx, name: str, meaning: str, left: float, cy: float, room: float,
              row_h: float, after: float) -> bool:
        """Draw the label and a meaning too long for the rest of its line over more lines of
        the row, at ``size``, centred on ``cy``; return False (nothing drawn) when the meaning
        fits its line or the row cannot hold the lines at ``size``."""
        plain = ctx.fonts.font_name(self.font, False)
        if after + ctx.fonts.width(meaning, plain, self.size) <= left + room:
            return False

        def measure(text, bold, size):
            return ctx.fonts.width(text, ctx.fonts.font_name(self.font, bold), size)

        try:
            lay = layout(parse(f"**{name}** {meaning}"), room, row_h, measure, self.size,
                         self.size, leading=1.1)
        except TextFitError:
            return False
        canvas.saveState()
        ctx.fill(canvas, self.color, is_fill=False)
        for index, line in enumerate(lay.lines):
            baseline = cy + lay.height / 2 - lay.top(index) - lay.size * ASCENT
            for run, offset in line.runs:
                if run.icon:
                    ctx.icons.draw(canvas, run.text, left + offset, baseline - lay.size * 0.16,
                                   lay.size)
                    continue
                canvas.setFont(ctx.fonts.font_name(self.font, run.bold), lay.size)
                canvas.drawString(left + offset, baseline, run.text)
        canvas.restoreState()
        return True
