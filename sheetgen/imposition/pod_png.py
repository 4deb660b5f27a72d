"""``pod-png``: one PNG per face at 300 dpi with bleed (825 x 1125 px for a poker card).

Faces are first laid out as the ``pod`` PDF, then each page is rasterised with pdfium, so the
PNGs match the PDF exactly. PNGs carry no timestamps: same input, same bytes.
"""

from __future__ import annotations

import io

DPI = 300


def rasterise_pages(pdf_bytes: bytes, dpi: int = DPI) -> list:
    """Return a PIL image (RGB) per page of ``pdf_bytes`` at ``dpi``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf_bytes)
    try:
        # a hair under the exact scale keeps pdfium from rounding a pixel up (825.0001 -> 826)
        scale = dpi / 72 - 1e-9
        return [page.render(scale=scale).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def png_bytes(image, dpi: int = DPI) -> bytes:
    """Return ``image`` encoded as PNG with no metadata chunks but its resolution."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buffer.getvalue()
