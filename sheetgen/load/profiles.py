"""Print profiles as data: ``load/profiles.yaml``, extended by a project's ``profiles.yaml``.

A profile names a paper (or none: one face per page), an orientation, the layout family each
component kind uses in it (the kinds listed are the kinds that accept it; a family the kind's
model does not name is refused at its line), crop marks, the
duplex turn of a backs page, the output format (PDF, or PNGs at a dpi), a page-size limit and
the kinds that build it by default. The same file holds the one table of named sizes (papers
and card faces) that templates use too. Adding a profile such as ``a3`` is YAML only.

A print shop is a profile too: the bleed its pages carry, its safe area, the card sizes it
prints, the colour it takes (RGB PNGs, CMYK, or PDF/X-1a for a registered printing condition),
how its PNGs are named, and the address of the spec it publishes.
"""


from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator

from .component_models import card_gap, component_models
from ..base.errors import ProblemList, user_error
from .model import Strict
from ..base.units import MM, to_points
from .yamlload import line_of, load_yaml
from ..base.suggest import command, unknown
from .validation import validate_model
from . import reads

BUILTIN_FILE = Path(__file__).with_name("profiles.yaml")
PROJECT_FILE = "profiles.yaml"
Layout = Literal["grid", "gutterfold", "one-per-page", "tiled"]
Colour = Literal["rgb", "cmyk", "pdfx"]
PdfxVersion = Literal["PDF/X-1a:2001", "PDF/X-1a:2003"]
# characterisations registered in the ICC's registry (https://www.color.org): a PDF/X-1a file
# made for one of them may name it without embedding its profile
OutputCondition = Literal["CGATS TR 001", "FOGRA39"]
DEFAULT_NAMES = "{page:03d}{dash}{label}.png"


def _length(value):
    to_points(value)
    return value


class ProfileSpec(Strict):
    """One profile as written in ``profiles.yaml`` (see the comments at the top of that file)."""

    paper: str = Field(description="A size name from `sizes:`, or none (one face per page).")
    orientation: Literal["portrait", "landscape"] = "portrait"
    layout: dict[str, Layout] = Field(description="Component kind -> layout family; the kinds "
                                      "listed accept this profile.", min_length=1)
    marks: Literal["crop", "none"] = "crop"
    duplex: Literal["long-edge", "short-edge", "none"] = "long-edge"
    output: Literal["pdf", "png", "tts"] = "pdf"
    dpi: int = Field(300, ge=36, le=2400, description="Resolution of png output.")
    page_limit: tuple[str, str] | None = Field(None, description="Largest page, either way round.")
    grid_area: tuple[str, str] | None = Field(None, description="Area a grid is fitted into.")
    gap: str | None = Field(None, description="Space between cards on grid and gutterfold "
                            "pages, each card's bleed filling its half: auto (the largest that "
                            "keeps the cards a page holds, up to twice the bleed; none under 1 mm, "
                            "too narrow to cut in: the cards abut) or a length; "
                            "default 0 (cards abut, one cut serving two). A deck's own `gap:` "
                            "wins.")
    default_for: list[str] = Field(default_factory=list, description="Kinds built by default.")
    bleed: str | None = Field(None, description="Bleed every page carries beyond the trim "
                              "(a print shop's); default: each face's own.")
    safe: str | None = Field(None, description="How far inside the trim the shop's cut may "
                             "wander: keep text at least this far in.")
    sizes: list[str] = Field(default_factory=list, description="Card sizes (names from "
                             "`sizes:`) the shop prints; default: any.")
    colour: Colour = Field("rgb", description="rgb, cmyk (no RGB, no transparency) or pdfx "
                           "(cmyk written as PDF/X-1a).")
    pdfx: PdfxVersion = Field("PDF/X-1a:2001", description="The PDF/X version pdfx writes.")
    output_condition: OutputCondition = Field(
        "CGATS TR 001", description="The registered printing condition a PDF/X file names.")
    names: str = Field(DEFAULT_NAMES, description="Name of each PNG: {page}, {label}, {card}, "
                       "{name}, {side}.")
    spec: list[str] = Field(default_factory=list, description="Where the shop publishes its "
                            "file requirements.")

    _lengths = field_validator("page_limit", "grid_area")(
        lambda value: value if value is None else tuple(_length(v) for v in value))
    _one_length = field_validator("bleed", "safe")(
        lambda value: value if value is None else _length(value))
    _gap = field_validator("gap")(lambda value: card_gap(value))

    @field_validator("names")
    @classmethod
    def _names(cls, value: str) -> str:
        try:
            value.format(**_SAMPLE_NAME)
        except (KeyError, ValueError, IndexError, AttributeError) as exc:
            raise ValueError(f"{value!r} is not a file name pattern: {exc}; fields: "
                             f"{', '.join(sorted(_SAMPLE_NAME))}") from None
        return value


# what a PNG name pattern may use (page_file_name fills them in)
_SAMPLE_NAME = {"page": 1, "label": "card-front", "card": 1, "name": "card", "side": "front",
                "dash": "-"}


# a paper or face width or height in mm: above 0, and no paper is 5 m across
SizeMM = Annotated[float, Field(gt=0, le=5000)]


class RegistryFile(Strict):
    """A whole ``profiles.yaml``: named sizes and profiles."""

    sizes: dict[str, tuple[SizeMM, SizeMM]] = Field(default_factory=dict)
    profiles: dict[str, ProfileSpec] = Field(default_factory=dict)


@dataclass(frozen=True)
class Profile:
    """A resolved profile: sizes in points, ready for imposition."""

    name: str
    page: tuple[float, float] | None   # oriented paper size; None for one-per-page
    layouts: dict[str, str]
    marks: bool
    duplex: str
    output: str
    dpi: int
    page_limit: tuple[float, float] | None
    grid_area: tuple[float, float]     # the page itself unless the profile narrows it
    default_for: tuple[str, ...]
    bleed: float | None = None         # points each page carries beyond the trim (a shop's)
    safe: float | None = None          # points: the shop's safe area inside the trim
    sizes: dict[str, tuple[float, float]] = dataclass_field(default_factory=dict)  # name -> pt
    colour: str = "rgb"
    pdfx: str = "PDF/X-1a:2001"
    output_condition: str = "CGATS TR 001"
    names: str = DEFAULT_NAMES
    spec: tuple[str, ...] = ()
    gap: str | None = None             # between home-printed cards: auto, a length or None (0)

    def layout(self, kind: str) -> str:
        """Return the layout family ``kind`` uses in this profile."""
        return self.layouts[kind]

    def page_file_name(self, page: int, label: str, card: int) -> str:
        """Return the PNG name of page ``page`` (its label ``card-front``...; ``card``: the
        card's number) by the profile's ``names`` pattern."""
        name, _, side = label.rpartition("-")
        if side not in ("front", "back"):
            name, side = label, ""
        return self.names.format(page=page, label=label, card=card, name=name, side=side,
                                 dash="-" if label else "")

    @property
    def suffix(self) -> str:
        """The output's file suffix (PNG and TTS profiles write a folder)."""
        return ".pdf" if self.output == "pdf" else ""


class ProfileBook:
    """Every profile and named size of a project: built-in ones, then the project's own."""

    def __init__(self, sizes: dict[str, tuple[float, float]], profiles: dict[str, Profile]):
        self.sizes = sizes
        self.profiles = profiles

    @classmethod
    def for_project(cls, project) -> "ProfileBook":
        """Return the registry for ``project`` (its ``profiles.yaml`` files over the built-in)."""
        files = [BUILTIN_FILE] + [r / PROJECT_FILE for r in reversed(project.roots)]
        reads.opened_all(files, held=True)  # each, absent or not: _load remembers what it read
        return _load_current(tuple(p for p in files if p.is_file()))

    def names(self) -> list[str]:
        """Return every profile name."""
        return list(self.profiles)

    def get(self, name: str, where: tuple[str, int] = ("sheetgen", 0)) -> Profile:
        """Return profile ``name``; an unknown name is a UserError naming the known ones."""
        if name not in self.profiles:
            raise user_error(where[0], where[1], unknown("profile", name, self.profiles,
                                                         f"see `{command(name='profiles')}`"))
        return self.profiles[name]

    def size(self, name: str, where: tuple[str, int] = ("sheetgen", 0)) -> tuple[float, float]:
        """Return named size ``name`` in points; unknown is a UserError naming the known ones."""
        if name not in self.sizes:
            raise user_error(where[0], where[1], unknown("size", name, self.sizes,
                                                         "or give width and height"))
        return self.sizes[name]

    def accepting(self, kind: str) -> list[str]:
        """Return the profiles a component of ``kind`` may be built in."""
        return [n for n, p in self.profiles.items() if kind in p.layouts]

    def defaults_for(self, kind: str) -> list[str]:
        """Return the profiles a ``kind`` component builds when nobody names any."""
        return [n for n, p in self.profiles.items() if kind in p.default_for]

    def default_profiles(self, component) -> list[str]:
        """Return the profiles ``component`` builds by default: its own list, or its kind's."""
        return component.profiles or self.defaults_for(component.kind)


def _load_current(paths: tuple[Path, ...]) -> ProfileBook:
    """Return the registry of ``paths`` as they are now: read again when one has changed
    (``watch`` and the studio build again and again in one process)."""
    versions = []
    for path in paths:
        try:
            stat = path.stat()
            versions.append((stat.st_mtime_ns, stat.st_size))
        except OSError:
            versions.append(None)
    return _load(paths, tuple(versions))


@lru_cache(maxsize=8)
def _load(paths: tuple[Path, ...], _versions: tuple = ()) -> ProfileBook:
    """Read ``paths`` in order (later files add and replace); every mistake at its line.
    ``_versions`` (each file's modification time and size) tells an edited file apart."""
    problems = ProblemList()
    sizes_mm: dict[str, tuple[float, float]] = {}
    specs: dict[str, tuple[ProfileSpec, Path, object]] = {}
    for path in paths:
        raw = load_yaml(path)
        registry = validate_model(RegistryFile, raw if raw is not None else {}, path, problems)
        if registry is None:
            continue
        sizes_mm.update(registry.sizes)
        for name, spec in registry.profiles.items():
            specs[name] = (spec, path, raw)
    kinds = component_models()
    profiles = {}
    for name, (spec, path, raw) in specs.items():
        def where(*keys):
            return line_of(raw, ("profiles", name) + keys)
        unknown = [k for k in [*spec.layout, *spec.default_for] if k not in kinds]
        if unknown:
            problems.add(path, where("layout"), f"profile {name}: unknown component kind "
                         f"{unknown[0]!r}; kinds: {', '.join(sorted(kinds))}")
            continue
        lacking = [(kind, family) for kind, family in spec.layout.items()
                   if family not in kinds[kind].layouts]
        for kind, family in lacking:
            problems.add(path, where("layout", kind) or where("layout"),
                         f"profile {name}: {kind} has no layout {family!r}; "
                         f"layouts for {kind}: {', '.join(kinds[kind].layouts)}")
        if lacking:
            continue
        if spec.paper != "none" and spec.paper not in sizes_mm:
            problems.add(path, where("paper"), f"profile {name}: unknown paper {spec.paper!r}; "
                         f"sizes: none, {', '.join(sizes_mm)}")
            continue
        one_per_page = set(spec.layout.values()) == {"one-per-page"}
        if (spec.paper == "none") != one_per_page:
            problems.add(path, where("paper"), f"profile {name}: paper: none goes with "
                         "one-per-page layouts only, and every other layout needs a paper")
            continue
        page = None
        if spec.paper != "none":
            w, h = (v * MM for v in sizes_mm[spec.paper])
            page = (max(w, h), min(w, h)) if spec.orientation == "landscape" else (w, h)
        area = tuple(to_points(v) for v in spec.grid_area) if spec.grid_area else page
        limit = tuple(to_points(v) for v in spec.page_limit) if spec.page_limit else None
        shop_sizes = [size for size in spec.sizes if size not in sizes_mm]
        if shop_sizes:
            problems.add(path, where("sizes"), f"profile {name}: unknown size "
                         f"{shop_sizes[0]!r}; sizes: {', '.join(sizes_mm)}")
            continue
        if spec.colour == "pdfx" and spec.output != "pdf":
            problems.add(path, where("colour"), f"profile {name}: colour: pdfx writes a PDF; "
                         f"this profile writes {spec.output}")
            continue
        profiles[name] = Profile(
            name, page, dict(spec.layout), spec.marks == "crop", spec.duplex, spec.output,
            spec.dpi, limit, area, tuple(spec.default_for),
            bleed=None if spec.bleed is None else to_points(spec.bleed),
            safe=None if spec.safe is None else to_points(spec.safe),
            sizes={n: (sizes_mm[n][0] * MM, sizes_mm[n][1] * MM) for n in spec.sizes},
            colour=spec.colour, pdfx=spec.pdfx, output_condition=spec.output_condition,
            names=spec.names, spec=tuple(spec.spec), gap=spec.gap)
    problems.raise_if_any()
    sizes = {n: (w * MM, h * MM) for n, (w, h) in sizes_mm.items()}
    return ProfileBook(sizes, profiles)


def builtin_profiles() -> ProfileBook:
    """Return the registry shipped with sheetgen (no project files)."""
    return _load((BUILTIN_FILE,))
