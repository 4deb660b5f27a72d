"""``kind: dice``: printable dice from ``dice.yaml``: cube nets, stickers and a reference card.

The items are the faces of the game's dice (``items_from: {generator: dice-faces}``), six
per die, drawn by the ``front`` template (default ``die-face``) once each and scaled: to
each size of ``nets`` (fold-and-glue cubes), to ``sticker`` for blank dice of ``blank``
size, and small on a reference card of every die's faces (``reference``, its title).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ..faces import Card
from ..imposition.common import LayoutError
from ..units import to_points
from ..model import SizeText
from . import register_kind
from .cards import CardsComponent
from .contract import Artifact, Misfit, Prepared, RenderEnv

MAX_COPIES = 200


@register_kind
class DiceComponent(CardsComponent):
    """Dice to make at home: every six items (one die's faces) become one die."""

    kind: Literal["dice"] = "dice"
    front: str = Field("die-face", description="Template of one face (square).")
    nets: list[SizeText] = Field(["16mm", "20mm"], max_length=10, description="Cube sizes "
                                 "of the fold-and-glue nets; empty for none.")
    blank: SizeText = Field("16mm", description="Size of the blank dice the stickers are for.")
    sticker: SizeText | None = Field("13mm", description="Sticker size (a blank die's flat face); "
                                "null for no stickers.")
    reference: str | None = Field("Dice faces", description="Title of the reference card of "
                                  "every die's faces; null for none.")
    copies: dict[str, int] = Field({}, max_length=100, description="How many of a die "
                                   "(its dice.yaml id) to print, as nets and as sticker rows, "
                                   "so a table has every die it needs; a die not named prints "
                                   "once.")

    @field_validator("copies")
    @classmethod
    def _copies_in_range(cls, value: dict[str, int]) -> dict[str, int]:
        bad = next((k for k, n in value.items() if not 1 <= n <= MAX_COPIES), None)
        if bad is not None:
            raise ValueError(f"copies of {bad!r}: between 1 and {MAX_COPIES}")
        return value

    def _dice(self, cards: list[Card]):
        from ..imposition.dice_sheet import DieArt

        items = [item.fields() for item in self.items for _ in range(item.count)]
        dice = []
        for k in range(0, len(cards), 6):
            total = self.copies.get(items[k].get("die", ""), 1)
            dice += [DieArt(items[k]["die_name"], [c.front for c in cards[k:k + 6]],
                            [items[j]["face"] for j in range(k, k + 6)],
                            copy=n if total > 1 else 0, copies=total)
                     for n in range(1, total + 1)]
        return dice

    def _blocks(self, cards: list[Card]):
        from ..imposition.dice_sheet import dice_blocks

        return dice_blocks(self._dice(cards), [to_points(s) for s in self.nets],
                           to_points(self.sticker) if self.sticker else None,
                           to_points(self.blank), self.reference)

    def prepare(self, builder, loaded) -> Prepared:
        """Build every face; the faces must be square and come six per die."""
        from ..errors import user_error
        from ..imposition.dice_sheet import reference_fits
        from ..yamlload import line_of

        prepared = super().prepare(builder, loaded)
        cards = prepared.cards
        if len(cards) % 6 or any(abs(c.front.width - c.front.height) > 0.01 for c in cards):
            raise user_error(loaded.path, line_of(loaded.raw, ("front",)),
                             "printable dice need six square faces per die")
        missing = next((item for item in self.items
                        if not {"die_name", "face"} <= set(item.fields())), None)
        if missing is not None:  # items written by hand rather than by the dice-faces generator
            raise user_error(loaded.path, line_of(loaded.raw, ("items",)),
                             f"item {missing.id!r}: printable dice items need 'die_name' and "
                             "'face' (items_from: {generator: dice-faces} writes them)")
        unknown = sorted(set(self.copies) - {item.fields().get("die") for item in self.items})
        if unknown:
            raise user_error(loaded.path, line_of(loaded.raw, ("copies", unknown[0])),
                             f"copies: no die {unknown[0]!r} among the printed dice")
        if self.reference and not reference_fits(self._dice(cards)):
            raise user_error(loaded.path, line_of(loaded.raw, ("reference",)),
                             "a reference card holds four dice: split the dice over two "
                             "components or set reference: null")
        return prepared

    def check(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return a Misfit when a net or the card does not fit the page."""
        from ..imposition.dice_sheet import check_fit

        try:
            check_fit(self._blocks(prepared.cards), profile)
        except LayoutError as exc:
            return [Misfit(*prepared.cards[0].front.where, str(exc))]
        return []

    def render(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Pack nets, stickers and the reference card on the profile's pages."""
        from ..imposition.dice_sheet import impose_dice

        doc = env.document(profile.page)
        pages = impose_dice(doc, self._blocks(prepared.cards), profile, env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)
