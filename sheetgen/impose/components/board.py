"""``kind: board``: a large face with one or more sides, printed whole or tiled.

A side is either drawn from a template (``template:`` and ``fields:``, any layout: tracks, card
spaces, locations, art, and ``hex_board`` elements), or is a hex map given by ``hex_board``
keys, put on a face sized to its hexes plus a margin, a title band and an optional caption.
A hex side may lie on a ``backdrop`` template (texture, ornamented frame, title cartouche,
legends): the template draws everything but the hexes, and its size is the board's size.
``pod`` prints each side on one page at full size with bleed (within ``pod_max``); ``a4`` and
``letter`` tile every side over as many pages as it needs
(``sheetgen/impose/imposition/tiling.py``).
The face of a side is drawn once and every tile places the same drawing, clipped.
"""

from __future__ import annotations

from ...load.component_models import BoardModel
from ...base.errors import ProblemList
from ...fill.faces import Card
from ..imposition.common import LayoutError
from ..imposition.pod import check_page_limit, impose_pod
from ..imposition.tiling import impose_tiled, side_plans
from ...base.units import MM, to_points
from ...load.yamlload import line_of
from . import register_kind
from .board_faces import board_colors, largest_hex_size, side_face, template_face
from .contract import Artifact, Component, Layout, Misfit, Prepared, RenderEnv


@register_kind
class Board(Component):
    """A hex board; every side shares ``every_side`` and adds its own hex_board keys."""

    model_class = BoardModel

    def prepare(self, builder, loaded) -> Prepared:
        """Build one face per side; every mistake is reported at its line."""
        model = self.model
        problems = ProblemList()
        if model.backdrop and model.size is not None:
            problems.add(loaded.path, line_of(loaded.raw, ("size",)), "size and backdrop both "
                         "set the board's size; leave size out (the backdrop template's width "
                         "and height are the size)")
        colors = board_colors(model, builder, loaded.raw, loaded.path, problems)
        faces = [template_face(model, index, side, builder, loaded, problems) if side.template
                 else side_face(model, index, side, builder, loaded, problems, colors)
                 for index, side in enumerate(model.sides)]
        problems.raise_if_any()
        size = self._common_size(faces, loaded, problems)
        problems.raise_if_any()
        if any((f.width, f.height) != size for f in faces):
            faces = [self._resized(index, side, face, size, builder, loaded, problems)
                     for index, (side, face) in enumerate(zip(model.sides, faces))]
            problems.raise_if_any()
        for side, face in zip(model.sides, faces):
            face.note = self._size_note(len(faces), size)
            if not side.template:  # a template's face was inspected when it was built
                builder.inspect(face)
        return Prepared([Card(face, None, face.label) for face in faces])

    def _resized(self, index, side, face, size, builder, loaded, problems):
        """Return ``face`` at the common ``size``: a hex side is laid out again around its
        hexes; a template side has its template's size, so it must already have it."""
        if not side.template:
            colors = board_colors(self.model, builder, loaded.raw, loaded.path, problems)
            return side_face(self.model, index, side, builder, loaded, problems, colors, size)
        if (face.width, face.height) != size:
            problems.add(loaded.path, line_of(loaded.raw, ("sides", index, "template")),
                         f"side {side.id}: every side prints at one trimmed size "
                         f"({size[0] / MM:.0f} x {size[1] / MM:.0f} mm) and a template side "
                         f"cannot be resized; give template {side.template!r} that size")
        return face

    def _common_size(self, faces, loaded, problems) -> tuple[float, float]:
        """Return the trimmed size every side prints at: ``size``, or the largest side's."""
        size = self.model.size
        largest = (max(f.width for f in faces), max(f.height for f in faces))
        if size is None:
            return largest
        declared = tuple(to_points(v) for v in size)
        if declared[0] < largest[0] - 0.01 or declared[1] < largest[1] - 0.01:
            problems.add(loaded.path, line_of(loaded.raw, ("size",)),
                         f"size {size[0]} x {size[1]} is smaller than the largest "
                         f"side ({largest[0] / MM:.0f} x {largest[1] / MM:.0f} mm)")
        return declared

    @staticmethod
    def _size_note(sides: int, size) -> str:
        """Say, for the printed pages, the trimmed size every side shares."""
        from ...load.chrome import chrome

        text = chrome("{w} x {h} mm trimmed", w=f"{size[0] / MM:.0f}", h=f"{size[1] / MM:.0f}")
        if sides < 2:
            return text
        return chrome("{size}, like every side of this board (hexes centred), so the sides "
                      "back each other", size=text)

    def page_limit(self, profile) -> tuple[float, float] | None:
        """Return the largest one-per-page page for ``profile`` (``pod_max`` overrides it)."""
        if self.model.pod_max is not None:
            return tuple(to_points(v) for v in self.model.pod_max)
        return profile.page_limit

    def _fit_tiles(self, prepared: Prepared, profile) -> list[Misfit]:
        """Tiled profiles fit any board."""
        return []

    def _fit_page_limit(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return a Misfit for a side larger than a one-per-page page limit, blamed at the
        side's hex_size line, or at the size line of a template side's template."""
        model = self.model
        limit = self.page_limit(profile)
        problems = []
        for side, spec in zip(prepared.cards, model.sides):
            try:
                check_page_limit(side.front, limit, profile.name)
            except LayoutError as exc:
                if spec.template or model.backdrop:
                    fix = "shrink the template's width and height, or raise pod_max"
                else:
                    best = largest_hex_size(side.front, limit)
                    fix = f"use hex_size {best / MM:.1f}mm or less, or raise pod_max"
                problems.append(Misfit(*side.front.where, f"side {side.label}: {exc}; {fix}"))
        return problems

    def _impose_tiles(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        doc = env.document(profile.page)
        pages = impose_tiled(doc, prepared.cards, profile, to_points(self.model.overlap),
                             env.options, self._seams_x())
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    def _tiles(self, prepared: Prepared, profile) -> list:
        """Return each side's face and how the tiled profile cuts it."""
        plans = side_plans(prepared.cards, profile, to_points(self.model.overlap),
                           self._seams_x())
        return [(card.front, plan) for card, plan in zip(prepared.cards, plans)]

    def _seams_x(self) -> tuple[float, ...]:
        """Return where the board asks its vertical glue seams to fall (``seams``), points."""
        return tuple(to_points(v) for v in self.model.seams)

    def _impose_each_side(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        doc = env.document(profile.page)
        pages = impose_pod(doc, prepared.cards, profile, env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    layouts = {"tiled": Layout(_fit_tiles, _impose_tiles, _tiles),
               "one-per-page": Layout(_fit_page_limit, _impose_each_side)}
