"""``kind: board``: a large face with one or more sides, printed whole or tiled.

A side is either drawn from a template (``template:`` and ``fields:``, any layout: tracks, card
spaces, locations, art, and ``hex_board`` elements), or is a hex map given by ``hex_board``
keys, put on a face sized to its hexes plus a margin, a title band and an optional caption.
A hex side may lie on a ``backdrop`` template (texture, ornamented frame, title cartouche,
legends): the template draws everything but the hexes, and its size is the board's size.
``pod`` prints each side on one page at full size with bleed (within ``pod_max``); ``a4`` and
``letter`` tile every side over as many pages as it needs (``sheetgen/imposition/tiling.py``).
The face of a side is drawn once and every tile places the same drawing, clipped.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator

from ..faces import Card
from ..model import ComponentBase, Strict
from ..units import DEFAULT_BLEED, MM, to_points
from . import register_kind
from .contract import Artifact, Component, Misfit, Prepared, RenderEnv


class BoardSide(Strict):
    """One side of the board: a template and its fields, or a title, caption and hex keys."""

    model_config = ConfigDict(extra="allow", defer_build=True)

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", description="Side id (file labels).")
    title: str = Field("", description="Printed in the band above the hexes (a template "
                       "side gets it as the field `title`).")
    caption: str = Field("", description="One line printed under the hexes (a template side "
                         "gets it as the field `caption`).")
    template: str | None = Field(None, description="Template that draws the whole side; its "
                                 "size is the board's size.")
    fields: dict[str, Any] = Field(default_factory=dict, description="Fields the template "
                                   "uses (with the component's defaults).")


def _length(value: Any) -> Any:
    to_points(value)
    return value


@register_kind
class BoardComponent(ComponentBase, Component):
    """A hex board; every side shares ``every_side`` and adds its own hex_board keys."""

    kind: Literal["board"] = "board"
    sides: list[BoardSide] = Field(description="The board's sides (1 or 2).", min_length=1)
    every_side: dict[str, Any] = Field(default_factory=dict, description="hex_board keys every "
                                       "side gets unless it sets them (hex_size, players...).")
    margin: str = Field("10mm", description="From the outermost hexes to the trim.")
    title_height: str = Field("14mm", description="Height of the title band (0 for none).")
    caption_height: str = Field("8mm", description="Height of the caption band, if any.")
    background: str = Field("paper", description="Colour of the board around the hexes.")
    frame: str = Field("gold", description="Colour of the frame line inside the trim.")
    title_color: str = Field("ink", description="Colour of the title and caption.")
    backdrop: str | None = Field(None, description="Template drawn under the hexes of every "
                                 "hex side instead of background, frame, title and caption "
                                 "(it gets the fields side, title and caption); its width and "
                                 "height are the board's size, the hexes centred between the "
                                 "title and caption bands.")
    bleed: str = Field(DEFAULT_BLEED, description="Bleed around each side for pod.")
    overlap: str = Field("10mm", description="Overlap (glue) strip between tiles at home.")
    size: tuple[str, str] | None = Field(None, description="Trimmed width and height every "
                                         "side prints at, hexes centred; default: the largest "
                                         "side's size, so two sides back each other.")
    pod_max: tuple[str, str] | None = Field(None, description="Largest page (with bleed) a "
                                            "one-per-page profile may produce, either way "
                                            "round; default: the profile's page_limit.")
    model_config = ConfigDict(extra="forbid", defer_build=True)

    _lengths = field_validator("margin", "title_height", "caption_height", "bleed",
                               "overlap")(_length)

    @field_validator("size", "pod_max")
    @classmethod
    def _length_pair(cls, value):
        for v in value or ():
            to_points(v)
        return value

    def prepare(self, builder, loaded) -> Prepared:
        """Build one face per side; every mistake is reported at its line."""
        from ..errors import ProblemList
        from ..yamlload import line_of

        from .board_faces import board_colors, side_face, template_face

        problems = ProblemList()
        if self.backdrop and self.size is not None:
            problems.add(loaded.path, line_of(loaded.raw, ("size",)), "size and backdrop both "
                         "set the board's size; leave size out (the backdrop template's width "
                         "and height are the size)")
        colors = board_colors(self, builder, loaded.raw, loaded.path, problems)
        faces = [template_face(self, index, side, builder, loaded, problems) if side.template
                 else side_face(self, index, side, builder, loaded, problems, colors)
                 for index, side in enumerate(self.sides)]
        problems.raise_if_any()
        size = self._common_size(faces, loaded, problems)
        problems.raise_if_any()
        if any((f.width, f.height) != size for f in faces):
            faces = [self._resized(index, side, face, size, builder, loaded, problems)
                     for index, (side, face) in enumerate(zip(self.sides, faces))]
            problems.raise_if_any()
        for side, face in zip(self.sides, faces):
            face.note = self._size_note(len(faces), size)
            if not side.template:  # a template's face was inspected when it was built
                builder.inspect(face)
        return Prepared([Card(face, None, face.label) for face in faces])

    def _resized(self, index, side, face, size, builder, loaded, problems):
        """Return ``face`` at the common ``size``: a hex side is laid out again around its
        hexes; a template side has its template's size, so it must already have it."""
        from ..yamlload import line_of

        from .board_faces import board_colors, side_face

        if not side.template:
            colors = board_colors(self, builder, loaded.raw, loaded.path, problems)
            return side_face(self, index, side, builder, loaded, problems, colors, size)
        if (face.width, face.height) != size:
            problems.add(loaded.path, line_of(loaded.raw, ("sides", index, "template")),
                         f"side {side.id}: every side prints at one trimmed size "
                         f"({size[0] / MM:.0f} x {size[1] / MM:.0f} mm) and a template side "
                         f"cannot be resized; give template {side.template!r} that size")
        return face

    def _common_size(self, faces, loaded, problems) -> tuple[float, float]:
        """Return the trimmed size every side prints at: ``size``, or the largest side's."""
        from ..yamlload import line_of

        largest = (max(f.width for f in faces), max(f.height for f in faces))
        if self.size is None:
            return largest
        declared = tuple(to_points(v) for v in self.size)
        if declared[0] < largest[0] - 0.01 or declared[1] < largest[1] - 0.01:
            problems.add(loaded.path, line_of(loaded.raw, ("size",)),
                         f"size {self.size[0]} x {self.size[1]} is smaller than the largest "
                         f"side ({largest[0] / MM:.0f} x {largest[1] / MM:.0f} mm)")
        return declared

    @staticmethod
    def _size_note(sides: int, size) -> str:
        """Say, for the printed pages, the trimmed size every side shares."""
        text = f"{size[0] / MM:.0f} x {size[1] / MM:.0f} mm trimmed"
        if sides < 2:
            return text
        return f"{text}, like every side of this board (hexes centred), so the sides back " \
            "each other"

    def page_limit(self, profile) -> tuple[float, float] | None:
        """Return the largest one-per-page page for ``profile`` (``pod_max`` overrides it)."""
        if self.pod_max is not None:
            return tuple(to_points(v) for v in self.pod_max)
        return profile.page_limit

    def check(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return (path, line, message) for a side larger than a one-per-page page limit.

        Tiled profiles fit any board; the problem is blamed at the side's hex_size line, or at
        the size line of a template side's template.
        """
        from ..imposition.common import LayoutError
        from ..imposition.pod import check_page_limit
        from .board_faces import largest_hex_size

        if profile.layout(self.kind) != "one-per-page":
            return []
        limit = self.page_limit(profile)
        problems = []
        for side, spec in zip(prepared.cards, self.sides):
            try:
                check_page_limit(side.front, limit, profile.name)
            except LayoutError as exc:
                if spec.template or self.backdrop:
                    fix = "shrink the template's width and height, or raise pod_max"
                else:
                    best = largest_hex_size(side.front, limit)
                    fix = f"use hex_size {best / MM:.1f}mm or less, or raise pod_max"
                problems.append(Misfit(*side.front.where, f"side {side.label}: {exc}; {fix}"))
        return problems

    def render(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Lay every side out for ``profile`` (tiled, or each side whole on one page)."""
        doc = env.document(profile.page)
        if profile.layout(self.kind) == "tiled":
            from ..imposition.tiling import impose_tiled

            pages = impose_tiled(doc, prepared.cards, profile, to_points(self.overlap), env.options)
        else:
            from ..imposition.pod import impose_pod

            pages = impose_pod(doc, prepared.cards, profile, env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)
