"""``kind: sheet``: a roll-and-write sheet printed as a notepad of ``copies`` identical sheets.

Each item is one sheet drawn from ``template`` (most sheets have one item and keep their layout
in the template). The face is drawn once as a form and referenced by every copy, so a 1000-sheet
pad costs about what one sheet costs. ``glue_edge`` and ``glue_strip`` keep a clear band where a
pad is glued; no element may reach into it.
"""

from __future__ import annotations

from ...load.component_models import SheetModel
from ...base.errors import ProblemList, UserError
from ...fill.faces import Card, Face, PartialFace, Where
from ..imposition.common import LayoutError
from ..imposition.notepad import impose_home_pad, impose_pod_pad
from ..imposition.pod import check_page_limit
from ...load.yamlload import line_of
from . import register_kind
from .contract import Artifact, Component, Layout, Misfit, Prepared, RenderEnv


@register_kind
class Sheet(Component):
    """A roll-and-write sheet (score sheet, play sheet, legend) printed as a pad."""

    model_class = SheetModel

    def prepare(self, builder, loaded) -> Prepared:
        """Build each sheet's face once; check nothing intrudes into the glue strip."""
        model = self.model
        problems = ProblemList()
        path = str(loaded.path)
        template_where = (path, line_of(loaded.raw, ("template",)))
        items = model.items or [None]
        sheets: list[Card] = []
        for index, item in enumerate(items):
            fields = {**model.defaults, **(item.fields() if item else {"id": model.id}),
                      "index": index + 1, "total": len(items)}
            item_path, line = (loaded.item_where(index) if item
                               else (path, line_of(loaded.raw, ("template",))))
            label = item.id if item else model.id
            try:
                cells = loaded.cells_of(item.id) if item else ()
                face = builder.build(model.template, fields, Where(item_path, line, label, cells),
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
        model = self.model
        strip = model.strip()
        if not strip:
            return
        for element, origin in zip(face.elements, face.origins):
            x0, y0, x1, y1 = element.x, element.y, element.x + element.w, element.y + element.h
            inside = {"top": y0 < strip - 0.5, "bottom": y1 > face.height - strip + 0.5,
                      "left": x0 < strip - 0.5, "right": x1 > face.width - strip + 0.5}
            if inside[model.glue_edge] and element.w > 0 and element.h > 0:
                problems.add(origin.path, origin.line,
                             f"{origin.name} reaches into the {model.glue_strip} glue strip at "
                             f"the {model.glue_edge} edge (set in {loaded.path.name}); move it "
                             "inwards or change glue_strip")

    def _copies(self, prepared: Prepared, env: RenderEnv) -> list[Face]:
        """Return every sheet face ``env.copies`` (or ``copies``) times, in order."""
        count = env.copies or self.model.copies
        return [sheet.front for sheet in prepared.cards for _ in range(count)]

    def _fit_home(self, prepared: Prepared, profile) -> list[Misfit]:
        """Home papers always fit: a sheet larger than the paper is scaled down (the footer
        says)."""
        return []

    def _fit_page_limit(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return every sheet over a one-per-page profile's page limit."""
        problems = []
        for face in {id(s.front): s.front for s in prepared.cards}.values():
            try:
                check_page_limit(face, profile.page_limit, profile.name)
            except LayoutError as exc:
                problems.append(Misfit(*face.where, str(exc)))
        return problems

    def _impose_home_pad(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        doc = env.document(profile.page)
        pages = impose_home_pad(doc, self._copies(prepared, env), profile, env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    def _impose_pod_pad(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        doc = env.document(profile.page)
        pages = impose_pod_pad(doc, self._copies(prepared, env), self.model.glue_edge,
                               self.model.strip(), env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    layouts = {"grid": Layout(_fit_home, _impose_home_pad),
               "one-per-page": Layout(_fit_page_limit, _impose_pod_pad)}
