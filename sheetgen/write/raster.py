"""PDF pages to pictures: the one rasteriser (PNG profiles, previews, Tabletop Simulator).

Pages are rendered with pdfium, so a PNG matches its PDF exactly. PNGs carry no timestamps:
same input, same bytes. A poker card at 300 dpi with bleed is exactly 825 x 1125 px.
"""

from __future__ import annotations

import io

DPI = 300


def rasterise_pages(pdf_bytes: bytes, dpi: int = DPI) -> list:
    """Return a PIL image (RGB) per page of ``pdf_bytes`` at ``dpi``."""
    # a hair under the exact scale keeps pdfium from rounding a pixel up (825.0001 -> 826)
    return _render(pdf_bytes, lambda _page: dpi / 72 - 1e-9)


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
