"""Icons by name: ``templates/icons/<name>.svg``, each drawn once as a PDF form and reused.

An icon file is a single-path SVG (as game-icons.net ships them). The form carries no colour,
so one form serves every colour: the fill set before ``doForm`` shows through.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from .project import Project
from .svgpath import parse_path
from .suggest import unknown

ICON_CREDIT = "Icons: game-icons.net (Lorc, Delapouite and others), CC BY 3.0"
_VIEWBOX = re.compile(r'viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([-\d.]+)[\s,]+([-\d.]+)\s*"')
_PATH_D = re.compile(r'<path\b[^>]*?\sd="([^"]+)"')


@dataclass
class IconBook:
    """The icons a project can use, and which of them a build has used (for credits)."""

    files: dict[str, Path]
    used: set[str] = field(default_factory=set)
    _parsed: dict = field(default_factory=dict)

    @classmethod
    def for_project(cls, project: Project) -> "IconBook":
        """Find every ``templates/icons/*.svg``; the project's shadow the built-in ones."""
        files: dict[str, Path] = {}
        for folder in reversed(project.subdirs("templates")):
            for svg in sorted((folder / "icons").glob("*.svg")):
                files[svg.stem] = svg
        return cls(files)

    def check(self, name: str) -> None:
        """Raise ValueError naming similar icons when ``name`` is unknown, or saying why its
        file cannot be drawn (so validate finds what a build would meet)."""
        if name not in self.files:
            raise ValueError(unknown("icon", name, self.files,
                                     "`sheetgen reference` draws every icon with its name"))
        self.outline(name)

    def outline(self, name: str):
        """Return (viewbox, commands) of icon ``name``, parsed once."""
        if name not in self._parsed:
            path = self.files[name]
            try:
                self._parsed[name] = _read_outline(path)
            except (OSError, ValueError, KeyError) as exc:
                raise ValueError(f"icon {name!r} cannot be drawn ({path}): {exc}") from None
        return self._parsed[name]

    def form_name(self, canvas, name: str) -> str:
        """Return the name of the form holding icon ``name`` in a 1 x 1 pt box, drawing it once."""
        form = f"icon-{name}"
        defined = canvas.__dict__.setdefault("_sheetgen_icon_forms", set())
        if form in defined:
            return form
        (vx, vy, vw, vh), commands = self.outline(name)
        scale = 1 / max(vw, vh)

        def draw(canvas) -> None:
            path = canvas.beginPath()
            for cmd in commands:
                # SVG y grows downwards; the form's y grows upwards.
                pts = [((cmd[i] - vx) * scale, 1 - (cmd[i + 1] - vy) * scale)
                       for i in range(1, len(cmd), 2)]
                if cmd[0] == "M":
                    path.moveTo(*pts[0])
                elif cmd[0] == "L":
                    path.lineTo(*pts[0])
                elif cmd[0] == "C":
                    path.curveTo(*pts[0], *pts[1], *pts[2])
                else:
                    path.close()
            canvas.drawPath(path, stroke=0, fill=1, fillMode=0)

        from .form_replay import draw_form

        # drawn once per process, replayed in every other document
        draw_form(canvas, form, (0, 0, 1, 1), self, ("icon", name), draw)
        defined.add(form)
        self.used.add(name)
        return form

    def draw(self, canvas, name: str, x: float, y: float, size: float) -> None:
        """Draw icon ``name`` with its lower-left corner at (x, y), ``size`` points square.

        The form must already exist (see :meth:`form_name`): forms cannot nest their definitions.
        """
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(size, size)
        canvas.doForm(f"icon-{name}")
        canvas.restoreState()


def _read_outline(path: Path):
    """Return (viewbox, commands) of a single-path SVG; ValueError says what is wrong."""
    text = path.read_text(encoding="utf-8")
    box = _VIEWBOX.search(text)
    viewbox = tuple(float(v) for v in box.groups()) if box else (0.0, 0.0, 512.0, 512.0)
    if not all(math.isfinite(v) for v in viewbox) or viewbox[2] <= 0 or viewbox[3] <= 0:
        raise ValueError("its viewBox needs a width and a height above 0")
    commands = [c for d in _PATH_D.findall(text) for c in parse_path(d)]
    if not commands:
        raise ValueError("no <path d=...> found")
    if not all(math.isfinite(v) and abs(v) < 1e9 for c in commands for v in c[1:]):
        raise ValueError("a path number is out of range")
    return viewbox, commands

