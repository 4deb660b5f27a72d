"""``image``: a PNG or JPEG placed at its real resolution (warns below 300 dpi), or an SVG
drawn as vector art in its own colours."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Literal

from pydantic import ValidationInfo, field_validator, model_validator

from . import register
from ..icons import FILE_PREFIX
from ...base.units import mm
from ...load import reads
from .base import Element
from .icon import ArtWarning

MIN_DPI = 300


class LowResolutionWarning(UserWarning):
    """An image would print below 300 dpi at its placed size."""


@register
class Image(Element):
    """A raster image or SVG art; ``fit: contain`` keeps its proportions, ``fill`` stretches it
    to the box.

    The path is relative to the YAML that names it and may not leave the project folder.
    """

    type: Literal["image"] = "image"
    src: Path
    fit: Literal["contain", "fill"] = "contain"

    field_docs = {
        'src': 'Image file (PNG, JPEG, or SVG drawn as vector), relative to the YAML file.',
        'fit': (
            'contain keeps the proportions inside the box; fill stretches to the box.'),
    }
    doc = ("PNG/JPEG image (warns when it prints below 300 dpi) or SVG art (drawn as vector in "
           "its own colours), path relative to the YAML that names it.")
    sample = {"type": "image", "src": "art/odin.png", "x": 0, "y": 0, "w": "100%", "h": "50%"}

    @field_validator("src", mode="before")
    @classmethod
    def _confine(cls, value, info: ValidationInfo):
        ctx = info.context or {}
        project = ctx.get("project")
        if project is None:
            return Path(value)
        path = project.confine(ctx["base_dir"], str(value), ctx["where_path"], ctx["where_line"])
        if not path.is_file():
            raise ValueError(f"image {value!r} not found ({path})")
        if path.suffix.lower() == ".svg":
            if ctx.get("icons") is not None:
                ctx["icons"].add_file(path)
            return path
        if path.suffix.lower() not in (".png", ".jpg", ".jpeg"):
            raise ValueError(f"image {value!r}: only PNG, JPEG and SVG are supported")
        _check_readable(path, value)
        return path

    @property
    def art_name(self) -> str | None:
        """The name the icon book knows this image's SVG by (None: a raster image)."""
        return FILE_PREFIX + str(self.src) if self.src.suffix.lower() == ".svg" else None

    def icons(self) -> set[str]:
        """Return the SVG art this image draws (its form is made before the face's)."""
        return {self.art_name} if self.art_name else set()

    @model_validator(mode="after")
    def _has_area(self):
        if not (self.w > 0 and self.h > 0):
            raise ValueError(f"an image needs a box wider and taller than 0, not "
                             f"{mm(self.w):g} x {mm(self.h):g} mm")
        return self

    def placed_box(self, pixel_size: tuple[int, int]) -> tuple[float, float, float, float]:
        """Return (dx, dy, w, h) of the image inside the element's box."""
        if self.fit == "fill":
            return 0.0, 0.0, self.w, self.h
        pw, ph = pixel_size
        scale = min(self.w / pw, self.h / ph)
        return (self.w - pw * scale) / 2, (self.h - ph * scale) / 2, pw * scale, ph * scale

    def prepare(self, ctx) -> None:
        """Warn when the image prints below 300 dpi, or what its SVG has that is not drawn."""
        from PIL import Image as PILImage

        if self.art_name:
            for message in ctx.icons.warnings_of(self.art_name):
                warnings.warn(message, ArtWarning, stacklevel=2)
            return
        reads.opened(self.src)
        with PILImage.open(self.src) as img:
            size = img.size
        _, _, w, h = self.placed_box(size)
        dpi = min(size[0] / (w / 72), size[1] / (h / 72))
        if dpi < MIN_DPI - 0.5:
            warnings.warn(f"{self.src.name} prints at {dpi:.0f} dpi (< {MIN_DPI})",
                          LowResolutionWarning, stacklevel=2)

    def draw(self, canvas, ctx) -> None:
        """Paint the image (alpha is flattened on white: no transparency in print files)."""
        from PIL import Image as PILImage
        from reportlab.lib.utils import ImageReader

        if self.art_name:
            ctx.icons.draw_box(canvas, self.art_name, self.x, self.bottom(ctx), self.w, self.h,
                               stretch=self.fit == "fill")
            return
        reads.opened(self.src)
        with PILImage.open(self.src) as img:
            if img.mode in ("RGBA", "LA", "P"):
                flat = PILImage.new("RGB", img.size, "white")
                flat.paste(img.convert("RGBA"), mask=img.convert("RGBA").split()[-1])
                img = flat
            if ctx.cmyk and img.mode != "CMYK":
                img = img.convert("CMYK")
            elif img.mode not in ("RGB", "CMYK", "L"):
                img = img.convert("RGB")
            dx, dy, w, h = self.placed_box(img.size)
            canvas.drawImage(ImageReader(img), self.x + dx, self.bottom(ctx) + dy, w, h)


def _check_readable(path: Path, written) -> None:
    """Raise ValueError unless ``path`` opens as an image of a printable size."""
    import warnings as _warnings

    from PIL import Image as PILImage

    try:
        with _warnings.catch_warnings():
            _warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            reads.opened(path)
            with PILImage.open(path) as img:
                width, height = img.size
    except (OSError, SyntaxError, ValueError, PILImage.DecompressionBombWarning,
            PILImage.DecompressionBombError) as exc:
        raise ValueError(f"image {written!r} cannot be read as PNG or JPEG: {exc}") from None
    if width < 1 or height < 1:
        raise ValueError(f"image {written!r} has no pixels")

