"""``kind: tokens``: round, square or hex tokens packed on sheets with cut guides.

Faces come from the ``front`` (and optional ``back``) templates exactly as a deck's do, one
per item and ``count`` copies. The template sets the token's size; ``shape`` sets how it is
cut: ``round`` (a circle in the face, which must be square), ``hex`` (the largest hexagon in
the face) or ``square`` (the face's rectangle). Backs print on a second page, columns mirrored
for long-edge duplex, shifted by ``--back-offset`` like card backs.
"""

from __future__ import annotations

from ...load.component_models import TokensModel
from ...base.errors import user_error
from ..imposition.common import LayoutError, size_text
from ..imposition.pod import impose_pod
from ..imposition.token_sheet import impose_tokens, token_grid
from ...load.yamlload import line_of
from . import register_kind
from .cards import Cards, imposed
from .contract import Artifact, Layout, Misfit, Prepared, RenderEnv


@register_kind
class Tokens(Cards):
    """Tokens: every item is one token kind (``count`` copies) drawn from the templates."""

    model_class = TokensModel

    def prepare(self, builder, loaded) -> Prepared:
        """Build every token's faces; a round token's face must be square."""
        model = self.model
        prepared = super().prepare(builder, loaded)
        tokens = prepared.cards
        if tokens and model.shape == "round":
            face = tokens[0].front
            if abs(face.width - face.height) > 0.01:
                raise user_error(loaded.path, line_of(loaded.raw, ("shape",)),
                                 f"round tokens need a square face; template {model.front!r} "
                                 f"is {size_text(face.width, face.height)} "
                                 "(use shape: square or hex, or a square template)")
        sizes = {(round(t.front.width, 2), round(t.front.height, 2)) for t in tokens}
        if len(sizes) > 1:
            raise user_error(loaded.path, line_of(loaded.raw, ("front",)),
                             "every token of a sheet must have the same size")
        return prepared

    def _fit_sheet(self, prepared: Prepared, profile) -> list[Misfit]:
        if not prepared.cards:
            return []
        face = prepared.cards[0].front
        try:
            token_grid(profile, face.width, face.height, self.model.gap_points(), face.bleed)
        except LayoutError as exc:
            return [Misfit(*face.where, str(exc))]
        return []

    def _impose_sheet(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        doc = env.document(profile.page)
        pages = impose_tokens(doc, prepared.cards, profile, self.model.shape,
                              self.model.gap_points(), env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    def _impose_each(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        return imposed(impose_pod, prepared, profile, env)

    layouts = {"grid": Layout(_fit_sheet, _impose_sheet),
               "one-per-page": Layout(Cards._fit_page_limit, _impose_each)}
