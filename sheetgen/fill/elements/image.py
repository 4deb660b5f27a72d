"""``image``: a PNG or JPEG placed at its real resolution (warns below 300 dpi), or an SVG
drawn as vector art in its own colours; fitted (contain, fill, cover about a focal point),
cropped, clipped to a shape, faded and tinted."""


import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, ValidationInfo, WithJsonSchema, field_validator, \
    model_validator

from . import register
from ..icons import FILE_PREFIX, art_variant
from ...base.units import mm
from ...load import reads
from .base import Color, Element, FaceWarning, Length, Ratio
from .clip import ClipShape, clip_to
from .icon import ArtWarning

MIN_DPI = 300
_PART = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*(%?)\s*$")


class LowResolutionWarning(FaceWarning):
    """An image would print below 300 dpi at its placed size."""


def _part(value: Any, what: str) -> tuple[float, bool]:
    """Return (number, is a percentage) of one value of ``focus`` or ``crop``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value), False
    found = _PART.match(str(value))
    if found is None:
        raise ValueError(f"{what}: {value!r} is not a number or a percentage (30%)")
    return float(found.group(1)), bool(found.group(2))


def _focus(value: Any) -> tuple[float, float]:
    """Return the focal point as fractions (0..1) of the picture, from [x%, y%]."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        out = []
        for part in value:
            number, _ = _part(part, "focus")
            if not 0 <= number <= 100:
                raise ValueError(f"focus: {part!r} is outside 0% to 100%")
            out.append(number / 100)
        return tuple(out)
    raise ValueError(f"focus takes [x%, y%] (from the picture's top-left), not {value!r}")


def _crop(value: Any) -> tuple | None:
    """Return crop [x, y, w, h] as four (number, is a percentage) pairs, or None."""
    if value is None or value == "none":
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise ValueError("crop takes [x, y, width, height] from the picture's top-left, in its "
                         f"pixels (an SVG: its viewBox units) or percentages, not {value!r}")
    parts = tuple(_part(v, "crop") for v in value)
    if any(number < 0 or (pct and number > 100) for number, pct in parts):
        raise ValueError(f"crop {list(value)}: a value is below 0 or above 100%")
    if parts[2][0] <= 0 or parts[3][0] <= 0:
        raise ValueError(f"crop {list(value)}: width and height must be more than 0")
    return parts


_FOCUS_SCHEMA = WithJsonSchema({
    "description": "[x%, y%]: the picture's point kept in view by fit: cover (from its "
                   "top-left; a bare number is a percentage).",
    "type": "array", "minItems": 2, "maxItems": 2,
    # each value may be a Jinja expression filled per item ("{{ scene_focus }}")
    "items": {"anyOf": [{"type": "number"}, {"type": "string", "pattern": r"^\d+(\.\d+)?%$"},
                        {"type": "string", "pattern": r"\{\{|\{%"}]}})
_CROP_SCHEMA = WithJsonSchema({
    "description": "[x, y, width, height] of the picture to show, from its top-left: pixels "
                   "(an SVG: viewBox units) or percentages (10%).",
    "anyOf": [{"type": "null"}, {"const": "none"},
              {"type": "array", "minItems": 4, "maxItems": 4,
               "items": {"anyOf": [{"type": "number"},
                                   {"type": "string", "pattern": r"^\d+(\.\d+)?%?$"}]}}]})
Focus = Annotated[tuple[float, float], BeforeValidator(_focus), _FOCUS_SCHEMA]
Crop = Annotated[Any, BeforeValidator(_crop), _CROP_SCHEMA]


@dataclass(frozen=True)
class Placement:
    """Where a picture goes in its element's box (points, from the box's top-left, y down).

    ``crop`` is the part of the picture shown (x, y, w, h in its pixels or viewBox units);
    ``sx``, ``sy`` are points per picture unit; ``region`` is where that part lands (x, y, w, h,
    possibly beyond the box: cover); ``visible`` is the part of the box it covers.
    """

    crop: tuple[float, float, float, float]
    sx: float
    sy: float
    region: tuple[float, float, float, float]

    def visible(self, w: float, h: float) -> tuple[float, float, float, float]:
        """Return (x0, y0, x1, y1) of the box ``w`` x ``h`` the picture covers."""
        rx, ry, rw, rh = self.region
        return max(0.0, rx), max(0.0, ry), min(w, rx + rw), min(h, ry + rh)

    def dpi(self) -> float:
        """Return the resolution the picture prints at (its pixels per inch, the lower axis)."""
        return 72 / max(self.sx, self.sy)


@register
class Image(Element):
    """A raster image or SVG art: ``fit: contain`` keeps its proportions inside the box,
    ``fill`` stretches it, ``cover`` fills the box and crops the overflow about ``focus``;
    ``crop`` picks the part shown first, ``clip`` cuts it to a shape, ``opacity`` fades it and
    ``tint`` multiplies its colours.

    The path is relative to the YAML that names it and may not leave the project folder.
    """

    type: Literal["image"] = "image"
    src: Path
    fit: Literal["contain", "fill", "cover"] = "contain"
    focus: Focus = ("50%", "50%")
    crop: Crop = None
    clip: ClipShape = None
    radius: Length = "3mm"
    opacity: Ratio = 1.0
    tint: Color = "none"

    field_docs = {
        'src': ('Image file (PNG, JPEG, or SVG drawn as vector), relative to the YAML file; '
                'one not there is taken from the same place in the built-in folder (a '
                "project's template draws the built-in art/scenes/sea.svg)."),
        'fit': ('contain keeps the proportions inside the box; fill stretches to the box; '
                'cover fills the box, keeping the proportions, and crops what overflows '
                '(about focus).'),
        'focus': ('[x%, y%]: the point of the picture (from its top-left) that fit: cover '
                  'keeps in view, centred in the box as far as the picture allows. Default '
                  '[50%, 50%], the middle.'),
        'crop': ('[x, y, width, height]: the part of the picture shown, from its top-left, in '
                 'its pixels (an SVG: its viewBox units) or percentages; fit then places that '
                 'part. The 300 dpi warning counts the pixels of the part shown.'),
        'clip': ('Cut the picture to a shape inside the box: rect, rounded (corners of '
                 'radius), circle, ellipse, hexagon (points left and right), hexagon-pointy, '
                 'or SVG path data (M ...) whose bounding box is stretched over the box; '
                 'outside it, what is under the image shows.'),
        'radius': 'Corner radius of clip: rounded (length).',
        'opacity': ('0 (invisible) to 1 (opaque, the default): what is under the image '
                    'shows through (PDF transparency; SVG art fades as one picture). A CMYK '
                    'document (--cmyk, PDF/X) has no transparency: the picture is faded into '
                    'the paper, as the inks it leaves on white.'),
        'tint': ('A colour the picture is multiplied by, as if printed through tinted glass: '
                 'white takes the colour, black stays black (none: its own colours).'),
    }
    doc = ("PNG/JPEG image (warns when it prints below 300 dpi) or SVG art (drawn as vector in "
           "its own colours), path relative to the YAML that names it; fit: cover with a "
           "focus, crop, clip to a shape, opacity and tint.")
    sample = {"type": "image", "src": "art/odin.png", "x": 0, "y": 0, "w": "100%", "h": "50%"}

    @field_validator("src", mode="before")
    @classmethod
    def _confine(cls, value, info: ValidationInfo):
        ctx = info.context or {}
        project = ctx.get("project")
        if project is None:
            return Path(value)
        path = project.same_place(project.confine(ctx["base_dir"], str(value), ctx["where_path"],
                                                  ctx["where_line"]))
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

    @property
    def _drawn_name(self) -> str | None:
        """The name of the form this image's SVG is drawn by: tinted, and one transparency
        group when faded (so it fades as one picture, not shape by shape)."""
        name = self.art_name
        return name and art_variant(name, self.tint, self.opacity)

    def icons(self) -> set[str]:
        """Return the SVG art this image draws (its form is made before the face's)."""
        return {self._drawn_name} if self.art_name else set()

    @model_validator(mode="after")
    def _has_area(self):
        if not (self.w > 0 and self.h > 0):
            raise ValueError(f"an image needs a box wider and taller than 0, not "
                             f"{mm(self.w):g} x {mm(self.h):g} mm")
        return self

    @property
    def _plain(self) -> bool:
        """Whether the image is only fitted (contain or fill): drawn as it always was."""
        return self.fit != "cover" and self.crop is None

    def placed_box(self, pixel_size: tuple[int, int]) -> tuple[float, float, float, float]:
        """Return (dx, dy, w, h) of the image inside the element's box (contain, fill)."""
        if self.fit == "fill":
            return 0.0, 0.0, self.w, self.h
        pw, ph = pixel_size
        scale = min(self.w / pw, self.h / ph)
        return (self.w - pw * scale) / 2, (self.h - ph * scale) / 2, pw * scale, ph * scale

    def placement(self, size: tuple[float, float]) -> Placement:
        """Return where the picture of ``size`` (pixels, or an SVG's viewBox) goes: its
        crop, fitted to the box as ``fit`` says; ValueError when the crop leaves the
        picture."""
        width, height = size
        if self.crop is None:
            crop = (0.0, 0.0, float(width), float(height))
        else:
            crop = tuple(number * (width if i % 2 == 0 else height) / 100 if pct else number
                         for i, (number, pct) in enumerate(self.crop))
            cx, cy, cw, ch = crop
            if cx + cw > width + 1e-6 or cy + ch > height + 1e-6:
                unit = "px" if self.art_name is None else "units"
                raise ValueError(
                    f"crop [{cx:g}, {cy:g}, {cw:g}, {ch:g}] reaches beyond {self.src.name}, "
                    f"which is {width:g} x {height:g} {unit}; give a part inside it (or "
                    "percentages)")
        cw, ch = crop[2], crop[3]
        if self.fit == "fill":
            return Placement(crop, self.w / cw, self.h / ch, (0.0, 0.0, self.w, self.h))
        if self.fit == "contain":
            s = min(self.w / cw, self.h / ch)
            return Placement(crop, s, s, ((self.w - cw * s) / 2, (self.h - ch * s) / 2,
                                          cw * s, ch * s))
        s = max(self.w / cw, self.h / ch)
        rw, rh = cw * s, ch * s
        # the focal point centred in the box, as far as the picture reaches
        fx, fy = self.focus
        rx = min(0.0, max(self.w - rw, self.w / 2 - fx * rw))
        ry = min(0.0, max(self.h - rh, self.h / 2 - fy * rh))
        return Placement(crop, s, s, (rx, ry, rw, rh))

    def _size(self, ctx) -> tuple[float, float]:
        """Return the picture's size: its pixels, or its SVG viewBox."""
        if self.art_name:
            box = ctx.icons.art(self.art_name).box
            return box[2], box[3]
        from PIL import Image as PILImage

        reads.opened(self.src, held=True)  # drawn as it is
        with PILImage.open(self.src) as img:
            return img.size

    def prepare(self, ctx) -> None:
        """Warn when the image prints below 300 dpi (counting the pixels of the part shown),
        or what its SVG has that is not drawn; ValueError when the crop leaves the picture."""
        placement = self.placement(self._size(ctx))
        if self.art_name:
            for message in ctx.icons.warnings_of(self.art_name):
                warnings.warn(message, ArtWarning, stacklevel=2)
            return
        dpi = placement.dpi()
        if dpi < MIN_DPI - 0.5:
            x0, y0, x1, y1 = placement.visible(self.w, self.h)
            shown = "" if self._plain else (
                f" (the part shown is {(x1 - x0) / placement.sx:.0f} x "
                f"{(y1 - y0) / placement.sy:.0f} px)")
            warnings.warn(f"{self.src.name} prints at {dpi:.0f} dpi (< {MIN_DPI}){shown}",
                          LowResolutionWarning, stacklevel=2)

    def draw(self, canvas, ctx) -> None:
        """Paint the image, clipped and faded as asked (a raster's alpha is flattened on
        white; a CMYK document carries no transparency: a faded picture is the inks it leaves
        on the paper)."""
        x, y = self.x, self.bottom(ctx)
        framed = self.clip is not None or self.opacity < 1 or not self._plain
        if framed:
            canvas.saveState()
            if self.clip is not None:
                clip_to(canvas, self.clip, x, y, self.w, self.h, self.radius)
            if self.opacity < 1 and not ctx.cmyk:  # CMYK: faded into the inks instead
                ctx.set_opacity(canvas, self.opacity)
        if self.art_name:
            self._draw_art(canvas, ctx, x, y)
        else:
            self._draw_raster(canvas, ctx, x, y)
        if framed:
            canvas.restoreState()

    def _clip_visible(self, canvas, placement: Placement, x: float, y: float) -> None:
        """Clip to the part of the box the picture covers (cover and crop draw beyond it)."""
        x0, y0, x1, y1 = placement.visible(self.w, self.h)
        clip_to(canvas, "rect", x + x0, y + self.h - y1, x1 - x0, y1 - y0)

    def _draw_art(self, canvas, ctx, x: float, y: float) -> None:
        """Draw the SVG: fitted as it always was, or its crop placed and clipped."""
        name = self._drawn_name
        if ctx.icons.art(name).one_colour:  # its own colour: black (CMYK: faded in the ink)
            if ctx.cmyk:
                canvas.setFillColorCMYK(0, 0, 0, self.opacity)
                canvas.setStrokeColorCMYK(0, 0, 0, self.opacity)
            else:
                ctx.fill(canvas, (0.0, 0.0, 0.0), is_fill=False)
                ctx.stroke(canvas, (0.0, 0.0, 0.0))
        if self._plain:
            ctx.icons.draw_box(canvas, name, x, y, self.w, self.h, stretch=self.fit == "fill")
            return
        width, height = self._size(ctx)
        placement = self.placement((width, height))
        self._clip_visible(canvas, placement, x, y)
        (cx, cy, _, _), (rx, ry, _, _) = placement.crop, placement.region
        left, top = rx - cx * placement.sx, ry - cy * placement.sy
        full_w, full_h = width * placement.sx, height * placement.sy
        ctx.icons.draw_box(canvas, name, x + left, y + self.h - top - full_h, full_w, full_h,
                           stretch=True)

    def _draw_raster(self, canvas, ctx, x: float, y: float) -> None:
        """Draw a PNG or JPEG: the pixels of the part shown, placed, clipped and tinted."""
        from PIL import Image as PILImage
        from reportlab.lib.utils import ImageReader

        reads.opened(self.src, held=True)  # drawn as it is
        with PILImage.open(self.src) as img:
            if not self._plain:
                placement = self.placement(img.size)
                img, (dx, dy, w, h) = self._shown_pixels(img, placement)
                self._clip_visible(canvas, placement, x, y)
            if img.mode in ("RGBA", "LA", "P"):
                flat = PILImage.new("RGB", img.size, "white")
                flat.paste(img.convert("RGBA"), mask=img.convert("RGBA").split()[-1])
                img = flat
            if self.tint is not None or (ctx.cmyk and self.opacity < 1):
                img = self._recoloured(img.convert("RGB"), ctx)
            if ctx.cmyk and img.mode != "CMYK":
                img = img.convert("CMYK")
            elif img.mode not in ("RGB", "CMYK", "L"):
                img = img.convert("RGB")
            if self._plain:
                dx, dy, w, h = self.placed_box(img.size)
            canvas.drawImage(ImageReader(img), x + dx, y + dy, w, h)

    def _recoloured(self, img, ctx):
        """Return RGB ``img`` multiplied by the tint and, in a CMYK document (which carries no
        transparency), faded into the white paper by the opacity: the inks it leaves."""
        from PIL import Image as PILImage
        from PIL import ImageChops

        if self.tint is not None:
            ink = tuple(round(v * 255) for v in self.tint)
            img = ImageChops.multiply(img, PILImage.new("RGB", img.size, ink))
        if ctx.cmyk and self.opacity < 1:
            img = PILImage.blend(PILImage.new("RGB", img.size, "white"), img, self.opacity)
        return img

    def _shown_pixels(self, img, placement: Placement):
        """Return (the whole pixels covering the part of the box shown, (dx, dy, w, h) where
        they go from the box's lower-left corner)."""
        import math

        (cx, cy, _, _), (rx, ry, _, _) = placement.crop, placement.region
        x0, y0, x1, y1 = placement.visible(self.w, self.h)
        px0 = max(0, math.floor(cx + (x0 - rx) / placement.sx + 1e-9))
        py0 = max(0, math.floor(cy + (y0 - ry) / placement.sy + 1e-9))
        px1 = min(img.size[0], math.ceil(cx + (x1 - rx) / placement.sx - 1e-9))
        py1 = min(img.size[1], math.ceil(cy + (y1 - ry) / placement.sy - 1e-9))
        part = img.crop((px0, py0, px1, py1))
        w, h = (px1 - px0) * placement.sx, (py1 - py0) * placement.sy
        left, top = rx + (px0 - cx) * placement.sx, ry + (py0 - cy) * placement.sy
        return part, (left, self.h - top - h, w, h)


def _check_readable(path: Path, written) -> None:
    """Raise ValueError unless ``path`` opens as an image of a printable size."""
    import warnings as _warnings

    from PIL import Image as PILImage

    try:
        with _warnings.catch_warnings():
            _warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            reads.opened(path, held=True)
            with PILImage.open(path) as img:
                width, height = img.size
    except (OSError, SyntaxError, ValueError, PILImage.DecompressionBombWarning,
            PILImage.DecompressionBombError) as exc:
        raise ValueError(f"image {written!r} cannot be read as PNG or JPEG: {exc}") from None
    if width < 1 or height < 1:
        raise ValueError(f"image {written!r} has no pixels")
