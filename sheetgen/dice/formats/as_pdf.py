"""Printable PDF script: one strip per round with cut-or-fold lines between them.

The first strip names the game and its players and carries the setup; each round's strip
says each roll's instruction once, then gives every seat one line of its rolls, each roll in
a box of its own with its total in bold; a small "For checking" strip (algorithm version, seed
commitment, script digest) stays in sight while the last strip, the dice counts and the seed,
is folded back.
ReportLab is imported only inside this module's functions, so no other format pays for it.
Output bytes are deterministic (invariant=1).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from ...load.chrome import chrome_in
from ..script import Event, Script
from .lines import (
    check_lines,
    event_lines,
    roll_parts,
    seat_name,
    section_heading,
    section_parts,
    title_lines,
)

MARGIN, SIZE, LEAD, PAD = 36.0, 9.5, 12.0, 8.0
CELL_H, CELL_GAP, ROW_LEAD = 13.0, 5.0, 16.0  # a roll's box, the gap between boxes, a row
SMALL = 7.5  # the "For checking" block and the index of a roll (note role: 7 pt or more)


@dataclass
class Row:
    """One seat's line of rolls: its name, then boxes (small index, faces, bold total)."""

    label: str
    cells: list[tuple[str, str, str]] = field(default_factory=list)


def register_fonts() -> dict[str, str]:
    """Register the body and title families of the built-in ``fonts/fonts.yaml`` (the same
    fonts every printed page uses); return role -> registered font name."""
    from ...fill.fonts import FontBook
    from ...load.project import Project, builtin_root

    book = FontBook.for_project(Project.at(builtin_root()))
    return {"body": book.font_name("body"), "bold": book.font_name("body", bold=True),
            "title": book.font_name("title", bold=True)}


def _is_row(event: Event) -> bool:
    """A roll event printed as a row of boxes: a seat's roll, or the table's pool of rolls."""
    return event.kind == "roll" and (event.seat != 0 or len(event.rolls) > 1)


def _row(event: Event, script: Script) -> Row:
    """Return one roll event as a row: each roll a box, numbered when there are several."""
    names = [f"{n}: " for n in event.items] or [""] * len(event.rolls)
    cells = []
    for roll, name in zip(event.rolls, names):
        faces, total = roll_parts(roll, script)
        cells.append((str(roll.index) if len(event.rolls) > 1 else "", name + faces,
                      "" if total is None else str(total)))
    return Row(seat_name(event.seat, script.language), cells)


def _body(events: list[Event], script: Script) -> list:
    """Return a strip's items (text lines and rows) for ``events``: consecutive rolls with
    the same instruction say it once, as a legend over one row per seat."""
    items: list = []
    said = None
    for ev in events:
        if _is_row(ev):
            legend = ev.label + (f" ({ev.note})" if ev.note else "")
            if legend != said:
                items.append(("legend", legend))
                said = legend
            items.append(_row(ev, script))
            continue
        said = None
        items.extend(("body", ln) for ln in event_lines(ev, script))
    return items


def _strips(script: Script) -> list[tuple[str, list]]:
    """Return (title, items) for each strip: header+setup, each round, the checking data,
    summary+seed."""
    lang = script.language
    title, *mode = title_lines(script)
    setup = [ev for s in script.sections if s.number == 0 for ev in s.events]
    first = [("body", m) for m in mode] + [("legend", chrome_in(
        lang, "Rolled in advance: read your seat's line instead of rolling. The seed word is "
              "on the last strip; keep it folded back until the game ends."))]
    strips = [(title, first + _body(setup, script))]
    for section in script.sections:
        if not section.number:
            continue
        # a pause starts a strip of its own: fold the strip back until the table has acted
        for k, events in enumerate(section_parts(section)):
            heading = section_heading(section, script) if k == 0 else chrome_in(
                lang, "{title}, continued", title=section.title)
            strips.append((heading, _body(events, script)
                           or [("body", chrome_in(lang, "(nothing to roll)"))]))
    tail: list = [("legend", chrome_in(
        lang, "Dice summary (every die in the script, re-rolls included):"))]
    for die, info in script.summary().items():
        name = script.dice[die].name
        tail.append(Row(chrome_in(lang, "{name}: {rolls} rolled", name=name,
                                  rolls=info["rolls"]),
                        [(str(face), f"{count} " + chrome_in(
                            lang, "(fair {expected})", expected=f"{info['expected'][face]:g}"),
                          "") for face, count in info["faces"].items()]))
    tail.append(("seed", chrome_in(lang, "Seed: {seed}", seed=script.seed)))
    tail.append(("small", chrome_in(
        lang, "Check: SHA-256 of the secret equals the commitment on the strip before.")))
    # the commitment stays in sight while the seed's strip is folded back
    strips.append((chrome_in(lang, "For checking"),
                   [("small", ln) for ln in check_lines(script)]))
    strips.append((chrome_in(lang, "Last strip: summary and seed"), tail))
    return strips


def render(script: Script, paper: tuple[float, float] | None = None) -> bytes:
    """Return the PDF bytes of the script on a page of ``paper`` (width, height in points;
    default A4), fonts embedded, no Helvetica."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    fonts = register_fonts()
    styles = {"body": (fonts["body"], SIZE, 0), "legend": (fonts["body"], 8.5, 0.3),
              "seed": (fonts["bold"], SIZE, 0),
              "small": (fonts["body"], SMALL, 0.3)}
    buf = io.BytesIO()
    width, height = paper or A4
    lang = script.language
    c = Canvas(buf, pagesize=(width, height), invariant=1, initialFontName=fonts["body"],
               initialFontSize=SIZE, pageCompression=1)
    c.setTitle(f"{script.game_name} roll sheet")
    c.setAuthor("sheetgen")
    c.setSubject(f"{script.algorithm} digest {script.digest}")
    text_w = width - 2 * MARGIN - 2 * PAD
    left = MARGIN + PAD
    page = 1

    def cell_w(cell: tuple[str, str, str]) -> float:
        index, faces, total = cell
        w = stringWidth(faces, fonts["body"], SIZE) + 8
        w += stringWidth(index, fonts["body"], SMALL) + 4 if index else 0
        return w + (stringWidth(f" = {total}", fonts["bold"], SIZE) if total else 0)

    def lay_out(items: list) -> list[tuple[float, tuple]]:
        """Return (lead, what to draw) per printed line of a strip's items."""
        lines: list[tuple[float, tuple]] = []
        for item in items:
            if isinstance(item, Row):
                label_w = stringWidth(item.label, fonts["bold"], SIZE) + 10
                x0 = left + max(label_w, 52.0)
                line: list = []
                x, label = x0, item.label
                for cell in item.cells:
                    w = cell_w(cell)
                    if line and x + w > left + text_w:  # a long row wraps under its boxes
                        lines.append((ROW_LEAD, ("row", label, line)))
                        line, x, label = [], x0, ""
                    line.append((x, w, cell))
                    x += w + CELL_GAP
                lines.append((ROW_LEAD, ("row", label, line)))
                continue
            style, text = item
            font, size, _ = styles[style]
            lead = LEAD if size >= SIZE else size + 3
            if style == "seed":
                lines.append((6, ("gap",)))
            for w in simpleSplit(text, font, size, text_w) \
                    or [""]:
                lines.append((lead, (style, w)))
        return lines

    def footer():
        c.setFont(fonts["body"], 7)
        c.setFillGray(0.3)
        players = chrome_in(lang, "{n} player" if script.players == 1 else "{n} players",
                            n=script.players)
        c.drawString(MARGIN, MARGIN / 2, f"{script.game_name} · {players}")
        c.drawRightString(width - MARGIN, MARGIN / 2, chrome_in(lang, "page {page}", page=page))
        c.setFillGray(0)

    def draw(what: tuple, y: float) -> None:
        kind = what[0]
        if kind == "gap":
            return
        if kind == "row":
            _, label, cells = what
            c.setFont(fonts["bold"], SIZE)
            c.drawString(left, y, label)
            for x, w, (index, faces, total) in cells:
                c.setFillGray(0.93)
                c.setStrokeGray(0.7)
                c.setLineWidth(0.4)
                c.roundRect(x, y - 3.5, w, CELL_H, 2.5, stroke=1, fill=1)
                tx = x + 4
                if index:
                    c.setFillGray(0.4)
                    c.setFont(fonts["body"], SMALL)
                    c.drawString(tx, y, index)
                    tx += stringWidth(index, fonts["body"], SMALL) + 4
                c.setFillGray(0)
                c.setFont(fonts["body"], SIZE)
                c.drawString(tx, y, faces)
                if total:
                    tx += stringWidth(faces, fonts["body"], SIZE)
                    c.setFont(fonts["bold"], SIZE)
                    c.drawString(tx, y, f" = {total}")
            return
        font, size, grey = styles[kind]
        c.setFont(font, size)
        c.setFillGray(grey)
        c.drawString(left, y, what[1])
        c.setFillGray(0)

    y = height - MARGIN
    strips = _strips(script)
    for n, (title, items) in enumerate(strips):
        lines = lay_out(items)
        title_size = 13 if n == 0 else 11
        need = PAD * 2 + title_size + 4 + sum(lead for lead, _ in lines)
        if y - need < MARGIN and y < height - MARGIN:
            footer()
            c.showPage()
            page += 1
            y = height - MARGIN
        top = y
        c.setFont(fonts["title"] if n == 0 else fonts["bold"], title_size)
        y -= PAD + title_size
        c.drawString(left, y, title)
        y -= 4
        for lead, what in lines:
            if y - lead < MARGIN:  # a strip longer than a page continues on the next
                footer()
                c.showPage()
                page += 1
                y = top = height - MARGIN
            y -= lead
            draw(what, y)
        y -= PAD
        c.setStrokeGray(0.45)
        c.setLineWidth(0.6)
        c.rect(MARGIN, y, width - 2 * MARGIN, top - y, stroke=1, fill=0)
        y -= 6
        if n < len(strips) - 1:
            c.setDash(4, 3)
            c.line(MARGIN / 2, y, width - MARGIN / 2, y)
            c.setDash()
            c.setFont(fonts["body"], 6.5)
            c.drawRightString(width - MARGIN, y + 1.5, chrome_in(lang, "cut or fold here"))
        y -= 8
    footer()
    c.showPage()
    c.save()
    return buf.getvalue()
