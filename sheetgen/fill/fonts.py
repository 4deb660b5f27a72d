"""Font families from ``fonts/fonts.yaml``, registered with ReportLab as embedded TrueType.

Registration is lazy: a font file is parsed the first time a face uses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import user_error
from ..load.project import Project
from ..load import reads
from ..load.yamlload import load_yaml
from ..base.suggest import unknown

STYLES = ("regular", "bold", "italic", "bold-italic")
DEFAULT_FAMILY = "body"


@dataclass
class FontBook:
    """Every font family a project can use, by name, and the files behind them."""

    files: dict[str, dict[str, Path]]
    # the fonts.yaml line that named each file, blamed when the file is no usable TrueType
    where: dict[Path, tuple[Path, int]] = field(default_factory=dict)
    registered: set[str] = field(default_factory=set)
    _names: dict = field(default_factory=dict)
    _widths: dict = field(default_factory=dict)

    @classmethod
    def for_project(cls, project: Project) -> "FontBook":
        """Read ``fonts/fonts.yaml`` from the built-in folder, then the project's over it."""
        files: dict[str, dict[str, Path]] = {}
        where: dict[Path, tuple[Path, int]] = {}
        reads.opened_all((root / "fonts" / "fonts.yaml" for root in project.roots),
                         held=True)  # or absent; the fonts are process state
        for folder in reversed(project.subdirs("fonts")):
            spec_path = folder / "fonts.yaml"
            if not spec_path.is_file():
                continue
            spec = load_yaml(spec_path) or {}
            families = spec.get("families") if isinstance(spec, dict) else None
            if not isinstance(families, dict):
                raise user_error(spec_path, getattr(spec, "line", 1),
                                 "expected a 'families:' mapping")
            for family, styles in families.items():
                line = families.key_lines.get(family, 0)
                if not isinstance(styles, dict) or "regular" not in styles:
                    raise user_error(spec_path, line,
                                     f"family {family!r} needs at least 'regular:'")
                unknown = set(styles) - set(STYLES)
                if unknown:
                    raise user_error(spec_path, line, f"unknown style(s) {sorted(unknown)}; "
                                     f"use {', '.join(STYLES)}")
                paths = {}
                for style, filename in styles.items():
                    path = project.confine(folder, str(filename), str(spec_path), line)
                    if not path.is_file():
                        raise user_error(spec_path, line,
                                         f"font file {filename!r} not found in {folder}")
                    if path.suffix.lower() != ".ttf":
                        raise user_error(spec_path, line, f"{filename!r}: only TrueType .ttf fonts "
                                         "can be embedded (CFF .otf is refused by ReportLab)")
                    paths[style] = path
                    where[path] = (spec_path, line)
                files[family] = paths
        return cls(files, where)

    def check_family(self, family: str) -> None:
        """Raise ValueError naming the known families when ``family`` is unknown."""
        if family not in self.files:
            raise ValueError(unknown("font", family, self.files))

    def font_name(self, family: str, bold: bool = False, italic: bool = False) -> str:
        """Return the registered ReportLab name for a family and style (falls back to regular)."""
        key = (family, bold, italic)
        known = self._names.get(key)
        if known is None:
            name, path = self._pick(family, bold, italic)
            # the file reported by its name: a str key is compared without pathlib (a font
            # is reported on every use, about 140,000 times in a cold catalogue)
            known = self._names[key] = (name, str(path))
        name, path = known
        reads.opened(path, held=True)  # used: registered once per process, with ReportLab
        return name

    def width(self, text: str, font_name: str, size: float) -> float:
        """Return the width of ``text`` in points (cached per string and font)."""
        key = (text, font_name)
        unit = self._widths.get(key)
        if unit is None:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            unit = self._widths[key] = stringWidth(text, font_name, 1000) / 1000
        return unit * size

    def missing_glyph(self, text: str, font_name: str) -> str | None:
        """Return the first character of ``text`` the registered font ``font_name`` has no
        glyph for (spaces aside), or None (cached per string and font)."""
        key = ("glyphs", text, font_name)
        if key not in self._widths:
            from reportlab.pdfbase.pdfmetrics import getFont

            face = getFont(font_name).face
            have = getattr(face, "charToGlyph", None)
            self._widths[key] = next((c for c in text if have is not None and not c.isspace()
                                      and ord(c) not in have), None)
        return self._widths[key]

    def _pick(self, family: str, bold: bool, italic: bool) -> tuple[str, Path]:
        styles = self.files[family]
        wanted = ("bold-italic" if bold and italic else "bold" if bold
                  else "italic" if italic else "regular")
        for style in (wanted, "bold" if bold else "regular", "regular"):
            if style in styles:
                return self._register(styles[style]), styles[style]
        raise AssertionError("every family has a regular style")

    def _register(self, path: Path) -> str:
        name = path.stem
        if name not in self.registered:
            from reportlab.pdfbase import pdfmetrics

            from ..write import speed_layer
            from ..write.font_subsets import SubsetCachingTTFont, TaggedTTFont

            font_class = SubsetCachingTTFont if speed_layer.ENABLED else TaggedTTFont
            stamp = _stamp(path)
            if name in pdfmetrics.getRegisteredFontNames() and \
                    _READ.setdefault(name, stamp) != stamp:
                _forget(name)
            if name not in pdfmetrics.getRegisteredFontNames():
                try:
                    font = font_class(name, str(path))
                except Exception as exc:  # noqa: BLE001 - any fault of a user's font file
                    raise user_error(*self.where.get(path, (path, 0)), f"font file "
                                     f"{path.name} is no usable TrueType font: {exc}") from None
                pdfmetrics.registerFont(font)
                _READ[name] = stamp
            self.registered.add(name)
        return name


# ReportLab registers a font by name once per process; the file (and its state) each name was
# read from, so a warm process (the studio) reads a font file again after it changed
_READ: dict[str, tuple] = {}


def _forget(name: str) -> None:
    """Unregister font ``name`` (its file changed): ReportLab keeps the first font registered
    under a name, and under its face's name, in private tables (pinned ReportLab, 5.1)."""
    from reportlab.pdfbase import pdfmetrics

    old = pdfmetrics._fonts.pop(name, None)
    for face_name, font in list(pdfmetrics._dynFaceNames.items()):
        if font is old:
            del pdfmetrics._dynFaceNames[face_name]


def _stamp(path: Path) -> tuple:
    """Return what tells one state of a font file from another: where, when written, size."""
    try:
        stat = path.stat()
    except OSError:  # reading it reports the mistake
        return (str(path),)
    return (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
