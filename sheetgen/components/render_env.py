"""What a component needs to turn its faces into files: documents, options, artifacts."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..imposition.common import ImposeOptions


@dataclass
class Artifact:
    """One rendered PDF: its bytes, page count, faces drawn and a label per page, if any.

    ``page_labels`` name the pages of one-face-per-page layouts (``raid-1-front``...); a PNG
    profile names each page's image after them.
    """

    data: bytes
    pages: int = 0
    faces_drawn: int = 0
    page_labels: list[str] = field(default_factory=list)


@dataclass
class RenderEnv:
    """Fonts, icons and options shared by every document of one build."""

    fonts: object
    icons: object
    options: ImposeOptions = field(default_factory=ImposeOptions)

    def document(self, page: tuple[float, float] | None, title: str):
        """Return a new deterministic PdfDocument on ``page`` (None: each page sets its size)."""
        from ..pdf import PdfDocument

        return PdfDocument(page or (72.0, 72.0), self.fonts, self.icons, title=title,
                           cmyk=self.options.cmyk, ink_saver=self.options.ink_saver)
