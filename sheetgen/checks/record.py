"""Record a face for the checks: each element's drawing, in the normal and ink-saver renderings.

One pass records both renderings: an element that never asks whether ink is being saved makes
the same canvas calls in both, only its fills' colours differ (:meth:`DrawContext.fill` pales
them), so drawing it with :class:`_BothRenderings` keeps both colours of every fill and text
run. An element that does ask (text turns ink on a pale fill) is drawn once more, for the ink
saver, from that rendering's canvas state. (CMYK mode only converts colours: the checks derive
it from the normal rendering.)
"""

from __future__ import annotations

import weakref
from functools import partial

from ..fill.elements import DrawContext
from .probe import INK_SAVER, NORMAL, START, Drawing, ProbeCanvas


class _SaverColour:
    """Stands in for the canvas when the ink-saver context picks a fill colour."""

    colour: tuple = ()

    def setFillColorRGB(self, r, g, b, alpha=None):  # noqa: N802 - ReportLab's API
        """Take the colour."""
        self.colour = (r, g, b)


class _BothRenderings(DrawContext):
    """A normal-rendering context whose fills also set the canvas's ink-saver fill colour.

    The element must never read ``ink_saver``: reading it sets ``asked``, and the element is
    drawn again for the ink saver. Each fill colour goes through :meth:`DrawContext.fill` of a
    plain context of each rendering, so the ink saver's colour rule lives in one place.
    """

    def __init__(self, width, height, fonts, icons):
        super().__init__(width, height, fonts, icons)
        self.asked = False
        self._normal = DrawContext(width, height, fonts, icons)
        self._saver = DrawContext(width, height, fonts, icons, ink_saver=True)
        self._saver_colour = _SaverColour()

    @property
    def ink_saver(self) -> bool:
        """False (the normal rendering), noted: the element may draw otherwise for the ink
        saver."""
        self.asked = True
        return False

    @ink_saver.setter
    def ink_saver(self, value: bool) -> None:
        if value:
            raise ValueError("_BothRenderings draws the normal rendering")

    def fill(self, canvas, rgb, is_fill: bool = True) -> None:
        """Set the fill colour of the normal rendering, then the ink saver's."""
        DrawContext.fill(self._normal, canvas, rgb, is_fill)
        DrawContext.fill(self._saver, self._saver_colour, rgb, is_fill)
        canvas.set_saver_fill(self._saver_colour.colour)


def _draw(element, ctx, state: tuple) -> tuple:
    """Return (drawing, state after it, whether it read ``ink_saver``) of ``element``."""
    canvas = ProbeCanvas(state)
    element.draw(canvas, ctx)
    return (Drawing(canvas.fills, canvas.strokes, canvas.marks), canvas.state(),
            getattr(ctx, "asked", False))


class DrawingCache:
    """The drawings of element objects that several faces share (an element written once in a
    template and filled with the same values on many faces).

    Keyed on the element object, the face size, fonts, icons, the rendering and the canvas
    state the element starts from: drawing is deterministic in those, so a kept drawing is
    what drawing again would record (elements are not changed once their face is built). An
    element is only remembered at its first drawing, by a weak reference: its drawings are
    kept from its second on, and forgotten when it is freed (before its id can be another
    element's), so a big deck's one-card elements are not held by the cache. The cache
    empties itself at ``MAX_ENTRIES`` elements or ``MAX_FILLS`` kept fills, so its memory
    stays bounded in a long build or ``watch``.
    """

    MAX_ENTRIES = 8000
    MAX_FILLS = 50_000

    def __init__(self):
        self._seen: dict[int, weakref.ref] = {}
        self._kept: dict[tuple, tuple] = {}
        self._kept_of: dict[int, list[tuple]] = {}  # id(element) -> its keys in _kept
        self._fills = 0

    def draw(self, element, ctx, rendering: str, state: tuple) -> tuple:
        """Return :func:`_draw` of ``element`` in ``rendering`` ("both", "normal", "ink-saver")
        with context ``ctx``, starting from canvas ``state``."""
        seen = self._seen.get(id(element))
        if seen is None or seen() is not element:
            if len(self._seen) >= self.MAX_ENTRIES:
                self.clear()
            self._seen[id(element)] = weakref.ref(element, partial(self._forget, id(element)))
            return _draw(element, ctx, state)
        key = (id(element), id(ctx.fonts), id(ctx.icons), ctx.width, ctx.height, rendering,
               state)
        kept = self._kept.get(key)
        if kept is not None and kept[0] is ctx.fonts and kept[1] is ctx.icons:
            return kept[2]
        done = _draw(element, ctx, state)
        if len(self._kept) >= self.MAX_ENTRIES or self._fills >= self.MAX_FILLS:
            self.clear()
        else:
            self._kept[key] = (ctx.fonts, ctx.icons, done)
            self._kept_of.setdefault(id(element), []).append(key)
            self._fills += len(done[0].fills)
        return done

    def _forget(self, element_id: int, ref: weakref.ref) -> None:
        """Forget a freed element and its drawings (its id may be given to another)."""
        if self._seen.get(element_id) is ref:
            del self._seen[element_id]
            for key in self._kept_of.pop(element_id, ()):
                done = self._kept.pop(key, None)
                if done is not None:
                    self._fills -= len(done[2][0].fills)

    def clear(self) -> None:
        """Forget every element and drawing."""
        self._seen.clear()
        self._kept.clear()
        self._kept_of.clear()
        self._fills = 0


SHARED_DRAWINGS = DrawingCache()


def record(face, fonts, icons, cache: DrawingCache | None = SHARED_DRAWINGS
           ) -> tuple[list[Drawing], list[Drawing]]:
    """Draw ``face``; return each element's drawing in the normal and the ink-saver rendering.

    A drawing serves both renderings (the same object) when its element did not ask about ink
    saving and the renderings had not parted before it (their canvas states differ only in
    fill colours). ``cache`` (None: none) keeps the drawings of elements shared by faces.
    """
    width, height = face.width, face.height
    both = _BothRenderings(width, height, fonts, icons)
    plain = DrawContext(width, height, fonts, icons)
    saving = DrawContext(width, height, fonts, icons, ink_saver=True)
    draw = cache.draw if cache is not None else (
        lambda element, ctx, _rendering, state: _draw(element, ctx, state))
    normal, saver = [], []
    state, apart = START, None  # apart: (normal state, ink-saver state) once they part
    for element in face.elements:
        if apart is None:
            both.asked = False
            drawing, after, asked = draw(element, both, "both", state)
            normal.append(drawing)
            if not asked:
                saver.append(drawing)
                state = after
                continue
            saved, saver_after, _ = draw(element, saving, "ink-saver", _view(state, INK_SAVER))
            saver.append(saved)
            state = _join(after, saver_after)
            if state is None:
                apart = (_view(after, NORMAL), saver_after)
        else:
            drawing, normal_after, _ = draw(element, plain, "normal", apart[0])
            saved, saver_after, _ = draw(element, saving, "ink-saver", apart[1])
            normal.append(drawing)
            saver.append(saved)
            apart = (normal_after, saver_after)
    return normal, saver


def _view(state: tuple, slot: int) -> tuple:
    """Return ``state`` as one rendering sees it: both fill colours that rendering's."""
    *head, stack = state
    return _one_view(head, slot) + (tuple(_one_view(saved, slot) for saved in stack),)


def _one_view(state, slot: int) -> tuple:
    ctm, fill, saver_fill, *rest = state
    colour = saver_fill if slot else fill
    return (ctm, colour, colour, *rest)


def _join(normal: tuple, saver: tuple) -> tuple | None:
    """Return a state holding ``normal``'s fill and ``saver``'s as the ink-saver fill, or None
    if the two differ in anything else (the renderings have parted)."""
    if normal[0] != saver[0] or normal[3:7] != saver[3:7] or len(normal[7]) != len(saver[7]):
        return None
    joined = []
    for mine, theirs in zip(normal[7], saver[7]):
        if mine[0] != theirs[0] or mine[3:] != theirs[3:]:
            return None
        joined.append((mine[0], mine[1], theirs[1], *mine[3:]))
    return (normal[0], normal[1], saver[1], *normal[3:7], tuple(joined))
