"""Printable PDF script: one strip per round with cut-or-fold lines between them.

The first strip carries the game, algorithm version, seed commitment and script digest plus
the setup; the last strip reveals the seed. ReportLab is imported only inside this module's
functions, so no other format pays for it. Output bytes are deterministic (invariant=1).
"""

from __future__ import annotations

import io

from ...load.chrome import chrome_in
from ..script import Script
from .lines import event_lines, header_lines, section_heading, section_parts, summary_lines

MARGIN, SIZE, LEAD, PAD = 36.0, 9.5, 12.0, 8.0


def register_fonts() -> dict[str, str]:
    """Register the body and title families of the built-in ``fonts/fonts.yaml`` (the same
    fonts every printed page uses); return role -> registered font name."""
    from ...fill.fonts import FontBook
    from ...load.project import Project, builtin_root

    book = FontBook.for_project(Project.at(builtin_root()))
    return {"body": book.font_name("body"), "bold": book.font_name("body", bold=True),
            "title": book.font_name("title", bold=True)}


def _strips(script: Script) -> list[tuple[str, list[str]]]:
    """Return (title, lines) for each strip: header+setup, each round, summary+seed."""
    lang = script.language
    first = header_lines(script)[1:]
    setup = [ln for s in script.sections if s.number == 0 for ev in s.events
             for ln in event_lines(ev, script)]
    strips = [(header_lines(script)[0], first + ([""] + setup if setup else []))]
    for section in script.sections:
        if not section.number:
            continue
        # a pause starts a strip of its own: fold the strip back until the table has acted
        for k, events in enumerate(section_parts(section)):
            lines = [ln for ev in events for ln in event_lines(ev, script)]
            title = section_heading(section, script) if k == 0 else chrome_in(
                lang, "{title}, continued", title=section.title)
            strips.append((title, lines or [chrome_in(lang, "(nothing to roll)")]))
    tail = [chrome_in(lang, "Dice summary (every die in the script, re-rolls included):"),
            *summary_lines(script, 20), "", chrome_in(lang, "Seed: {seed}", seed=script.seed),
            chrome_in(lang, "Check: SHA-256 of the secret equals the commitment on the first "
                            "strip.")]
    strips.append((chrome_in(lang, "Last strip: summary and seed"), tail))
    return strips


def render(script: Script, paper: tuple[float, float] | None = None) -> bytes:
    """Return the PDF bytes of the script on a page of ``paper`` (width, height in points;
    default A4), fonts embedded, no Helvetica."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    fonts = register_fonts()
    buf = io.BytesIO()
    width, height = paper or A4
    lang = script.language
    c = Canvas(buf, pagesize=(width, height), invariant=1, initialFontName=fonts["body"],
               initialFontSize=SIZE, pageCompression=1)
    c.setTitle(f"{script.game_name} roll sheet")
    c.setAuthor("sheetgen")
    c.setSubject(f"{script.algorithm} digest {script.digest}")
    text_w = width - 2 * MARGIN - 2 * PAD
    y = height - MARGIN
    page = 1

    def footer():
        c.setFont(fonts["body"], 7)
        players = chrome_in(lang, "{n} player" if script.players == 1 else "{n} players",
                            n=script.players)
        c.drawString(MARGIN, MARGIN / 2, f"{script.game_name} - {players} - {script.algorithm}"
                                         " - " + chrome_in(lang, "digest {digest}",
                                                           digest=script.digest[:16]))
        c.drawRightString(width - MARGIN, MARGIN / 2, chrome_in(lang, "page {page}", page=page))

    strips = _strips(script)
    for n, (title, lines) in enumerate(strips):
        wrapped = [w for ln in lines for w in (simpleSplit(ln, fonts["body"], SIZE, text_w)
                                               or [""])]
        title_size = 13 if n == 0 else 11
        need = PAD * 2 + title_size + 4 + LEAD * len(wrapped)
        if y - need < MARGIN and y < height - MARGIN:
            footer()
            c.showPage()
            page += 1
            y = height - MARGIN
        top = y
        c.setFont(fonts["title"] if n == 0 else fonts["bold"], title_size)
        y -= PAD + title_size
        c.drawString(MARGIN + PAD, y, title)
        y -= 4
        c.setFont(fonts["body"], SIZE)
        for w in wrapped:
            if y - LEAD < MARGIN:  # a strip longer than a page continues on the next
                footer()
                c.showPage()
                page += 1
                c.setFont(fonts["body"], SIZE)
                y = top = height - MARGIN
            y -= LEAD
            c.drawString(MARGIN + PAD, y, w)
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
