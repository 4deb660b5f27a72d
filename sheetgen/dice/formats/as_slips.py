"""The print pack's roll sheet as cut-apart slips: one round revealed at a time, on paper.

A sheet of every future roll lets players plan ahead. So the print pack's sheet (the dice
alone, a sample seed) prints each section of the script (setup, each round) on a slip of its
own: a dashed cut line with crop marks round it and the section's title ("Round 3") at its
head, so the table cuts them apart, stacks them face down in order and turns the next one
over when play reaches it (the content is on one face only: a face-down stack hides it).
What the script keeps back until a pause ("read on only when every player has placed
them": Rolling Thunder's dummy dice) is on a tab under a fold line at the slip's foot, folded
under until the pause's words say to open it. No result prints outside a slip.

Dice look like dice: every face is drawn as the game's printable dice draw it
(:mod:`.die_faces`), a roll's faces side by side with its total, and a tick box a roll for
the table to mark what it used. Slips go in as many columns as their rolls allow, so a
narrow round does not waste a band the page wide. The title band, footer and words are the
full sheet's (:mod:`.as_pdf`); its one-line instructions and what a row is (a seat's dice,
or the table's) are computed from the script.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import PATH_OPS

from ..script import Event, Roll, Script
from .as_pdf import (
    BAND_H,
    BODY,
    HIDDEN_KINDS,
    MARGIN,
    NOTE,
    PAD,
    SLIM_H,
    SMALL,
    _is_row,
    _Sheet,
    laid_out,
    register_fonts,
    scene_art,
)
from .lines import ARROW, event_lines, roll_text, seat_name, section_heading, section_parts

# a die's size (points), largest first: the largest that costs no page and no wrapped row
# more than the smallest. The smallest is the floor of legibility at arm's length: the
# die-face template's pips are 0.18 of a face (1.9 mm at 30 pt), a marked die's icon 0.54
# (5.7 mm), an unmarked one's 0.7
SIZES = (40.0, 36.0, 33.0, 30.0)
# ... and larger still on a sheet of columns the look asks for (dice.yaml sheet.columns): a
# column of few dice a round has room for them, and the page fills
LARGER = (52.0, 48.0, 44.0)
ICON_DIE = 34.0  # a die of pictures at the least: its narrowest icon (Reavers' shield) 5 mm
TICK = 8.5  # a roll's tick box: 3 mm, a pencil tick fits (readers found 2.3 mm small)
INSET = 3.0  # inside a roll's cell, left and right
DIE_GAP = 1.5  # between the dice of a roll
CELL_GAP = 3.0  # between the cells of a row
ROW_AIR = 6.0  # a row of dice is this much higher than its dice
BOX = 4.0  # ... at the least: its cells' boxes (3 points higher than the dice) a point apart
TAB_ROLLS = 4  # the most rolls a tab under a fold holds (more: the next slip)
GUTTER = 12.0  # between the sheet's intro and its first slips (slips abut: one cut line)
CUT_W = 0.6  # a cut line's width
LABEL = 11.0  # a slip's title: the round, read first; in the title face, as the game's headings
CHIP = 8.5  # a seat's chip's radius
CHIP_TEXT = 11.5  # its number
SAY = SMALL + 0.5  # an instruction over dice
FOLD_ROOM = 10.0  # under a fold line, before a tab's lines
TOTAL = 10.5  # a roll's total: in the label face (lining figures: a "1" never reads as I)
TOTAL_GAP = 5.0  # after a roll's total, before its tick box: they never touch
MIN_COLUMN = 120.0  # the narrowest slip (its text wraps)
MAX_COLUMNS = 4
AIRS = (1.0, 0.6, 0.3)  # the air between rows and lines: as designed, then tighter
# a sheet of one page spreads its slips' lines till the page is full (a reader found Roll &
# Might's page a fifth blank under its eight turns): more air, in these steps, up to the most;
# the gutter between slips stays as designed (the slips grow, not the cuts)
FILL_STEP, FILL_MOST = 0.25, 8.0


# a roll cell's pen; its tick box's grey and pen, and what drawing the box writes
_CELL_PEN, _TICK_PEN = 0.5, 0.6
_TICK_GREY = (0.2, 0.2, 0.2)
_TICK_BOX = (f"{fp_str(1)} g\n{fp_str(0.2)} G\n{fp_str(_TICK_PEN)} w\nn %s re %s\n"
             f"{fp_str(0)} g")


@dataclass
class Line:
    """One line of a slip: its height and what draws it with its top-left at (x, top)."""

    height: float
    draw: Callable[[float, float], None]
    join: bool = False  # kept with the next line: a slip running on is never cut after it


def render_slips(script: Script, faces, paper: tuple[float, float] | None = None,
                 credit: Callable[[tuple], str] | None = None,
                 measures: dict | None = None) -> bytes:
    """Return the PDF bytes of the print pack's roll sheet of ``script`` as slips on a page of
    ``paper`` (points; default A4), its dice drawn by ``faces`` (a DieFaces);
    ``credit(art_sets)`` gives the footer's licence credits. ``measures``: what the sheets of
    this ``script`` worked out already (its cells' widths at each die size, which no paper
    changes), kept for its sheet on the next paper."""
    fonts = register_fonts()
    measures = {} if measures is None else measures
    return laid_out(script, paper, fonts, (1.0,), "",  # the sheet picks its own air
                    lambda c, size, air: _Slips(c, script, fonts, *size, credit, faces, air,
                                                measures))


class _Slips(_Sheet):
    """Lays out and draws the slips of one roll sheet."""

    def __init__(self, c, script: Script, fonts: dict, width: float, height: float,
                 credit, faces, air: float = 1.0, measures: dict | None = None):
        super().__init__(c, script, fonts, width, height, credit, air=air)
        self.faces = faces
        self.die = SIZES[-1]
        self.chip_r = CHIP  # a row of dice is higher than a chip however tight the sheet
        self.pitch: dict[str, float] = {}  # an instruction's cell width, sheet-wide
        self.widest: dict[str, float] = {}  # ... its widest cell's, re-rolled ones too
        self.chips = 0.0  # the seats' chip column, sheet-wide (0: no seat's row)
        self.heads = 0.0  # where a roll beside its label starts, sheet-wide
        self.counts: dict[str, int] = {}  # an instruction's most rolls in one row
        self.breaks = 0  # rows wrapped under their first cell (fewer is better)
        # a roll's facts that do not change while its sheet is laid out, by id(roll) (the
        # script holds every roll as long as its sheets): whether it is drawn as dice,
        # whether it shows pictures, and its cell width at each (index, die size). A sheet's
        # layout asks for each roll's width about 20 times per try (80,000 in a catalogue).
        # None depends on the paper: ``measures`` keeps them for the script's next sheet
        measures = {} if measures is None else measures
        self._drawable: dict[int, bool] = measures.setdefault("drawable", {})
        self._pictures: dict[int, bool] = measures.setdefault("pictures", {})
        self._roll_w: dict[tuple[int, int, float], float] = measures.setdefault("roll_w", {})
        # what :meth:`prepare` works out at a die size (it depends on neither the air nor
        # the paper): a sheet tries each size at every air
        self._prepared: dict[float, tuple[dict, dict, float, float, dict]] = (
            measures.setdefault("prepared", {}))
        self.fit_w = 0.0  # a column's text width, when the look sets the columns (layout)
        self._inks: tuple | None = None  # a cell's colours, as draw_roll writes them

    # --- a seat's chip --------------------------------------------------------------------
    def chip(self, x: float, y: float, seat: int) -> float:
        """Draw a seat's chip (its number, CHIP_TEXT bold, in a disc of the accent colour,
        as large as a row of big dice asks; the table's tag as the full sheet's) with its
        baseline at ``y``; return its width."""
        if not seat:
            return super().chip(x, y, seat)
        c = self.c
        self.fill(self.look.accent)
        c.circle(x + self.chip_r, y + 3.2, self.chip_r, stroke=0, fill=1)
        c.setFillGray(1)
        c.setFont(self.fonts["label"], CHIP_TEXT)
        c.drawCentredString(x + self.chip_r, y + 3.2 - CHIP_TEXT * 0.35, str(seat))
        c.setFillGray(0)
        return 2 * self.chip_r

    # --- a roll as dice ---------------------------------------------------------------------
    def drawable(self, roll: Roll) -> bool:
        """Whether every face of ``roll`` is drawn as a die (else it is printed in words)."""
        known = self._drawable.get(id(roll))
        if known is None:
            known = self._drawable[id(roll)] = all(
                self.faces.has(d, f) for a in [*roll.rerolled, roll.faces]
                for d, f in zip(roll.dice, a))
        return known

    def size(self, roll: Roll) -> float:
        """Return the size of a roll's dice: the sheet's, a die of pictures ICON_DIE at the
        least."""
        pictures = self._pictures.get(id(roll))
        if pictures is None:
            pictures = self._pictures[id(roll)] = any(isinstance(f, str) for f in roll.faces)
        return max(self.die, ICON_DIE) if pictures else self.die

    def prepare(self, size: float) -> None:
        """Set the sheet's die ``size`` and what follows from it: each instruction's cell
        width (its widest roll's but a re-rolled one's, so the cells of every row and slip
        under one instruction line up in columns) and the chip column of the seats' rows."""
        self.die, self.breaks = size, 0
        known = self._prepared.get(size)
        if known is not None:  # each air a size is tried at: the same widths
            self.pitch, self.widest, self.chips, self.heads, self.counts = known
            return
        self.pitch, self.widest = {}, {}
        self.heads, self.counts = 0.0, {}
        seats = set()
        for section in self.script.sections:
            for ev in section.events:
                if ev.kind != "roll":
                    continue
                numbered = len(ev.rolls) > 1
                self.counts[ev.label] = max(self.counts.get(ev.label, 0), len(ev.rolls))
                if len(ev.rolls) == 1 and not _is_row(ev):  # a roll beside its label
                    self.heads = max(self.heads, self.sw(f"{self.legend(ev)}:",
                                                         self.fonts["body"], SAY) + 5)
                for r in ev.rolls:  # a re-rolled roll is longer: its column is not
                    self.widest[ev.label] = max(self.widest.get(ev.label, 0.0),
                                                self.roll_w(r, r.index if numbered else 0))
                    if not r.rerolled:
                        self.pitch[ev.label] = max(self.pitch.get(ev.label, 0.0),
                                                   self.roll_w(r, r.index if numbered else 0))
                if _is_row(ev):
                    seats.add(ev.seat)
        self.chips = max((self.chip_w(s) + 6 for s in seats), default=0.0)
        self._prepared[size] = (self.pitch, self.widest, self.chips, self.heads, self.counts)

    def cell_w(self, label: str, roll: Roll, index: int = 0) -> float:
        """Return the width of a roll's cell under the instruction ``label``: its column's."""
        return max(self.pitch.get(label, 0.0), self.roll_w(roll, index))

    def roll_w(self, roll: Roll, index: int = 0) -> float:
        """Return the width of a roll's cell: its number, thrown-away attempts (small dice),
        its dice, its total, its tick box."""
        key = (id(roll), index, self.die)
        known = self._roll_w.get(key)
        if known is None:
            known = self._roll_w[key] = self._measured_w(roll, index)
        return known

    def _measured_w(self, roll: Roll, index: int) -> float:
        """Return the width of a roll's cell (:meth:`roll_w`), measured."""
        s = self.size(roll)
        w = INSET
        if index:
            w += self.sw(str(index), self.fonts["label"], NOTE) + 2.5
        if not self.drawable(roll):
            w += self.sw(roll_text(roll, self.script), self.fonts["bold"], BODY) + 3
        else:
            small = max(s * 0.7, SIZES[-1])  # legible too
            again = f" {self.words('re-rolled')} {ARROW} "
            for attempt in roll.rerolled:
                w += len(attempt) * (small + 1.5) + self.sw(again, self.fonts["italic"], NOTE)
            w += len(roll.faces) * (s + DIE_GAP)
            if roll.total is not None and len(roll.faces) > 1:
                w += self.sw(f"={roll.total}", self.fonts["label"], TOTAL) + TOTAL_GAP
        return w + TICK + INSET

    def draw_roll(self, roll: Roll, x: float, y: float, index: int = 0,
                  w: float | None = None) -> None:
        """Draw a roll's cell ``w`` wide (default: its own width) from its left ``x`` on the
        baseline ``y`` of a row (dice sit on it): its number, attempts, dice, total, and its
        tick box at the cell's right; its faces are laid under it as invisible text
        (:func:`said`), so the PDF's text says what the dice show."""
        c, s = self.c, self.size(roll)
        w = w or self.roll_w(roll, index)
        if getattr(c, "measuring", False):  # (never drawn there: nothing to write)
            return
        # the cell's colours and pen, then its box: what fill(), stroke(), setLineWidth()
        # and _round_rect write, their colours formatted once a sheet
        inks = self._inks
        if inks is None:
            fill = tuple(v + (1 - v) * 0.93 for v in self.look.accent)
            stroke = tuple(v + (1 - v) * 0.55 for v in self.look.accent)
            inks = self._inks = (fill, stroke, "%s rg\n%s RG\n%s w" % (
                fp_str(fill), fp_str(stroke), fp_str(_CELL_PEN)))
        c._fillColorObj, c._strokeColorObj, c._lineWidth = inks[0], inks[1], _CELL_PEN
        c._code.append(inks[2])
        _round_rect(c, x, y - BOX / 2 + 0.5, w, s + BOX - 1, 2.5)
        # invisible (render mode 3, set back after: it outlives the text): the dice are the
        # picture, the text says what they show
        _invisible_text(c, x + 3, y + 1, self.fonts["body"], 4, said(roll))
        tx = x + INSET
        if index:
            c.setFillGray(0.35)
            c.setFont(self.fonts["label"], NOTE)
            c.drawString(tx, y + s / 2 - 2.5, str(index))
            tx += self.sw(str(index), self.fonts["label"], NOTE) + 2.5
        if not self.drawable(roll):
            c.setFillGray(0)
            c.setFont(self.fonts["bold"], BODY)
            c.drawString(tx, y + s / 2 - 3, roll_text(roll, self.script))
        else:
            small = max(s * 0.7, SIZES[-1])  # legible too
            again = f" {self.words('re-rolled')} {ARROW} "
            for attempt in roll.rerolled:
                for die, face in zip(roll.dice, attempt):
                    self.faces.draw(c, die, face, tx, y + (s - small) / 2, small)
                    tx += small + 1.5
                c.setFillGray(0.3)
                c.setFont(self.fonts["italic"], NOTE)
                c.drawString(tx, y + s / 2 - 2.5, again)
                tx += self.sw(again, self.fonts["italic"], NOTE)
            for die, face in zip(roll.dice, roll.faces):
                self.faces.draw(c, die, face, tx, y, s)
                tx += s + DIE_GAP
            if roll.total is not None and len(roll.faces) > 1:
                c.setFillGray(0)
                c.setFont(self.fonts["label"], TOTAL)
                c.drawString(tx + 0.5, y + s / 2 - 3.6, f"={roll.total}")
        # the tick box: what setFillGray(1), setStrokeGray(0.2), setLineWidth(0.6),
        # rect(..., stroke=1, fill=1) and setFillGray(0) write, in one step
        c._code.append(_TICK_BOX % (fp_str(x + w - TICK - INSET + 1, y + (s - TICK) / 2, TICK,
                                            TICK), PATH_OPS[1, 1, c._fillMode]))
        c._fillColorObj, c._strokeColorObj, c._lineWidth = (0, 0, 0), _TICK_GREY, _TICK_PEN

    # --- a slip's lines ---------------------------------------------------------------------
    def texts(self, text: str, width: float, font: str = "body", size: float = BODY,
              grey: float = 0.0, join: bool = False) -> list[Line]:
        """Return a paragraph's lines, wrapped to ``width`` (``join``: its last kept with
        the line after it, as an instruction with its dice)."""
        out = []
        for part in self.split(text, font, size, width):
            def draw(x, top, part=part):
                self.c.setFillGray(grey)
                self.c.setFont(self.fonts[font], size)
                self.c.drawString(x, top - size, part)
                self.c.setFillGray(0)
            out.append(Line(size + 1.5 + 1.5 * self.air, draw, True))
        out[-1].join = join
        return out

    def row_h(self, rolls: list[Roll]) -> float:
        """Return the height of a row of ``rolls``' dice."""
        return max(self.size(r) for r in rolls) + BOX + (ROW_AIR - BOX) * self.air

    def rows(self, seat: int | None, rolls: list[tuple[Roll, int]], width: float,
             key: str = "") -> list[Line]:
        """Return the lines of one row of cells of the instruction ``key`` (a seat's chip
        first, when ``seat`` is not None; the cells after the sheet's chip column whenever it
        has one, so a table's row lines up with the seats'), each cell its column's width,
        wrapped under the first cell when they do not fit ``width``."""
        label = self.chips
        lines, line, used = [], [], label
        for roll, index in rolls:
            w = self.cell_w(key, roll, index)
            if line and used + w > width:
                lines.append(line)
                line, used = [], label
            line.append((roll, index, used, w))
            used += w + CELL_GAP
        lines.append(line)
        self.breaks += len(lines) - 1
        # a row that does not wrap stands in the middle of its slip (a reader found a strip
        # of three dice hugging the left of a slip half empty), as wide as the instruction's
        # longest row on the sheet, so its cells line up with every other row's
        span = label + self.counts.get(key, len(rolls)) * (self.pitch.get(key, 0.0) + CELL_GAP)
        # (a slip the page wide among columns: its row where a column's slips have theirs)
        basis = min(width, self.fit_w) if self.fit_w else width
        shift = (min(max(0.0, (basis - span + CELL_GAP) / 2), max(0.0, width - used + CELL_GAP))
                 if len(lines) == 1 else 0.0)
        out = []
        for k, cells in enumerate(lines):
            h = self.row_h([roll for roll, _, _, _ in cells])

            def draw(x, top, cells=cells, first=k == 0, h=h):
                middle = top - h / 2  # each roll's middle on the row's
                x += shift
                if first and seat is not None:
                    self.chip(x, middle - 3.2, seat)
                for roll, index, at, w in cells:
                    self.draw_roll(roll, x + at, middle - self.size(roll) / 2, index, w)
            out.append(Line(h, draw, k < len(lines) - 1))  # a seat's row is never cut
        return out

    def labelled(self, ev: Event, width: float) -> list[Line]:
        """Return the table's single roll of ``ev`` after its label on one line, or under it
        (in the cells' column) when the label and its widest roll on the sheet do not fit
        ``width``: every slip's roll of one instruction in the same place."""
        roll = ev.rolls[0]
        head = f"{self.legend(ev)}:"
        # every roll beside its label on the sheet starts where the widest label ends, so
        # two such rolls on a slip (Rolling Thunder's two dummies) stand in one column
        head_w = max(self.sw(head, self.fonts["body"], SAY) + 5, self.heads)
        cell = self.cell_w(ev.label, roll)
        # (a slip the page wide among columns: its roll where a column's slips have theirs)
        fit = min(width, self.fit_w) if self.fit_w else width
        if head_w + max(cell, self.widest.get(ev.label, 0.0)) > fit:
            return (self.texts(head, width, "body", SAY, 0.1, join=True)
                    + self.rows(None, [(roll, 0)], width, ev.label))
        h = self.row_h([roll])

        def draw(x, top):
            middle = top - h / 2
            self.c.setFillGray(0.1)
            self.c.setFont(self.fonts["body"], SAY)
            self.c.drawString(x, middle - 3, head)
            self.c.setFillGray(0)
            self.draw_roll(roll, x + head_w, middle - self.size(roll) / 2, 0, cell)
        return [Line(h, draw)]

    def natural(self, events: list[Event]) -> float:
        """Return the width a part's rows of dice need on one line each (its text wraps)."""
        need = 0.0
        for ev in events:
            if ev.kind != "roll":
                continue
            numbered = len(ev.rolls) > 1
            need = max(need, self.chips + sum(self.cell_w(ev.label, r, r.index if numbered
                                                          else 0) + CELL_GAP
                                              for r in ev.rolls))
        return need

    def part_lines(self, events: list[Event], width: float) -> list[Line]:
        """Return the lines of one part of a section: an instruction said once over the rows
        of dice it heads (a seat's chip, or the table's tag, then its rolls), a single roll
        beside its label, other events in words; cards are dealt at the table."""
        out: list[Line] = []
        k = 0
        while k < len(events):
            ev = events[k]
            if ev.kind in HIDDEN_KINDS:
                k += 1
                continue
            if ev.kind == "roll":
                group = [ev]
                while (k + 1 < len(events) and events[k + 1].kind == "roll"
                       and events[k + 1].label == ev.label):
                    k += 1
                    group.append(events[k])
                if len(group) == 1 and not _is_row(ev):  # the table's one roll: beside
                    out += self.labelled(ev, width)  # its label
                    k += 1
                    continue
                out += self.texts(self.legend(ev), width, "body", SAY, 0.1, True)
                for row in group:
                    numbered = len(row.rolls) > 1
                    seat = row.seat if _is_row(row) or len(group) > 1 else None
                    out += self.rows(seat, [(r, r.index if numbered else 0) for r in row.rolls],
                                     width, row.label)
            elif ev.kind == "pause":
                out += self.texts(ev.label, width, "body", BODY)
                if self.note(ev):
                    out += self.texts(ev.note, width, "body", SMALL, 0.3)
            elif ev.kind == "first-player":
                out += self.texts(f"{ev.label}: {seat_name(ev.seat, self.lang)}", width,
                                  "bold", BODY)
            else:
                for text in event_lines(ev, self.script):
                    out += self.texts(text.strip(), width)
            k += 1
        return out

    def slips(self) -> list[tuple[str, list[list[Event]]]]:
        """Return each slip's title and parts (the first on the slip, each after a pause on
        a tab): a section with nothing to roll or say at the table prints none. What comes
        after a pause with more than TAB_ROLLS rolls (Roll & Raid's Raid rolls) is the next
        slip, "..., continued", not a tab (its cover would double a long tab's height): the
        pause's words end the slip before it, and the face-down stack hides it the same."""
        out = []
        for section in self.script.sections:
            parts = [[ev for ev in part if ev.kind not in HIDDEN_KINDS]
                     for part in section_parts(section)]
            parts = [part for part in parts if part]
            if not parts:
                continue
            title = section_heading(section, self.script)
            kept = [parts[0]]
            for part in parts[1:]:
                if part[0].kind == "pause" and sum(
                        len(ev.rolls) for ev in part if ev.kind == "roll") > TAB_ROLLS:
                    kept[-1] = [*kept[-1], part[0]]
                    out.append((title, kept))
                    title = self.words("{title}, continued", title=title)
                    kept = [part[1:]]
                else:
                    kept.append(part)
            out.append((title, kept))
        return out

    # --- the page ---------------------------------------------------------------------------
    def has_cards(self) -> bool:
        """Whether the script shuffles or deals cards (the table does: the sheet holds the
        dice alone)."""
        return any(ev.kind in HIDDEN_KINDS for section in self.script.sections
                   for ev in section.events)

    def intro(self, first: str, tabs: bool) -> list[str]:
        """Return the sheet's opening lines: how to use the slips (one line; ``first``: the
        first slip's title), what a row of dice is (from the script: a seat's, the
        table's), and that the cards are dealt at the table."""
        said = self.words("Cut the slips apart and stack them face down, {first} on top and "
                          "the rest in order; turn the next one over when play reaches it.",
                          first=first)
        if tabs:
            said += " " + self.words("Fold a tab's cover over it, then the tab under; open it "
                                     "when the words above it say so.")
        seats, table = self.row_owners()  # table: a row tagged as the table's
        if seats and table:
            what = self.words("A numbered row is that seat's dice, a row marked {table} "
                              "everyone's; tick a roll's box when it is used.",
                              table=seat_name(0, self.lang))
        elif seats:
            what = self.words("A numbered row is that seat's dice; tick a roll's box when it "
                              "is used.")
        elif self.script.players == 1:  # s15 reader: "the whole table's" on a solo sheet
            what = self.words("Every roll is yours; tick its box when it is used.")
        else:
            what = self.words("Every roll is the whole table's; tick its box when it is used.")
        out = [said, what]
        if self.has_cards():
            out.append(self.words(
                "Shuffle and deal the cards as usual; this sheet replaces only the dice."))
        return out

    def slip_lines(self, title: str, parts: list[list[Event]], width: float
                   ) -> tuple[list[str], list[list[Line]]]:
        """Return a slip's title lines (as large as fit ``width``, else wrapped) and lines:
        its first part's, then each tab's. A tab's pause ("read on only when ...") is said
        at the foot of what comes before it, above the fold line, so it is read while the
        tab is still folded under."""
        size = LABEL
        while size > SMALL + 1 and self.sw(title, self.fonts["title"], size) > width:
            size -= 0.5
        titles = self.split(title, "title", size, width)
        lines = [self.part_lines(parts[0], width)]
        for part in parts[1:]:
            pause = part[0]
            lines[-1] += self.texts(pause.label, width, "bold", BODY)
            if self.note(pause):
                lines[-1] += self.texts(pause.note, width, "body", SMALL, 0.3)
            lines.append(self.part_lines(part[1:], width))
        return [f"{size}\t{t}" for t in titles], lines

    def slip_h(self, titles: list[str], lines: list[list[Line]]) -> float:
        """Return a slip's height: title, its lines, and each tab twice over (its panel and
        the blank cover that folds over it)."""
        return (len(titles) * (LABEL + 2) + 4 + 3 * self.air + sum(ln.height for ln in lines[0])
                + sum(2 * self.tab_h(tab) for tab in lines[1:]) + PAD)

    def tab_h(self, tab: list[Line]) -> float:
        """Return the height of a tab's panel (from its fold line), its cover's the same."""
        return FOLD_ROOM + sum(ln.height for ln in tab) + 4

    def fold_line(self, x: float, y: float, w: float, words: str) -> None:
        """Draw a dash-dot fold line across a slip at ``y``, ``words`` on it at the right."""
        c = self.c
        self.stroke(self.look.accent)
        c.setLineWidth(0.7)
        c.setDash([6, 2, 1, 2])
        c.line(x, y, x + w, y)
        c.setDash()
        c.setFont(self.fonts["bold"], SMALL)
        tw = self.sw(words, self.fonts["bold"], SMALL) + 8
        c.setFillGray(1)
        c.rect(x + w - PAD - tw, y - 4, tw, 8, stroke=0, fill=1)
        self.fill(self.look.accent)
        c.drawString(x + w - PAD - tw + 4, y - 2.5, words)
        c.setFillGray(0)

    def draw_slip(self, titles: list[str], lines: list[list[Line]], x: float, top: float,
                  w: float, h: float) -> None:
        """Draw one slip: its cut line and crop marks, its title, its lines, and each tab:
        under a fold line ("fold under"), its panel, then a blank cover as high under a
        second ("fold over"). Folded over the panel and the two under the slip, the cover
        hides the tab's dice from both sides, face up or in a face-down stack."""
        c = self.c
        # the cut line: one thin solid line, shared with the slips it abuts (their edges
        # coincide, so each cut is one line, not two dashed ones a gutter apart)
        self.stroke(self.look.accent, 0.35)
        c.setLineWidth(CUT_W)
        c.rect(x, top - h, w, h, stroke=1, fill=0)
        y = top - 3
        self.fill(self.look.accent)
        for title in titles:
            size, text = title.split("\t", 1)
            y -= LABEL + 2
            c.setFont(self.fonts["title"], float(size))
            c.drawString(x + PAD, y + 2, text)
        c.setFillGray(0)
        y -= 1 + 3 * self.air
        inner = x + PAD
        for ln in lines[0]:
            ln.draw(inner, y)
            y -= ln.height
        under = f"\u25b2 {self.words('fold under')} \u25b2"
        over = f"\u25bc {self.words('fold over')} \u25bc"
        for tab in lines[1:]:
            y -= 4
            fold, panel = y, self.tab_h(tab)
            self.fold_line(x, fold, w, under)
            y -= FOLD_ROOM
            for ln in tab:
                ln.draw(inner, y)
                y -= ln.height
            cover = fold - panel  # the cover: as high as the panel, the game's art on it
            self.cover(x, cover - panel, w, panel)
            self.fold_line(x, cover, w, over)
            self.cover_name(x, cover - panel, w, panel)
            y = cover - panel

    def cover(self, x: float, y: float, w: float, h: float) -> None:
        """Draw a tab's cover over (x, y, w, h): the accent colour with the sheet's scene
        filling it (a reader found the covers plain grey with a small italic label: they
        read as a product's card back now)."""
        from ...fill.art.draw import Inks, draw_colour
        from ...fill.art.read import read_art

        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.rect(x, y, w, h)
        c.clipPath(clip, stroke=0, fill=0)
        self.fill(self.look.accent)
        c.rect(x, y, w, h, stroke=0, fill=1)
        if self.look.scene is not None and not getattr(c, "measuring", False):
            art = scene_art(self.look.scene, read_art)
            _, _, vw, vh = art.box
            sw = max(w, h * vw / vh)  # the scene covers the panel, its foot on the panel's
            c.translate(x + (w - sw) / 2, y)
            c.scale(sw, sw * vh / vw)
            draw_colour(c, art, Inks(tint=self.look.scene_tint))
        c.restoreState()

    def cover_name(self, x: float, y: float, w: float, h: float) -> None:
        """Write a cover's name in a pill in the middle of (x, y, w, h)."""
        c = self.c
        words = self.words("cover")
        tw = self.sw(words, self.fonts["label"], BODY) + 14
        self.fill(self.look.accent)
        c.roundRect(x + (w - tw) / 2, y + h / 2 - 8, tw, 16, 8, stroke=0, fill=1)
        c.setFillGray(1)
        c.setFont(self.fonts["label"], BODY)
        c.drawCentredString(x + w / 2, y + h / 2 - 3.2, words)
        c.setFillGray(0)

    def gutter(self) -> float:
        """Return the room between two rows of slips (less when the sheet is tightened)."""
        return GUTTER * (0.5 + min(self.air, 1.0) / 2)

    def columns(self, slips, width: float) -> int:
        """Return how many columns of slips the widest slip's rows allow (at most MAX_COLUMNS),
        or the look's ``columns`` when more (a row too wide for its column wraps)."""
        need = max([MIN_COLUMN, *(self.natural(part) + 2 * PAD for _, parts in slips
                                  for part in parts)])
        # (a gutter's room a slip: the columns of old, though slips now abut)
        fit = max(1, min(MAX_COLUMNS, int((width + GUTTER) // (need + GUTTER))))
        return max(fit, self.look.columns)  # dice.yaml sheet.columns: at the least

    def intro_lines(self, slips, full: float) -> list[Line]:
        """Return the sheet's opening lines, under its band: how to use the slips, what a
        row is, the notes said once a sheet, the game mode."""
        out: list[Line] = []
        tabs = any(len(parts) > 1 for _, parts in slips)
        for k, text in enumerate(self.intro(slips[0][0] if slips else "", tabs)):
            out += self.texts(text, full, "body", SMALL + 0.5 if k == 0 else SMALL,
                              0.1 if k == 0 else 0.2)
        for note in self.recurring_notes():  # said once a sheet, not every round
            out += self.texts(note, full, "body", SMALL, 0.3)
        if self.script.variant and self.script.mode_note:
            out += self.texts(self.words("Game mode: {note}", note=self.script.mode_note),
                              full, "bold", BODY)
        return out

    def cut(self, head: list[str], body: list[Line], room: float, tab: bool = False) -> int:
        """Return how many of ``body``'s lines (a tab's, when ``tab``) a piece titled
        ``head`` holds in ``room``: the most that fit, cut after a line not kept with its
        next, or 0 when none fits."""
        best = 0
        for k in range(1, len(body)):
            if body[k - 1].join:
                continue
            lines = [[], body[:k]] if tab else [body[:k]]
            if self.slip_h(head, lines) <= room:
                best = k
        return best

    def layout(self, slips, full: float, top: float):
        """Return the pages of the sheet laid out at the current die size and air: per page,
        its slips as (x, y of its top, width, height, titles, lines); the first page's start
        at ``top`` (under its intro). Slips go in rows of as many columns as their rows
        allow; in one column, a slip that does not fit what is left of a page starts the
        next page whole (a reader found "Round 5, continued, continued" pieces): only a slip
        higher than a page runs on, in pieces titled "..., continued", cut between a seat's
        rows, never inside one. Slips abut: the cut between two is one line."""
        cols = self.columns(slips, full)
        w = full / cols
        self.fit_w = w - 2 * PAD if cols > 1 and self.look.columns else 0.0
        floor = MARGIN + 6
        later = self.height - MARGIN - SLIM_H - 12 - GUTTER / 2 * self.air
        page = later - floor
        laid = []  # (titles, lines, height, may run on)
        for title, parts in slips:
            titles, lines = self.slip_lines(title, parts, w - 2 * PAD)
            more = self.slip_lines(self.words("{title}, continued", title=title), [[]],
                                   w - 2 * PAD)[0]
            laid.append((titles, lines, more))
        pages, y = [[]], top

        def place(row, width=w):
            nonlocal y
            h = max(self.slip_h(titles, lines) for titles, lines in row)
            if y - h < floor and pages[-1]:
                pages.append([])
                y = later
            for k, (titles, lines) in enumerate(row):
                pages[-1].append((MARGIN + k * width, y, width, h, titles, lines))
            y -= h  # the next row abuts: one cut line between them

        if cols > 1 and self.look.columns:
            # columns the look asks for: a slip whose dice are wider than a column (a roll
            # re-rolled, its thrown-away dice first) takes a row of its own, the page wide
            row = []
            for (titles, lines, _), (title, parts) in zip(laid, slips):
                if max(self.natural(part) for part in parts) + 2 * PAD > w:
                    if row:
                        place(row)
                        row = []
                    place([self.slip_lines(title, parts, full - 2 * PAD)], full)
                    continue
                row.append((titles, lines))
                if len(row) == cols:
                    place(row)
                    row = []
            if row:
                place(row)
            return pages, y
        if cols > 1:
            for start in range(0, len(laid), cols):
                place([(titles, lines) for titles, lines, _ in laid[start:start + cols]])
            return pages, y
        for titles, lines, more in laid:
            head, body, tabs = titles, list(lines[0]), [list(tab) for tab in lines[1:]]
            while True:
                room = y - floor
                if self.slip_h(head, [body, *tabs]) <= room:
                    place([(head, [body, *tabs])])
                    break
                high = self.slip_h(head, [body, *tabs]) > page
                fresh = not pages[-1]
                if high or fresh:  # a slip a page holds is never cut: it starts a page
                    if body:  # the slip's own lines first: as many as fit
                        k = self.cut(head, body + [Line(0, body[-1].draw)], room)
                        k = k or (fresh and _first_cut(body))
                        piece = [body[:k]]
                        body = body[k:]
                    elif not tabs[0]:  # an empty tab: nothing to run on
                        tabs.pop(0)
                        k = 0
                    else:  # then a tab's: a piece of it, with its own cover
                        k = self.cut(head, tabs[0] + [Line(0, tabs[0][-1].draw)], room, tab=True)
                        k = k or (fresh and _first_cut(tabs[0]))
                        piece = [[], tabs[0][:k]]
                        tabs[0] = tabs[0][k:]
                        if not tabs[0]:
                            tabs.pop(0)
                    if k:
                        place([(head, piece)])
                        head = more
                    if not body and not tabs:
                        break
                if pages[-1]:
                    pages.append([])
                    y = later
        return pages, y

    def filled(self, slips, full: float, size: float, cost: tuple[int, int]) -> float:
        """Return the most air (from the current, in FILL_STEPs up to FILL_MOST) at die
        ``size`` that lays the sheet out at ``cost`` (its pages, its wrapped rows) still."""
        air = self.air
        while air + FILL_STEP <= FILL_MOST:
            self.air = air + FILL_STEP
            self.prepare(size)
            intro = self.intro_lines(slips, full)
            top = (self.height - MARGIN - BAND_H - 12 - sum(ln.height for ln in intro)
                   - self.gutter())
            pages, y = self.layout(slips, full, top)
            if (len(pages), self.breaks) != cost or y + self.gutter() < MARGIN + 6:
                break
            air = self.air
        self.air = air
        return air

    def draw(self) -> None:
        """Draw the sheet: band, the one-line instructions, then the slips in columns down
        the pages; its dice the largest of SIZES (or the game's ``sheet.die_size``), and its
        air the most of AIRS, that cost no page and wrap no row more than the smallest and
        tightest."""
        slips = self.slips()
        full = self.width - 2 * MARGIN
        sizes = (*LARGER, *SIZES) if self.look.columns else SIZES
        fixed = self.look.die_size  # dice.yaml sheet.die_size: the game's own size
        # smallest and tightest first: each size, each air from the tightest
        tries = [(size, air) for size in ((fixed,) if fixed else reversed(sizes))
                 for air in reversed(AIRS)]

        def cost(size: float, air: float) -> tuple[int, int]:
            self.air = air
            self.prepare(size)
            intro = self.intro_lines(slips, full)
            top = (self.height - MARGIN - BAND_H - 12 - sum(ln.height for ln in intro)
                   - self.gutter())
            pages, _ = self.layout(slips, full, top)
            return len(pages), self.breaks

        floor = cost(*tries[0])
        # the last try that costs no more than the first: sought from the end, so a sheet
        # whose largest dice fit is laid out twice, not once per size and air (a layout is
        # a pure function of its size and air)
        size, self.air = next(t for t in reversed(tries) if t == tries[0] or cost(*t) <= floor)
        if floor[0] == 1:  # one page: its slips spread till it is full
            self.air = self.filled(slips, full, size, floor)
        self.prepare(size)  # again: the lines draw at this size
        intro = self.intro_lines(slips, full)
        top = (self.height - MARGIN - BAND_H - 12 - sum(ln.height for ln in intro)
               - self.gutter())
        pages, y = self.layout(slips, full, top)
        at = self.band()
        for ln in intro:
            ln.draw(MARGIN, at)
            at -= ln.height
        for n, page in enumerate(pages):
            if n:
                self.new_page()
            for x, top_y, w, h, titles, lines in page:
                self.draw_slip(titles, lines, x, top_y, w, h)
        self.last_y = y
        self.footer()
        self.c.showPage()


def _round_rect(c, x: float, y: float, w: float, h: float, r: float) -> None:
    """Stroke and fill a rectangle with corners rounded by ``r`` on canvas ``c``: what
    ReportLab's ``roundRect(..., stroke=1, fill=1)`` writes (its path object's operators and
    its factor for a quarter circle), as one string of lines (a sheet draws thousands of
    cells; the page's operators are joined by newlines, so the bytes are the same). Nothing
    on a canvas that only measures (measuring.py)."""
    if getattr(c, "measuring", False):
        return
    t = 0.4472 * r
    xlo, xhi = min(x, x + w), max(x, x + w)
    ylo, yhi = min(y, y + h), max(y, y + h)
    c._code.append("\n".join((
        "n", "%s m" % fp_str(xlo + r, ylo), "%s l" % fp_str(xhi - r, ylo),
        "%s c" % fp_str(xhi - t, ylo, xhi, ylo + t, xhi, ylo + r),
        "%s l" % fp_str(xhi, yhi - r),
        "%s c" % fp_str(xhi, yhi - t, xhi - t, yhi, xhi - r, yhi),
        "%s l" % fp_str(xlo + r, yhi),
        "%s c" % fp_str(xlo + t, yhi, xlo, yhi - t, xlo, yhi - r),
        "%s l" % fp_str(xlo, ylo + r),
        "%s c" % fp_str(xlo, ylo + t, xlo + t, ylo, xlo + r, ylo),
        "h", PATH_OPS[1, 1, c._fillMode])))


def _invisible_text(c, x: float, y: float, font_name: str, size: float, text: str) -> None:
    """Write ``text`` invisibly (render mode 3) at (x, y) in the embedded font ``font_name``
    on canvas ``c``: what a ReportLab text object writes for ``setTextRenderMode(3)``,
    ``setFont``, ``textOut`` and ``setTextRenderMode(0)``, without the text object (the
    canvas's own font and colours are untouched, as they are by a text object). Nothing on a
    canvas that only measures."""
    if getattr(c, "measuring", False):
        return
    # what follows the position, worked out once per document for each text (a character
    # keeps its subset code and a subset its name for the whole document once given)
    said = c.__dict__.setdefault("_sheetgen_invisible", {})
    key = (font_name, size, text)
    tail = said.get(key)
    if tail is not None:
        c._code.append("BT 1 0 0 1 %s Tm %s 0 Tr ET" % (fp_str(x, y), tail))
        return
    font = getFont(font_name)
    if not font._dynamicFont:  # never for the sheet's fonts: ReportLab's own text object
        obj = c.beginText(x, y)
        obj.setTextRenderMode(3)
        obj.setFont(font_name, size)
        obj.textOut(text)
        obj.setTextRenderMode(0)
        c.drawText(obj)
        return
    doc = c._doc
    parts = ["BT", "1 0 0 1 %s Tm" % fp_str(x, y), "3 Tr"]
    current, switch = -1, None
    for subset, chunk in font.splitString(text, doc):
        if subset != current:
            if switch is None:
                switch = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {switch}")
            current = subset
        parts.append(f"({c._escape(chunk)}) Tj")
    if current == -1:  # no text: the empty string a text object writes for it
        parts.append("")
    c._code.append(" ".join(parts) + " 0 Tr ET")
    said[key] = " ".join(parts[2:])


def _first_cut(lines: list[Line]) -> int:
    """Return the fewest of ``lines`` a piece may hold (up to the first line not kept with
    its next): a page too small for them still takes them."""
    return next((k for k in range(1, len(lines) + 1) if not lines[k - 1].join), len(lines))


def said(roll: Roll) -> str:
    """Return what a roll's dice show, as a cell's invisible text: each attempt's faces,
    thrown-away ones first (``4 3 3 3 → 2 4 4 6``), then ``= total`` when it has one."""
    text = f" {ARROW} ".join(" ".join(str(f) for f in a) for a in [*roll.rerolled, roll.faces])
    return text + (f" = {roll.total}" if roll.total is not None and len(roll.faces) > 1 else "")
