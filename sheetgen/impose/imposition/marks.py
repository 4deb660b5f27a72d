"""Crop marks at the real edges of faces (abutting or a gap apart), their clips, and other
printer's marks."""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str

from ...base.units import MM

MARK_GAP = 0.5 * MM     # space between the bleed edge and a mark
MARK_LENGTH = 4 * MM
MARK_WIDTH = 0.25       # points
PAGE_SAFE = 2 * MM      # marks stop this far from the paper edge
MIN_MARK = 2.5 * MM     # the shortest mark a grid's gap may leave room for


def mark_room(bleed: float) -> float:
    """Return the margin a face's trim needs outside it for a crop mark ``MIN_MARK`` long:
    its bleed, the gap before the mark, the mark and the paper's safe edge."""
    return bleed + MARK_GAP + MIN_MARK + PAGE_SAFE


SEAM_OVERLAP = 0.3 * MM  # a face runs this far under an abutting neighbour: no seam shows


Box = tuple[float, float, float, float]


def crop_marks(doc, xs: list[float], ys: list[float], bleed: float) -> None:
    """Draw crop marks at every cut line of a full grid whose cuts are at ``xs`` and ``ys``."""
    boxes = [(x0, y0, x1, y1) for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:])]
    card_marks(doc, boxes, bleed)


def card_marks(doc, boxes: list[Box], bleed: float) -> None:
    """Draw crop marks at the real edges of the faces whose trims are ``boxes`` (page points).

    Every edge line gets a mark beyond each end of the faces along it, outside their bleed:
    never between faces, never where no face has an edge (an empty slot), and short of the
    paper edge. Each mark is reserved on the page, so the slug keeps clear of it.
    """
    c = doc.canvas
    width, height = doc.pagesize
    verticals: dict[float, list[Box]] = {}
    horizontals: dict[float, list[Box]] = {}
    for box in boxes:
        for x in (box[0], box[2]):
            verticals.setdefault(_near(x, verticals), []).append(box)
        for y in (box[1], box[3]):
            horizontals.setdefault(_near(y, horizontals), []).append(box)
    c.saveState()
    doc.set_color((0, 0, 0), stroke=True)
    c.setLineWidth(MARK_WIDTH)
    for x, along in verticals.items():
        top, bottom = max(b[3] for b in along), min(b[1] for b in along)
        _segment(doc, x, top + bleed + MARK_GAP, 0, 1, height - PAGE_SAFE)
        _segment(doc, x, bottom - bleed - MARK_GAP, 0, -1, PAGE_SAFE)
    for y, along in horizontals.items():
        right, left = max(b[2] for b in along), min(b[0] for b in along)
        _segment(doc, right + bleed + MARK_GAP, y, 1, 0, width - PAGE_SAFE)
        _segment(doc, left - bleed - MARK_GAP, y, -1, 0, PAGE_SAFE)
    c.restoreState()


def face_clip(box: Box, boxes: list[Box], bleed: float) -> Box:
    """Return the clip of the face whose trim is ``box`` among its neighbours ``boxes``.

    Its bleed shows in full where no face stands within twice the bleed; towards a neighbour
    a gap away it fills its half of the gap (each card's art runs to the middle of the gap, so
    a cut a little off its line still leaves a clean card); towards an abutting neighbour it
    runs ``SEAM_OVERLAP`` under the neighbour's edge (whichever is drawn later covers it), so
    no light seam shows on the shared cut.
    """
    x0, y0, x1, y1 = box

    def gap_to(side: int) -> float | None:
        """The gap to the nearest face beyond ``side`` (0 left, 1 bottom, 2 right, 3 top)."""
        found = None
        for o in boxes:
            if o is box:
                continue
            if side in (0, 2) and o[1] < y1 - 0.01 and o[3] > y0 + 0.01:
                apart = box[0] - o[2] if side == 0 else o[0] - box[2]
            elif side in (1, 3) and o[0] < x1 - 0.01 and o[2] > x0 + 0.01:
                apart = box[1] - o[3] if side == 1 else o[1] - box[3]
            else:
                continue
            if -0.01 < apart < 2 * bleed - 0.01 and (found is None or apart < found):
                found = max(apart, 0.0)
        return found

    def grow(side: int) -> float:
        apart = gap_to(side)
        if apart is None:
            return bleed
        return SEAM_OVERLAP if apart < 0.01 else apart / 2

    return (x0 - grow(0), y0 - grow(1), x1 + grow(2), y1 + grow(3))


def _near(value: float, seen: dict) -> float:
    """Return the key of ``seen`` within 0.01 pt of ``value``, or ``value`` itself."""
    return next((key for key in seen if abs(key - value) < 0.01), value)


def _segment(doc, x: float, y: float, dx: int, dy: int, limit: float) -> None:
    """Draw a mark from (x, y) in direction (dx, dy), stopping short of anything printed."""
    start = x if dx else y
    room = (limit - start) * (dx or dy)
    for x0, y0, x1, y1 in doc.occupied:
        if dx and y0 - 0.01 <= y <= y1 + 0.01 and x1 - x0 > 0.01:
            ahead = (x0 - x) if dx > 0 else (x - x1)
        elif dy and x0 - 0.01 <= x <= x1 + 0.01 and y1 - y0 > 0.01:
            ahead = (y0 - y) if dy > 0 else (y - y1)
        else:
            continue
        if ahead >= 0:
            room = min(room, ahead - MARK_GAP)
    length = min(MARK_LENGTH, room)
    if length > 0.5 * MM:
        x1, y1 = x + dx * length, y + dy * length
        doc.canvas.line(x, y, x1, y1)
        doc.marks.append((len(doc.canvas._code) - 1, x, y, x1, y1))
        doc.reserve((min(x, x1), min(y, y1), max(x, x1), max(y, y1)))


def trim_marks(doc, box: Box, gap: float) -> None:
    """Shorten every crop mark of the page that comes within ``gap`` of ``box`` (the slug,
    where no margin is clear of marks) so it stops ``gap`` short of it, from its start at the
    faces; a mark left shorter than half a millimetre is dropped. Each mark's line is
    rewritten in place in the page's content, as ReportLab wrote it."""
    x0, y0, x1, y1 = box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap
    code = doc.canvas._code
    kept = []
    for at, sx, sy, ex, ey in doc.marks:
        lo_x, hi_x, lo_y, hi_y = min(sx, ex), max(sx, ex), min(sy, ey), max(sy, ey)
        if not (lo_x < x1 and x0 < hi_x and lo_y < y1 and y0 < hi_y):
            kept.append((at, sx, sy, ex, ey))
            continue
        if sx != ex:  # horizontal: cut at the box's near side
            ahead = 1 if ex > sx else -1
            ex = x0 if ahead > 0 else x1
            room = (ex - sx) * ahead
        else:
            ahead = 1 if ey > sy else -1
            ey = y0 if ahead > 0 else y1
            room = (ey - sy) * ahead
        if room < 0.5 * MM:
            code[at] = ""  # nothing left outside the slug
            continue
        code[at] = f"n {fp_str(sx, sy)} m {fp_str(ex, ey)} l S"
        kept.append((at, sx, sy, ex, ey))
    doc.marks = kept


def fold_line(doc, x: float, y0: float, y1: float, label: str = "fold") -> None:
    """Draw a dashed vertical fold line with a label."""
    c = doc.canvas
    c.saveState()
    doc.set_color((0.4, 0.4, 0.4), stroke=True)
    doc.set_color((0.4, 0.4, 0.4))
    c.setLineWidth(0.4)
    c.setDash([3, 3])
    c.line(x, y0, x, y1)
    c.setFont(doc.fonts.font_name("body"), 6)
    c.drawCentredString(x, y1 + 2 * MM, label)
    c.restoreState()
