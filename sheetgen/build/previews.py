"""PNG previews of built PDFs: the first page of each output, and a contact sheet per game.

A designer checks a whole build at a glance (``sheetgen build --previews``) without opening
every PDF. Pages are rasterised with pdfium; labels use the project's own body font.
"""

from __future__ import annotations

import io
from pathlib import Path

from ..write.raster import first_page_fitting, png_bytes

THUMB_WIDTH = 360     # px of a preview's longer side
LABEL_HEIGHT = 28     # px under each thumbnail on the contact sheet
COLUMNS = 5


def first_page_png(pdf_bytes: bytes, longest: int = THUMB_WIDTH) -> bytes:
    """Return the first page of ``pdf_bytes`` as a PNG whose longer side is ``longest`` px."""
    return _png(first_page_fitting(pdf_bytes, longest))


def contact_sheet(entries: list[tuple[str, bytes]], font_path: Path) -> bytes:
    """Return one PNG tiling every (label, preview PNG) in rows of ``COLUMNS``."""
    from PIL import Image, ImageDraw, ImageFont

    images = [(label, Image.open(io.BytesIO(data))) for label, data in entries]
    cell = THUMB_WIDTH + 16
    rows = -(-len(images) // COLUMNS)
    sheet = Image.new("RGB", (COLUMNS * cell, rows * (cell + LABEL_HEIGHT)), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.truetype(str(font_path), 15)
    for index, (label, image) in enumerate(images):
        row, col = divmod(index, COLUMNS)
        x0, y0 = col * cell, row * (cell + LABEL_HEIGHT)
        sheet.paste(image, (x0 + (cell - image.width) // 2, y0 + (cell - image.height) // 2))
        draw.text((x0 + 8, y0 + cell + 4), label, fill=(40, 40, 40), font=font)
    return _png(sheet)


def simulated_png(png: bytes, kind: str) -> bytes:
    """Return ``png`` as a player with colour-vision deficiency ``kind`` sees it.

    The simulation (sheetgen/checks/colour.py) is baked into a 33-point 3D lookup table that
    Pillow applies with trilinear interpolation.
    """
    from PIL import Image, ImageFilter

    from ..checks.colour import simulate

    table = ImageFilter.Color3DLUT.generate(33, lambda r, g, b: simulate((r, g, b), kind))
    return _png(Image.open(io.BytesIO(png)).convert("RGB").filter(table))


def _png(image) -> bytes:
    return png_bytes(image, dpi=None)
