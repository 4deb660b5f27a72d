"""``kind: tokens``: round, square or hex tokens packed on sheets with cut guides.

Faces come from the ``front`` (and optional ``back``) templates exactly as a deck's do, one
per item and ``count`` copies. The template sets the token's size; ``shape`` sets how it is
cut: ``round`` (a circle in the face, which must be square), ``hex`` (the largest hexagon in
the face) or ``square`` (the face's rectangle). Backs print on a second page, columns mirrored
for long-edge duplex, shifted by ``--back-offset`` like card backs.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ..imposition.common import size_text
from ..units import to_points
from ..yamlload import line_of
from . import register_kind
from .cards import CardsComponent
from .contract import Artifact, Misfit, Prepared, RenderEnv


@register_kind
class TokensComponent(CardsComponent):
    """Tokens: every item is one token kind (``count`` copies) drawn from the templates."""

    kind: Literal["tokens"] = "tokens"
    shape: Literal["round", "square", "hex"] = Field("round", description="How tokens are cut.")
    gap: str | None = Field(None, description="Space between tokens on the sheet; default 3mm "
                            "for round and hex tokens, 0 for square ones (shared cuts).")

    @field_validator("gap")
    @classmethod
    def _gap(cls, value):
        if value is not None and to_points(value) < 0:
            raise ValueError("gap must be 0 or more")
        return value

    def gap_points(self) -> float:
        """Return the gap between tokens in points."""
        if self.gap is not None:
            return to_points(self.gap)
        return 0.0 if self.shape == "square" else to_points("3mm")

    def prepare(self, builder, loaded) -> Prepared:
        """Build every token's faces; a round token's face must be square."""
        from ..errors import user_error

        prepared = super().prepare(builder, loaded)
        tokens = prepared.cards
        if tokens and self.shape == "round":
            face = tokens[0].front
            if abs(face.width - face.height) > 0.01:
                raise user_error(loaded.path, line_of(loaded.raw, ("shape",)),
                                 f"round tokens need a square face; template {self.front!r} is "
                                 f"{size_text(face.width, face.height)} "
                                 "(use shape: square or hex, or a square template)")
        sizes = {(round(t.front.width, 2), round(t.front.height, 2)) for t in tokens}
        if len(sizes) > 1:
            raise user_error(loaded.path, line_of(loaded.raw, ("front",)),
                             "every token of a sheet must have the same size")
        return prepared

    def check(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return the token face when it does not fit ``profile``'s sheet or page limit."""
        from ..imposition.common import LayoutError
        from ..imposition.token_sheet import token_grid

        if not prepared.cards or profile.layout(self.kind) != "grid":
            return super().check(prepared, profile)
        face = prepared.cards[0].front
        try:
            token_grid(profile, face.width, face.height, self.gap_points(), face.bleed)
        except LayoutError as exc:
            return [Misfit(*face.where, str(exc))]
        return []

    def render(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Pack the tokens for ``profile`` (grid or one per page); return the PDF."""
        from ..imposition.pod import impose_pod
        from ..imposition.token_sheet import impose_tokens

        doc = env.document(profile.page)
        if profile.layout(self.kind) == "grid":
            pages = impose_tokens(doc, prepared.cards, profile, self.shape, self.gap_points(),
                                  env.options)
        else:
            pages = impose_pod(doc, prepared.cards, profile, env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)
