"""The Ragnarocks board: shape per the rulebook, tiling that reassembles, page sizes, fonts."""

from __future__ import annotations

import math
import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pdfcheck import MM, fonts_of, page_texts, placements
from sheetgen.fill import hexgrid
from sheetgen.api import Session
from sheetgen.fill.elements.hex_board import HexBoard
from sheetgen.load.profiles import builtin_profiles
from sheetgen.impose.imposition.tiling import MARK_ZONE, PAPER_MARGIN, plan_tiles
from sheetgen.generate.games import load_game

PAPER = builtin_profiles().size


@pytest.fixture(scope="module")
def seams(project) -> tuple[float, ...]:
    """Where the board asks its vertical glue seams to fall (board.yaml ``seams:``), points."""
    from sheetgen.base.units import to_points

    model = load_game(project, "ragnarocks").component("board").model
    return tuple(to_points(v) for v in model.seams)


@pytest.fixture(scope="module")
def sides(project):
    """The prepared board: one Card per side, its face holding the hex_board element."""
    game = load_game(project, "ragnarocks")
    comp = game.component("board")
    (_, _, prepared), = Session(project).prepare_all([(game, comp)])
    return {card.label: card for card in prepared.cards}


def board_of(card) -> HexBoard:
    return next(e for e in card.front.elements if isinstance(e, HexBoard))


def test_side_a_is_the_rulebook_shape(sides):
    board = board_of(sides["a"])
    resolved = board.resolve()
    cells = resolved.cells
    assert len(cells) == 75
    assert hexgrid.side_lengths(cells) == [5, 7, 3, 9, 3, 7]
    top, bottom = hexgrid.edge_cells(cells, 1), hexgrid.edge_cells(cells, 4)
    assert len(top) == 5 and len(bottom) == 9
    # the 5-hex edge faces the 9-hex edge: first and last rows of the board
    assert {r for _, r in top} == {0} and {r for _, r in bottom} == {max(r for _, r in cells)}
    starts = resolved.starts()
    assert starts["ivory"] == sorted(top, key=lambda c: c[0])[1:4]
    assert starts["red"] == sorted(bottom, key=lambda c: c[0])[3:6]
    assert [resolved.names.name(c) for c in starts["ivory"]] == ["A2", "A3", "A4"]


def test_side_b_is_a_different_legal_board(sides):
    resolved = board_of(sides["b"]).resolve()
    cells = resolved.cells
    outline = cells + resolved.removed
    assert len(cells) == 79 and len(resolved.removed) == 19
    assert hexgrid.side_lengths(outline) == [5, 8, 4, 9, 4, 8]
    # the removed well lies inside: every edge hex is still on the board
    for side in range(1, 7):
        assert not set(hexgrid.edge_cells(outline, side)) & set(resolved.removed)
    top, bottom = hexgrid.edge_cells(outline, 1), hexgrid.edge_cells(outline, 4)
    starts = resolved.starts()
    assert starts["ivory"] == sorted(top)[1:4]
    assert starts["red"] == sorted(bottom)[3:6]
    assert set(cells) != set(board_of(sides["a"]).resolve().cells)


def test_hexes_fit_a_19mm_token(sides):
    for card in sides.values():
        assert board_of(card).hex_size >= 22 * MM


@pytest.mark.parametrize("page_no,side", [(0, "a"), (1, "b")])
def test_no_text_lies_inside_a_play_hex(built, sides, page_no, side):
    # Issue 25 kept each hex's name clear of a token on its centre; issue 34 (the reader:
    # "coordinates belong on the board rim, not inside every play hex") took the names out of
    # the hexes: no printed glyph's centre lies within a hex's inscribed circle on either side.
    path = built("ragnarocks", "board", "pod")
    reader = PdfReader(path)
    card, board = sides[side], board_of(sides[side])
    trim = [float(v) for v in reader.pages[page_no].trimbox]
    page = pdfium.PdfDocument(path)[page_no]
    text = page.get_textpage()
    glyphs = [text.get_charbox(i) for i in range(text.count_chars())
              if (text.get_text_range(i, 1) or " ").strip()]
    assert len(glyphs) > 100
    for cx, cy_down in board.centers().values():
        cx, cy = trim[0] + cx, trim[1] + card.front.height - cy_down
        for x0, y0, x1, y1 in glyphs:
            assert math.hypot((x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy) > board.hex_size / 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("side", ["a", "b"])
def test_tiles_reassemble(sides, seams, paper, side):
    card = sides[side]
    face, board = card.front, board_of(card)
    plan = plan_tiles(face.width, face.height, face.bleed, PAPER(paper), 10 * MM, seams)
    assert plan.xs[1:-1] == list(seams)  # session 13: the seam clear of the start hexes
    # every hex centre lies on exactly one tile's trimmed area (face y runs upwards)
    for x, y_down in board.centers().values():
        y = face.height - y_down
        owners = [t for t in plan.tiles
                  if t.trim[0] <= x < t.trim[2] and t.trim[1] < y <= t.trim[3]]
        assert len(owners) == 1, (x, y)
    # trimmed areas tile the whole face with its bleed, no gap, no overlap
    area = sum((t.trim[2] - t.trim[0]) * (t.trim[3] - t.trim[1]) for t in plan.tiles)
    full = (face.width + 2 * face.bleed) * (face.height + 2 * face.bleed)
    assert area == pytest.approx(full)
    room = (plan.page[0] - 2 * (PAPER_MARGIN + MARK_ZONE),
            plan.page[1] - 2 * (PAPER_MARGIN + MARK_ZONE))
    for t in plan.tiles:
        assert t.window[2] - t.window[0] <= room[0] + 0.01
        assert t.window[3] - t.window[1] <= room[1] + 0.01
        # a tile's glue strip shows exactly the art its right / lower neighbour starts with
        if t.col < plan.cols - 1:
            assert t.window[2] - t.trim[2] == pytest.approx(10 * MM)
        if t.row < plan.rows - 1:
            assert t.trim[1] - t.window[1] == pytest.approx(10 * MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_pdf_places_each_side_once_per_tile(built, sides, seams, paper):
    reader = PdfReader(built("ragnarocks", "board", paper))
    page = 0
    forms = set()
    for label in ("a", "b"):
        face = sides[label].front
        plan = plan_tiles(face.width, face.height, face.bleed, PAPER(paper), 10 * MM, seams)
        assert plan.rows * plan.cols <= 4
        page += 1  # the page map
        for tile in plan.tiles:
            box = reader.pages[page].mediabox
            assert (float(box.width), float(box.height)) == pytest.approx(plan.page)
            placed = placements(reader, page)
            assert len(placed) == 1
            ox, oy = plan.origin(tile)
            assert (placed[0].x, placed[0].y) == pytest.approx((ox, oy))
            clip = placed[0].clip
            assert clip == pytest.approx((ox + tile.window[0], oy + tile.window[1],
                                          ox + tile.window[2], oy + tile.window[3]))
            forms.add(placed[0].name)
            page += 1
    assert page == len(reader.pages)
    assert len(forms) == 2  # each side drawn once, reused by all its tiles


def test_pod_prints_each_side_whole_with_bleed(built, sides):
    reader = PdfReader(built("ragnarocks", "board", "pod"))
    assert len(reader.pages) == 2
    for page, label in zip(reader.pages, ("a", "b")):
        face = sides[label].front
        b = face.bleed
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, face.width + 2 * b, face.height + 2 * b])
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [b, b, b + face.width, b + face.height])
        assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])


@pytest.mark.parametrize("component,profile", [("board", "pod"), ("board", "a4"),
                                               ("board", "letter"), ("tokens", "a4"),
                                               ("standees", "letter"), ("reference", "pod")])
def test_every_font_is_embedded(built, component, profile):
    fonts = fonts_of(PdfReader(built("ragnarocks", component, profile)))
    assert fonts and all(fonts.values()), fonts


def test_rim_coordinates_are_lining_figures(built, sides):
    # IBM Plex Sans (family "label") has lining figures and a footed 1: row letters and places
    # print on the rim only (issue 34), at the rim's board size
    reader = PdfReader(built("ragnarocks", "board", "pod"))
    assert any("IBMPlexSans" in name for name in fonts_of(reader))
    words = " ".join(reader.pages[0].extract_text().split()).split()
    for row in "ABCDEFGHI":
        assert words.count(row) >= 2, row  # at both ends of its row
    assert "A1" not in words and "I1" not in words
    board = board_of(sides["a"])
    assert board.coordinates == "rim" and board.rim_size >= 9
    # session 12: calm hexes; session 13 ("two beige shades"): one kind of ground, faint grass
    assert len(set(board.terrain)) <= 1 and board.terrain_strength <= 0.12


def test_assembly_steps_name_only_the_cut_edges_the_tiles_have(built, sides, seams):
    maps = [" ".join(p.split()) for p in page_texts(built("ragnarocks", "board", "a4"))
            if "page map" in p]
    assert len(maps) == 2
    for text, label in zip(maps, ("a", "b")):
        face = sides[label].front
        plan = plan_tiles(face.width, face.height, face.bleed, PAPER("a4"), 10 * MM, seams)
        assert "R1·C1 has none" in text
        assert ("top edges from row 2 on" in text) == (plan.rows > 1)
        assert ("left edges from column 2 on" in text) == (plan.cols > 1)
        assert ("row 2 over row 1" in text) == (plan.rows > 1)


# ---- the backdrop: sea, knotwork frame, banner, compass, turn plaque, caption scroll ----

BACKDROP = (348 * MM, 304 * MM)


def backdrop_elements(card):
    """Return the elements drawn under the hexes (everything before the hex_board)."""
    elements = card.front.elements
    return elements[:elements.index(board_of(card))]


@pytest.mark.parametrize("side", ["a", "b"])
def test_backdrop_sets_the_size_and_lies_under_the_hexes(sides, side):
    card = sides[side]
    face, board = card.front, board_of(card)
    assert (face.width, face.height) == pytest.approx(BACKDROP)
    assert face.elements[-1] is board  # nothing is drawn over the hexes
    types = [e.type for e in backdrop_elements(card)]
    assert types[:2] == ["texture", "ornament_frame"]
    assert "compass_rose" in types
    # the hexes stand half a hex (6.25 mm) left of the middle, so that the glue seam of the
    # 2 x 2 tiled prints runs along hex edges, never through a hex's name (board.yaml shift:)
    assert board.x + board.w / 2 == pytest.approx(face.width / 2 - 6.25 * MM)


def inside(poly, x, y):
    """Even-odd ray cast: is (x, y) inside the polygon ``poly``?"""
    hit, j = False, len(poly) - 1
    for i, (xi, yi) in enumerate(poly):
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


@pytest.mark.parametrize("side", ["a", "b"])
def test_no_backdrop_piece_lies_under_a_hex(sides, side):
    card = sides[side]
    board = board_of(card)
    lay, ox, oy = board.layout()
    hexes = [[(board.x + ox + x, board.y + oy + y) for x, y in lay.corners(cell)]
             for cell in board.resolve().cells]
    pieces = [e for e in backdrop_elements(card) if e.type not in ("texture", "ornament_frame")]
    assert len(pieces) >= 8
    for e in pieces:
        if e.type == "box" and e.w == e.h and e.radius >= e.w / 2 - 0.01:
            # a disc or ring (side b's well): its outline, stroke included, and the hex
            # corners within it
            cx, cy = e.x + e.w / 2, e.y + e.h / 2
            r = e.w / 2 + (e.stroke_width / 2 if e.stroke != "none" else 0)
            border = [(cx + r * math.cos(k * math.pi / 90), cy + r * math.sin(k * math.pi / 90))
                      for k in range(180)]

            def within(x, y):
                return (x - cx) ** 2 + (y - cy) ** 2 < r * r
        else:
            # 41 points along each side of the piece, and the hex corners inside the piece
            steps = [i / 40 for i in range(41)]
            border = [(e.x + t * e.w, e.y + u * e.h) for t in steps for u in (0, 1)] + \
                     [(e.x + u * e.w, e.y + t * e.h) for t in steps for u in (0, 1)]

            def within(x, y):
                return e.x < x < e.x + e.w and e.y < y < e.y + e.h
        for poly in hexes:
            assert not any(inside(poly, x, y) for x, y in border), (side, e.id, poly[0])
            assert not any(within(x, y) for x, y in poly), (side, e.id, poly[0])


def text_runs(reader, index):
    """Return (text, size) of every text run on page ``index``."""
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((" ".join(text.split()), size * tm[0] * cm[0]))

    reader.pages[index].extract_text(visitor_text=visit)
    return runs


def test_backdrop_prints_setup_turn_compass_and_caption_legibly(built):
    reader = PdfReader(built("ragnarocks", "board", "pod"))
    for index, caption in ((0, "Side A · Midgard · 75 hexes."),
                           (1, "Side B · Mímir's Well · 79 hexes. The well is off the board")):
        runs = text_runs(reader, index)
        text = " ".join(t for t, _ in runs)
        for words in ("Setup and a turn", "goes first", "1 Select", "2 Move", "one or more hexes",
                      "3 Summon:", "If you cannot do all three, skip your turn.",
                      "Neither player can take a turn: the game ends.", "End and score",
                      "Runestone hexes never count. Most points wins;",
                      "a tie is shared.",
                      "East and West: along a hex's row (Sól).", caption):
            assert words in text, (index, words)
        # every word outside the hex names is at board size, 9 pt (issue 34: role board; hex
        # names are 7 pt plaques)
        for run, size in runs:
            if not (len(run) <= 3 and run[0].isalpha() and run[1:].isdigit()):
                assert size >= 9, (run, size)
    assert "edge hexes (Selkolla, Njord)" in " ".join(t for t, _ in text_runs(reader, 1))


def test_the_well_shows_the_sea_and_the_frame_is_dark(built, sides):
    import statistics

    from pdfcheck import render

    dpi = 50
    image = render(built("ragnarocks", "board", "pod"), 1, dpi)
    bleed = sides["b"].front.bleed

    def patch(x0, y0, x1, y1):  # face mm from the top-left, as grey values
        s = dpi / 25.4
        b = bleed * dpi / 72
        return list(image.crop((int(x0 * s + b), int(y0 * s + b), int(x1 * s + b),
                                int(y1 * s + b))).tobytes())

    board = board_of(sides["b"])
    resolved = board.resolve()
    g6 = resolved.names.cell("G6")
    lay, ox, oy = board.layout()
    cx = (board.x + ox + lay.center(g6)[0]) / MM
    cy = (board.y + oy + lay.center(g6)[1]) / MM
    # inside the stone rim, left of Odin's eye: the well's water is the sea's (issue 25 gave
    # the well its art; it is still off the board like the sea)
    well = patch(cx - 37, cy - 8, cx - 29, cy + 10)
    sea = patch(12, 150, 26, 170)  # open sea left of the hexes
    for water in (well, sea):
        assert statistics.pstdev(water) > 4  # wave marks, not a flat fill
    assert abs(statistics.mean(well) - statistics.mean(sea)) < 12  # the same sea
    assert statistics.mean(patch(5, 100, 9, 200)) < 110  # the frame's dark band


def test_the_compass_puts_east_and_west_along_a_row(built):
    # Sól moves "one hex East or West": on pointy hexes that is along a lettered row
    reader = PdfReader(built("ragnarocks", "board", "pod"))
    at = {}

    def visit(text, cm, tm, font, size):
        if text.strip() in ("N", "E", "S", "W"):
            at.setdefault(text.strip(), (tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]))

    reader.pages[0].extract_text(visitor_text=visit)
    assert set(at) == {"N", "E", "S", "W"}
    assert at["E"][1] == pytest.approx(at["W"][1], abs=0.5)  # one horizontal line
    assert at["E"][0] - at["W"][0] > 40 * MM  # east on the right, far apart
    assert at["N"][1] - at["S"][1] > 40 * MM  # north up
    assert at["W"][0] < at["N"][0] < at["E"][0]


def test_the_sea_carries_game_icons_silhouettes_not_colour_emoji(built):
    # issue 34's one style: the sea's scenery is game-icons silhouettes (credited), no Fluent
    # Emoji, and no framed panel a player could take for a play area
    credits = " ".join(page_texts(built("ragnarocks", "board", "a4")))
    assert "game-icons.net" in credits and "Fluent" not in credits
    pod = PdfReader(built("ragnarocks", "board", "pod"))
    for page in pod.pages:
        for form in page["/Resources"]["/XObject"].values():
            assert b"FormXob.art-" not in form.get_object().get_data()


def test_each_caption_prints_whole_left_of_the_glue_seam(built):
    # session 14, the reader: "a board caption split by a join: 'Side A · Midgard · 75
    # hexes.' against the seam, the next sentence on the other tile": each side's caption
    # prints whole left of the vertical glue seam of A4 and Letter (230.25 mm, board.yaml
    # `seams:`), so on the bottom-left tile; nothing of it right of the seam
    path = built("ragnarocks", "board", "pod")
    document = pdfium.PdfDocument(str(path))
    mm = 72 / 25.4
    for index, caption in ((0, "Side A · Midgard · 75 hexes. The heavy outline is the edge of "
                               "the map (Selkolla, Njord); the sea is off the board."),
                           (1, "Side B · Mímir's Well · 79 hexes. The well is off the board, "
                               "like the sea: nothing enters or crosses it, and the hexes "
                               "beside it are edge hexes (Selkolla, Njord). R6")):
        page = document[index]
        height = page.get_height()
        bleed = (page.get_width() - 348 * mm) / 2
        seam = bleed + 230.25 * mm
        band = (height - bleed - 296 * mm, height - bleed - 282 * mm)  # the scroll, y up
        text = page.get_textpage()
        left = " ".join(text.get_text_bounded(0, band[0], seam, band[1]).split())
        right = " ".join(text.get_text_bounded(seam, band[0], page.get_width(),
                                               band[1]).split())
        assert caption in left, left
        assert right == "", right


def test_each_start_hex_shows_its_clans_helmet(built):
    # session 15, the reader: "more striking start markers than hatched outline rings": each
    # side's six start hexes draw the Viking helmet (the Symbols aid's Viking), one per hex
    reader = PdfReader(built("ragnarocks", "board", "pod"))
    for page in reader.pages[:2]:  # side A, side B
        form = next(iter(page["/Resources"]["/XObject"].values())).get_object()
        assert len(re.findall(rb"/FormXob\.icon-viking Do", form.get_data())) == 6
