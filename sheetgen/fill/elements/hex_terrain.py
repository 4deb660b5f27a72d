"""Terrain motifs drawn inside one hex: grass tufts, pebbles, heather, pines, rocks.

This module registers no element; ``hex_board`` calls :func:`draw_terrain` for each hex that
its ``terrain`` list gives a kind. Motifs are small vector marks in one colour, placed by a
random generator seeded from the hex, so the same board always draws the same marks. They keep
clear of the hex's middle (where a token stands) and of its lower part (the coordinate).
"""

from __future__ import annotations

import hashlib
import math
import random

from .sheet_common import MIN_LINE

TERRAIN_KINDS = ("none", "grass", "pebbles", "heather", "pines", "rocks")


def cell_random(cell: tuple[int, int], kind: str) -> random.Random:
    """Return a generator seeded by the hex and the kind (stable across runs and machines)."""
    digest = hashlib.sha1(f"{cell[0]},{cell[1]}|{kind}".encode()).hexdigest()
    return random.Random(digest)


def motif_spots(rng: random.Random, radius: float, count: int) -> list[tuple[float, float]]:
    """Return up to ``count`` offsets from the centre in a ring around the token's footprint.

    The ring runs from 0.5 to 0.78 of the hex radius and skips the lowest third of the circle,
    where the coordinate sits; offsets are in points, y upwards.
    """
    spots: list[tuple[float, float]] = []
    tries = 0
    while len(spots) < count and tries < count * 20:
        tries += 1
        angle = rng.uniform(-math.pi / 6, math.pi * 7 / 6)  # upper two thirds, y up
        dist = radius * rng.uniform(0.5, 0.78)
        x, y = dist * math.cos(angle), dist * math.sin(angle)
        if all(math.dist((x, y), s) > radius * 0.22 for s in spots):
            spots.append((x, y))
    return spots


def draw_terrain(canvas, kind: str, cell: tuple[int, int], cx: float, cy: float,
                 radius: float) -> None:
    """Draw ``kind`` motifs in the hex centred at (cx, cy) with corner radius ``radius``.

    The caller sets the fill and stroke colour; nothing is drawn for ``none``.
    """
    if kind == "none":
        return
    rng = cell_random(cell, kind)
    unit = radius * 0.09
    canvas.saveState()
    canvas.setLineWidth(max(unit * 0.35, MIN_LINE))
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    motif, count = _MOTIFS[kind]
    for dx, dy in motif_spots(rng, radius, count):
        motif(canvas, rng, cx + dx, cy + dy, unit)
    canvas.restoreState()


def _grass(canvas, rng, x, y, unit) -> None:
    """A tuft: three or four blades fanning up from one root."""
    path = canvas.beginPath()
    blades = rng.choice((3, 4))
    for k in range(blades):
        lean = (k - (blades - 1) / 2) * 0.55 + rng.uniform(-0.15, 0.15)
        height = unit * rng.uniform(2.0, 2.8)
        path.moveTo(x, y)
        path.curveTo(x + lean * unit * 0.3, y + height * 0.5, x + lean * unit, y + height * 0.8,
                     x + lean * unit * 1.6, y + height)
    canvas.drawPath(path, stroke=1, fill=0)


def _pebbles(canvas, rng, x, y, unit) -> None:
    """Two or three small flat stones lying together."""
    for _ in range(rng.choice((2, 3))):
        w, h = unit * rng.uniform(0.9, 1.5), unit * rng.uniform(0.5, 0.8)
        ox, oy = rng.uniform(-1.2, 1.2) * unit, rng.uniform(-0.6, 0.6) * unit
        canvas.ellipse(x + ox - w / 2, y + oy - h / 2, x + ox + w / 2, y + oy + h / 2,
                       stroke=1, fill=0)


def _heather(canvas, rng, x, y, unit) -> None:
    """A low clump: a mound of five or six round blossoms."""
    for k in range(rng.choice((5, 6))):
        bx = x + (k % 3 - 1) * unit * 0.75 + rng.uniform(-0.15, 0.15) * unit
        by = y + (k // 3) * unit * 0.65 + rng.uniform(-0.1, 0.1) * unit
        canvas.circle(bx, by, unit * rng.uniform(0.3, 0.42), stroke=0, fill=1)


def _pines(canvas, rng, x, y, unit) -> None:
    """A small fir: a trunk under three stacked triangles."""
    scale = rng.uniform(0.9, 1.2) * unit
    canvas.line(x, y - scale * 1.8, x, y - scale * 1.1)
    path = canvas.beginPath()
    for k in range(3):
        base = y - scale * (1.1 - k * 0.9)
        half = scale * (1.3 - k * 0.3)
        path.moveTo(x - half, base)
        path.lineTo(x, base + scale * 1.3)
        path.lineTo(x + half, base)
        path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _rocks(canvas, rng, x, y, unit) -> None:
    """A boulder outline with one crack line."""
    s = unit * rng.uniform(1.3, 1.8)
    points = [(-1.1, -0.6), (-0.8, 0.4), (-0.1, 0.9), (0.7, 0.6), (1.1, -0.6)]
    path = canvas.beginPath()
    path.moveTo(x + points[0][0] * s, y + points[0][1] * s)
    for px, py in points[1:]:
        path.lineTo(x + px * s, y + py * s)
    path.close()
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.line(x - 0.1 * s, y + 0.9 * s, x + 0.15 * s, y + 0.1 * s)


_MOTIFS = {"grass": (_grass, 5), "pebbles": (_pebbles, 5), "heather": (_heather, 6),
           "pines": (_pines, 3), "rocks": (_rocks, 3)}
