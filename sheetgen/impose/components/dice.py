"""``kind: dice``: printable dice from ``dice.yaml``: cube nets, stickers and a reference card.

The items are the faces of the game's dice (``items_from: {generator: dice-faces}``), six
per die, drawn by the ``front`` template (default ``die-face``) once each and scaled: to
each size of ``nets`` (fold-and-glue cubes), to ``sticker`` for blank dice of ``blank``
size, and small on a reference card of every die's faces (``reference``, its title). A
die's mark (a letter on every face) would print under 6 pt on the card's small faces: the
card shows them without it, and names the mark after the die's name instead. Every page
is headed by ``heading`` (default: the title) over a line counting the dice to make.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...load.component_models import DiceModel
from ...base.errors import user_error
from ...fill.faces import Face, Where
from ..imposition.common import LayoutError
from ..imposition.dice_heading import Heading
from ..imposition.dice_sheet import DieArt, check_fit, dice_blocks, impose_dice, reference_fits
from ...base.units import MM, to_points
from ...load.chrome import chrome
from ...load.yamlload import line_of
from . import register_kind
from .cards import Cards
from .contract import Artifact, Layout, Misfit, Prepared, RenderEnv


@dataclass
class DicePrepared(Prepared):
    """The faces of every die, and the first die's six faces without their mark (for the
    reference card), by die id."""

    unmarked: dict[str, list[Face]]


@register_kind
class Dice(Cards):
    """Dice to make at home: every six items (one die's faces) become one die."""

    model_class = DiceModel

    def _dice(self, prepared: DicePrepared) -> list[DieArt]:
        """Return one DieArt per six faces and copy: the die's name, faces and face values."""
        cards = prepared.cards
        items = [item.fields() for item in self.model.items for _ in range(item.count)]
        dice = []
        for k in range(0, len(cards), 6):
            die, mark = items[k].get("die", ""), items[k].get("mark", "")
            total = self.model.copies.get(die, 1)
            faces = [c.front for c in cards[k:k + 6]]
            dice += [DieArt(items[k]["die_name"], faces,
                            [items[j]["face"] for j in range(k, k + 6)],
                            copy=n if total > 1 else 0, copies=total, mark=mark,
                            small_faces=prepared.unmarked.get(die, faces))
                     for n in range(1, total + 1)]
        return dice

    def _blocks(self, prepared: DicePrepared):
        """Return the nets, stickers and reference card to pack, in order."""
        model = self.model
        return dice_blocks(self._dice(prepared), [to_points(s) for s in model.nets],
                           to_points(model.sticker) if model.sticker else None,
                           to_points(model.blank), model.reference)

    def _heading(self, prepared: DicePrepared) -> Heading:
        """Return the page heading: the title, and each die's name with how many to make."""
        model = self.model
        dice = [die for die in self._dice(prepared) if die.copy <= 1]
        total = sum(die.copies for die in dice)
        counts = " · ".join(f"{die.name} × {die.copies}" for die in dice)
        dice_word = chrome("die" if total == 1 else "dice")
        if not model.nets and not model.sticker:  # the reference card alone: made elsewhere
            return Heading(model.heading or model.title,
                           chrome("The faces of {total} {dice}: {counts}.", total=total,
                                  dice=dice_word, counts=counts))
        how = (chrome("each from its net or its stickers") if model.nets and model.sticker
               else chrome("each from its net") if model.nets
               else chrome("with the stickers on {size} mm blank dice",
                           size=f"{to_points(model.blank) / MM:g}"))
        return Heading(model.heading or model.title,
                       chrome("Make {total} {dice}, {how}: {counts}.", total=total,
                              dice=dice_word, how=how, counts=counts))

    def _unmarked(self, builder, loaded) -> dict[str, list[Face]]:
        """Return the six faces of each marked die drawn without the mark, by die id."""
        model = self.model
        by_die: dict[str, list[Face]] = {}
        for index, item in enumerate(model.items):
            fields = item.fields()
            if not fields.get("mark") or len(by_die.get(fields["die"], [])) == 6:
                continue
            item_path, line = loaded.item_where(index)
            face = builder.build(model.front, {**model.defaults, **fields, "mark": "",
                                               "index": index + 1},
                                 Where(item_path, line, f"{item.id} front (reference card)",
                                       loaded.cells_of(item.id)),
                                 (str(loaded.path), line_of(loaded.raw, ("front",))))
            by_die.setdefault(fields["die"], []).append(face)
        return by_die

    def prepare(self, builder, loaded) -> Prepared:
        """Build every face; the faces must be square and come six per die."""
        model = self.model
        cards = super().prepare(builder, loaded).cards
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
        prepared = DicePrepared(cards, self._unmarked(builder, loaded) if model.reference else {})
        if model.reference and not reference_fits(self._dice(prepared)):
            raise user_error(loaded.path, line_of(loaded.raw, ("reference",)),
                             "a reference card holds four dice: split the dice over two "
                             "components or set reference: null")
        return prepared

    def _fit_sheet(self, prepared: Prepared, profile) -> list[Misfit]:
        """Return a Misfit when a net or the card does not fit the page."""
        try:
            check_fit(self._blocks(prepared), profile)
        except LayoutError as exc:
            return [Misfit(*prepared.cards[0].front.where, str(exc))]
        return []

    def _impose_sheet(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        """Pack nets, stickers and the reference card on the profile's pages."""
        doc = env.document(profile.page)
        pages = impose_dice(doc, self._blocks(prepared), profile, env.options,
                            self._heading(prepared))
        return Artifact(doc.finish(), pages, doc.faces_drawn)

    layouts = {"grid": Layout(_fit_sheet, _impose_sheet),
               "one-per-page": Cards.layouts["one-per-page"]}
