"""What a component needs to turn its faces into files: documents, options, artifacts."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..imposition.common import ImposeOptions


@dataclass
class Artifact:
    """One output: a PDF (bytes, ``.pdf``) or a folder of files (``{name: bytes}``)."""

    data: bytes | dict[str, bytes]
    suffix: str = ".pdf"
    pages: int = 0
    faces_drawn: int = 0


@dataclass
class RenderEnv:
    """Fonts, icons and options shared by every document of one build."""

    fonts: object
    icons: object
    options: ImposeOptions = field(default_factory=ImposeOptions)

    def document(self, pagesize, title: str):
        """Return a new deterministic PdfDocument."""
        from ..pdf import PdfDocument

        return PdfDocument(pagesize, self.fonts, self.icons, title=title,
                           cmyk=self.options.cmyk, ink_saver=self.options.ink_saver)
