"""``hex_board``: a board of hexes from its outline, with shaded, labelled and start hexes.

The shape is six side lengths (``edges``) or explicit axial cells (``axial``), minus
``remove``. Hexes are named by row letter and place in the row (``C4``), see
:mod:`sheetgen.fill.hexgrid`. ``cells`` gives features to hexes; ``hex_size`` is across flats, or
left out to fit the box. The board component (``kind: board``) uses this element for each side.
"""


import math
from dataclasses import dataclass, field
from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from .. import hexgrid
from ..colors import PALETTE, parse_color, tint
from . import register
from .base import (
    Color,
    Element,
    ElementProblems,
    FontFamily,
    FontSize,
    IconName,
    Length,
    Ratio,
    TextValue,
    TextRole,
    in_range,
    text_role,
)
from .hex_coordinates import coordinate_box
from .hex_terrain import TERRAIN_KINDS, draw_terrain
from .sheet_common import label, polygon

CellRef = Union[str, tuple[int, int]]
INK = parse_color(PALETTE["ink"])


class CellFeature(BaseModel):
    """Features of one hex or of a list of hexes."""

    model_config = ConfigDict(extra="forbid", validate_default=True, defer_build=True)

    at: Union[CellRef, list[CellRef]] = Field(
        description="A hex name (C4), a list of names, or axial coordinates [q, r].")
    fill: Color | None = Field(None, description="Terrain shade of the hex.")
    icon: IconName | None = Field(None, description="Icon drawn in the middle of the hex.")
    icon_color: Color = Field("ink", description="Colour of the icon.")
    label: TextValue = Field("", description="Short text in the hex.")
    label_color: Color = Field("ink", description="Colour of the label.")
    start: str | None = Field(None, description="Player (a key of players) who starts here.")


PatchRadius = in_range(int, 0, 50)  # rings of hexes around a removed patch's centre


class Removal(BaseModel):
    """Remove every hex within ``radius`` steps of ``around``."""

    model_config = ConfigDict(extra="forbid", validate_default=True, defer_build=True)

    around: CellRef = Field(description="Centre hex of the removed patch.")
    radius: PatchRadius = Field(
        0, description="0: the hex alone; 1: it and its 6 neighbours...")
    label: TextValue = Field("", description="Text printed over the patch (a lake's name).")
    label_color: Color = Field("ink", description="Colour of the label.")


@dataclass
class ResolvedBoard:
    """The board's hexes after removal, their features, and every problem found (loc, text)."""

    cells: list[hexgrid.Cell]
    removed: list[hexgrid.Cell]
    names: hexgrid.Names
    features: dict[hexgrid.Cell, list[CellFeature]] = field(default_factory=dict)
    problems: list[tuple[tuple, str]] = field(default_factory=list)

    def starts(self) -> dict[str, list[hexgrid.Cell]]:
        """Return each player's start hexes."""
        out: dict[str, list[hexgrid.Cell]] = {}
        for cell, feats in self.features.items():
            for feat in feats:
                if feat.start:
                    out.setdefault(feat.start, []).append(cell)
        return {k: sorted(v, key=lambda c: (c[1], c[0])) for k, v in out.items()}


def _ring(center: hexgrid.Cell, radius: int) -> list[hexgrid.Cell]:
    q0, r0 = center
    return [(q0 + dq, r0 + dr) for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)]


@register
class HexBoard(Element):
    """A hex board: outline, removed hexes, terrain shades, start hexes, labels and icons."""

    type: Literal["hex_board"] = "hex_board"
    orientation: Literal["pointy", "flat"] = "pointy"
    hex_size: Length | None = None
    edges: list[int] | None = None
    axial: list[tuple[int, int]] | None = None
    remove: list[Union[CellRef, Removal]] = []
    cells: list[CellFeature] = []
    players: dict[str, Color] = {}
    fill: Color = "paper"
    pattern: list[Color] = []
    stroke: Color = "ink"
    stroke_width: Length = "0.35mm"
    outline: Color = "ink"
    outline_width: Length = "1mm"
    removed_fill: Color = "none"
    start_ring: Length = "1.2mm"
    start_fill: dict[str, Color] = {}
    terrain: list[Literal[TERRAIN_KINDS]] = []
    terrain_strength: Ratio = 0.3
    coordinates: bool | Literal["rim", "both"] = False
    # game text (min_game_text): 7 pt of the lining-figure label family passes by default
    coordinate_size: FontSize = 7.0
    coordinate_color: Color = "dark-gray"
    coordinate_font: FontFamily = "label"
    coordinate_bold: bool = False
    coordinate_plaque: Color = "none"
    coordinate_clear: Length | None = None
    # board text (role_text board): 9 pt, read across the table
    rim_size: FontSize = 9.0
    rim_color: Color = "ink"
    rim_font: FontFamily = "label"
    rim_gap: Length = "1.5mm"
    rim_role: TextRole = "board"
    label_size: FontSize = 8.0
    _board: ResolvedBoard | None = PrivateAttr(default=None)

    field_docs = {
        'terrain': 'Terrain motifs (grass, pebbles, heather...) chosen per hex like pattern.',
        'terrain_strength': 'How much darker than the hex its terrain motifs are (0-1).',
        'coordinate_font': 'Font family of the printed hex names.',
        'coordinate_bold': 'Print the hex names in bold.',
        'coordinate_plaque': 'Colour of a light plaque behind each hex name, or none.',
        'coordinate_clear': (
            "Diameter of a piece standing on the hex centre (length): each name sits in the "
            "hex's lower corner, wholly outside that circle, on a plaque hugging the text."),
        'orientation': (
            "pointy: hexes point up, rows are letters (A1 is the top row's leftmost hex); flat: "
            "flat tops, columns are letters (A1 is the leftmost column's top hex)."),
        'hex_size': (
            "Width of one hex across its flats (length); default: the largest that fits the box. "
            "(hex_cluster's size is centre-to-corner instead.)"),
        'edges': (
            "Six side lengths, in hexes, clockwise from the top: the board's outline."),
        'axial': "Or: the board's hexes as axial [q, r] pairs.",
        'remove': (
            'Hexes left off the board: names (C4), [q, r] pairs, or {around: C4, radius: 1} '
            'patches.'),
        'players': 'Player names and their colours, for cells with start: NAME.',
        'pattern': 'Three colours shading the hexes so that straight lines of hexes show.',
        'removed_fill': 'Fill of removed hexes (inside the outline), or none.',
        'start_ring': "Width of the coloured ring marking a player's start hex (length).",
        'start_fill': ("Fill of a player's start hexes, by player ({ivory: '#fbf5e2'}); "
                       "default a light tint of the player's colour."),
        'coordinates': (
            "true: print each hex's name (A1, B3...) inside it; rim: print the coordinates on "
            "the board's rim instead (each row's letter at both ends of the row, the places "
            "1, 2... above the top row and below the bottom one; for flat hexes, column letters "
            "above and below, places left and right); both: inside the hexes and on the rim. "
            "A tiled print's page map then lists the coordinates each tile covers."),
        'rim_size': ("Size in points of the rim coordinates (default 9: board text, read "
                     "across the table)."),
        'rim_color': 'Colour of the rim coordinates.',
        'rim_font': 'Font family of the rim coordinates (label: lining figures).',
        'rim_gap': 'Room between the hexes and the rim coordinates (length).',
        'rim_role': ("Text role of the rim coordinates for the print checks (default board: "
                     "9 pt, read across the table; role_text)."),
        'coordinate_size': 'Size in points of the printed hex names.',
        'coordinate_color': 'Colour of the printed hex names.',
        'label_size': 'Size in points of cell labels.',
        'cells': (
            'Hexes that get a feature, each {at: C4 or [C4, D5], fill, icon, icon_color, label, '
            'label_color, start: PLAYER}.'),
    }
    doc = ("Hex board: `edges` (six side lengths clockwise from the top) or `axial` cells, minus "
           "`remove`; `cells` give hexes (by name: C4 is row C's 4th hex, or column C's with "
           "`orientation: flat`) a fill, icon, label or a "
           "player's start; `pattern` shades hexes with three colours so straight lines show; "
           "`terrain` draws small motifs (grass, pebbles, heather, pines, rocks) chosen like "
           "`pattern`, in the hex's shade darkened by `terrain_strength`; `coordinate_font` "
           "and `coordinate_plaque` (a light label behind each name) keep names legible.")
    sample = {"type": "hex_board", "x": "5mm", "y": "5mm", "w": "50mm", "h": "40mm",
              "edges": [3, 4, 2, 5, 2, 4], "players": {"ivory": "ivory", "red": "red"},
              "cells": [{"at": ["A2"], "start": "ivory"}, {"at": "E3", "start": "red"},
                        {"at": "C3", "icon": "tree", "fill": "green"}],
              "remove": ["C1"], "coordinates": True, "terrain": ["grass", "none", "pebbles"],
              "coordinate_font": "title", "coordinate_plaque": "paper"}

    def resolve(self) -> ResolvedBoard:
        """Return the hexes and features; problems carry the field path that caused them."""
        problems: list[tuple[tuple, str]] = []
        if (self.edges is None) == (self.axial is None):
            problems.append(((), "give the shape as edges: (six side lengths) or as axial: "
                                 "(a list of [q, r]), not both and not neither"))
            return ResolvedBoard([], [], hexgrid.Names({}), problems=problems)
        if self.edges is not None:
            problem = hexgrid.edges_problem(self.edges)
            if problem:
                return ResolvedBoard([], [], hexgrid.Names({}), problems=[(("edges",), problem)])
            shape = hexgrid.shape_from_edges(self.edges)
        else:
            shape = list(dict.fromkeys(tuple(c) for c in self.axial))
            if len(shape) != len(self.axial):
                problems.append((("axial",), "a cell is listed twice in axial:"))
        names = hexgrid.Names.of(shape, pointy=self.orientation == "pointy")
        on_board = set(shape)
        removed: dict[hexgrid.Cell, int] = {}
        for index, entry in enumerate(self.remove):
            loc = ("remove", index)
            if isinstance(entry, Removal):
                centre = self._cell(entry.around, names, on_board, loc + ("around",), problems)
                patch = _ring(centre, entry.radius) if centre else []
            else:
                one = self._cell(entry, names, on_board, loc, problems)
                patch = [one] if one else []
            for cell in patch:
                if cell not in on_board:
                    continue  # a patch may reach past the edge
                if cell in removed:
                    problems.append((loc, f"hex {names.name(cell)} is already removed by "
                                          f"remove entry {removed[cell] + 1}; removed patches "
                                          "must not overlap"))
                    break
                removed[cell] = index
        cells = [c for c in shape if c not in removed]
        resolved = ResolvedBoard(cells, list(removed), names, problems=problems)
        for index, feature in enumerate(self.cells):
            refs = feature.at if isinstance(feature.at, list) else [feature.at]
            loc = ("cells", index, "at")
            if feature.start is not None and feature.start not in self.players:
                known = ", ".join(self.players) or "none"
                problems.append((("cells", index, "start"), f"start: unknown player "
                                 f"{feature.start!r}; players: {known}"))
            for ref in refs:
                cell = self._cell(ref, names, on_board, loc, problems)
                if cell is None:
                    continue
                if cell in removed:
                    what = "start hex" if feature.start else "hex"
                    problems.append((loc, f"{what} {names.name(cell)} is outside the board: it "
                                          f"is removed (remove entry {removed[cell] + 1})"))
                    continue
                resolved.features.setdefault(cell, []).append(feature)
        return resolved

    @staticmethod
    def _cell(ref, names, on_board, loc, problems) -> hexgrid.Cell | None:
        """Return the cell a reference names, or None after recording why it is not one."""
        if isinstance(ref, tuple):
            if ref not in on_board:
                problems.append((loc, f"axial cell {list(ref)} is outside the board"))
                return None
            return ref
        try:
            return names.cell(ref)
        except ValueError as exc:
            problems.append((loc, str(exc)))
            return None

    def prepare(self, ctx) -> None:
        """Resolve the shape and check every hex reference (one ElementProblems for all)."""
        board = self.resolve()
        if board.problems:
            raise ElementProblems([
                f"hex_board {'.'.join(map(str, loc))}: {message}" if loc else message
                for loc, message in board.problems])
        if not board.cells:
            raise ValueError("hex_board has no hexes left")
        self._board = board

    def layout(self) -> tuple[hexgrid.Layout, float, float]:
        """Return the layout and the offset (x, y from the box's top-left) of hex (0, 0)."""
        board = self._board or self.resolve()
        pointy = self.orientation == "pointy"
        shape = board.cells + board.removed
        band = self.rim_band()
        size = self.hex_size or hexgrid.size_to_fit(shape, pointy, self.w - 2 * band,
                                                    self.h - 2 * band)
        lay = hexgrid.Layout(pointy, size)
        x0, y0, x1, y1 = lay.bounds(shape)
        return lay, (self.w - (x1 - x0)) / 2 - x0, (self.h - (y1 - y0)) / 2 - y0

    def centers(self) -> dict[hexgrid.Cell, tuple[float, float]]:
        """Return every hex centre in face coordinates from the top-left (x right, y down)."""
        board = self._board or self.resolve()
        lay, ox, oy = self.layout()
        return {c: (self.x + ox + lay.center(c)[0], self.y + oy + lay.center(c)[1])
                for c in board.cells}

    @property
    def rim(self) -> bool:
        """Whether the board prints its coordinates on its rim."""
        return self.coordinates in ("rim", "both")

    def rim_band(self) -> float:
        """Return the room (points) the rim coordinates take beyond the hexes on every side:
        the gap and two characters of rim text (0 without a rim)."""
        return self.rim_gap + 1.6 * self.rim_size if self.rim else 0.0

    def rim_cells(self) -> list[tuple[str, str, tuple[float, float]]]:
        """Return every hex as (row letter, place, centre in face coordinates from the
        top-left, y down) when the board prints rim coordinates (a tiled print's page map
        lists the ranges each tile covers); else []."""
        if not self.rim:
            return []
        board = self._board or self.resolve()
        out = []
        for cell, centre in self.centers().items():
            name = board.names.name(cell)
            letters = name.rstrip("0123456789")
            out.append((letters, name[len(letters):], centre))
        return out

    def icons(self) -> set[str]:
        """Return the icons drawn in hexes."""
        return {c.icon for c in self.cells if c.icon}

    def draw(self, canvas, ctx) -> None:
        """Paint the hexes, their features, and the outline."""
        board = self._board or self.resolve()
        lay, ox, oy = self.layout()
        top = ctx.height - self.y

        def pt(x: float, y: float) -> tuple[float, float]:
            return self.x + ox + x, top - oy - y

        def hexagon(cell, inset=0.0, fill=None, stroke=None, width=0.0):
            polygon(canvas, ctx, [pt(*p) for p in lay.corners(cell, inset)], fill, stroke, width)

        canvas.saveState()
        canvas.setLineJoin(1)
        if self.removed_fill is not None:
            for cell in board.removed:
                # stroked in its own colour so neighbouring removed hexes show no seams
                hexagon(cell, fill=self.removed_fill, stroke=self.removed_fill, width=0.8)
        for cell in board.cells:
            fill = self.fill
            shade = (cell[0] - cell[1]) % max(len(self.pattern), len(self.terrain), 1)
            if len(self.pattern) >= 1:
                fill = self.pattern[(cell[0] - cell[1]) % len(self.pattern)]
            plain = False
            for feat in board.features.get(cell, []):
                if feat.fill is not None:
                    fill = feat.fill
                if feat.start:
                    fill = self.start_fill.get(feat.start) or tint(self.players[feat.start],
                                                                   0.55)
                    plain = True
            hexagon(cell, fill=fill, stroke=self.stroke, width=self.stroke_width)
            if self.terrain and not plain:
                self._draw_terrain(canvas, ctx, cell, fill, pt(*lay.center(cell)), lay.radius,
                                   self.terrain[shade % len(self.terrain)])
        for cell in board.cells:
            for feat in board.features.get(cell, []):
                if feat.start:
                    inset = self.start_ring * 1.6
                    hexagon(cell, inset=inset, stroke=self.players[feat.start],
                            width=self.start_ring)
                    if self.stroke is not None:
                        for edge in (inset - self.start_ring / 2, inset + self.start_ring / 2):
                            hexagon(cell, inset=edge, stroke=self.stroke,
                                    width=self.stroke_width * 0.6)
        self._draw_marks(canvas, ctx, board, lay, pt)
        self._draw_removal_labels(canvas, ctx, board, lay, pt)
        self._draw_outline(canvas, ctx, board, lay, pt)
        if self.rim:
            self._draw_rim(canvas, ctx, board, lay, pt)
        canvas.restoreState()

    def _draw_rim(self, canvas, ctx, board, lay, pt) -> None:
        """Print the row letters and places on the board's rim, clear of the hexes."""
        size = self.rim_size
        with text_role(canvas, self.rim_role):
            self._draw_rim_marks(canvas, ctx, board, lay, pt, size)

    def _draw_rim_marks(self, canvas, ctx, board, lay, pt, size: float) -> None:
        """Draw each rim mark of ``board`` at ``size`` points."""
        for mark in hexgrid.rim_labels(board.names, lay, self.rim_gap):
            x, y, align = _rim_anchor(mark, size)
            x, y = pt(x, y)
            label(canvas, ctx, mark.text, x, y, size, self.rim_color, bold=True,
                  font=self.rim_font, align=align)

    def rim_marks(self) -> list[tuple[str, float, float, str]]:
        """Return every rim coordinate as printed: (text, x, y, align), the text's anchor in
        face coordinates from the top-left (y down, at the text's middle height); [] without
        a rim. A tiled print's page map draws the same marks in small, so map and rim agree."""
        if not self.rim:
            return []
        board = self._board or self.resolve()
        lay, ox, oy = self.layout()
        out = []
        for mark in hexgrid.rim_labels(board.names, lay, self.rim_gap):
            x, y, align = _rim_anchor(mark, self.rim_size)
            out.append((mark.text, self.x + ox + x, self.y + oy + y, align))
        return out

    def _draw_terrain(self, canvas, ctx, cell, fill, centre, radius, kind) -> None:
        """Draw the hex's terrain motifs in its own shade, darkened by terrain_strength."""
        base = fill if fill is not None else (1.0, 1.0, 1.0)
        ink = tuple(c * (1 - self.terrain_strength) for c in base)
        canvas.saveState()
        ctx.fill(canvas, ink)
        ctx.stroke(canvas, ink)
        draw_terrain(canvas, kind, cell, centre[0], centre[1], radius)
        canvas.restoreState()

    def _draw_coordinate(self, canvas, ctx, name: str, cx: float, cy: float, radius: float,
                         low: float, color) -> None:
        """Write a hex's name ``low`` radii below its centre in ``color``, on its plaque when
        one is set; with ``coordinate_clear``, just below the circle a piece covers."""
        font = ctx.fonts.font_name(self.coordinate_font, bold=self.coordinate_bold)
        size = self.coordinate_size
        box = coordinate_box(ctx.fonts.width(name, font, size), size, radius, low,
                             self.coordinate_clear)
        if self.coordinate_plaque is not None:
            canvas.saveState()
            ctx.fill(canvas, self.coordinate_plaque)
            canvas.roundRect(cx + box.left, cy - box.bottom, box.width, box.height,
                             box.height * 0.3, stroke=0, fill=1)
            canvas.restoreState()
        ctx.fill(canvas, color, is_fill=False)
        canvas.setFont(font, size)
        canvas.drawCentredString(cx, cy - box.baseline, name)

    def _draw_marks(self, canvas, ctx, board, lay, pt) -> None:
        """Icons, labels and coordinates."""
        bold = ctx.fonts.font_name("body", bold=True)
        for cell in board.cells:
            cx, cy = pt(*lay.center(cell))
            for feat in board.features.get(cell, []):
                if feat.icon:
                    size = lay.size * 0.5
                    canvas.saveState()
                    ctx.fill(canvas, feat.icon_color, is_fill=False)
                    ctx.icons.draw(canvas, feat.icon, cx - size / 2, cy - size / 2, size)
                    canvas.restoreState()
                if feat.label:
                    ctx.fill(canvas, feat.label_color, is_fill=False)
                    canvas.setFont(bold, self.label_size)
                    canvas.drawCentredString(cx, cy - self.label_size * 0.35, feat.label)
            if self.coordinates in (True, "both") and self.coordinate_color is not None:
                # Without a plaque, a start hex's ring runs where the name sits low in the hex
                # and its tint is darker: the name goes inside the ring, in ink.
                start = self.coordinate_plaque is None and any(
                    feat.start for feat in board.features.get(cell, []))
                self._draw_coordinate(canvas, ctx, board.names.name(cell), cx, cy, lay.radius,
                                      low=0.5 if start else 0.72,
                                      color=INK if start else self.coordinate_color)

    def _draw_removal_labels(self, canvas, ctx, board, lay, pt) -> None:
        """Write each labelled removed patch's name over its centre hex."""
        font = ctx.fonts.font_name("title", bold=True)
        for entry in self.remove:
            if isinstance(entry, Removal) and entry.label:
                centre = entry.around if isinstance(entry.around, tuple) else \
                    board.names.cell(entry.around)
                cx, cy = pt(*lay.center(centre))
                size = self.label_size * 1.5
                ctx.fill(canvas, entry.label_color, is_fill=False)
                canvas.setFont(font, size)
                canvas.drawCentredString(cx, cy - size * 0.35, entry.label)

    def _draw_outline(self, canvas, ctx, board, lay, pt) -> None:
        """Stroke every hex side that has no neighbour on the board (the board's edge)."""
        if self.outline is None:
            return
        cells = set(board.cells)
        ctx.stroke(canvas, self.outline)
        canvas.setLineWidth(self.outline_width)
        canvas.setLineCap(1)
        steps = _side_neighbours(lay)
        path = canvas.beginPath()
        for cell in board.cells:
            corners = lay.corners(cell)
            for k, (dq, dr) in enumerate(steps):
                if (cell[0] + dq, cell[1] + dr) not in cells:
                    path.moveTo(*pt(*corners[k]))
                    path.lineTo(*pt(*corners[(k + 1) % 6]))
        canvas.drawPath(path, fill=0, stroke=1)


def _side_neighbours(lay: hexgrid.Layout) -> list[tuple[int, int]]:
    """Return, for the side between corners k and k+1, the axial step to the hex across it."""
    directions = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    ox, oy = lay.center((0, 0))
    corners = lay.corners((0, 0))
    out = []
    for k in range(6):
        mx = (corners[k][0] + corners[(k + 1) % 6][0]) / 2 - ox
        my = (corners[k][1] + corners[(k + 1) % 6][1]) / 2 - oy
        out.append(min(directions, key=lambda d: math.dist(
            (lay.center(d)[0] - ox, lay.center(d)[1] - oy), (2 * mx, 2 * my))))
    return out


def _rim_anchor(mark, size: float) -> tuple[float, float, str]:
    """Return where a rim mark's text is anchored (board coordinates, y down) and its
    alignment: the text runs away from the board, right-aligned on the left rim, centred (half
    a capital's height further out) above and below."""
    dy, align = {"left": (0, "right"), "right": (0, "left"), "top": (-0.4 * size, "center"),
                 "bottom": (0.4 * size, "center")}[mark.side]
    return mark.x, mark.y + dy, align
