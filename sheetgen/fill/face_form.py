"""A built face drawn as a form XObject of a document, once per process."""

from __future__ import annotations

from .elements import DrawContext
from ..write.form_replay import draw_form


def draw_face_form(canvas, name: str, face, fonts, icons, box: tuple, kind: tuple) -> None:
    """Make form ``name`` (``box``: x0, y0, x1, y1) of ``canvas`` showing ``face``'s elements,
    drawn with ``fonts`` and ``icons``, its icons' forms made first (forms do not nest).

    The face is drawn the first time a process draws it and the drawing replayed in every
    other document (write/form_replay.py: the bytes drawing it again would write); ``kind``
    names what else the drawing depends on. A roll sheet's dice are drawn this way: the same
    die faces recur in every sheet of a game.
    """
    for icon in sorted(face.icons()):
        icons.form_name(canvas, icon)

    def draw(canvas) -> None:
        ctx = DrawContext(face.width, face.height, fonts, icons)
        for element in face.elements:
            element.draw(canvas, ctx)

    draw_form(canvas, name, box, face, (id(fonts), id(icons), *kind), draw)
