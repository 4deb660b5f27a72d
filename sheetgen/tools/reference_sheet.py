"""``sheetgen reference``: the palette as swatches, each font family set in type, every icon.

A4 pages drawn straight onto a ReportLab canvas (no templates: this sheet documents them).
The text content is the same registries :mod:`sheetgen.tools.reference` lists.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..checks.colour import contrast
from ..fill.colors import PALETTE, parse_color
from ..fill.elements.sheet_common import INK
from ..base.units import MM

PAGE = (210 * MM, 297 * MM)
MARGIN = 15 * MM
SAMPLE = "Raid the coast: 12 shields, 3 gods, 1 Fate die"


def _text_color(rgb) -> tuple[float, float, float]:
    """Return ink or white, whichever has the higher WCAG contrast on ``rgb``."""
    white = (1.0, 1.0, 1.0)
    return INK if contrast(INK, tuple(rgb)) >= contrast(white, tuple(rgb)) else white


def _heading(canvas, fonts, y: float, text: str) -> float:
    canvas.setFillColorRGB(*INK)
    canvas.setFont(fonts.font_name("title", bold=True), 16)
    canvas.drawString(MARGIN, y, text)
    return y - 9 * MM


def _palette(canvas, fonts, y: float, title: str, named: list[tuple[str, str]]) -> float:
    """Draw ``named`` colours as labelled swatches under ``title``, starting a page when full."""
    y = _heading(canvas, fonts, y, title)
    columns, width, height = 4, (PAGE[0] - 2 * MARGIN) / 4, 14 * MM
    body, bold = fonts.font_name("body"), fonts.font_name("body", bold=True)
    for start in range(0, len(named), columns):
        if y - height < MARGIN:
            canvas.showPage()
            y = _heading(canvas, fonts, PAGE[1] - MARGIN - 6 * MM, f"{title} (continued)")
        for col, (name, value) in enumerate(named[start:start + columns]):
            x = MARGIN + col * width
            rgb = parse_color(value)
            canvas.setFillColorRGB(*rgb)
            canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
            canvas.setLineWidth(0.5)
            canvas.rect(x, y - height, width - 3 * MM, height, stroke=1, fill=1)
            canvas.setFillColorRGB(*_text_color(rgb))
            canvas.setFont(bold, 10)
            canvas.drawString(x + 2 * MM, y - 6 * MM, name)
            canvas.setFont(body, 8)
            canvas.drawString(x + 2 * MM, y - 11 * MM, value)
        y -= height + 2 * MM
    return y - 6 * MM


def _game_colours(canvas, fonts, project) -> None:
    """Add a page of each of the project's games' own colours (game.yaml ``colors:``)."""
    from ..generate.games import load_game

    y = None
    for game_id in project.default_game_ids():
        colours = load_game(project, game_id, only=[]).spec.colors
        if not colours:
            continue
        if y is None or y - 30 * MM < MARGIN:
            canvas.showPage()
            y = PAGE[1] - MARGIN - 6 * MM
        y = _palette(canvas, fonts, y, f"Colours of {game_id} (game.yaml colors:)",
                     sorted(colours.items()))


def _fonts(canvas, fonts, y: float) -> float:
    y = _heading(canvas, fonts, y, "Font families")
    for family, styles in sorted(fonts.files.items()):
        for style, path in styles.items():
            name = fonts.font_name(family, bold="bold" in style, italic="italic" in style)
            canvas.setFillColorRGB(0.3, 0.3, 0.3)
            canvas.setFont(fonts.font_name("body"), 8)
            canvas.drawString(MARGIN, y, f"font: {family}   ({style}: {path.name})")
            canvas.setFillColorRGB(*INK)
            canvas.setFont(name, 13)
            sample = "ᚱᚨᛁᛞ ᚦᛖ ᚲᛟᚨᛊᛏ ᛏᚹᛖᛚᚹᛖ" if family == "runic" else SAMPLE
            canvas.drawString(MARGIN + 62 * MM, y, sample)
            y -= 8 * MM
    return y - 4 * MM


def _sizes(canvas, fonts, y: float, sizes: dict) -> float:
    y = _heading(canvas, fonts, y, "Size names (template size:)")
    canvas.setFont(fonts.font_name("body"), 9)
    canvas.setFillColorRGB(*INK)
    for index, (name, (w, h)) in enumerate(sizes.items()):
        col, row = index % 3, index // 3
        canvas.drawString(MARGIN + col * 60 * MM, y - row * 6 * MM, f"{name}: {w:g} x {h:g} mm")
    return y - (-(-len(sizes) // 3)) * 6 * MM


def _pictures(canvas, fonts, icons, title: str, names: list[str], footer: str,
              prefix: str = "") -> None:
    """Draw ``names`` (icons or colour art) with their names (less ``prefix``, which the title
    says), 88 a page."""
    columns, cell, label = 8, (PAGE[0] - 2 * MARGIN) / 8, 7
    per_page = columns * 11
    for start in range(0, len(names), per_page):
        canvas.showPage()
        y = _heading(canvas, fonts, PAGE[1] - MARGIN - 6 * MM,
                     f"{title} ({start + 1}-{min(len(names), start + per_page)} of "
                     f"{len(names)})")
        chunk = names[start:start + per_page]
        for name in chunk:
            icons.form_name(canvas, name)
        for index, name in enumerate(chunk):
            col, row = index % columns, index // columns
            x, top = MARGIN + col * cell, y - row * 22 * MM
            canvas.setFillColorRGB(*INK)
            icons.draw(canvas, name, x + (cell - 12 * MM) / 2, top - 13 * MM, 12 * MM)
            shown, font = name.removeprefix(prefix), fonts.font_name("body")
            size = max(5.0, min(label, label * (cell - 2) / stringWidth(shown, font, label)))
            canvas.setFont(font, size)
            canvas.drawCentredString(x + cell / 2, top - 17 * MM, shown)
        canvas.setFont(fonts.font_name("body"), 7)
        canvas.drawString(MARGIN, MARGIN / 2, footer)


def reference_pdf(project) -> bytes:
    """Return the reference sheet: palette, fonts and sizes on page 1, the project's games'
    own colours, then every icon and every piece of colour art."""
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    from ..build.credits import Credits
    from ..fill.fonts import FontBook
    from ..fill.icons import IconBook
    from ..load.profiles import ProfileBook

    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE, invariant=1, pageCompression=1,
                    initialFontName=fonts.font_name("body"), initialFontSize=9)
    canvas.setTitle("sheetgen reference")
    canvas.setCreator("sheetgen")
    y = PAGE[1] - MARGIN - 6 * MM
    y = _palette(canvas, fonts, y, "Palette colours",
                 [(n, v) for n, v in PALETTE.items() if v != "none"])
    y = _fonts(canvas, fonts, y)
    sizes = {n: (w / MM, h / MM) for n, (w, h) in ProfileBook.for_project(project).sizes.items()}
    _sizes(canvas, fonts, y, sizes)
    _game_colours(canvas, fonts, project)
    _pictures(canvas, fonts, icons, "Icons", icons.icon_names(),
              "Icons: game-icons.net (Lorc, Delapouite and others), CC BY 3.0")
    credits = Credits.for_project(project).art
    art = icons.art_names()
    for art_set in sorted({name.split("/")[0] for name in art}):
        prefix = f"{art_set}/"
        _pictures(canvas, fonts, icons, f"Colour art {prefix}...",
                  [n for n in art if n.startswith(prefix)],
                  credits.get(art_set, {}).get("line", f"Colour art: {art_set}"), prefix)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
