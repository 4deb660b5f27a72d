"""``kind: cards``: a deck of faces with a shared back or a back filled per card."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..faces import Card, Where
from ..imposition.common import size_text
from ..model import ComponentBase
from ..yamlload import line_of
from . import register_kind
from .contract import Artifact, Component, Misfit, Prepared, RenderEnv


@register_kind
class CardsComponent(ComponentBase, Component):
    """A deck: every item is one card (``count`` copies), drawn from the front template."""

    kind: Literal["cards"] = "cards"
    front: str = Field(description="Template name of the card fronts.")
    back: str | None = Field(None, description="Template name of the backs; it may use each "
                             "card's fields (per-card backs) or none (one shared back).")

    def prepare(self, builder, loaded) -> Prepared:
        """Build every card's faces (each distinct face once); UserError lists every problem."""
        from ..errors import ProblemList, UserError

        problems = ProblemList()
        path = str(loaded.path)
        front_where = (path, line_of(loaded.raw, ("front",)))
        back_where = (path, line_of(loaded.raw, ("back",)))
        cards: list[Card] = []
        total = sum(item.count for item in self.items)
        for index, item in enumerate(self.items):
            fields = {**self.defaults, **item.fields(), "index": index + 1, "total": total}
            item_path, line = loaded.item_where(index)
            try:
                front = builder.build(self.front, fields,
                                      Where(item_path, line, f"{item.id} front"), front_where)
                back = (builder.build(self.back, fields, Where(item_path, line, f"{item.id} back"),
                                      back_where) if self.back else None)
            except UserError as exc:
                problems.extend(exc)
                continue
            if back is not None and (back.width, back.height) != (front.width, front.height):
                problems.add(back.where[0], back.where[1],
                             f"the back ({size_text(back.width, back.height)}) and the front "
                             f"({size_text(front.width, front.height)}, template {self.front!r}) "
                             "must be the same size")
                break
            cards.extend(Card(front, back, item.id) for _ in range(item.count))
        if not cards and not problems.problems:
            problems.add(path, line_of(loaded.raw, ("items",)) or 1,
                         f"{self.kind} component {self.id!r} has nothing to print: give items "
                         "(with a count above 0)")
        problems.raise_if_any()
        return Prepared(_dedupe(cards))

    def check(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return every face size that does not fit ``profile``'s grid, fold or page limit."""
        from ..imposition.card_grid import grid_for
        from ..imposition.common import LayoutError
        from ..imposition.gutterfold import gutterfold_grids
        from ..imposition.pod import check_page_limit

        layout = profile.layout(self.kind)
        problems = []
        for face in _distinct_sizes(prepared.cards):
            try:
                if layout == "grid":
                    grid_for(profile, face.width, face.height, face.bleed)
                elif layout == "gutterfold":
                    gutterfold_grids(profile, face.width, face.height, face.bleed)
                else:
                    check_page_limit(face, profile.page_limit, profile.name)
            except LayoutError as exc:
                problems.append(Misfit(*face.where, str(exc)))
        return problems

    def render(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Lay the deck out for ``profile`` (grid, gutterfold or one per page); return the PDF."""
        from ..imposition.card_grid import impose_card_grid
        from ..imposition.gutterfold import impose_gutterfold
        from ..imposition.pod import impose_pod, pod_faces

        layout = profile.layout(self.kind)
        impose = {"grid": impose_card_grid, "gutterfold": impose_gutterfold,
                  "one-per-page": impose_pod}[layout]
        doc = env.document(profile.page)
        pages = impose(doc, prepared.cards, profile, env.options)
        labels = ([label for label, _ in pod_faces(prepared.cards)]
                  if layout == "one-per-page" else [])
        return Artifact(doc.finish(), pages, doc.faces_drawn, labels)


def _distinct_sizes(cards: list[Card]) -> list:
    """Return one face of every distinct size among the fronts and backs."""
    sizes: dict[tuple, object] = {}
    for card in cards:
        for face in (card.front, card.back):
            if face is not None:
                sizes.setdefault((face.width, face.height, face.bleed), face)
    return list(sizes.values())


def _dedupe(cards: list[Card]) -> list[Card]:
    """Share one Face object between cards whose faces are identical (one form each)."""
    seen: dict[str, object] = {}
    out = []
    for card in cards:
        front = seen.setdefault(card.front.key, card.front)
        back = seen.setdefault(card.back.key, card.back) if card.back else None
        out.append(Card(front, back, card.label))
    return out
