"""Draw each element once per document: what an element shared by several faces (a card's
frame, its ornaments, a texture, a line of rules) writes into the first face form that draws
it is given again to every other face form of the same document that draws it.

Faces built from one template share the element objects they fill alike (the face builder
makes one object for the same values at the same template line), and each face is its own
form, so without this every form drew its shared elements again: about a third of drawing
the catalogue's faces (issue 36).

Drawing is deterministic: the same element, drawn on the same document from the same canvas
state (ReportLab's ``STATE_ATTRIBUTES``: position, fonts, colours, line style, matrix), writes
the same operators. Only what means the same in every form of the document is kept and
replayed: operators with no text (a text's subset codes and font names are the document's,
and a face's recording for other documents notes each font it uses: :mod:`.form_replay`); no
transparency state (a form numbers its own), shading, image, annotation or other new document
object; forms used only icons' and art's (their names are their drawings). A replay writes
the operators, notes the forms and colours they use, and leaves the canvas in the state the
drawing left it.
"""

from __future__ import annotations

import weakref

from reportlab.pdfgen.canvas import Canvas

# the canvas state an element's operators depend on and may change (the transparency state
# is the form's own: an element that changes it is never kept)
STATE = tuple(name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate")
_SHARED_FORMS = ("icon-", "art-")
_ONCE = ()  # an element drawn once so far


class ElementReplay:
    """The operators each element drew into one document (``draw`` in place of
    ``element.draw``), by element object, while the element lives."""

    def __init__(self):
        # id(element) -> (weak reference to it, its drawing: (state before, its operators as
        # one string or None, forms, colours added or None, state after or None when
        # unchanged), _ONCE when drawn once so far, or None when it cannot be replayed)
        self._kept: dict[int, tuple] = {}
        self.replayed = 0  # how many drawings were replayed (for tests and benchmarks)

    def draw(self, element, canvas, ctx) -> None:
        """Draw ``element`` on ``canvas`` (a form of this document) with ``ctx``, or write
        what it drew before from the same state. An element is noted at its first drawing,
        recorded at its second and replayed from its third: one a single face draws (a
        card's own texture and texts) costs a note."""
        entry = self._kept.get(id(element))
        if entry is None or entry[0]() is not element:
            self._kept[id(element)] = (weakref.ref(element, self._forget(id(element))), _ONCE)
            element.draw(canvas, ctx)
            return
        kept = entry[1]
        if kept is None:  # it cannot be replayed
            element.draw(canvas, ctx)
            return
        d = canvas.__dict__
        before = tuple([d[name] for name in STATE])
        if kept is _ONCE:
            self._kept[id(element)] = (entry[0], self._recorded(element, canvas, ctx, before))
            return
        if kept[0] != before:  # another state: drawn, the drawing recorded first kept
            element.draw(canvas, ctx)
            return
        if kept[1] is not None:
            canvas._code.append(kept[1])
        canvas._formsinuse.extend(kept[2])
        if kept[3]:
            canvas._colorsUsed.update(kept[3])
        if kept[4] is not None:
            d.update(zip(STATE, kept[4]))
        self.replayed += 1

    def close(self) -> None:
        """Forget every drawing (the document is written): the weak references' callbacks
        refer back to this object, so it is not left for the cycle collector."""
        self._kept.clear()

    def _forget(self, key: int):
        def forget(ref) -> None:  # the element was freed: its id may be another's
            if self._kept.get(key, (None,))[0] is ref:
                del self._kept[key]
        return forget

    @staticmethod
    def _recorded(element, canvas, ctx, before: tuple) -> tuple | None:
        """Draw ``element``; return its drawing, or None when it cannot be replayed."""
        d = canvas.__dict__
        code, forms, colours = canvas._code, canvas._formsinuse, canvas._colorsUsed
        start, forms_start, colours_before = len(code), len(forms), len(colours)
        extgstate, states = d["_extgstate"], len(d["_extgstate"]._c)
        shadings, links = len(canvas._shadingUsed), len(canvas._annotationrefs)
        objects, stack = len(canvas._doc.idToObject), len(canvas.state_stack)
        transparent, ctx.transparent = ctx.transparent, False
        try:
            element.draw(canvas, ctx)
        finally:
            opaque = not ctx.transparent
            ctx.transparent = transparent or ctx.transparent
        if not (opaque and canvas._code is code and d["_extgstate"] is extgstate
                and len(extgstate._c) == states and len(canvas._shadingUsed) == shadings
                and len(canvas._annotationrefs) == links
                and len(canvas._doc.idToObject) == objects and len(canvas.state_stack) == stack
                and len(colours) >= colours_before):
            return None
        used = forms[forms_start:]
        if not all(name.startswith(_SHARED_FORMS) for name in used):
            return None
        # the page's operators are joined by newlines: one string of them writes the same
        written = "\n".join(code[start:])
        if "BT" in written:  # a text object (every font and text operator is in one)
            return None
        added = dict(list(colours.items())[colours_before:]) if len(colours) > colours_before \
            else None
        after = tuple([d[name] for name in STATE])
        return (before, written if start < len(code) else None, used, added,
                None if after == before else after)
