"""The contract every component kind fills in: prepare, check, render.

A kind is a model in ``component_models.py`` (its YAML keys, which double as the format
reference, and the names of its layout families) and one module in this package: a
:class:`Component` over that model, decorated with ``@register_kind``, whose ``layouts`` table
gives each family its fit check and imposition. The pipeline calls, in order:

1. ``prepare(builder, loaded) -> Prepared``: fill every face from the templates, once, and
   report every mistake at its ``path:line``. Nothing here depends on a print profile.
2. ``check(prepared, profile) -> list[Misfit]``: say where the faces do not fit the profile's
   pages (run by ``validate`` and before any ``build`` renders anything).
3. ``render(prepared, profile, env) -> Artifact``: lay the faces out on pages in memory.

``check`` and ``render`` go through the layout table: no kind tests a layout's name. Which
profiles a kind accepts, and with which family, is data (``profiles.yaml``). Abilities the
pipeline must know about are declared on the model (``takes_copies``), never discovered.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, NamedTuple

from ...base.output import WrittenFile
from ...fill.faces import Card
from ..imposition.common import ImposeOptions
from ..pdf import PdfDocument
from ...load.profiles import Profile


@dataclass
class Prepared:
    """A component's faces, ready for any profile: one Card per physical item, in order.

    Sheets and board sides have no back (``Card.back`` is None). Identical faces are one
    shared Face object, so each is drawn once per document.
    """

    cards: list[Card]


class Misfit(NamedTuple):
    """A face that does not fit a profile's page, blamed at the line that set its size."""

    path: str
    line: int
    message: str


@dataclass
class Artifact:
    """One rendered PDF: its bytes (or the file they were written to), page count, faces
    drawn and a label per page, if any.

    ``page_labels`` name the pages of one-face-per-page layouts (``raid-1-front``...); a PNG
    profile names each page's image after them.
    """

    data: bytes | WrittenFile
    pages: int = 0
    faces_drawn: int = 0
    page_labels: list[str] = field(default_factory=list)


@dataclass
class RenderEnv:
    """What one render needs besides the faces: fonts, icons, options, title and copies."""

    fonts: object
    icons: object
    options: ImposeOptions = field(default_factory=ImposeOptions)
    title: str = ""
    copies: int | None = None   # --copies, given only to kinds that take copies
    # documents write their file as they format it (a build's PDF output: issue 36)
    to_file: bool = False

    def document(self, page: tuple[float, float] | None):
        """Return a new deterministic PdfDocument on ``page`` (None: each page sets its size)."""
        return PdfDocument(page or (72.0, 72.0), self.fonts, self.icons, title=self.title,
                           cmyk=self.options.cmyk, ink_saver=self.options.ink_saver,
                           pdfx=self.options.pdfx, to_file=self.to_file)


@dataclass(frozen=True)
class Layout:
    """One layout family of a kind: how its faces are fitted to a profile's pages (every
    misfit, nothing drawn) and how they are imposed on them."""

    fit: Callable[[Any, Prepared, Profile], list[Misfit]]
    impose: Callable[[Any, Prepared, Profile, RenderEnv], Artifact]
    # a layout that cuts a face over several pages: (face, TilePlan) of each face it cuts,
    # for the seam check (sheetgen/checks/seams.py); None for a layout that cuts nothing
    tiles: Callable[[Any, Prepared, Profile], list] | None = None


class Component(ABC):
    """The stage logic of a component kind, over its model (``component_models``).

    ``layouts`` maps each layout family the model names to its fit check and imposition;
    ``check`` and ``render`` dispatch through it on the profile's family for the kind.
    """

    model_class: ClassVar[type]
    layouts: ClassVar[dict[str, Layout]]

    def __init__(self, model):
        self.model = model

    @abstractmethod
    def prepare(self, builder, loaded) -> Prepared:
        """Build every face; raise one UserError listing every problem."""

    def layout(self, profile: Profile) -> Layout:
        """Return the layout this kind uses in ``profile`` (the loader refused any other)."""
        return self.layouts[profile.layout(self.model.kind)]

    def check(self, prepared: Prepared, profile: Profile) -> list[Misfit]:
        """Return every face that does not fit ``profile``'s pages (empty: all fit)."""
        return self.layout(profile).fit(self, prepared, profile)

    def tiles(self, prepared: Prepared, profile: Profile) -> list:
        """Return (face, TilePlan) of every face ``profile``'s layout cuts over several pages
        (glued back together at the plan's seams); empty for a layout that cuts none."""
        tiles = self.layout(profile).tiles
        return tiles(self, prepared, profile) if tiles is not None else []

    def render(self, prepared: Prepared, profile: Profile, env: RenderEnv) -> Artifact:
        """Lay the faces out for ``profile`` and return the PDF."""
        return self.layout(profile).impose(self, prepared, profile, env)
