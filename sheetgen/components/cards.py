"""``kind: cards``: a deck of faces with a shared back or a back filled per card."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..faces import Where
from ..imposition.common import Card
from ..model import ComponentBase
from ..yamlload import line_of
from . import register_kind
from .render_env import Artifact, RenderEnv


@register_kind
class CardsComponent(ComponentBase):
    """A deck: every item is one card (``count`` copies), drawn from the front template."""

    kind: Literal["cards"] = "cards"
    front: str = Field(description="Template name of the card fronts.")
    back: str | None = Field(None, description="Template name of the backs; it may use each "
                             "card's fields (per-card backs) or none (one shared back).")

    def prepare(self, builder, loaded) -> list[Card]:
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
            cards.extend(Card(front, back, item.id) for _ in range(item.count))
        problems.raise_if_any()
        return _dedupe(cards)

    def render(self, cards: list[Card], profile, env: RenderEnv, title: str) -> Artifact:
        """Lay the deck out for ``profile`` (grid, gutterfold or one per page); return the PDF."""
        from ..imposition.card_grid import impose_card_grid
        from ..imposition.gutterfold import impose_gutterfold
        from ..imposition.pod import impose_pod, pod_faces

        layout = profile.layout(self.kind)
        impose = {"grid": impose_card_grid, "gutterfold": impose_gutterfold,
                  "one-per-page": impose_pod}[layout]
        doc = env.document(profile.page, title)
        pages = impose(doc, cards, profile, env.options)
        labels = [label for label, _ in pod_faces(cards)] if layout == "one-per-page" else []
        return Artifact(doc.finish(), pages, doc.faces_drawn, labels)


def _dedupe(cards: list[Card]) -> list[Card]:
    """Share one Face object between cards whose faces are identical (one form each)."""
    seen: dict[str, object] = {}
    out = []
    for card in cards:
        front = seen.setdefault(card.front.key, card.front)
        back = seen.setdefault(card.back.key, card.back) if card.back else None
        out.append(Card(front, back, card.label))
    return out
