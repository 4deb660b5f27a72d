"""``kind: dice``: printable dice from ``dice.yaml``: cube nets, stickers and a reference card.

The items are the faces of the game's dice (``items_from: {generator: dice-faces}``), six
per die, drawn by the ``front`` template (default ``die-face``) once each and scaled: to
each size of ``nets`` (fold-and-glue cubes), to ``sticker`` for blank dice of ``blank``
size, and small on a reference card of every die's faces (``reference``, its title).
"""

from __future__ import annotations

from ..component_models import DiceModel
from ..errors import user_error
from ..faces import Card
from ..imposition.common import LayoutError
from ..imposition.dice_sheet import DieArt, check_fit, dice_blocks, impose_dice, reference_fits
from ..units import to_points
from ..yamlload import line_of
from . import register_kind
from .cards import Cards
from .contract import Artifact, Layout, Misfit, Prepared, RenderEnv


@register_kind
class Dice(Cards):
    """Dice to make at home: every six items (one die's faces) become one die."""

    model_class = DiceModel

    def _dice(self, cards: list[Card]) -> list[DieArt]:
        """Return one DieArt per six faces and copy: the die's name, faces and face values."""
        items = [item.fields() for item in self.model.items for _ in range(item.count)]
        dice = []
        for k in range(0, len(cards), 6):
            total = self.model.copies.get(items[k].get("die", ""), 1)
            dice += [DieArt(items[k]["die_name"], [c.front for c in cards[k:k + 6]],
                            [items[j]["face"] for j in range(k, k + 6)],
                            copy=n if total > 1 else 0, copies=total)
                     for n in range(1, total + 1)]
        return dice

    def _blocks(self, cards: list[Card]):
        """Return the nets, stickers and reference card to pack, in order."""
        model = self.model
        return dice_blocks(self._dice(cards), [to_points(s) for s in model.nets],
                           to_points(model.sticker) if model.sticker else None,
                           to_points(model.blank), model.reference)

    def prepare(self, builder, loaded) -> Prepared:
        """Build every face; the faces must be square and come six per die."""
        model = self.model
        prepared = super().prepare(builder, loaded)
        cards = prepared.cards
        if len(cards) % 6 or any(abs(c.front.width - c.front.height) > 0.01 for c in cards):
            raise user_error(loaded.path, line_of(loaded.raw, ("front",)),
                             "printable dice need six square faces per die")
        missing = next((item for item in model.items
                        if not {"die_name", "face"} <= set(item.fields())), None)
        if missing is not None:  # items written by hand rather than by the dice-faces generator
            raise user_error(loaded.path, line_of(loaded.raw, ("items",)),
                             f"item {missing.id!r}: printable dice items need 'die_name' and "
                             "'face' (items_from: {generator: dice-faces} writes them)")
        unknown = sorted(set(model.copies) - {item.fields().get("die") for item in model.items})
        if unknown:
            raise user_error(loaded.path, line_of(loaded.raw, ("copies", unknown[0])),
                             f"copies: no die {unknown[0]!r} among the printed dice")
        if model.reference and not reference_fits(self._dice(cards)):
            raise user_error(loaded.path, line_of(loaded.raw, ("reference",)),
                             "a reference card holds four dice: split the dice over two "
                             "components or set reference: null")
        return prepared

    def _fit_sheet(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return a Misfit when a net or the card does not fit the page."""
        try:
            check_fit(self._blocks(prepared.cards), profile)
        except LayoutError as exc:
            return [Misfit(*prepared.cards[0].front.where, str(exc))]
        return []

    def _impose_sheet(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Pack nets, stickers and the reference card on the profile's pages."""
        doc = env.document(profile.page)
        pages = impose_dice(doc, self._blocks(prepared.cards), profile, env.options)
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    layouts = {"grid": Layout(_fit_sheet, _impose_sheet),
               "one-per-page": Cards.layouts["one-per-page"]}
