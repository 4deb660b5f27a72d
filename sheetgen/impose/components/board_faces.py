"""The face of one board side: a template filled with the side's fields, or a hex map
(background, frame, title, the ``hex_board`` and a caption, or a ``backdrop`` template under
the ``hex_board``).

Every mistake is reported at the line of the key that caused it: a side's own key, or the
``every_side`` key it inherited.
"""

from __future__ import annotations

import hashlib

from pydantic import ValidationError

from ...fill import hexgrid
from ...fill.colors import parse_color
from ...fill.elements import DrawContext
from ...fill.elements.box import Box
from ...fill.elements.hex_board import HexBoard
from ...fill.elements.text import Text
from ...base.errors import Problem, UserError, display_path
from ...fill.faces import Face, Where, element_origin
from ...fill.textlayout import TextFitError
from ...base.units import MM, to_points
from ...load.yamlload import line_of
from ...load.validation import describe

FRAME_INSET = 4 * MM


def side_face(comp, index: int, side, builder, loaded, problems, colors: dict | None,
              size: tuple[float, float] | None = None) -> Face | None:
    """Return the face of side ``index``, or None after recording its problems.

    ``colors`` are the component's checked colours (None when one is wrong: the side's own
    mistakes are still found and recorded). ``size`` (trimmed width and height, points) makes
    the side that size, its hexes centred in it, so every side of a double-sided board prints
    at one trimmed size.

    The steps: the side's hex_board keys validated and resolved; its backdrop, if any; its
    size around the hexes; the bands (background, frame, title, caption); the face.
    """
    line = _side_lines(comp, index, side, loaded.raw)
    found = _side_board(comp, side, builder, loaded.path, problems, line)
    if found is None or colors is None:
        return None
    board, values = found
    backdrop = _backdrop(comp, index, side, builder, loaded, problems) if comp.backdrop else None
    if comp.backdrop and backdrop is None:
        return None
    if backdrop is not None and size is None:
        size = (backdrop.width, backdrop.height)
    geometry = _geometry(comp, side, board, backdrop, size, loaded.path, problems, line)
    if geometry is None:
        return None
    width, height, bleed = geometry
    bands = _bands(comp, index, side, builder, loaded, problems, colors, board, backdrop,
                   width, height, bleed)
    if bands is None:
        return None
    art = _plain_art(comp, index, side, builder, loaded, problems, geometry) \
        if backdrop is None and side.art else None
    if side.art and backdrop is None and art is None:
        return None
    elements = [*bands[:2], board, *bands[2:]] if backdrop is None else [board, *bands]
    key = hashlib.sha1(repr((comp.id, side.id, values, side.title, side.caption, width, height,
                             colors, backdrop.key if backdrop else None,
                             art.key if art else None)).encode()).hexdigest()[:16]
    shown = display_path(loaded.path)
    side_line = line_of(loaded.raw, ("sides", index))
    origins = [element_origin(shown, side_line, e) for e in elements]
    where = (str(loaded.path), line(("hex_size",)))
    if art is not None:  # over the background and frame, under the hexes
        elements = [*elements[:2], *art.elements, *elements[2:]]
        origins = [*origins[:2], *art.origins, *origins[2:]]
    if backdrop is not None:
        elements, origins = backdrop.elements + elements, backdrop.origins + origins
        where = backdrop.where
    return Face(width, height, bleed, elements, key, side.id, where, origins,
                shown=f"side {side.id}")


def _side_lines(comp, index: int, side, raw):
    """Return ``line(loc)``: the line of a side's key, its own or the every_side one it
    inherited (the side's line for a key it does not write)."""
    own = side.model_extra or {}

    def line(loc: tuple) -> int:
        if loc and loc[0] in own:
            return line_of(raw, ("sides", index) + tuple(loc))
        if loc and loc[0] in comp.every_side:
            return line_of(raw, ("every_side",) + tuple(loc))
        return line_of(raw, ("sides", index))
    return line


def _side_board(comp, side, builder, path, problems, line) -> tuple[HexBoard, dict] | None:
    """Return the side's hex_board element, resolved, and the values it was made from; or
    None after recording every mistake at its line."""
    values = {**comp.every_side, **(side.model_extra or {}), "type": "hex_board", "x": 0,
              "y": 0}
    context = _context(builder, 1000.0, 1000.0, path)
    try:
        board = HexBoard.model_validate(values, context=context)
    except ValidationError as exc:
        for err in exc.errors():
            message = describe(err, HexBoard)  # a nested key: suggestions from its own level
            if err["type"] == "extra_forbidden" and len(err["loc"]) == 1:
                allowed = ", ".join(sorted(set(HexBoard.model_fields) - {"type", "x", "y", "w",
                                                                        "h", "when", "id"}))
                key = repr(str(err["loc"][-1]))
                message = (message.replace(f"key {key}", f"key {key} for a board side", 1)
                           + f"{' A' if '?' in message else '; a'}llowed: id, title, caption, art, "
                           f"{allowed}")
            problems.add(path, line(err["loc"]), f"side {side.id}: {message}")
        return None
    if board.hex_size is None:
        problems.add(path, line(()), f"side {side.id}: give hex_size (across flats, e.g. 25mm) "
                     "here or in every_side:")
        return None
    resolved = board.resolve()
    for loc, message in resolved.problems:
        problems.add(path, line(loc), f"side {side.id}: {message}")
    if resolved.problems:
        return None
    if not resolved.cells:
        problems.add(path, line(()), f"side {side.id}: every hex is removed")
        return None
    board._board = resolved
    return board, values


def _geometry(comp, side, board, backdrop, size, path, problems, line
              ) -> tuple[float, float, float] | None:
    """Size the side around its hexes (rim coordinates, margin, title and caption bands),
    centred in ``size`` when given, and place the board; return (width, height, bleed), or
    None when the hexes do not fit the backdrop."""
    resolved = board._board
    margin, title_h = to_points(comp.margin), to_points(comp.title_height) if side.title else 0.0
    caption_h = to_points(comp.caption_height) if side.caption else 0.0
    unit_w, unit_h = hexgrid.Layout(board.orientation == "pointy", 1.0).extent(
        resolved.cells + resolved.removed)
    rim = board.rim_band()  # rim coordinates stand between the hexes and the margin
    fixed_w, fixed_h = 2 * (margin + rim), 2 * (margin + rim) + title_h + caption_h
    width, height = fixed_w + unit_w * board.hex_size, fixed_h + unit_h * board.hex_size
    spare_w, spare_h = (size[0] - width, size[1] - height) if size else (0.0, 0.0)
    shift_x, shift_y = (to_points(v) for v in comp.shift)
    if backdrop is not None and min(spare_w - 2 * abs(shift_x),
                                     spare_h - 2 * abs(shift_y)) < -0.01:
        problems.add(path, line(("hex_size",)),
                     f"side {side.id} needs {width / MM:.0f} x {height / MM:.0f} mm (hexes, "
                     f"margin, title and caption bands, shift) but backdrop "
                     f"{comp.backdrop!r} is {size[0] / MM:.0f} x {size[1] / MM:.0f} mm; "
                     "enlarge the template or make hex_size or shift smaller")
        return None
    width, height = width + spare_w, height + spare_h
    bleed = backdrop.bleed if backdrop is not None else to_points(comp.bleed)
    board.x = margin + rim + spare_w / 2 + shift_x
    board.y = margin + rim + title_h + spare_h / 2 + shift_y
    board.w, board.h = unit_w * board.hex_size, unit_h * board.hex_size
    return width, height, bleed


def _band_specs(comp, side, colors: dict, width: float, height: float, bleed: float
                ) -> list[dict]:
    """Return the background, frame, title and caption of a side without a backdrop, as
    element values in points."""
    margin, title_h = to_points(comp.margin), to_points(comp.title_height) if side.title else 0.0
    caption_h = to_points(comp.caption_height) if side.caption else 0.0
    specs = [
        {"type": "box", "x": -bleed, "y": -bleed, "w": width + 2 * bleed,
         "h": height + 2 * bleed, "fill": colors["background"]},
        {"type": "box", "x": FRAME_INSET, "y": FRAME_INSET, "w": width - 2 * FRAME_INSET,
         "h": height - 2 * FRAME_INSET, "stroke": colors["frame"], "stroke_width": 0.8 * MM,
         "radius": 3 * MM},
    ]
    if side.title:
        specs.append({"type": "text", "x": margin, "y": FRAME_INSET + 1 * MM,
                      "w": width - 2 * margin, "h": title_h + margin - FRAME_INSET - 2 * MM,
                      "text": side.title, "font": "title", "bold": True, "size": 22,
                      "min_size": 9, "align": "center", "valign": "middle",
                      "color": colors["title"]})
    if side.caption:
        specs.append({"type": "text", "x": margin, "y": height - margin - caption_h,
                      "w": width - 2 * margin, "h": caption_h + margin - FRAME_INSET - 1 * MM,
                      "text": side.caption, "size": 10, "min_size": 6, "align": "center",
                      "valign": "middle", "color": colors["title"]})
    return specs


def _bands(comp, index: int, side, builder, loaded, problems, colors: dict, board, backdrop,
           width: float, height: float, bleed: float) -> list | None:
    """Return the band elements of a side, laid out (none under a backdrop, which draws its
    own); None after a title or caption that does not fit is recorded at its line."""
    if backdrop is not None:
        return []
    context = _context(builder, width, height, loaded.path)
    draw_ctx = DrawContext(width, height, builder.fonts, builder.icons)
    elements = []
    for spec in _band_specs(comp, side, colors, width, height, bleed):
        element = (Box if spec["type"] == "box" else Text).in_points(spec, context)
        try:
            element.prepare(draw_ctx)
        except TextFitError as exc:
            key = "title" if spec.get("text") == side.title else "caption"
            problems.add(loaded.path, line_of(loaded.raw, ("sides", index, key)),
                         f"side {side.id}: {key} {exc}; shorten it")
            return None
        elements.append(element)
    return elements


def _backdrop(comp, index: int, side, builder, loaded, problems) -> Face | None:
    """Return the backdrop template's face for ``side`` (with the side's own ``art`` drawn
    after the template's elements), or None after recording problems."""
    raw, path = loaded.raw, loaded.path
    fields = {**comp.defaults, "side": side.id, "title": side.title, "caption": side.caption}
    where = Where(str(path), line_of(raw, ("sides", index)), f"side {side.id}")
    template_where = (str(path), line_of(raw, ("backdrop",)))
    try:
        name = comp.backdrop
        if side.art:
            art = _side_art(raw, index, path)
            name = builder.templates.with_elements(name, art, f"side-{side.id}", template_where)
        return builder.build(name, fields, where, template_where)
    except UserError as exc:
        problems.extend(exc)
        return None


def _plain_art(comp, index: int, side, builder, loaded, problems, geometry) -> Face | None:
    """Return the face of a side's ``art`` on a board without a backdrop (its elements go
    over the background and frame, under the hexes), or None after recording problems."""
    where = Where(str(loaded.path), line_of(loaded.raw, ("sides", index)), f"side {side.id}")
    try:
        art = _side_art(loaded.raw, index, loaded.path)
        name = builder.templates.unnamed(f"{comp.id}@side-{side.id}-art", loaded.path,
                                         geometry, art)
        return builder.build(name, {**comp.defaults, "side": side.id}, where,
                             (str(loaded.path), line_of(loaded.raw, ("sides", index, "art"))))
    except UserError as exc:
        problems.extend(exc)
        return None


def _side_art(raw, index: int, path) -> list:
    """Return a side's ``art`` elements as written (with their lines); UserError for an entry
    that is not an element."""
    elements = raw["sides"][index]["art"]
    for number, element in enumerate(elements):
        if not isinstance(element, dict) or "type" not in element:
            raise UserError(Problem(display_path(path), line_of(raw, ("sides", index, "art",
                                                                      number)),
                                    "each art entry is an element: a mapping with a 'type:'"))
    return list(elements)


def largest_hex_size(face: Face, limit: tuple[float, float]) -> float:
    """Return the largest hex_size (points) at which ``face``'s side fits a page ``limit``."""
    board = next(e for e in face.elements if isinstance(e, HexBoard))
    unit_w, unit_h = board.w / board.hex_size, board.h / board.hex_size
    fixed_w, fixed_h = face.width - board.w + 2 * face.bleed, face.height - board.h + 2 * face.bleed
    return max(0.0, max(min((a - fixed_w) / unit_w, (b - fixed_h) / unit_h)
                        for a, b in (limit, limit[::-1])))


def template_face(comp, index: int, side, builder, loaded, problems) -> Face | None:
    """Return the face of a side drawn by its template, or None after recording problems."""
    raw, path = loaded.raw, loaded.path
    if side.art:
        problems.add(path, line_of(raw, ("sides", index, "art")),
                     f"side {side.id}: art is for a hex side on a backdrop; a template side "
                     "draws its art in its template")
        return None
    extra = sorted(side.model_extra or {})
    if extra:
        problems.add(path, line_of(raw, ("sides", index, extra[0])),
                     f"side {side.id}: {extra[0]!r} is a hex map key; a template side takes "
                     "template and fields only (place a hex_board element in the template)")
        return None
    fields = {**comp.defaults, **side.fields, "side": side.id, "title": side.title,
              "caption": side.caption}
    where = Where(str(path), line_of(raw, ("sides", index)), f"side {side.id}")
    try:
        face = builder.build(side.template, fields, where,
                             (str(path), line_of(raw, ("sides", index, "template"))))
    except UserError as exc:
        problems.extend(exc)
        return None
    return face


def board_colors(comp, builder, raw, path, problems) -> dict | None:
    """Return the component's colours as names the elements accept; None after recording
    every one that is wrong."""
    out = {}
    for key, name in (("background", "background"), ("frame", "frame"), ("title", "title_color")):
        value = getattr(comp, name)
        try:
            parse_color(value, builder.colors)
        except ValueError as exc:
            problems.add(path, line_of(raw, (name,)), f"{name}: {exc}")
            continue
        out[key] = value
    return out if len(out) == 3 else None


def _context(builder, width: float, height: float, path) -> dict:
    """Return the validation context elements need (face size, fonts, icons, colours)."""
    return {"width": width, "height": height, "fonts": builder.fonts, "icons": builder.icons,
            "colors": builder.colors, "project": builder.project, "base_dir": path.parent,
            "where_path": str(path), "where_line": 1}
