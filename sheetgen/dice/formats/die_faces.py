"""A game's die faces drawn small on a roll sheet, as its printable dice draw them.

One source of truth for how a face looks: the face is the printable dice's own template
(``kind: dice``'s ``front``, default ``die-face``) filled with the same items
(:func:`sheetgen.dice.printable.die_face_items`: the die's colour, its pips, icon, number
and mark), built by the faces' builder and drawn by their elements, only scaled down. A roll
sheet's pips, Crew die icons and marks are therefore those of the dice a table cuts out.
"""

from __future__ import annotations

from ...load.component_models import DiceModel
from ..printable import die_face_items

TEMPLATE = DiceModel.model_fields["front"].default  # the printable dice's face template
OUTLINE = 0.45  # a die's edge: a white die still reads on white paper


class DieFaces:
    """Draws any face of a game's dice on a ReportLab canvas, ``size`` points square."""

    def __init__(self, project, game: str, variant: str | None = None):
        from ...fill.faces import FaceBuilder, Where
        from ...fill.fonts import FontBook
        from ...fill.icons import IconBook
        from ...load.templates import TemplateBook
        from ..load import load_game_dice

        dice = load_game_dice(project, game, variant=variant or None).model.dice
        self.fonts, self.icons = FontBook.for_project(project), IconBook.for_project(project)
        builder = FaceBuilder(project, TemplateBook(project), self.fonts, self.icons, {}, {})
        shown = str(project.game_dir(game) / "dice.yaml")
        self.faces = {}
        for item in die_face_items(dice):
            key = (item["die"], item["face"])
            if key not in self.faces:
                self.faces[key] = builder.build(TEMPLATE, item, Where(shown, 0, item["id"]),
                                                (shown, 0))

    def has(self, die: str, face) -> bool:
        """Whether ``die``'s ``face`` can be drawn (a die of six faces)."""
        return (die, str(face)) in self.faces

    def draw(self, c, die: str, face, x: float, y: float, size: float) -> None:
        """Draw ``die``'s ``face`` with its lower-left corner at (x, y), ``size`` wide,
        and a thin edge round it (each face drawn once a document, as a form; nothing on a
        canvas that only measures a layout: its forms would be kept)."""
        if getattr(c, "measuring", False):
            return
        art = self.faces[(die, str(face))]
        c.saveState()
        c.translate(x, y)
        c.scale(size / art.width, size / art.height)
        c.doForm(self.form(c, die, face))
        c.restoreState()
        c.saveState()
        c.setStrokeGray(0.25)
        c.setLineWidth(OUTLINE)
        c.rect(x, y, size, size, stroke=1, fill=0)
        c.restoreState()

    def form(self, c, die: str, face) -> str:
        """Return the name of the form that draws ``die``'s ``face`` on canvas ``c``,
        drawing it the first time (its icons' forms first: forms do not nest)."""
        from ...fill.elements.base import DrawContext

        name = f"die-{die}-{face}"
        defined = c.__dict__.setdefault("_sheetgen_die_forms", set())
        if name not in defined:
            art = self.faces[(die, str(face))]
            for icon in sorted(art.icons()):
                self.icons.form_name(c, icon)
            c.beginForm(name, lowerx=0, lowery=0, upperx=art.width, uppery=art.height)
            ctx = DrawContext(art.width, art.height, self.fonts, self.icons)
            for element in art.elements:
                element.draw(c, ctx)
            c.endForm()
            defined.add(name)
        return name
