"""``track``: a row, column or snake of spaces (round trackers, production tracks, god tracks).

Each space may be numbered or carry an icon (two icons for a double space), a fill (winter and
summer), a corner mark, small tags inside its lower half (season, festival), a reward beside
it (a value, icon, Fate die or write-in box: "below" for rows, "beside" for columns) and a
divider after it (a tier such as "10 GP").
"""


import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_validator

from . import register
from .base import Color, Count, Element, FontFamily, FontSize, IconName, Length
from ...base.units import MM
from .sheet_common import check_icon, die, icon_at, icon_of, is_number, label, pen, shape


class Space(BaseModel):
    """One space of a track."""

    model_config = ConfigDict(extra="forbid", validate_default=True)

    text: str | None = None
    icon: IconName | None = None
    icons: list[IconName] = []
    mark: IconName | None = None
    tags: list[IconName] = []
    fill: Color = "none"
    span: Count = 1
    below: str | None = None
    below_die: int | None = None
    below_box: bool = False
    divider: str | None = None

    @field_validator("below")
    @classmethod
    def _below(cls, value, info: ValidationInfo):
        check_icon(icon_of(value), info)
        return value


# Where a space's reward sits and how far it reaches, in sides of a space (``space``) or in
# points of ``below_size``: the docs' room formula (how-to/layout.md) is these numbers.
ROW_PITCH = {"right": 1.9, "down": 2.2, "up": 2.2}  # a line's pitch: this x space, plus gap
REWARD_AT = {"right": 0.42, "down": 0.55, "up": 0.55}  # reward centre from the space's edge
REWARD_BOX = 0.75        # a write-in box and a die are drawn in a square this x space
TEXT_BELOW = 0.6         # a value reaches this x below_size past its centre (descenders, icons)


def _mm(points: float) -> str:
    """Return a length in points as millimetres, rounded up to the next 0.5 mm."""
    return f"{math.ceil(points / MM * 2 - 1e-6) / 2:g} mm"  # 31 mm is 31, not 31.5


@register
class Track(Element):
    """Spaces laid out along ``direction``; ``wrap`` starts a new line (snake) every N spaces."""

    type: Literal["track"] = "track"
    spaces: list[Space]
    space: Length = "7mm"
    gap: Length = "1mm"
    shape: Literal["square", "circle", "hex"] = "square"
    direction: Literal["right", "down", "up"] = "right"
    wrap: Count | None = None
    numbers: Count | None = None
    stroke: Color = "ink"
    fill: Color = "white"
    line_width: Length = "0.3mm"
    text_size: FontSize = 9.5
    below_size: FontSize = 9.5
    icon_color: Color = "dark-gray"
    tag_color: Color = "ink"
    number_font: FontFamily | None = None

    field_docs = {
        'spaces': (
            'The spaces, in order: each may give text, icon or icons, fill, mark, tags, below, '
            'below_die, below_box, divider, span.'),
        'tag_color': 'Colour of the small tag icons inside spaces.',
        'space': 'Side of one space (length).',
        'shape': 'Shape of each space.',
        'wrap': 'Snake to a new row (or column) every N spaces.',
        'numbers': 'Number the spaces, starting from N.',
        'below_size': 'Size in points of the values printed under (or beside) spaces.',
        'number_font': ('Font family of the numbers printed in, under and beside spaces; label '
                        'gives lining figures as tall as capitals. Default: body.'),
    }
    doc = ("Track of spaces (right, down or up; wrap: N snakes every N spaces). Each space: text, "
           "icon or icons (a double space, span: 2), fill, mark (corner icon), tags (small icons "
           "in the lower half of the space, the number moves up: seasons, festivals), below "
           "(value or "
           ":icon: under a row space / beside a column space), below_die (a die face, 1-6 "
           "pips), below_box (write-in box), divider (a line after the space with its label). "
           "numbers: N numbers the spaces from N.")
    sample = {"type": "track", "x": "5mm", "y": "5mm", "w": "80mm", "h": "20mm",
              "space": "7mm", "numbers": 1,
              "spaces": [{"fill": "#d6e6f2"}, {"fill": "#f7e3b5"}, {"fill": "#d6e6f2"},
                         {"fill": "#f7e3b5", "mark": "festival", "below_box": True},
                         {"icons": ["ship", "axe"], "span": 2, "below": "3"}]}

    @model_validator(mode="after")
    def _fits(self):
        if not self.spaces:
            raise ValueError("a track needs at least one space")
        boxes = self.boxes()
        for index, (x, y, w, h) in enumerate(boxes):
            if x < -0.5 or y < -0.5 or x + w > self.w + 0.5 or y + h > self.h + 0.5:
                need_w, need_h = self.room()
                rewards = any(self.reward_depth(sp) for sp in self.spaces)
                raise ValueError(
                    f"space {index + 1} of {len(self.spaces)} falls outside the track's box: "
                    f"the spaces{' and their values' if rewards else ''} need "
                    f"w {_mm(need_w)} x h {_mm(need_h)}, the box is "
                    f"w {_mm(self.w)} x h {_mm(self.h)}; enlarge w/h to that, shrink space "
                    f"or set wrap")
        return self

    def reward_depth(self, sp: Space) -> float:
        """Return how far ``sp``'s reward (below, below_die, below_box) reaches past the
        space's lower edge (a row) or right edge (a column), in points; 0 without one."""
        at = REWARD_AT[self.direction] * self.space
        if sp.below_box:  # 1.2 x 0.9 of the reward square, centred
            return at + REWARD_BOX * self.space * (0.5 if self.direction == "right" else 0.6)
        if sp.below_die:  # 0.8 of the reward square
            return at + REWARD_BOX * self.space * 0.4
        if sp.below is not None:
            return at + TEXT_BELOW * self.below_size
        return 0.0

    def room(self) -> tuple[float, float]:
        """Return the width and height (points) the spaces and their rewards take."""
        row = self.direction == "right"
        boxes = self.boxes()
        need_w = max(bx + bw + (0 if row else self.reward_depth(sp))
                     for sp, (bx, _, bw, _) in zip(self.spaces, boxes))
        need_h = max(by + bh + (self.reward_depth(sp) if row else 0)
                     for sp, (_, by, _, bh) in zip(self.spaces, boxes))
        return need_w, need_h

    def boxes(self) -> list[tuple[float, float, float, float]]:
        """Return each space's box (x, y from the element's top-left, w, h)."""
        out, pos, line = [], 0.0, 0
        per_line = self.wrap or len(self.spaces)
        line_pitch = self.space * ROW_PITCH[self.direction] + self.gap
        count = 0
        for sp in self.spaces:
            if count and count % per_line == 0:
                line, pos = line + 1, 0.0
            length = self.space * sp.span + self.gap * (sp.span - 1)
            if self.direction == "right":
                snake = line % 2 == 1 and self.wrap
                x = (self._line_length(line, per_line) - pos - length) if snake else pos
                out.append((x, line * line_pitch, length, self.space))
            elif self.direction == "down":
                out.append((line * line_pitch, pos, self.space, length))
            else:
                out.append((line * line_pitch, self.h - pos - length, self.space, length))
            pos += length + self.gap
            count += 1
        return out

    def _line_length(self, line: int, per_line: int) -> float:
        spaces = self.spaces[line * per_line:(line + 1) * per_line]
        return sum(self.space * s.span + self.gap * s.span for s in spaces) - self.gap

    def icons(self) -> set[str]:
        """Return every icon drawn in or around spaces."""
        found = set()
        for sp in self.spaces:
            found.update(n for n in [sp.icon, sp.mark, icon_of(sp.below), *sp.icons, *sp.tags]
                         if n)
        return found

    def draw(self, canvas, ctx) -> None:
        """Paint spaces, their contents, rewards and dividers."""
        top = ctx.height - self.y
        for index, (sp, (bx, by, bw, bh)) in enumerate(zip(self.spaces, self.boxes())):
            x, y = self.x + bx, top - by - bh
            cx, cy = x + bw / 2, y + bh / 2
            fill = sp.fill or self.fill
            if sp.span > 1 or self.shape == "square":
                canvas.saveState()
                if fill is not None:
                    ctx.fill(canvas, fill)
                ctx.stroke(canvas, pen(self.stroke))
                canvas.setLineWidth(self.line_width)
                radius = self.space / 2 if self.shape != "square" else self.space * 0.08
                canvas.roundRect(x, y, bw, bh, radius, stroke=1, fill=int(fill is not None))
                canvas.restoreState()
            else:
                shape(canvas, ctx, self.shape, cx, cy, self.space, fill, self.stroke,
                      self.line_width)
            names = sp.icons or ([sp.icon] if sp.icon else [])
            for k, name in enumerate(names):
                step = (bw if bw > bh else bh) / len(names)
                ix = x + step * (k + 0.5) if bw > bh else cx
                iy = cy if bw > bh else y + bh - step * (k + 0.5)
                icon_at(canvas, ctx, name, ix, iy, self.space * 0.62, self.icon_color)
            text = sp.text if sp.text is not None else (
                str(self.numbers + index) if self.numbers is not None else None)
            if sp.tags:
                self._tags(canvas, ctx, sp.tags, x, y, bw, bh)
            if text is not None:
                ty = cy + bh * 0.2 if sp.tags else cy
                label(canvas, ctx, text, cx, ty, self.text_size, bold=True, max_width=bw * 0.85,
                      font=self._font(text))
            if sp.mark:
                icon_at(canvas, ctx, sp.mark, x + bw - self.space * 0.12, y + bh - self.space * 0.1,
                        self.space * 0.42, (0.72, 0.53, 0.17))
            self._reward(canvas, ctx, sp, x, y, bw, bh)
            if sp.divider is not None:
                self._divider(canvas, ctx, sp.divider, x, y, bw, bh)

    def _tags(self, canvas, ctx, tags: list[str], x, y, bw, bh) -> None:
        """Draw ``tags`` side by side inside the lower part of the space."""
        size = min(bh * 0.36, bw * 0.8 / len(tags))
        step = bw / len(tags)
        for k, name in enumerate(tags):
            icon_at(canvas, ctx, name, x + step * (k + 0.5), y + bh * 0.27, size, self.tag_color)

    def _reward(self, canvas, ctx, sp: Space, x, y, bw, bh) -> None:
        """Draw what the space gives, under a row space or beside a column space."""
        row = self.direction == "right"
        at = REWARD_AT[self.direction] * self.space
        ax = x + bw / 2 if row else x + bw + at
        ay = y - at if row else y + bh / 2
        s = self.space * REWARD_BOX
        if sp.below_box:
            canvas.saveState()
            ctx.stroke(canvas, pen(self.stroke))
            canvas.setLineWidth(self.line_width * 0.8)
            canvas.rect(ax - s * 0.6, ay - s * 0.5, s * 1.2, s * 0.9, stroke=1, fill=0)
            canvas.restoreState()
        elif sp.below_die:
            die(canvas, ctx, ax, ay, s * 0.8, sp.below_die, width=self.line_width * 0.8)
        elif sp.below is not None:
            label(canvas, ctx, sp.below, ax, ay, self.below_size, bold=True,
                  color=self.icon_color if icon_of(sp.below) else (0.14, 0.12, 0.13),
                  font=self._font(sp.below))

    def _divider(self, canvas, ctx, text: str, x, y, bw, bh) -> None:
        """Draw a heavy line after the space (tier boundary) with its label."""
        canvas.saveState()
        ctx.stroke(canvas, pen(self.stroke))
        canvas.setLineWidth(self.line_width * 3)
        g = self.gap / 2
        if self.direction == "right":
            canvas.line(x + bw + g, y - self.space * 0.2, x + bw + g, y + bh + self.space * 0.2)
            canvas.restoreState()
            label(canvas, ctx, text, x + bw + g, y + bh + self.space * 0.45, self.below_size,
                  bold=True, font=self._font(text))
            return
        ly = y + bh + g if self.direction == "up" else y - g
        canvas.line(x - self.space * 0.25, ly, x + bw + self.space * 0.95, ly)
        canvas.restoreState()
        label(canvas, ctx, text, x - self.space * 0.3, ly, self.below_size, bold=True,
              align="right", font=self._font(text))

    def _font(self, text) -> str:
        """Return the font family of ``text``: number_font for a number, else body."""
        return self.number_font if self.number_font and is_number(text) else "body"
