"""A game's die faces drawn small on a roll sheet, as its printable dice draw them.

One source of truth for how a face looks: the face is the printable dice's own template
(``kind: dice``'s ``front``, default ``die-face``) filled with the same items
(:func:`sheetgen.dice.printable.die_face_items`: the die's colour, its pips, icon, number
and mark), built by the faces' builder and drawn by their elements, only scaled down. A roll
sheet's pips, Crew die icons and marks are therefore those of the dice a table cuts out.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str

from ...load.component_models import DiceModel
from ..printable import die_face_items

TEMPLATE = DiceModel.model_fields["front"].default  # the printable dice's face template
OUTLINE = 0.45  # a die's edge: a white die still reads on white paper
_EDGE = f"{fp_str(0.25)} G\n{fp_str(OUTLINE)} w"  # its grey and width, as ReportLab sets them
# a die placed: its form scaled and moved, then its edge (DieFaces.draw)
_PLACED = "q\n%s %s cm\n/%s Do\nQ\nq\n" + _EDGE + "\nn %s %s re S\nQ"


class DieFaces:
    """Draws any face of a game's dice on a ReportLab canvas, ``size`` points square."""

    def __init__(self, project, game: str, variant: str | None = None):
        from ...fill.faces import FaceBuilder, Where
        from ...fill.fonts import FontBook
        from ...fill.icons import IconBook
        from ...load.templates import TemplateBook
        from ..load import load_game_dice

        model = load_game_dice(project, game, variant=variant or None).model
        dice = model.dice
        self.fonts, self.icons = FontBook.for_project(project), IconBook.for_project(project)
        builder = FaceBuilder(project, TemplateBook(project), self.fonts, self.icons, {}, {})
        shown = str(project.game_dir(game) / "dice.yaml")
        self.faces = {}
        for item in die_face_items(dice, numerals=model.sheet.numerals):  # dice.yaml sheet:
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
        # what saveState, translate, scale, doForm, restoreState, then the edge (saveState,
        # setStrokeGray, setLineWidth, rect, restoreState) write, written directly: a roll
        # sheet draws hundreds of dice, and each state saved and restored copies the canvas's
        # drawing state. Every state this sets is restored, so the canvas is left as it was.
        # ReportLab merges scale into translate's "cm" through the text it wrote: the
        # translation as formatted, read back (tests/test_die_faces_drawn.py compares bytes).
        # What does not depend on where the die is (its form, scale and size, formatted:
        # fp_str formats each number alone) is worked out once per document, die and size;
        # the page's operators are joined by newlines, so one string of lines is the same
        placed = c.__dict__.setdefault("_sheetgen_die_placed", {})
        key = (die, face, size)
        known = placed.get(key)
        if known is None:
            art = self.faces[(die, str(face))]
            name = self.form(c, die, face)
            known = placed[key] = (name, fp_str(size / art.width, 0.0, 0.0, size / art.height),
                                   c._doc.getXObjectName(name), fp_str(size, size))
        name, scale, xobject, sides = known
        at = fp_str(x, y)
        dx, dy = (float(v) for v in at.split())
        c._code.append(_PLACED % (scale, fp_str(dx, dy), xobject, at, sides))
        c._formsinuse.append(name)

    def form(self, c, die: str, face) -> str:
        """Return the name of the form that draws ``die``'s ``face`` on canvas ``c``,
        making it the first time in ``c``'s document: drawn once per process, replayed in
        every other sheet (:func:`~sheetgen.fill.face_form.draw_face_form`)."""
        from ...fill.face_form import draw_face_form

        name = f"die-{die}-{face}"
        defined = c.__dict__.setdefault("_sheetgen_die_forms", set())
        if name not in defined:
            art = self.faces[(die, str(face))]
            draw_face_form(c, name, art, self.fonts, self.icons, (0, 0, art.width, art.height),
                           ("die",))
            defined.add(name)
        return name
