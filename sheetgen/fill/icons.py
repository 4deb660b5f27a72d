"""Icons and art by name, each SVG drawn once per document as a PDF form and reused.

Two folders of ``templates/`` hold them; a project's own files shadow the built-in ones:

- ``icons/<name>.svg``: icons named ``name`` (game-icons.net ships one-colour icons);
- ``art/<set>/<name>.svg``: colour art named ``set/name`` (a vendored set, or a project's own).

An SVG painted only in black (or ``currentColor``) is a one-colour icon: its form carries no
colour, so one form serves every colour (the fill set before ``doForm`` shows through). Any
other SVG is colour art and keeps its own colours. An ``image`` whose ``src`` is an SVG file is
art too, named by its path (:meth:`IconBook.add_file`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase import pdfdoc

from .art.draw import Inks, draw_colour, draw_one_colour
from ..base.docs_links import see
from ..load import reads
from ..load.project import Project
from ..base.suggest import command, unknown

_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.~-]+")
FILE_PREFIX = "file:"
VARIANT = "\x00"  # parts a variant's name (never in a path or an icon's name)


def art_variant(name: str, tint: tuple | None = None, opacity: float = 1.0) -> str:
    """Return the name art ``name`` is drawn by with its colours multiplied by ``tint`` (r, g,
    b 0-1) and faded to ``opacity``; each variant is its own form. Faded, it is one
    transparency group (the opacity set where it is drawn fades the whole picture, not each
    shape), or in a CMYK document, which carries no transparency, its inks times the
    opacity."""
    if tint is None and opacity >= 1:
        return name
    parts = [name]
    if tint is not None:
        parts.append("tint=" + ",".join(f"{v:.6g}" for v in tint))
    if opacity < 1:
        parts.append(f"opacity={opacity:.6g}")
    return VARIANT.join(parts)


def _variant(name: str) -> tuple[str, tuple | None, float]:
    """Return (art name, tint, opacity) of a name :func:`art_variant` gave."""
    base, *parts = name.split(VARIANT)
    tint = next((tuple(float(v) for v in p.removeprefix("tint=").split(","))
                 for p in parts if p.startswith("tint=")), None)
    opacity = next((float(p.removeprefix("opacity=")) for p in parts
                    if p.startswith("opacity=")), 1.0)
    return base, tint, opacity


@dataclass
class IconBook:
    """The icons and art a project can use, and which of them a build has used (credits)."""

    files: dict[str, Path]
    # the folders searched for a name, in order: a file made later in an earlier one shadows
    folders: tuple[Path, ...] = ()
    used: set[str] = field(default_factory=set)
    _parsed: dict = field(default_factory=dict)
    # name -> (its file, the places a read of it reports: where a file would shadow it, it)
    _looked: dict = field(default_factory=dict)
    # (name, colour) -> its form's PDF name: a file's is a digest of its bytes, read once per
    # book as its drawing is parsed once (a big deck's faces name the same art thousands of
    # times: issue 36)
    _form_names: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def for_project(cls, project: Project) -> "IconBook":
        """Find every ``templates/icons/*.svg`` and ``templates/art/<set>/*.svg``; the
        project's shadow the built-in ones."""
        files: dict[str, Path] = {}
        for folder in reversed(project.subdirs("templates")):
            for svg in sorted((folder / "icons").glob("*.svg")):
                files[svg.stem] = svg
            for svg in sorted((folder / "art").glob("*/*.svg")):
                files[f"{svg.parent.name}/{svg.stem}"] = svg
        return cls(files, tuple(root / "templates" for root in project.roots))

    def _report_read(self, name: str) -> None:
        """Report the file of ``name`` read, and each place looked first where a file of
        that name would shadow it (reads.py)."""
        path = self.files[name]
        entry = self._looked.get(name)
        if entry is None or entry[0] is not path:  # the places, worked out once per file
            looked = []
            if not name.startswith(FILE_PREFIX):
                place = f"icons/{name}.svg" if "/" not in name else f"art/{name}.svg"
                for folder in self.folders:
                    if folder / place == path:
                        break
                    looked.append(folder / place)
            entry = self._looked[name] = (path, (*looked, path))
        for place in entry[1]:
            reads.opened(place, held=True)  # parsed once, drawn as it is

    def named_files(self) -> dict[str, Path]:
        """Return the icon and art files by name, without the ``image`` files added."""
        return {name: path for name, path in self.files.items()
                if not name.startswith(FILE_PREFIX)}

    def icon_names(self) -> list[str]:
        """Return the names of the icons (``templates/icons/``), sorted."""
        return sorted(n for n in self.files if "/" not in n and not n.startswith(FILE_PREFIX))

    def art_names(self) -> list[str]:
        """Return the names of the colour art (``set/name``), sorted."""
        return sorted(n for n in self.files if "/" in n and not n.startswith(FILE_PREFIX))

    def add_file(self, path: Path) -> str:
        """Return the name art file ``path`` is known by (an ``image``'s SVG), checking it."""
        name = FILE_PREFIX + str(path)
        self.files[name] = path
        self.check(name)
        return name

    def check(self, name: str) -> None:
        """Raise ValueError naming similar icons when ``name`` is unknown, or saying why its
        file cannot be drawn (so validate finds what a build would meet)."""
        if name not in self.files:
            hint = (f"`{command(name='reference')}` draws every icon and piece of art with its "
                    "name; colour art is named set/name" + see("icons"))
            raise ValueError(unknown("icon", name, self.files, hint))
        self.art(name)

    def art(self, name: str):
        """Return the :class:`~sheetgen.fill.art.model.Art` of ``name`` (or of the art a variant
        of it draws, :func:`art_variant`), read once."""
        name = name.split(VARIANT)[0]
        if name.startswith(FILE_PREFIX):
            self.files.setdefault(name, Path(name.removeprefix(FILE_PREFIX)))
        if name in self.files:
            self._report_read(name)
        if name not in self._parsed:
            path = self.files[name]
            what = "art" if "/" in name else "icon"
            shown = name.removeprefix(FILE_PREFIX)
            # start-up: the XML reader loads only when this process reads art
            from .art.read import read_art

            try:
                self._parsed[name] = read_art(path)
            except (OSError, ValueError) as exc:
                where = "" if shown == str(path) else f" ({path})"
                raise ValueError(f"{what} {shown!r} cannot be drawn{where}: {exc}") from None
        return self._parsed[name]

    def warnings_of(self, name: str) -> list[str]:
        """Return what drawing ``name`` leaves out (filters, masks...), each a sentence."""
        shown = name.split(VARIANT)[0].removeprefix(FILE_PREFIX)
        return [f"{shown}: {w}" for w in self.art(name).warnings]

    def is_colour(self, name: str) -> bool:
        """Return whether ``name`` keeps its own colours (not a one-colour icon)."""
        return not self.art(name).one_colour

    def _form(self, name: str, colour: bool) -> str:
        """Return the PDF name of the form of ``name``: the name itself (``/`` as ``~``), or
        for a file, its stem and a digest of its bytes and variant parts (not of its path,
        which names the folder the project is in: the same project built in another folder
        gives the same bytes). Worked out once per book, as :meth:`art` reads once."""
        form = self._form_names.get((name, colour))
        if form is None:
            form = self._form_names[(name, colour)] = _form_name(name, colour)
        return form

    def form_name(self, canvas, name: str, cmyk: bool = False, ink_saver: bool = False) -> str:
        """Return the name of the form holding ``name`` (1 x 1 pt: the viewBox stretched to
        the square; :meth:`draw_box` gives it back its proportions), drawing it once per
        document; colour art in the document's colour mode (and tint, :func:`art_variant`)."""
        art = self.art(name)
        base, tint, opacity = _variant(name)
        colour = not art.one_colour
        form = self._form(name, colour)
        defined = canvas.__dict__.setdefault("_sheetgen_icon_forms", set())
        if form in defined:
            return form
        if tint is None and opacity >= 1:
            inks = Inks(cmyk, ink_saver)
        else:
            inks = Inks(cmyk, ink_saver, tint, opacity if cmyk else 1.0)
        group = opacity < 1 and not cmyk

        resources: list = []

        def draw(canvas) -> None:
            if colour:
                draw_colour(canvas, art, inks)
            else:
                draw_one_colour(canvas, art)

        def closing(canvas) -> None:  # drawn or replayed: the shadings and opacities it uses
            if colour:
                resources[:] = [dict(canvas._shadingUsed), canvas._extgstate.getState()]

        from ..write.form_replay import draw_form

        # drawn once per process, replayed in every other document
        kind = ("art", name, inks) if colour else ("icon", name)
        draw_form(canvas, form, (0, 0, 1, 1), self, kind, draw, closing=closing)
        if resources and (resources[0] or resources[1]):
            give_resources(canvas, form, *resources)
        if group:
            _make_group(canvas, form)
        defined.add(form)
        self.used.add(base)
        return form

    def draw(self, canvas, name: str, x: float, y: float, size: float) -> None:
        """Draw ``name`` in the square with its lower-left corner at (x, y), ``size`` points
        wide, aligned in it as its preserveAspectRatio says.

        The form must already exist (see :meth:`form_name`): forms cannot nest their definitions.
        """
        self.draw_box(canvas, name, x, y, size, size)

    def draw_box(self, canvas, name: str, x: float, y: float, w: float, h: float,
                 stretch: bool = False) -> None:
        """Draw ``name`` in the box (x, y, w, h): as large as fits, aligned as its
        preserveAspectRatio says, or stretched to the box (``stretch``, or ``none``)."""
        art = self.art(name)
        canvas.saveState()
        if art.one_colour and art.stroked:  # its lines take the colour its fills take
            _stroke_as_fill(canvas)
        if stretch or art.align == "none":
            canvas.translate(x, y)
            canvas.scale(w, h)
        else:  # the art's proportions, as large as fits, aligned
            aspect = art.box[2] / art.box[3]
            dw = min(w, h * aspect)
            dh = dw / aspect
            ax = {"xMin": 0.0, "xMid": 0.5, "xMax": 1.0}[art.align[:4]]
            ay = {"YMin": 1.0, "YMid": 0.5, "YMax": 0.0}[art.align[4:]]
            canvas.translate(x + (w - dw) * ax, y + (h - dh) * ay)
            canvas.scale(dw, dh)
        canvas.doForm(self._form(name, not art.one_colour))
        canvas.restoreState()

    def art_sets(self, names) -> list[str]:
        """Return the art sets (``set`` of ``set/name``) that ``names`` draw from, sorted; an
        SVG file an ``image`` draws from a ``templates/art/SET/`` folder is of set ``SET``."""
        return sorted(set(filter(None, map(_art_set, names))))  # each set once



def _form_name(name: str, colour: bool) -> str:
    """Return the PDF name of the form of ``name`` (see :meth:`IconBook._form`)."""
    key = name.replace("/", "~")
    if not _PLAIN_NAME.fullmatch(key):
        base, *parts = name.split(VARIANT)
        stem = re.sub(r"[^A-Za-z0-9_-]", "", Path(base).stem)[:40]
        try:
            drawn = Path(base.removeprefix(FILE_PREFIX)).read_bytes()
        except OSError:  # not a file: its name is all there is
            drawn = base.encode()
        digest = hashlib.sha256(drawn + VARIANT.join(["", *parts]).encode())
        key = f"{stem}-{digest.hexdigest()[:12]}"
    return f"{'art' if colour else 'icon'}-{key}"


def _art_set(name: str) -> str | None:
    """Return the art set ``name`` (an icon name, or a drawn file) is of (None: none)."""
    base = name.split(VARIANT)[0]
    if not base.startswith(FILE_PREFIX):
        return base.split("/")[0] if "/" in base else None
    folder = Path(base.removeprefix(FILE_PREFIX)).parent
    return folder.name if folder.parent.name == "art" and folder.parent.parent.name == \
        "templates" else None


def _stroke_as_fill(canvas) -> None:
    """Set the stroke colour to the fill colour set before (RGB or CMYK)."""
    fill = canvas._fillColorObj
    if isinstance(fill, Color):  # a colour object: its components
        fill = ((fill.cyan, fill.magenta, fill.yellow, fill.black)
                if isinstance(fill, CMYKColor) else (fill.red, fill.green, fill.blue))
    if len(fill) == 4:
        canvas.setStrokeColorCMYK(*fill)
    else:
        canvas.setStrokeColorRGB(*fill)


def _make_group(canvas, form: str) -> None:
    """Make form ``form`` a transparency group: the opacity set where it is drawn applies to
    its picture as a whole (inside, it starts opaque), so overlapping shapes do not show
    through one another."""
    obj = canvas._doc.idToObject[pdfdoc.xObjectName(form)]
    if obj.Contents is None:  # ReportLab would make it when writing; made now to carry /Group
        obj.Contents = pdfdoc.PDFStream(content=obj.stream)
        obj.Contents.__Comment__ = "xobject form stream"
    obj.Contents.dictionary["Group"] = pdfdoc.PDFDictionary(
        {"S": pdfdoc.PDFName("Transparency")})


def give_resources(canvas, form: str, shadings: dict, states, xobjects=None) -> None:
    """Give form ``form`` the shadings and graphics states (opacity) it uses, with the forms
    and images it draws (``xobjects``): ReportLab's forms list only fonts and forms in their
    resources."""
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if xobjects:
        resources.XObject = xobjects
    if states:
        resources.ExtGState = states
    resources.setShading(shadings)
    canvas._doc.idToObject[pdfdoc.xObjectName(form)].Resources = resources
