"""PDF pages to pictures: the one rasteriser (PNG profiles, previews, Tabletop Simulator).

Pages are rendered with pdfium, so a PNG matches its PDF exactly. PNGs carry no timestamps:
same input, same bytes. A poker card at 300 dpi with bleed is exactly 825 x 1125 px.
"""

from __future__ import annotations

import io
import struct
import zlib

DPI = 300


def rasterise_pages(pdf_bytes: bytes, dpi: int = DPI) -> list:
    """Return a PIL image (RGB) per page of ``pdf_bytes`` at ``dpi``."""
    return _render(pdf_bytes, lambda _page: _scale(dpi))


def screen_pngs(pdf_bytes: bytes, dpi: int) -> list[bytes]:
    """Return a PNG per page of ``pdf_bytes`` at ``dpi`` for a screen (the studio): the
    pixels of :func:`rasterise_pages`, rendered straight as RGB and written with no row
    filter at zlib level 1. On flat card art that is under half the time of Pillow's
    encoder (which tries every row filter) and a smaller file; a build's PNGs keep
    :func:`png_bytes`."""
    return list(screen_png_pages(pdf_bytes, dpi))


def screen_png_pages(pdf_bytes: bytes, dpi: int):
    """Yield the PNGs of :func:`screen_pngs` one page at a time, each rasterised when asked
    for (a caller shows each picture as soon as it is made)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    document = pdfium.PdfDocument(pdf_bytes)
    try:
        for page in document:
            yield _unfiltered_png(page.render(scale=_scale(dpi), rev_byteorder=True,
                                              force_bitmap_format=pdfium_c.FPDFBitmap_BGR))
    finally:
        document.close()


def _scale(dpi: int) -> float:
    # a hair under the exact scale keeps pdfium from rounding a pixel up (825.0001 -> 826)
    return dpi / 72 - 1e-9


def _unfiltered_png(bitmap) -> bytes:
    """Return an RGB pdfium bitmap as a PNG whose rows carry filter 0 (none)."""
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    pixels, row = memoryview(bitmap.buffer).cast("B"), 3 * width
    rows = b"".join(part for y in range(0, height * stride, stride)
                    for part in (b"\0", pixels[y:y + row]))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def first_page_fitting(pdf_bytes: bytes, longest: int) -> object:
    """Return the first page of ``pdf_bytes`` as an image whose longer side is ``longest`` px."""
    return _render(pdf_bytes, lambda page: longest / max(page.get_size()), pages=1)[0]


def png_bytes(image, dpi: int | None = DPI) -> bytes:
    """Return ``image`` encoded as PNG with no metadata chunks but its resolution, if given."""
    buffer = io.BytesIO()
    if dpi is None:
        image.save(buffer, format="PNG")
    else:
        image.save(buffer, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buffer.getvalue()


def _render(pdf_bytes: bytes, scale_of, pages: int | None = None) -> list:
    """Render the first ``pages`` pages (all by default), each at ``scale_of(page)``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf_bytes)
    try:
        chosen = list(document)[:pages] if pages else list(document)
        return [page.render(scale=scale_of(page)).to_pil().convert("RGB") for page in chosen]
    finally:
        document.close()
