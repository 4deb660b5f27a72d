"""``kind: sheet``: a roll-and-write sheet printed as a notepad of ``copies`` identical sheets.

Each item is one sheet drawn from ``template`` (most sheets have one item and keep their layout
in the template). The face is drawn once as a form and referenced by every copy, so a 1000-sheet
pad costs about what one sheet costs. ``glue_edge`` and ``glue_strip`` keep a clear band where a
pad is glued; no element may reach into it.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator

from ..faces import Card, Face, PartialFace, Where
from ..model import ComponentBase
from ..units import to_points
from ..yamlload import line_of
from . import register_kind
from .contract import Artifact, Component, Misfit, Prepared, RenderEnv


@register_kind
class SheetComponent(ComponentBase, Component):
    """A roll-and-write sheet (score sheet, play sheet, legend) printed as a pad."""

    kind: Literal["sheet"] = "sheet"
    template: str = Field(description="Template name of the sheet's layout.")
    copies: int = Field(1, ge=1, le=1000,
                        description="Sheets in the pad unless --copies says otherwise.")
    glue_edge: Literal["top", "bottom", "left", "right", "none"] = Field(
        "top", description="Edge where the pad is glued (kept clear of art).")
    glue_strip: str = Field("8mm", description="Width of the clear strip at the glued edge.")
    takes_copies: ClassVar[bool] = True

    @field_validator("glue_strip")
    @classmethod
    def _length(cls, value: str) -> str:
        to_points(value)
        return value

    def strip(self) -> float:
        """Return the glue strip width in points (0 with no glue edge)."""
        return 0.0 if self.glue_edge == "none" else to_points(self.glue_strip)

    def prepare(self, builder, loaded) -> Prepared:
        """Build each sheet's face once; check nothing intrudes into the glue strip."""
        from ..errors import ProblemList, UserError

        problems = ProblemList()
        path = str(loaded.path)
        template_where = (path, line_of(loaded.raw, ("template",)))
        items = self.items or [None]
        sheets: list[Card] = []
        for index, item in enumerate(items):
            fields = {**self.defaults, **(item.fields() if item else {"id": self.id}),
                      "index": index + 1, "total": len(items)}
            item_path, line = (loaded.item_where(index) if item
                               else (path, line_of(loaded.raw, ("template",))))
            label = item.id if item else self.id
            try:
                face = builder.build(self.template, fields, Where(item_path, line, label),
                                     template_where)
            except UserError as exc:
                problems.extend(exc)
                if isinstance(exc, PartialFace):  # its right elements may still cross the strip
                    self._check_strip(exc.face, problems, loaded)
                continue
            self._check_strip(face, problems, loaded)
            sheets.extend([Card(face, None, label)] * (item.count if item else 1))
        problems.raise_if_any()
        return Prepared(sheets)

    def _check_strip(self, face: Face, problems, loaded) -> None:
        """Record a problem for every element whose box reaches into the glue strip."""
        strip = self.strip()
        if not strip:
            return
        for element, origin in zip(face.elements, face.origins):
            x0, y0, x1, y1 = element.x, element.y, element.x + element.w, element.y + element.h
            inside = {"top": y0 < strip - 0.5, "bottom": y1 > face.height - strip + 0.5,
                      "left": x0 < strip - 0.5, "right": x1 > face.width - strip + 0.5}
            if inside[self.glue_edge] and element.w > 0 and element.h > 0:
                problems.add(origin.path, origin.line,
                             f"{origin.name} reaches into the {self.glue_strip} glue strip at "
                             f"the {self.glue_edge} edge (set in {loaded.path.name}); move it "
                             "inwards or change glue_strip")

    def check(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return every sheet over a one-per-page profile's page limit.

        Home papers always fit: a sheet larger than the paper is scaled down (the footer says).
        """
        from ..imposition.common import LayoutError
        from ..imposition.pod import check_page_limit

        if profile.layout(self.kind) != "one-per-page":
            return []
        problems = []
        for face in {id(s.front): s.front for s in prepared.cards}.values():
            try:
                check_page_limit(face, profile.page_limit, profile.name)
            except LayoutError as exc:
                problems.append(Misfit(*face.where, str(exc)))
        return problems

    def render(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Lay out ``env.copies`` (or ``copies``) of every sheet for ``profile``."""
        from ..imposition.notepad import impose_home_pad, impose_pod_pad

        count = env.copies or self.copies
        sheets = [sheet.front for sheet in prepared.cards for _ in range(count)]
        doc = env.document(profile.page)
        if profile.layout(self.kind) == "grid":
            pages = impose_home_pad(doc, sheets, profile, env.options)
        else:
            pages = impose_pod_pad(doc, sheets, self.glue_edge, self.strip(), env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)
