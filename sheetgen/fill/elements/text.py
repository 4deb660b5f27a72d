"""``text``: wrapped text with bold spans and inline icons, shrunk to fit its box."""


from functools import partial
from typing import ClassVar, Literal

from pydantic import Field, PrivateAttr, model_validator
from reportlab.pdfbase import pdfmetrics

from . import register
from .base import (
    MAX_TEXT,
    Color,
    Element,
    FieldCount,
    FontFamily,
    FontSize,
    Length,
    TextValue,
    YLength,
    in_range,
)
from .sheet_common import is_number, readable
from ..textlayout import (ASCENT, Layout, TextFitError, hyphenator, inline_icons, layout,
                          parse)


Leading = in_range(float, 0.5, 5)  # line distance as a multiple of the size
TICK_LINE = 0.3 * 72 / 25.4  # a tick box's outline: 0.3 mm, a pencil-ready box's weight


@register
class Text(Element):
    """Text in a box: ``**bold**``, ``:icon:`` inline icons, newlines start paragraphs."""

    type: Literal["text"] = "text"
    text: TextValue
    font: FontFamily = "body"
    size: FontSize = 9.0
    min_size: FontSize | None = None
    color: Color = "ink"
    icon_color: Color | None = None
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: Leading = 1.2
    paragraph_gap: YLength | None = None
    bold: bool = False
    italic: bool = False
    min_h: YLength | None = None
    max_h: YLength | None = None
    repeat: FieldCount | None = None
    number_font: FontFamily | None = None
    upside_down: bool = False
    tick_boxes: Length | None = None
    no_lone_word: bool = False
    hyphenate: str | None = Field(None, pattern=r"^[a-z]{2,3}([_-][A-Za-z]{2,4})?$")
    _layout: Layout | None = PrivateAttr(default=None)
    # (fonts, face height, lines): what draw() paints, worked out at the first drawing
    _drawn: tuple | None = PrivateAttr(default=None)

    field_docs = {
        'text': (
            'The text. **bold**, :icon-name: inline icons; a newline starts a paragraph.'),
        'min_size': (
            'Smallest size in points the text may shrink to, to fit its box; default: size (no '
            'shrinking).'),
        'leading': 'Line spacing as a multiple of the size.',
        'paragraph_gap': ('Space between paragraphs parted by a blank line (length, e.g. 1.5mm): '
                          'the blank line becomes this gap instead of an empty line. Default: '
                          'none (a blank line is an empty line).'),
        'tick_boxes': ('A drawn square of this side (length) opening every paragraph, to tick '
                       'with a pencil (a checklist): centred on the capitals of the '
                       'paragraph\'s first line, the lines set beside it, half a box away.'),
        'no_lone_word': ('Never end a paragraph on a line holding one word or icon alone: such '
                         'a paragraph is wrapped a little narrower, so its last line takes a '
                         'word from the line above (same number of lines).'),
        'hyphenate': ('A language (de, es, pt-BR): a word that does not fit the line is broken '
                      'at a syllable of that language, with a hyphen (pyphen\'s dictionaries). '
                      'An edition sets it on every text element of its faces.'),
        'upside_down': 'Turn the text 180 degrees in its box (a panel read after folding).',
        'repeat': 'Write the text this many times, a space apart (a whole number, or the name '
                  'of an item field holding it: `text: ":food:"`, `repeat: appetite`).',
        'min_h': 'With h: auto, the least height the text takes (length).',
        'max_h': 'With h: auto, the most height the text may take (length): longer text '
                 'shrinks towards min_size to fit it. With a fixed h, the height the box may '
                 'grow to when the text does not fit h even at min_size (a longer translation): '
                 'the room the template keeps free beside the box. It grows away from the '
                 'edge valign sets the text against: top, down; bottom, up; middle, both ways '
                 'alike. Text that fits h is set exactly as without max_h.',
        'number_font': ('Font family of the words that are numbers ("3", "+2", "1."); label '
                        'gives lining figures as tall as capitals. Default: font.'),
    }
    doc = ("Wrapped text; shrinks from size to min_size (pt) to fit, else the build stops with "
           "an error. Markup: **bold**, :icon-name: inline icons, newline = new paragraph.")
    sample = {"type": "text", "x": "4mm", "y": "4mm", "w": "40mm", "h": "12mm",
              "text": "When **Summoning**: move :viking: again.", "size": 9, "min_size": 7}

    counts: ClassVar[tuple[str, ...]] = ("repeat",)

    def __getstate__(self) -> dict:
        """Pickle without the drawn lines: they name this process's fonts (a big deck's
        faces stored by a worker, sheetgen/fill/stored_faces.py, are drawn by the build's
        process, which works them out at their first drawing there)."""
        state = super().__getstate__()
        private = state.get("__pydantic_private__")
        if private and private.get("_drawn") is not None:
            state["__pydantic_private__"] = {**private, "_drawn": None}
        return state

    @model_validator(mode="after")
    def _sizes(self):
        if self.size <= 0 or (self.min_size is not None and not 0 < self.min_size <= self.size):
            raise ValueError("need 0 < min_size <= size")
        if self.repeat is not None:
            if len(self.text) * self.repeat > MAX_TEXT:
                raise ValueError(f"repeat: {self.repeat} copies of the text make more than "
                                 f"{MAX_TEXT:,} characters")
            self.text = " ".join([self.text] * self.repeat)
        return self

    def icons(self) -> set[str]:
        """Return the inline icons used in the text."""
        return set(inline_icons(self.text))

    def prepare(self, ctx) -> None:
        """Fit the text (raises TextFitError when it cannot)."""
        for name in self.icons():
            ctx.icons.check(name)
        fit = partial(layout, parse(self.text), self.w - self._indent(),
                      measure=self._measure(ctx), leading=self.leading,
                      paragraph_gap=self.paragraph_gap, no_lone_word=self.no_lone_word,
                      hyphenate=hyphenator(self.hyphenate))
        smallest = self.min_size or self.size
        try:
            self._layout = fit(height=self.h, size=self.size, min_size=smallest)
        except TextFitError:
            if self.max_h is None or self.max_h <= self.h + 0.01:
                raise
            # the box grows into the room the template keeps free, at min_size: away from
            # the edge its text is set against (valign top: down; bottom: up; middle: both)
            self._layout = fit(height=self.max_h, size=smallest, min_size=smallest)
            grown = self._layout.height - self.h
            self.y -= {"top": 0.0, "middle": grown / 2, "bottom": grown}[self.valign]
            self.h = self._layout.height

    def check_glyphs(self, ctx) -> None:
        """Raise ValueError naming a character of the prepared text its font cannot draw (it
        would print as an empty box)."""
        for line in self._layout.lines:
            for run, _ in line.runs:
                if run.icon:
                    continue
                name = ctx.fonts.font_name(self._family(run.text), run.bold or self.bold,
                                           self.italic)
                missing = ctx.fonts.missing_glyph(run.text, name)
                if missing:
                    shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
                    raise ValueError(f"character {missing!r} (U+{ord(missing):04X}) of "
                                     f"{shown!r} is not in font {name}; use a font that has it "
                                     "(an edition's fonts:) or another character")

    def content_height(self) -> float:
        """Return the height of the laid-out lines (at least min_h)."""
        return max(self._layout.height, self.min_h or 0.0)

    def content_width(self, ctx) -> float:
        """Return the width of the longest paragraph set on one line at ``size``."""
        measure = self._measure(ctx)
        lay = layout(parse(self.text), 1e9, 1e9, measure, self.size, self.size, self.leading)
        return max(line.width for line in lay.lines) + self._indent()

    def _indent(self) -> float:
        """Return how far the lines sit right of the left edge: a tick box and half of one."""
        return 1.5 * self.tick_boxes if self.tick_boxes else 0.0

    def _measure(self, ctx):
        fonts = ctx.fonts

        def measure(text, bold, size):
            name = fonts.font_name(self._family(text), bold or self.bold, self.italic)
            return fonts.width(text, name, size)
        return measure

    def draw(self, canvas, ctx) -> None:
        """Paint the laid-out lines."""
        if self._layout is None:
            self.prepare(ctx)
        size = self._layout.size
        # ink saver pales the fill under light text: the text turns ink to stay readable
        color = readable(ctx, self.color)
        icon_color = readable(ctx, self.icon_color or self.color)
        canvas.saveState()
        if self.upside_down:  # half a turn about the box's centre: the box maps onto itself
            canvas.translate(self.x + self.w / 2, ctx.height - self.y - self.h / 2)
            canvas.rotate(180)
            canvas.translate(-(self.x + self.w / 2), -(ctx.height - self.y - self.h / 2))
        for baseline, opens, words in self._lines_drawn(ctx):
            if opens:
                self._draw_tick_box(canvas, ctx, color, baseline, size)
            for x, text, names, parts in words:
                if names is None:  # an inline icon
                    ctx.fill(canvas, icon_color, is_fill=False)
                    ctx.icons.draw(canvas, text, x, baseline - size * 0.16, size)
                    continue
                ctx.fill(canvas, color, is_fill=False)
                canvas.setFont(names[0], size)
                if parts is None:
                    canvas.drawString(x, baseline, text)
                    continue
                # a number and the punctuation glued to it in two faces ("2" and ","), set as
                # one string so a text extractor reads "2," and not "2 ,"
                line_text = canvas.beginText(x, baseline)
                for name, part in zip(names, parts):
                    line_text.setFont(name, size)
                    line_text.textOut(part)
                canvas.drawText(line_text)
        canvas.restoreState()

    def _lines_drawn(self, ctx) -> tuple:
        """Return, per laid-out line, (its baseline, whether it opens a paragraph with a tick
        box, its words): each word (x, text, its font names, its parts), names None for an
        inline icon, parts None for a word in one face. Worked out at the element's first
        drawing and kept: the print checks' recording and every form that draws the element
        paint the same words (an element does not change once prepared)."""
        drawn = self._drawn
        if drawn is not None and drawn[0] is ctx.fonts and drawn[1] == ctx.height:
            return drawn[2]
        lay = self._layout
        top = ctx.height - self.y
        if self.valign == "middle":
            top -= (self.h - lay.height) / 2
        elif self.valign == "bottom":
            top -= self.h - lay.height
        fonts = ctx.fonts
        lines = []
        for i, line in enumerate(lay.lines):
            baseline = top - lay.top(i) - lay.size * ASCENT
            room = self.w - self._indent()
            shift = self._indent() + {"left": 0.0, "center": (room - line.width) / 2,
                                      "right": room - line.width}[self.align]
            words = []
            for word in _words(_segments(line.runs, self.number_font is not None)):
                kind, x, text = word[0]
                x += self.x + shift
                if kind == "icon":
                    words.append((x, text, None, None))
                    continue
                names = tuple(fonts.font_name(self._family(part), k.endswith("bold")
                                              or self.bold, self.italic) for k, _, part in word)
                words.append((x, text, names,
                              None if len(word) == 1 else tuple(part for _, _, part in word)))
            lines.append((baseline, bool(self.tick_boxes and line.opens), tuple(words)))
        lines = tuple(lines)
        self._drawn = (fonts, ctx.height, lines)
        return lines

    def _draw_tick_box(self, canvas, ctx, color, baseline: float, size: float) -> None:
        """Draw a tick box at the left edge, its middle on the middle of the line's capitals."""
        face = pdfmetrics.getFont(ctx.fonts.font_name(self.font, self.bold, self.italic)).face
        middle = baseline + face.capHeight / 1000 * size / 2
        side = self.tick_boxes
        canvas.saveState()
        paint = ctx.paint(canvas, None, color, TICK_LINE)
        canvas.roundRect(self.x + TICK_LINE / 2, middle - side / 2 + TICK_LINE / 2,
                         side - TICK_LINE, side - TICK_LINE, side / 8, **paint)
        canvas.restoreState()

    def _family(self, word: str) -> str:
        """Return the font family of ``word``: number_font for a number, else font."""
        return self.number_font if self.number_font and is_number(word) else self.font


def _segments(runs, numbers: bool = False):
    """Yield (kind, x, text, glued) with neighbouring words of one style joined by their spaces;
    ``glued`` says the stretch follows the one before without a space.

    One string per styled stretch keeps the PDF small and its text extractable as phrases;
    positions match the layout because ReportLab does not kern. With ``numbers``, each word that
    is a number is a stretch of its own: it takes the number font, and the space after it keeps
    the width the layout gave it (the number font's space is wider: "2, 3, 4 or" joined in it
    pushed the 4 against "or").
    """
    current = None
    for run, offset in runs:
        kind = "icon" if run.icon else "bold" if run.bold else "plain"
        if numbers and kind != "icon" and is_number(run.text):
            kind = "number-" + kind
        if current and kind == current[0] != "icon" and not kind.startswith("number-"):
            current[2] += (" " if run.space else "") + run.text
            continue
        if current:
            yield tuple(current)
        current = [kind, offset, run.text, not run.space]
    if current:
        yield tuple(current)


def _words(segments):
    """Yield lists of (kind, x, text): a segment alone, or a number with the text segments glued
    to it without a space (its comma or full stop, in the words' face)."""
    word = []
    for kind, x, text, glued in segments:
        if word and glued and kind != "icon" and word[0][0].startswith("number-"):
            word.append((kind, x, text))
            continue
        if word:
            yield word
        word = [(kind, x, text)]
    if word:
        yield word
