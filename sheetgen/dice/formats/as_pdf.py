"""Printable roll sheet: a play aid in the game's own colours, what no player may see kept apart.

Page one opens with a title band in the game's accent colour (dice.yaml ``sheet:``, resolved
by sheet_look.py) with its scene art and an ornament rule; later pages carry a slim band. Then
come the public panels: setup, then one panel per round, each saying its instruction once over
a grid of one row per seat (a numbered chip in the accent colour) and one column per roll,
each result big and bold. What a player must not see before it is revealed (deck orders, the
cards dealt in secret, the seed) follows below a marked fold line, on strips to fold under or
cut off: deck orders as compact numbered tables (a deck's refill orders are left to shuffling,
so a long game's sheet stays a few pages). One small "For checking" line (algorithm,
commitment, digest) sits just above the fold, in sight while the strips are folded under.
ReportLab is imported only inside this module's functions, so no other format pays for it.
Output bytes are deterministic (invariant=1).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Callable

from ...load.chrome import chrome_in
from ..script import FACE_UP, Event, Script
from ..sheet_look import SCENES, Look
from .lines import (
    check_lines,
    event_lines,
    join_items,
    roll_parts,
    roll_text,
    seat_name,
    section_heading,
    section_parts,
)

MARGIN = 32.0  # page margin (points)
BAND_H, SLIM_H = 64.0, 20.0  # the title band of page one, of the pages after it
PAD = 7.0  # inside a panel
BODY, SMALL, NOTE = 9.0, 7.5, 7.0  # text sizes: lines, instructions, notes and footers
RESULT = 11.5  # a roll's result: big and bold
LONG = 8.5  # a result in words (several symbol dice): bold, smaller
DICE = "\x00"  # a cell's faces naming its dice (their colours drawn as swatches), not text
STACKED = "\x01"  # the same, its faces stacked one a line (a row too long for the page else)
SEP, SWATCH, STACK = "  ", 6.0, 9.5  # between several dice's faces; a swatch; a stacked face
ROW_H, CHIP_R = 16.5, 6.5  # a seat's row of the grid, its chip's radius
TABLE = 8.0  # a deck order's entries (note role: 7 pt or more)
HIDDEN_KINDS = ("shuffle", "deal")  # deck orders and cards dealt in secret
REFILL = "refill "  # the name of a deck's refill order group (rules.refills)
BAND_SCENE = SCENES.rsplit("/", 1)[-1]  # the art set the title band draws from
AIRS = (1.0, 0.9, 0.8)  # the air between lines and rows: as designed, then tighter
SCENE_SHOWN, SCENE_TOP = 0.62, 0.1  # a band's scene: this share of its height, from here down
FADE = 0.16  # the share of the scene's width the band's colour fades over
LAST_PAGE_FULL = 0.4  # a last page filled less than this is laid out again, tighter


@dataclass
class Line:
    """One printed line of a panel: its height and what draws it at a baseline."""

    height: float
    draw: Callable[[float], None]


@dataclass
class Panel:
    """A titled panel of lines; ``hidden`` panels go below the fold line."""

    title: str
    lines: list[Line] = field(default_factory=list)
    hidden: bool = False
    pad: float = PAD  # above and below its lines

    def height(self) -> float:
        """Return the panel's height with its title bar and padding."""
        return TITLE_BAR + self.pad + sum(line.height for line in self.lines) + self.pad


TITLE_BAR = 17.0


def register_fonts() -> dict[str, str]:
    """Register the body, title and label families of the built-in ``fonts/fonts.yaml`` (the
    fonts every printed page uses); return role -> registered font name."""
    from ...fill.fonts import FontBook
    from ...load.project import Project, builtin_root

    book = FontBook.for_project(Project.at(builtin_root()))
    return {"body": book.font_name("body"), "bold": book.font_name("body", bold=True),
            "italic": book.font_name("body", italic=True),
            "title": book.font_name("title", bold=True), "label": book.font_name("label")}


def _is_row(event: Event) -> bool:
    """A roll event printed as a row of the grid: a seat's roll, or the table's pool."""
    return event.kind == "roll" and (event.seat != 0 or len(event.rolls) > 1)


def _is_hidden(event: Event) -> bool:
    """What no player may see before it is revealed: deck orders, secret deals."""
    return event.kind in HIDDEN_KINDS and bool(
        event.items or event.kind == "deal"
        or any(g.name != FACE_UP and not g.name.startswith(REFILL) for g in event.groups))


def render(script: Script, paper: tuple[float, float] | None = None,
           credit: Callable[[tuple], str] | None = None) -> bytes:
    """Return the PDF bytes of the full roll sheet of a shared seeded game (``sheetgen dice
    -o``: deck orders and secret deals on hidden strips, the checking line, the seed) on a
    page of ``paper`` (width, height in points; default A4), fonts embedded;
    ``credit(art_sets)`` gives the footer's licence credits (a build's; none for a file
    written by ``sheetgen dice``). A print pack's sheet of the dice alone is as_slips.py's."""
    fonts = register_fonts()
    return laid_out(script, paper, fonts, AIRS, f"{script.algorithm} digest {script.digest}",
                    lambda c, size, air: _Sheet(c, script, fonts, *size, credit, air))


def laid_out(script: Script, paper: tuple[float, float] | None, fonts: dict,
             airs: tuple[float, ...], subject: str, sheet: Callable) -> bytes:
    """Return the PDF bytes of the sheet ``sheet(canvas, (width, height), air)`` makes and
    draws on a page of ``paper`` (default A4), fonts embedded, ``subject`` in its metadata.
    A last page mostly blank: the sheet is laid out again with less air between its lines
    and rows (each of ``airs`` after the first), kept when that saves the page. The tries
    are laid out without drawing (measuring.py); only the sheet kept is drawn."""
    from reportlab.lib.pagesizes import A4

    from ...write.speed_layer import canvas_class
    from .measuring import MeasuringCanvas

    size = paper or A4

    def made(c, air: float):
        c.setTitle(f"{script.game_name} roll sheet")
        c.setAuthor(script.game_name)
        if subject:
            c.setSubject(subject)
        out = sheet(c, size, air)
        out.draw()
        return out

    def measured(air: float) -> tuple[int, float]:
        out = made(MeasuringCanvas(io.BytesIO(), pagesize=size, invariant=1,
                                   initialFontName=fonts["body"], initialFontSize=BODY), air)
        return out.page, out.last_fill()

    air = airs[0]
    if airs[1:]:  # one air (a sheet that picks its own): no try to measure it against
        pages, fill = measured(air)
        if pages > 1 and fill < LAST_PAGE_FULL:
            air = next((tighter for tighter in airs[1:] if measured(tighter)[0] < pages), air)
    buf = io.BytesIO()
    c = canvas_class()(buf, pagesize=size, invariant=1, initialFontName=fonts["body"],
                       initialFontSize=BODY, pageCompression=1)
    made(c, air)
    c.save()
    return buf.getvalue()


# a scene's art by (file, its modification time, its size): parsed once a process for every
# sheet that draws it (a catalogue's 38 sheets draw 5 scenes), and again once the file changes
_SCENES: dict[tuple[str, int, int], object] = {}
_MAX_SCENES = 32


def scene_art(path, read_art):
    """Return the art of scene file ``path`` as ``read_art`` reads it, parsed once while the
    file is unchanged (art is never changed by drawing it): a sheet's band and its slips'
    covers draw it."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    art = _SCENES.get(key)
    if art is None:
        if len(_SCENES) >= _MAX_SCENES:
            _SCENES.clear()
        art = _SCENES[key] = read_art(path)
    return art


class _Sheet:
    """Lays out and draws one roll sheet on a canvas."""

    def __init__(self, c, script: Script, fonts: dict, width: float, height: float,
                 credit: Callable[[tuple], str] | None, air: float = 1.0):
        from reportlab.pdfbase.pdfmetrics import stringWidth

        self.c, self.script, self.fonts = c, script, fonts
        self.width, self.height = width, height
        self.look: Look = script.look or Look()
        self.lang = script.language
        self.credit = credit
        self.air = air  # the air between lines and rows (AIRS)
        self.chip_r = min(CHIP_R, (ROW_H * air - 1.5) / 2)  # a chip a row apart from the next
        self.last_y = height  # where the last page's content ends
        self.recurring = set(self.recurring_notes())
        self.said: set = set()  # notes of the hidden strips printed once a sheet
        self.sw = stringWidth
        self.left = MARGIN + PAD
        self.text_w = width - 2 * MARGIN - 2 * PAD
        self.page = 1
        # a paragraph's lines by (text, font, size, width): a sheet is laid out a dozen times
        # (each die size it tries) with the same paragraphs
        self._splits: dict[tuple, tuple[str, ...]] = {}

    # --- words ----------------------------------------------------------------------------
    def words(self, text: str, **fields) -> str:
        """Return chrome ``text`` in the script's language."""
        return chrome_in(self.lang, text, **fields)

    def players(self) -> str:
        """Return "N players" in the script's language."""
        n = self.script.players
        return self.words("{n} player" if n == 1 else "{n} players", n=n)

    # --- colours --------------------------------------------------------------------------
    def fill(self, rgb, amount: float = 0.0) -> None:
        """Set the fill colour to ``rgb`` mixed ``amount`` of the way to white."""
        self.c.setFillColorRGB(*(v + (1 - v) * amount for v in rgb))

    def stroke(self, rgb, amount: float = 0.0) -> None:
        """Set the stroke colour to ``rgb`` mixed ``amount`` of the way to white."""
        self.c.setStrokeColorRGB(*(v + (1 - v) * amount for v in rgb))

    # --- text -----------------------------------------------------------------------------
    def split(self, text: str, font: str, size: float, width: float) -> list[str]:
        """Return ``text`` broken into lines no wider than ``width``."""
        key = (text, font, size, width)
        lines = self._splits.get(key)
        if lines is None:
            from reportlab.lib.utils import simpleSplit

            lines = self._splits[key] = tuple(simpleSplit(text, self.fonts[font], size, width)
                                              or [""])
        return list(lines)

    def text_lines(self, text: str, font: str = "body", size: float = BODY,
                   grey: float = 0.0, indent: float = 0.0) -> list[Line]:
        """Return the printed lines of a paragraph."""
        out = []
        for part in self.split(text, font, size, self.text_w - indent):
            def draw(y, part=part):
                self.c.setFillGray(grey)
                self.c.setFont(self.fonts[font], size)
                self.c.drawString(self.left + indent, y, part)
                self.c.setFillGray(0)
            out.append(Line(size + 3.5 * self.air, draw))
        return out

    def result_line(self, label: str, result: str) -> list[Line]:
        """Return a line ``label: result`` with the result big and bold (a table's roll)."""
        head = f"{label}: "
        head_w = self.sw(head, self.fonts["body"], BODY)
        if head_w + self.sw(result, self.fonts["bold"], RESULT) > self.text_w:
            return self.text_lines(head) + self.text_lines(result, "bold", RESULT, indent=12)

        def draw(y):
            self.c.setFont(self.fonts["body"], BODY)
            self.c.drawString(self.left, y, head)
            self.c.setFont(self.fonts["bold"], RESULT)
            self.c.drawString(self.left + head_w, y, result)
        return [Line(RESULT + 5 * self.air, draw)]

    def chip(self, x: float, y: float, seat: int) -> float:
        """Draw a seat's chip (its number in a disc of the accent colour; the table's word
        in a rounded tag) with its baseline at ``y``; return its width."""
        c = self.c
        self.fill(self.look.accent)
        if seat:
            c.circle(x + self.chip_r, y + 3.2, self.chip_r, stroke=0, fill=1)
            c.setFillGray(1)
            c.setFont(self.fonts["bold"], BODY)
            c.drawCentredString(x + self.chip_r, y, str(seat))
            c.setFillGray(0)
            return 2 * self.chip_r
        name = seat_name(0, self.lang)
        w = self.sw(name, self.fonts["bold"], SMALL) + 8
        c.roundRect(x, y + 3.2 - self.chip_r, w, 2 * self.chip_r, self.chip_r, stroke=0, fill=1)
        c.setFillGray(1)
        c.setFont(self.fonts["bold"], SMALL)
        c.drawCentredString(x + w / 2, y, name)
        c.setFillGray(0)
        return w

    # --- the grid of a round --------------------------------------------------------------
    def cell(self, roll) -> tuple[str, str]:
        """Return a roll's faces (small) and its result (big, bold): the total of several
        dice, else the faces themselves (dice of several kinds: each face after a swatch of
        its die's colour, see :meth:`swatches`)."""
        faces, total = roll_parts(roll, self.script)
        if total is None and self.swatches(roll.dice, roll.rerolled) is not None:
            return DICE + "\t".join(roll.dice), SEP.join(str(f) for f in roll.faces)
        return (faces, str(total)) if total is not None else ("", faces)

    def swatches(self, dice: list, rerolled=()) -> list | None:
        """Return the colour of each die of a roll of several kinds of dice thrown once (its
        faces printed after swatches of their dice's colours, in the dice's order), else
        None."""
        if len(set(dice)) < 2 or rerolled:
            return None
        try:
            return [tuple(int(self.script.dice[d].colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
                    for d in dice]
        except ValueError:
            return None

    def cell_w(self, faces: str, result: str) -> float:
        """Return the width a cell needs."""
        if faces.startswith(STACKED):  # the faces stacked, one line a die
            return max(self.sw(p, self.fonts["bold"], LONG) for p in result.split(SEP)) \
                + SWATCH + 3 + 12
        if faces.startswith(DICE):  # the faces side by side
            parts = result.split(SEP)
            size = _swatch_size(parts)
            return sum(self.sw(p, self.fonts["bold"], size) + SWATCH + 3 for p in parts) \
                + 6 * (len(parts) - 1) + 12
        w = self.sw(result, self.fonts["bold"], RESULT if len(result) < 8 else LONG)
        if faces:
            w += self.sw(faces, self.fonts["body"], SMALL) + 6
        return w + 10

    def grid(self, rows: list[Event]) -> list[Line]:
        """Return the lines of one instruction's grid: column numbers, then one row per seat
        (chip, then a cell per roll), a long row wrapping under its cells."""
        cells = [[self.cell(r) for r in ev.rolls] for ev in rows]
        names = [[f"{n}: " for n in ev.items] or [""] * len(ev.rolls) for ev in rows]
        cells = [[(n + f, r) if f and not f.startswith(DICE) else (f, n + r)
                  for (f, r), n in zip(row, name)] for row, name in zip(cells, names)]
        return self.cells([ev.seat for ev in rows], cells)

    def cells(self, seats: list[int], cells: list[list[tuple[str, str]]],
              numbered: bool = True) -> list[Line]:
        """Return the lines of a grid: one row per seat (its chip, then its cells of (small
        faces, bold result)), the column numbers over it (``numbered``), a long row wrapping
        under its cells, each then numbering itself."""
        label_w = max(self.chip_w(seat) for seat in seats) + 8
        avail = self.text_w - label_w
        gap = 4.0
        w = max(self.cell_w(f, r) for row in cells for f, r in row)
        most = max(len(row) for row in cells)
        if (avail + gap) // (w + gap) < most and any(
                f.startswith(DICE) for row in cells for f, _ in row):  # stack the faces
            cells = [[(STACKED + f[len(DICE):] if f.startswith(DICE) else f, r)
                      for f, r in row] for row in cells]
            w = max(self.cell_w(f, r) for row in cells for f, r in row)
        index_w = 0.0 if len(cells[0]) <= 1 else self.sw(str(most), self.fonts["label"], NOTE) + 4
        w = min(max(w, 30.0), avail)
        if (avail + gap) // (w + gap) < most:  # wrapped: each cell numbers itself
            w += index_w
        per_line = min(max(1, int((avail + gap) // (w + gap))), most)
        wrapped = per_line < most
        if per_line == most and most > 1:  # one line a seat: spread the cells out
            w = min((avail + gap) / most - gap, max(w, 56.0))
        x0 = self.left + label_w
        out: list[Line] = []
        if most > 1 and not wrapped and numbered:  # the column numbers, once over the grid
            def numbers(y):
                self.c.setFillGray(0.35)
                self.c.setFont(self.fonts["label"], NOTE)
                for k in range(per_line):
                    self.c.drawCentredString(x0 + k * (w + gap) + w / 2, y, str(k + 1))
                self.c.setFillGray(0)
            out.append(Line(NOTE + 3 * self.air, numbers))
        for seat, row in zip(seats, cells):
            for start in range(0, len(row), per_line):
                part = row[start:start + per_line]
                first = start + 1 if wrapped and numbered else 0
                dice = max((len(r.split(SEP)) for f, r in part if f.startswith(STACKED)),
                           default=0)
                h = max(ROW_H * self.air, dice * STACK + 7)
                out.append(Line(h, self._row_drawer(seat if start == 0 else None,
                                                    part, x0, w, gap, first, h)))
        return out

    def _inline(self, x: float, w: float, y: float, faces: str, result: str) -> None:
        """Draw a result of several kinds of dice on one line: each face after a swatch of
        its die's colour, in the dice's order."""
        c = self.c
        parts = result.split(SEP)
        size = _swatch_size(parts)
        colours = self.swatches(faces[len(DICE):].split("\t")) or []
        tx = x + (w - (self.cell_w(faces, result) - 12)) / 2
        for part, rgb in zip(parts, colours):
            self._swatch(tx, y, rgb)
            c.setFont(self.fonts["bold"], size)
            c.drawString(tx + SWATCH + 3, y - 0.5, part)
            tx += SWATCH + 3 + self.sw(part, self.fonts["bold"], size) + 6

    def _swatch(self, x: float, y: float, rgb) -> None:
        """Draw a die's colour swatch on the baseline ``y``."""
        c = self.c
        c.setFillColorRGB(*rgb)
        c.setStrokeGray(0.2)
        c.setLineWidth(0.4)
        c.roundRect(x, y - 0.6, SWATCH, SWATCH, 1.2, stroke=1, fill=1)
        c.setFillGray(0)

    def _swatched(self, x: float, w: float, top: float, faces: str, result: str) -> None:
        """Draw a result of several kinds of dice from ``top`` down: one line a die, its
        face after a swatch of its colour, in the dice's order."""
        c = self.c
        parts = result.split(SEP)
        colours = self.swatches(faces[len(STACKED):].split("\t")) or []
        tx = x + (w - (self.cell_w(faces, result) - 12)) / 2
        for k, (part, rgb) in enumerate(zip(parts, colours)):
            y = top - 3.5 - (k + 1) * STACK + 2.5
            self._swatch(tx, y, rgb)
            c.setFont(self.fonts["bold"], LONG)
            c.drawString(tx + SWATCH + 3, y, part)

    def chip_w(self, seat: int) -> float:
        """Return the width of a seat's chip."""
        if seat:
            return 2 * self.chip_r
        return self.sw(seat_name(0, self.lang), self.fonts["bold"], SMALL) + 8

    def _row_drawer(self, seat, part, x0: float, w: float, gap: float, first: int,
                    h: float = ROW_H):
        """Return what draws one line of a seat's row, ``h`` high (``first``: the number of
        its first cell when the row wraps and each cell numbers itself, else 0)."""
        def draw(base):
            c = self.c
            y = base + (h - ROW_H) / 2  # a one-line content's baseline: the row's middle
            if seat is not None:
                self.chip(self.left, y, seat)
            for k, (faces, result) in enumerate(part):
                x = x0 + k * (w + gap)
                self.fill(self.look.accent, 0.93)
                self.stroke(self.look.accent, 0.55)
                c.setLineWidth(0.5)
                c.roundRect(x, base - 4.5, w, h - 3, 2.5, stroke=1, fill=1)
                if first:
                    c.setFillGray(0.35)
                    c.setFont(self.fonts["label"], NOTE)
                    c.drawString(x + 4, y, str(first + k))
                    c.setFillGray(0)
                    x += self.sw(str(first + k), self.fonts["label"], NOTE) + 4
                    w_in = w - self.sw(str(first + k), self.fonts["label"], NOTE) - 4
                else:
                    w_in = w
                size = RESULT if len(result) < 8 else LONG
                if faces.startswith(STACKED):
                    self._swatched(x, w_in, base - 4.5 + h - 3, faces, result)
                elif faces.startswith(DICE):
                    self._inline(x, w_in, y, faces, result)
                elif faces:
                    c.setFillGray(0.3)
                    c.setFont(self.fonts["body"], SMALL)
                    c.drawString(x + 5, y, faces)
                    c.setFillGray(0)
                    c.setFont(self.fonts["bold"], size)
                    c.drawRightString(x + w_in - 5, y - 0.5, result)
                else:
                    c.setFillGray(0)
                    c.setFont(self.fonts["bold"], size)
                    c.drawCentredString(x + w_in / 2, y - 0.5, result)
        return draw

    # --- panels ---------------------------------------------------------------------------
    def recurring_notes(self) -> list[str]:
        """Return the notes of public events that recur in more than one section (a ruling
        every round repeats), in the order they first come: the sheet says them once, under
        its intro, not in every round."""
        sections: dict[str, set] = {}
        for n, section in enumerate(self.script.sections):
            for ev in section.events:
                if ev.note and ev.kind not in HIDDEN_KINDS:
                    sections.setdefault(ev.note, set()).add(n)
        return [note for note, where in sections.items() if len(where) > 1]

    def note(self, ev: Event) -> str:
        """Return a public event's note to print beside it: none when the sheet says it
        once (:meth:`recurring_notes`)."""
        return "" if ev.note in self.recurring else ev.note

    def legend(self, ev: Event) -> str:
        """Return the instruction over a grid: its label, its note in brackets."""
        return ev.label + (f" ({self.note(ev)})" if self.note(ev) else "")

    def public_lines(self, events: list[Event]) -> list[Line]:
        """Return the lines of a panel's public events: an instruction said once over its
        grid, a table's roll with its result in bold, other events as lines; a hidden event
        is named, with where to find it."""
        out: list[Line] = []
        k = 0
        while k < len(events):
            ev = events[k]
            if _is_row(ev):
                legend = self.legend(ev)
                rows = [ev]
                while k + 1 < len(events) and _is_row(events[k + 1]) and \
                        self.legend(events[k + 1]) == legend:
                    k += 1
                    rows.append(events[k])
                out += self.text_lines(legend, "italic", SMALL + 0.5, grey=0.15)
                out += self.grid(rows)
            elif ev.kind == "roll" and len(ev.rolls) == 1:
                out += self.result_line(ev.label, roll_text(ev.rolls[0], self.script))
                if self.note(ev):
                    out += self.text_lines(f"({ev.note})", "body", SMALL, 0.3)
            elif ev.kind == "pause":
                out += self.text_lines(ev.label, "italic", BODY)
                if self.note(ev):
                    out += self.text_lines(ev.note, "body", SMALL, 0.3)
            elif ev.kind == "first-player":
                out += self.result_line(ev.label, seat_name(ev.seat, self.lang))
            elif _is_hidden(ev) or ev.kind in HIDDEN_KINDS:
                up = [g for g in ev.groups if g.name == FACE_UP]
                for g in up:  # the revealed top cards are public
                    out += self.result_line(f"{ev.label}, {self.words(FACE_UP)}",
                                            join_items(g.items))
                if _is_hidden(ev):
                    out += self.text_lines(f"{ev.label}: {self.words('on the hidden strip')}",
                                           "body", BODY, 0.25)
            else:
                for text in event_lines(ev, self.script):
                    out += self.text_lines(text.strip())
            k += 1
        return out

    def numbered(self, title: str, items: list[str]) -> list[Line]:
        """Return a numbered table of ``items`` (a deck's order, a stack), as many columns as
        fit, numbers running down each column."""
        out = self.text_lines(title, "bold", BODY) if title else []
        if not items:
            return out
        num_w = self.sw(str(len(items)), self.fonts["label"], TABLE) + 4
        item_w = max(self.sw(i, self.fonts["body"], TABLE) for i in items)
        gap = 6.0
        cols = max(1, min(6, int((self.text_w + gap) // (num_w + item_w + gap))))
        rows = math.ceil(len(items) / cols)
        col_w = (self.text_w + gap) / cols - gap
        for r in range(rows):
            cells = [(n + 1, items[n]) for n in (col * rows + r for col in range(cols))
                     if n < len(items)]

            def draw(y, cells=cells, shade=r % 2):
                c = self.c
                if shade:
                    self.fill(self.look.accent, 0.94)
                    c.rect(self.left - 2, y - 2.6, self.text_w + 4, TABLE + 3.2, stroke=0,
                           fill=1)
                for k, (n, item) in enumerate(cells):
                    x = self.left + k * (col_w + gap)
                    self.fill(self.look.accent)
                    c.setFont(self.fonts["label"], TABLE)
                    c.drawRightString(x + num_w - 4, y, str(n))
                    c.setFillGray(0)
                    c.setFont(self.fonts["body"], TABLE)
                    text = item
                    while self.sw(text, self.fonts["body"], TABLE) > col_w - num_w \
                            and len(text) > 2:
                        text = text[:-2] + "…"
                    c.drawString(x + num_w, y, text)
            out.append(Line(TABLE + 3.2, draw))
        return out

    def hidden_lines(self, ev: Event) -> list[Line]:
        """Return a hidden event's lines: a deck order as a numbered table (its refill
        orders left to shuffling), named stacks each as a table, dealt cards per seat; a
        note is printed once a sheet (every turn's deal has the same), a deal's only where
        there are seats to order (not to one seat alone)."""
        said = self.said
        out: list[Line] = []
        refills = [g for g in ev.groups if g.name.startswith(REFILL)]
        others = [g for g in ev.groups if g.name != FACE_UP and g not in refills]
        if ev.kind == "deal":  # each seat's cards in a row of cells
            out += self.text_lines(ev.label, "bold", BODY)
            named = [g for g in ev.groups if not g.seat]
            seated = [g for g in ev.groups if g.seat]
            if seated:
                out += self.cells([g.seat for g in seated],
                                  [[("", item) for item in g.items] or [("", "-")]
                                   for g in seated], numbered=False)
            for g in named:
                out += self.text_lines(f"{g.name}: " + (", ".join(g.items) or "-"))
        else:
            out += (self.numbered(ev.label, ev.items) if ev.items
                    else self.text_lines(ev.label, "bold", BODY))
            for g in others:
                out += self.numbered(g.name, g.items)
        seats = {g.seat for g in ev.groups if g.seat}
        note = ev.note if ev.kind != "deal" or len(seats) > 1 else ""
        for fixed in (_refill_note(),):
            note = note.replace(fixed, "").strip()
        if note and note not in said:
            out += self.text_lines(note, "body", NOTE, 0.3)
            said.add(note)
        refill = self.words("Refill orders are not printed: when a deck runs out, shuffle its "
                            "discard pile.")
        if refills and refill not in said:
            out += self.text_lines(refill, "italic", NOTE + 0.5, 0.2)
            said.add(refill)
        return out

    def panels(self) -> tuple[list[Panel], list[Panel]]:
        """Return the public panels (setup, each round) and the hidden ones (the setup's
        deck orders and deals, each round's secret deals, the seed)."""
        public, hidden = [], []
        for section in self.script.sections:
            hidden_events = [ev for ev in section.events if _is_hidden(ev)]
            title = section_heading(section, self.script)
            for k, events in enumerate(section_parts(section)):
                heading = title if k == 0 else self.words("{title}, continued",
                                                          title=section.title)
                lines = self.public_lines(events)
                public.append(Panel(heading, lines or self.text_lines(
                    self.words("(nothing to roll)"), "body", SMALL, 0.35), pad=PAD * self.air))
            if hidden_events:
                lines = [ln for ev in hidden_events for ln in self.hidden_lines(ev)]
                hidden.append(Panel(section.title, lines, hidden=True, pad=PAD * self.air))
        seed = self.text_lines(self.words("Seed: {seed}", seed=self.script.seed), "bold",
                               RESULT)
        seed += self.text_lines(self.words(
            "Check: SHA-256 of the secret equals the commitment on the strip before."),
            "body", NOTE, 0.3)
        hidden.append(Panel(self.words("Seed (reveal after the game)"), seed, hidden=True))
        return public, hidden

    # --- pages ----------------------------------------------------------------------------
    def band(self) -> float:
        """Draw the page's title band; return the y under it."""
        c, look = self.c, self.look
        x, w = MARGIN, self.width - 2 * MARGIN
        first = self.page == 1
        h = BAND_H if first else SLIM_H
        top = self.height - MARGIN
        y = top - h
        c.saveState()
        path = c.beginPath()
        path.roundRect(x, y, w, h, 4)
        c.clipPath(path, stroke=0, fill=0)
        self.fill(look.accent)
        c.rect(x, y, w, h, stroke=0, fill=1)
        if look.scene is not None and first and not getattr(c, "measuring", False):
            self._scene(x + w * 0.45, y, w * 0.55, h)
        c.restoreState()
        c.setFillGray(1)
        if first:
            c.setFont(self.fonts["title"], 24)
            c.drawString(x + 12, y + h - 31, self.script.game_name)
            c.setFont(self.fonts["bold"], 11)
            c.drawString(x + 12, y + 12, self.words("Roll sheet · {players}",
                                                    players=self.players()))
        else:
            c.setFont(self.fonts["title"], 10.5)
            c.drawString(x + 10, y + 6.5, self.script.game_name)
            c.setFont(self.fonts["body"], SMALL)
            c.drawRightString(x + w - 10, y + 7, self.words("Roll sheet · {players}",
                                                            players=self.players()))
        c.setFillGray(0)
        # the ornament rule under the band
        self.stroke(look.ornament)
        c.setLineWidth(1.6)
        c.line(x, y - 3, x + w, y - 3)
        c.setLineWidth(0.5)
        c.line(x, y - 5.5, x + w, y - 5.5)
        return y - 12

    def _scene(self, x: float, y: float, w: float, h: float) -> None:
        """Draw the scene art across (x, y, w, h), tinted, faded into the band on its left."""
        from ...fill.art.draw import Inks, draw_colour
        from ...fill.art.read import read_art

        c = self.c
        art = scene_art(self.look.scene, read_art)
        _, _, vw, vh = art.box
        # a reader found the band's picture cropped (a slice of a keep's wall, its towers
        # cut off): the band shows SCENE_SHOWN of the scene's height at the least, from
        # SCENE_TOP down (its skyline), the picture at the band's right end
        sh = min(w * vh / vw, h / SCENE_SHOWN)
        sw = sh * vw / vh
        x, w = x + w - sw, sw
        c.saveState()
        c.translate(x, y + h - sh * (1 - SCENE_TOP))
        c.scale(w, sh)
        draw_colour(c, art, Inks(tint=self.look.scene_tint))
        c.restoreState()
        steps = 24  # the accent fades over the scene's left edge
        for k in range(steps):
            c.saveState()
            self.fill(self.look.accent)
            c.setFillAlpha(1 - k / steps)
            c.rect(x + k * w * FADE / steps, y, w * FADE / steps + 0.5, h, stroke=0, fill=1)
            c.restoreState()

    def footer(self) -> None:
        """Draw the page's footer: the game, what the sheet is, the credits, the page."""
        c = self.c
        about = [self.script.game_name, self.words("Roll sheet · {players}",
                                                   players=self.players())]
        if self.credit is not None:
            sets = (BAND_SCENE,) if self.look.scene is not None else ()
            about.append(self.credit(sets))
        c.setFont(self.fonts["body"], NOTE)
        c.setFillGray(0.3)
        c.drawString(MARGIN, MARGIN / 2, " · ".join(filter(None, about)))
        c.drawRightString(self.width - MARGIN, MARGIN / 2,
                          self.words("page {page}", page=self.page))
        c.setFillGray(0)

    def new_page(self) -> float:
        """End the page (its footer) and start the next with its band; return the top y."""
        self.footer()
        self.c.showPage()
        self.page += 1
        return self.band()

    def panel(self, p: Panel, y: float, lines: list[Line], continued: bool) -> float:
        """Draw a panel's frame, title bar and ``lines`` from ``y`` down; return its foot."""
        c = self.c
        h = TITLE_BAR + p.pad + sum(ln.height for ln in lines) + p.pad
        x, w = MARGIN, self.width - 2 * MARGIN
        self.stroke(self.look.accent, 0.3 if not p.hidden else 0.0)
        c.setLineWidth(0.8)
        if p.hidden:
            c.setDash(3, 2)
        c.setFillGray(1)
        c.roundRect(x, y - h, w, h, 3, stroke=1, fill=1)
        c.setDash()
        self.fill(self.look.accent, 0.15)
        c.saveState()
        path = c.beginPath()
        path.roundRect(x, y - TITLE_BAR, w, TITLE_BAR, 3)
        c.clipPath(path, stroke=0, fill=0)
        c.rect(x, y - TITLE_BAR, w, TITLE_BAR, stroke=0, fill=1)
        c.restoreState()
        c.setFillGray(1)
        c.setFont(self.fonts["bold"], 10.5)
        title = p.title if not continued else self.words("{title}, continued", title=p.title)
        c.drawString(x + PAD, y - TITLE_BAR + 5, title)
        c.setFillGray(0)
        cy = y - TITLE_BAR - p.pad
        for ln in lines:
            cy -= ln.height
            ln.draw(cy + 3)
        return y - h

    def flow(self, panels: list[Panel], y: float, floor: float) -> float:
        """Draw ``panels`` down the pages from ``y``; a panel that does not fit starts a
        page, one longer than a page continues on the next; return the y under the last."""
        room = self.height - 2 * MARGIN - SLIM_H - 12 - (MARGIN / 2)
        for p in panels:
            if y - p.height() < floor and p.height() <= room:
                y = self.new_page()
            lines, continued = list(p.lines), False
            while lines:
                fit, used = 0, TITLE_BAR + 2 * p.pad
                while fit < len(lines) and y - used - lines[fit].height >= floor:
                    used += lines[fit].height
                    fit += 1
                if fit == 0:
                    y = self.new_page()
                    continue
                y = self.panel(p, y, lines[:fit], continued) - 6 * self.air
                lines, continued = lines[fit:], True
                if lines:
                    y = self.new_page()
        return y

    def last_fill(self) -> float:
        """Return how much of the last page's height under its band the sheet fills."""
        top = self.height - MARGIN - SLIM_H - 12
        return (top - self.last_y) / (top - MARGIN - 6)

    def row_owners(self) -> tuple[bool, bool]:
        """Return whether the script's rolls are seats' (a numbered row each) and whether
        some row is the whole table's: what a row of dice on this sheet means."""
        rolls = [ev for s in self.script.sections for ev in s.events if ev.kind == "roll"]
        return (any(ev.seat for ev in rolls),
                any(not ev.seat and _is_row(ev) for ev in rolls))

    def check_line(self) -> list[Line]:
        """Return the small "For checking" line: algorithm, commitment, digest."""
        text = f"{self.words('For checking')}: " + " · ".join(check_lines(self.script))
        return self.text_lines(text, "body", NOTE, 0.35)

    def fold(self, y: float) -> None:
        """Draw the fold line at ``y``, marked with what it hides."""
        c = self.c
        self.stroke(self.look.accent)
        c.setLineWidth(0.9)
        c.setDash(5, 3)
        c.line(MARGIN / 2, y, self.width - MARGIN / 2, y)
        c.setDash()
        text = self.words("Hidden: fold under or cut off")
        c.setFont(self.fonts["bold"], SMALL)
        tw = self.sw(text, self.fonts["bold"], SMALL) + 10
        c.setFillGray(1)
        c.rect(self.width / 2 - tw / 2, y - 5, tw, 10, stroke=0, fill=1)
        self.fill(self.look.accent)
        c.drawCentredString(self.width / 2, y - 2.5, text)
        c.setFillGray(0)

    def draw(self) -> None:
        """Draw the whole sheet: band, intro, public panels, checking line, fold, hidden."""
        floor = MARGIN + 6
        y = self.band()
        seats, _ = self.row_owners()
        if seats:
            said = self.words(
                "Rolled in advance: read your seat's row instead of rolling. Keep the strips "
                "below the fold line folded under (or cut off) until what they hold is "
                "revealed.")
        else:  # every roll is the table's (Roll & Might's rows were turns)
            said = self.words(
                "Rolled in advance: read the table's rolls in order instead of rolling. Keep "
                "the strips below the fold line folded under (or cut off) until what they "
                "hold is revealed.")
        intro = self.text_lines(said, "italic", SMALL + 0.5, 0.2)
        for note in self.recurring_notes():  # said once a sheet, not every round
            intro += self.text_lines(note, "body", SMALL, 0.3)
        if self.script.variant and self.script.mode_note:
            intro = self.text_lines(self.words("Game mode: {note}",
                                               note=self.script.mode_note),
                                    "bold", BODY) + intro
        for ln in intro:
            y -= ln.height
            ln.draw(y)
        y -= 6
        public, hidden = self.panels()
        y = self.last_y = self.flow(public, y, floor)
        check = self.check_line()
        hidden_h = sum(p.height() + 6 for p in hidden) + 14
        check_h = sum(ln.height for ln in check) + 4
        if y - check_h - hidden_h >= floor:  # at the foot of the page: folded under
            y = floor + hidden_h + check_h
        elif y - check_h - 120 < floor:  # too little room left: the checking line and the
            y = self.new_page()          # hidden strips start the next page
        for ln in check:  # else the hidden strips start under it and run on
            y -= ln.height
            ln.draw(y)
        top = y - 4
        self.fold(top - 2)
        self.last_y = self.flow(hidden, top - 10, floor)
        self.footer()
        self.c.showPage()


def _swatch_size(parts: list[str]) -> float:
    """Return the size of faces printed after swatches: a number big, a word smaller."""
    return RESULT if all(len(p) <= 2 for p in parts) else LONG


def _refill_note() -> str:
    """Return the note a deck with refill orders carries (rules.REFILL_NOTE): the sheet
    prints no refill order, so not the words about them."""
    from ..rules import REFILL_NOTE

    return REFILL_NOTE
