"""Place elements without millimetres: containers' children, ``place`` and ``inset``, ``auto``.

A template element needs placing when it is a container (``stack``, ``grid``), gives
``place``, ``inset`` or ``grow``, or a size of ``auto``; any other element keeps the x, y, w, h
it was written with and is made as before. Placing works out each box in points
(:mod:`sheetgen.fill.layout`) and makes the element with that box written in, so every placed child
is an ordinary element of the face with its own template line: errors and the print checks
name the child, not its container. Same values, same boxes: placing is plain arithmetic.
"""

from __future__ import annotations

from typing import Any, Callable

from . import DrawContext, Element, element_class
from .base import MAX_CHILDREN, PLACES, _inset
from ...base.errors import UserError
from ..layout import EPSILON, Box, ChildSize, LayoutError, place_in
from ...base.suggest import unknown
from ...base.units import Points, to_points

# make(raw, values, prepare) -> the element, validated (and prepared: text fitted)
Make = Callable[[Any, dict, bool], Element]
# fail(raw, message, key) -> the error to raise (key: the value it is about, or None)
Fail = Callable[[Any, str, "str | None"], Exception]
PLACING_KEYS = ("place", "inset", "grow")
FALSE = (False, None, "", "False", "false", 0)


def needs_placing(values: dict) -> bool:
    """Return whether an element must be placed (else it is made with its values as written)."""
    cls = element_class(values.get("type")) if isinstance(values.get("type"), str) else None
    return (getattr(cls, "is_container", False) or any(k in values for k in PLACING_KEYS)
            or values.get("w") == "auto" or values.get("h") == "auto")


def with_box(values: dict, box: Box) -> dict:
    """Return ``values`` with the box written in (points, taken as they are)."""
    return {**values, "x": Points(box.x), "y": Points(box.y), "w": Points(box.w),
            "h": Points(box.h)}


class PlacedMemo:
    """Containers placed before, kept for the faces that place them again: the same container
    (written at the same place), filled with the same values, in the same box of a face of the
    same size places the same elements (placing is plain arithmetic, and the elements are
    shared by their values). A big deck's fronts share most of their tree (the picture, the
    powers) and differ in a few texts (issue 36); each face would place the shared subtrees
    again, validating and looking up every child.

    A container is kept once it has been placed ``KEEP_AFTER`` times (a big deck places each
    front twice: once to check it, once to draw it, so a subtree of one card alone is never
    kept), and only if placing it added no warning (``mark()``, a count that grows with each:
    a warning is given for every item that has it). At most ``LIMIT`` are kept (then all are
    forgotten), so memory does not grow with the deck.
    """

    KEEP_AFTER = 3
    LIMIT = 512
    SEEN_LIMIT = 200_000

    def __init__(self, mark: Callable[[], int]):
        self.mark = mark
        self._placed: dict[tuple, tuple[Any, tuple]] = {}
        self._seen: dict[int, int] = {}

    def get(self, key: tuple, raw) -> list | None:
        """Return the (raw, element) pairs kept for ``key`` (placed from ``raw``), or None."""
        kept = self._placed.get(key)
        if kept is None or kept[0] is not raw:  # the raw kept alive: its id is not reused
            return None
        return list(kept[1])

    def placed(self, key: tuple, raw, pairs: list, mark: int) -> None:
        """Note that ``raw`` was placed as ``pairs`` (``mark`` before placing it)."""
        if self.mark() != mark:
            return
        seen = self._seen.get(hash(key), 0) + 1
        if len(self._seen) >= self.SEEN_LIMIT:
            self._seen.clear()
        self._seen[hash(key)] = seen
        if seen < self.KEEP_AFTER:
            return
        if len(self._placed) >= self.LIMIT:
            self._placed.clear()
        self._placed[key] = (raw, tuple(pairs))


class Placer:
    """Places a face's elements: ``place(raw, values)`` returns (raw, element) pairs to draw."""

    def __init__(self, make: Make, fail: Fail, ctx: DrawContext,
                 memo: PlacedMemo | None = None):
        self.make, self.fail, self.ctx = make, fail, ctx
        self.face = Box(0.0, 0.0, ctx.width, ctx.height)
        self.memo = memo

    def place(self, raw, values: dict) -> list[tuple[Any, Element]]:
        """Return the elements ``values`` (written at ``raw``) draws, each with its raw."""
        if not needs_placing(values):
            return [(raw, self.make(raw, values, True))]
        return self._place(raw, values, self.face, None)

    def _place(self, raw, values: dict, parent: Box, default: str | None) -> list:
        """Place one element in ``parent`` (``default``: its container's place, or None)."""
        cls = element_class(values.get("type")) if isinstance(values.get("type"), str) else None
        if cls is None:  # make() names the unknown type
            return [(raw, self.make(raw, values, True))]
        written = [k for k in ("x", "y") if k in values]
        if written and default is not None:
            raise self.fail(raw, f"{' and '.join(written)}: a container places its children; "
                            "remove them (inset keeps room around a child)", written[0])
        if written and ("place" in values or "inset" in values):
            key = "place" if "place" in values else "inset"
            raise self.fail(raw, f"give {key} or x and y, not both", key)
        place = values.get("place")
        if place is not None and place not in PLACES:
            raise self.fail(raw, unknown("place", place, PLACES), "place")
        if written:
            inner = Box(self._length(raw, values, "x", self.face.w, 0.0),
                        self._length(raw, values, "y", self.face.h, 0.0),
                        self.face.w, self.face.h)
        else:
            inner = parent.shrink(self._inset(raw, values))
        w, h = self._size(raw, values, inner)
        box = Box(inner.x, inner.y, w, h) if written else place_in(inner, w, h, place,
                                                                     default or "top-left")
        if getattr(cls, "is_container", False):
            if self.memo is None or default is None:  # a face's own tree is placed once
                return self._placed_container(raw, values, box)
            key = (id(raw), box, default, self.ctx.width, self.ctx.height, repr(values))
            kept = self.memo.get(key, raw)
            if kept is not None:
                return kept
            mark = self.memo.mark()
            out = self._placed_container(raw, values, box)
            self.memo.placed(key, raw, out, mark)
            return out
        return [(raw, self.make(raw, with_box(values, box), True))]

    def _placed_container(self, raw, values: dict, box: Box) -> list:
        """Return the container's (raw, element) pairs: itself (if it paints) and its
        children, placed in ``box``."""
        container = self._container(raw, values, box)
        out = [(raw, container)] if container.has_background() else []
        return out + self._place_children(container, raw, values, box)

    def _container(self, raw, values: dict, box: Box):
        """Return the container element at ``box``, made without its children: they are
        placed one by one, and containers alike on every face are made once."""
        children = values.get("children")
        if not isinstance(children, list):
            return self.make(raw, with_box(values, box), False)  # the model names the mistake
        if len(children) > MAX_CHILDREN:
            raise self.fail(raw, f"children: {len(children)} children; the limit is "
                            f"{MAX_CHILDREN}", "children")
        for index, child in enumerate(children):
            if not isinstance(child, dict):
                raise self.fail(raw, f"children: child {index + 1} is {child!r}, not a mapping "
                                "with a type", "children")
        return self.make(raw, with_box({**values, "children": []}, box), False)

    def _place_children(self, container, raw, values: dict, box: Box) -> list:
        """Place a container's children in their slots; every child's mistakes together."""
        children = self._children(raw, values)
        try:
            slots = container.slots(container.content(box), children, self._child_size)
        except LayoutError as exc:
            children = self._squeezed(container, children, container.content(box))
            if children is None:
                self._blame_text(container, self._children(raw, values), container.content(box))
                raise self.fail(raw, f"{values['type']}: {exc}; shorten or shrink its "
                                "children, or enlarge it", None) from None
            slots = container.slots(container.content(box), children, self._child_size)
        out, problems = [], []
        for (child_raw, child), slot in zip(children, slots):
            try:
                out += self._place(child_raw, child, slot, container.child_place())
            except UserError as exc:
                problems += exc.problems
        if problems:
            raise UserError(problems)
        return out

    def _blame_text(self, container, children: list, content: Box) -> None:
        """Raise the mistake of the text that makes a stack overflow, if one does: the one
        child sized to its content (``auto``) is made in the room the others leave it, so the
        text's own fitting reports it (its words, at the line that gives them); a child
        stack sized to its content is looked into the same way. Returns when no such child
        can take the overflow, or several share it (the stack itself is then to blame)."""
        direction = getattr(container, "direction", None)
        if direction not in ("vertical", "horizontal"):
            return
        vertical = direction == "vertical"
        key = "h" if vertical else "w"
        if sum(child.get(key) == "auto" for _, child in children) != 1:
            return  # several children sized to their content: the stack shares the overflow
        sizes = [self._child_size(r, v, vertical, content) for r, v in children]
        over = (sum((s.main or 0.0) + s.before + s.after for s in sizes)
                + container.gap * max(len(sizes) - 1, 0) - (content.h if vertical else content.w))
        if over <= EPSILON:
            return
        for (child_raw, child), size in zip(children, sizes):
            left = (size.main or 0.0) - over
            if child.get(key) != "auto" or left <= EPSILON:
                continue
            room = content.shrink(self._inset(child_raw, child))
            box = (Box(room.x, room.y, room.w, left) if vertical
                   else Box(room.x, room.y, left, room.h))
            if getattr(element_class(child.get("type")), "is_container", False):
                inner = self._container(child_raw, child, box)
                self._blame_text(inner, self._children(child_raw, child), inner.content(box))
            else:
                self.make(child_raw, with_box(child, box), True)  # raises when it overflows

    def _squeezed(self, container, children: list, content: Box) -> list | None:
        """Return the children of a vertical stack they overflow with its ``h: auto`` texts
        given less height, down to what each needs at its ``min_size``, so the stack holds
        them; None when even that is too much (or nothing can give).

        What each gives is a share of the overflow in proportion to what it can give: a
        longer translation shrinks every such text a little, not the last one a lot.
        """
        if getattr(container, "direction", None) != "vertical":
            return None
        sizes = [self._child_size(r, v, True, content) for r, v in children]
        need = (sum((s.main or 0.0) + s.before + s.after for s in sizes)
                + container.gap * max(len(sizes) - 1, 0) - content.h)
        lows = {}
        for index, ((child_raw, child), size) in enumerate(zip(children, sizes)):
            smallest = child.get("min_size")
            if (child.get("type") == "text" and child.get("h") == "auto"
                    and isinstance(smallest, (int, float)) and not isinstance(smallest, bool)):
                at_least = self._natural(child_raw, {**child, "size": smallest}, "h",
                                         content.shrink(self._inset(child_raw, child)))
                if at_least < size.main:
                    lows[index] = at_least
        spare = sum(sizes[i].main - low for i, low in lows.items())
        if need <= 0 or spare < need:
            return None
        out = []
        for index, (child_raw, child) in enumerate(children):
            if index in lows:
                main = sizes[index].main
                height = main - (main - lows[index]) * need / spare
                child = {k: v for k, v in child.items() if k != "max_h"}
                child["h"] = Points(height)
            out.append((child_raw, child))
        return out

    def _children(self, raw, values: dict) -> list[tuple[Any, dict]]:
        """Return the (raw, values) of each child drawn (``when`` true), raw with its line."""
        written = raw.get("children") if isinstance(raw, dict) else None
        out = []
        for index, child in enumerate(values.get("children") or []):
            if not isinstance(child, dict) or child.get("when", True) in FALSE:
                continue
            child_raw = written[index] if isinstance(written, list) and index < len(written) \
                and isinstance(written[index], dict) else child
            out.append((child_raw, child))
        return out

    def _child_size(self, raw, values: dict, vertical: bool, content: Box) -> ChildSize:
        """Return a stack child's length along the stack, its grow share and its inset."""
        inset = self._inset(raw, values)
        before, after = (inset[0], inset[2]) if vertical else (inset[3], inset[1])
        key = "h" if vertical else "w"
        grow = values.get("grow")
        if grow is not None and (isinstance(grow, bool) or not isinstance(grow, (int, float))
                                 or not 0 <= grow <= 1000):
            raise self.fail(raw, f"grow: expected a number from 0 to 1000, got {grow!r}", "grow")
        if values.get(key) is None:
            most = self._length(raw, values, "grow_max", content.h if vertical else content.w)
            return ChildSize(None, 1.0 if grow is None else float(grow), before, after, most)
        if grow is not None:
            raise self.fail(raw, f"give {key} or grow, not both: {key} is its length along the "
                            "stack, grow a share of the room left", "grow")
        inner = content.shrink(inset)
        if values[key] == "auto":
            size = self._natural(raw, values, key, inner)
        else:
            size = self._length(raw, values, key, content.h if vertical else content.w)
        return ChildSize(size, 0.0, before, after)

    def _size(self, raw, values: dict, inner: Box) -> tuple[float, float]:
        """Return (w, h): as written (% of ``inner``), ``auto``, or all of ``inner``."""
        w = values.get("w")
        if w == "auto":
            w = self._natural(raw, values, "w", inner)
        else:
            w = inner.w if w is None else self._length(raw, values, "w", inner.w)
        h = values.get("h")
        if h == "auto":
            h = self._natural(raw, values, "h", Box(inner.x, inner.y, w, inner.h))
        else:
            h = inner.h if h is None else self._length(raw, values, "h", inner.h)
        return w, h

    def _natural(self, raw, values: dict, key: str, room: Box) -> float:
        """Return the width or height of an element's content, given ``room`` to lay it out."""
        cls = element_class(values.get("type"))
        if getattr(cls, "is_container", False):
            return self._container_length(raw, values, key, room)
        limit = values.get("max_h") if key == "h" else None
        height = room.h if limit is None else self._length(raw, values, "max_h", room.h)
        probe = self.make(raw, with_box(values, Box(room.x, room.y, room.w, height)), True)
        size = probe.content_height() if key == "h" else probe.content_width(self.ctx)
        if size is None:
            raise self.fail(raw, f"{key}: auto: a {values['type']} has no size of its own; "
                            f"give {key} a length", key)
        return size

    def _container_length(self, raw, values: dict, key: str, room: Box) -> float:
        """Return a stack's length along itself: its children's lengths, gaps and padding."""
        container = self._container(raw, values, room)
        vertical = getattr(container, "direction", None) == "vertical"
        if getattr(container, "direction", None) != ("vertical" if key == "h" else "horizontal"):
            raise self.fail(raw, f"{key}: auto: a {values['type']} has a size of its own only "
                            "along a stack (h of a vertical stack, w of a horizontal one)", key)
        content = container.content(room)
        sizes = [self._child_size(r, v, vertical, content)
                 for r, v in self._children(raw, values)]
        top, right, bottom, left = container.padding
        padding = top + bottom if vertical else left + right
        return (padding + sum((s.main or 0.0) + s.before + s.after for s in sizes)
                + container.gap * max(len(sizes) - 1, 0))

    def _length(self, raw, values: dict, key: str, reference: float, default=None) -> float:
        """Return ``values[key]`` in points (``%`` of ``reference``)."""
        if key not in values:
            return default
        try:
            return to_points(values[key], reference)
        except ValueError as exc:
            raise self.fail(raw, f"{key}: {exc}", key) from None

    def _inset(self, raw, values: dict) -> tuple[float, float, float, float]:
        try:
            return _inset(values.get("inset", 0))
        except ValueError as exc:
            raise self.fail(raw, f"inset: {exc}", "inset") from None


def place_alone(container, ctx: DrawContext) -> list[Element]:
    """Return the children of a container drawn on its own (a sample), placed and prepared."""
    context = {"width": ctx.width, "height": ctx.height, "fonts": ctx.fonts,
               "icons": ctx.icons, "colors": {}}

    def make(raw, values, prepare):
        cls = element_class(values.get("type"))
        if cls is None:
            raise ValueError(unknown("element type", values.get("type"), []))
        element = cls.model_validate(values, context=context)
        if prepare:
            element.prepare(ctx)
        return element

    placer = Placer(make, lambda raw, message, key: ValueError(message), ctx)
    box = Box(container.x, container.y, container.w, container.h)
    placed = placer._place_children(container, None, {"type": container.type,
                                                      "children": container.children}, box)
    return [element for _, element in placed if element is not container]
