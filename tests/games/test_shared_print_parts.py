"""Issue 34, session 14: the print parts every game shares, as fresh readers faulted them.

Read from the real output: the print pack's roll sheets (sheetgen/dice/formats/as_slips.py,
the sheet a build writes, drawn here for the sample seed as the build draws it), opened with
pypdfium2 (each character's glyph box and font) and pypdf (the drawn paths).
"""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import REPO
from pdfcheck import page_chars
from sheetgen.dice.roll_sheets import roll_sheet_pdfs
from sheetgen.load.project import Project

A4 = (595.2756, 841.8898)
TICK = 8.5  # a roll's tick box (3 mm): a square this wide, stroked and filled
LINING = "IBMPlexSans"  # the label face: lining figures, a flagged and footed "1"
TITLE = "Cinzel"  # the title face: carved capitals, lining figures
# every game's roll sheets at their fewest and most players (Ragnarocks rolls no dice)
EXTREMES = [("roll-and-raid", 1), ("roll-and-raid", 6), ("rolling-thunder", 1),
            ("rolling-thunder", 4), ("roll-and-might", 1), ("roll-and-might", 5),
            ("reavers-of-midgard", 2), ("reavers-of-midgard", 5)]


def _sheet(game: str, players: int) -> bytes:
    return roll_sheet_pdfs(Project.at(REPO), game, players, [A4])[0]


def _font(textpage, index: int) -> str:
    """Return the base font name of the character ``index`` of a pypdfium2 text page."""
    import ctypes

    buf = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    pdfium_raw.FPDFText_GetFontInfo(textpage.raw, index, buf, 256, ctypes.byref(flags))
    return buf.value.decode("latin-1")


def _ticks(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """Return the tick boxes of a page (squares TICK wide, stroked and filled) as
    (x0, y0, x1, y1) in page points."""
    reader = PdfReader(io.BytesIO(pdf))
    out, pending, depth = [], [], 0
    for operands, op in ContentStream(reader.pages[page].get_contents(), reader).operations:
        if op == b"q":
            depth += 1
        elif op == b"Q":
            depth -= 1
        elif op == b"re" and not depth:
            x, y, w, h = (float(v) for v in operands)
            pending.append((x, y, x + w, y + h))
        elif op in (b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"n"):
            if op in (b"B", b"B*"):
                out += [r for r in pending if abs(r[2] - r[0] - TICK) < 0.01]
            pending = []
    return out


@pytest.mark.parametrize("game, players", [("roll-and-raid", 6), ("roll-and-raid", 1)])
def test_a_rolls_total_is_in_lining_figures_and_clear_of_its_tick_box(game, players):
    """Reader (Roll & Raid): old-style numerals ("1" looks like "I"), "=10" touching its tick
    box. Every total ("=N") prints in the label face (lining figures), and its last digit
    ends 3 points or more before the tick box on its right."""
    pdf = _sheet(game, players)
    doc = pdfium.PdfDocument(pdf)
    totals = 0
    for n, page in enumerate(doc):
        text, boxes = page_chars(page)
        textpage = page.get_textpage()
        ticks = _ticks(pdf, n)
        at = text.find("=")
        while at >= 0:
            end = at + 1
            while end < len(text) and text[end].isdigit():
                end += 1
            if end > at + 1 and boxes[at][2] > boxes[at][0]:
                totals += 1
                assert all(LINING in _font(textpage, i) for i in range(at, end)), text[at:end]
                right = max(b[2] for b in boxes[at:end])
                middle = (boxes[at][1] + boxes[at][3]) / 2
                beside = [t for t in ticks if t[1] - 4 <= middle <= t[3] + 4 and t[0] >= right - 1]
                assert beside, f"no tick box after {text[at:end]} on page {n + 1}"
                gap = min(t[0] for t in beside) - right
                assert gap >= 3.0, f"{text[at:end]} is {gap:.1f} pt from its tick box"
            at = text.find("=", at + 1)
    assert totals


@pytest.mark.parametrize("game, players", EXTREMES)
def test_slip_titles_are_lining_and_no_instruction_is_in_italics(game, players):
    """Readers: old-style numerals in the round titles (s14), then a generic sans beside the
    carved capitals of every other heading (s15), and grey italic instructions. A slip's
    title ("Round 1", "Turn 6 ...", "Setup") prints in the game's title face, as its
    headings do, with lining figures: each digit of a title stands as high as the title's
    first capital. No character of the sheet but a re-rolled die's small marker is italic."""
    doc = pdfium.PdfDocument(_sheet(game, players))
    titles = digits = 0
    for page in doc:
        text, _ = page_chars(page)
        textpage = page.get_textpage()
        fonts = [_font(textpage, i) for i in range(len(text))]
        italic = "".join(ch for ch, font in zip(text, fonts) if "Italic" in font)
        assert not italic.replace("re-rolled", "").replace("→", "").strip(), italic
        for word in ("Round ", "Turn ", "Setup"):
            at = text.find(word)
            while at >= 0:
                if text[at - 1:at] in ("", "\n", "\r", " ") and at + 1 < len(fonts) and \
                        TITLE in fonts[at]:
                    titles += 1
                    cap_top = textpage.get_charbox(at)[3]
                    end = at
                    while end < len(text) and text[end] not in "\r\n" and TITLE in fonts[end]:
                        if text[end].isdigit():
                            top, bottom = textpage.get_charbox(end)[3], textpage.get_charbox(end)[1]
                            assert abs(top - cap_top) < 0.06 * (top - bottom), (text[at:end + 1])
                            digits += 1
                        end += 1
                at = text.find(word, at + 1)
    assert titles and digits


MARKED_DICE = [("rolling-thunder", "printable-dice"), ("rolling-thunder", "dice-stickers"),
               ("roll-and-raid", "printable-dice"), ("reavers-of-midgard", "printable-dice"),
               ("reavers-of-midgard", "dice-stickers")]
MARKS = set("RBYWMV")  # the dice's marks (dice.yaml mark:) in these games


@pytest.mark.parametrize("game, component", MARKED_DICE)
def test_a_dies_mark_sits_in_its_top_left_corner_clear_of_every_pip(built, game, component):
    """Readers (Rolling Thunder, Roll & Raid): the R/B/Y (W/M/V) letter was squeezed among
    the pips of the 2, 4, 5 and 6. On every face of every net and sticker row the mark is in
    the face's top-left corner (its middle in the face's top-left fifth), and no pip or icon
    comes within 0.6 mm of its glyph: a corner index with room round it, the same on nets
    and stickers."""
    from pdfcheck import MM, drawn_shapes

    doc = pdfium.PdfDocument(str(built(game, component, "a4")))
    seen = 0
    for page in list(doc)[:2]:
        text, boxes = page_chars(page)
        shapes = drawn_shapes(page)
        for ch, box in zip(text, boxes):
            if ch not in MARKS or box[2] <= box[0]:
                continue
            faces = [s for s in shapes if s[0] <= box[0] and s[1] <= box[1] and s[2] >= box[2]
                     and s[3] >= box[3] and 11 * MM <= s[2] - s[0] <= 21 * MM
                     and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.5]
            if not faces:
                continue  # a caption's capital, not a die's mark
            face = min(faces, key=lambda s: s[2] - s[0])
            size = face[2] - face[0]
            middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            assert middle[0] - face[0] < size / 5 and face[3] - middle[1] < size / 5, \
                f"{ch} at {middle} is not in its face's top-left corner {face}"
            gap = 0.6 * MM
            for s in shapes:
                w, h = s[2] - s[0], s[3] - s[1]
                if s is face or min(w, h) < 0.3 * MM or max(w, h) > size * 0.8:
                    continue  # the face, its edges and folds, not a pip or an icon
                if s[0] <= box[0] and s[1] <= box[1] and s[2] >= box[2] and s[3] >= box[3]:
                    continue  # the face itself (drawn once more as its colour)
                assert not (s[0] < box[2] + gap and box[0] - gap < s[2]
                            and s[1] < box[3] + gap and box[1] - gap < s[3]), \
                    f"a pip or icon {s} crowds the {ch} at {box}"
            seen += 1
    assert seen >= 12


SLUG_PAGES = [(game, component, profile)
              for game, component in (("roll-and-raid", "raid-cards"),
                                      ("rolling-thunder", "clarifications"))
              for profile in ("a4", "letter", "gutterfold-a4", "gutterfold-letter")]


@pytest.mark.parametrize("game, component, profile", SLUG_PAGES)
def test_the_margin_credit_line_crosses_no_crop_mark(built, game, component, profile):
    """Readers (Roll & Raid raid cards "R||l", Rolling Thunder clarifications "Rolling",
    "Scenes"): the credit line up the page margin ran through crop marks. On every page of
    every paper profile, no glyph of the slug (the line that ends "page N/M") comes within
    0.5 mm of a crop mark, read as pypdfium2 glyph boxes against the page's drawn lines
    (pypdf)."""
    import re

    from pdfcheck import MM, line_segments

    path = built(game, component, profile)
    doc, reader = pdfium.PdfDocument(str(path)), PdfReader(str(path))
    slugs = 0
    for n, page in enumerate(doc):
        text, boxes = page_chars(page)
        found = re.search(r"[^\n\r]*page \d+/\d+", text)
        assert found, f"page {n + 1} has no slug"
        glyphs = [b for b in boxes[found.start():found.end()] if b[2] > b[0]]
        marks = line_segments(reader, n)
        gap = 0.5 * MM
        for b in glyphs:
            for s in marks:
                x0, x1 = sorted((s[0], s[2]))
                y0, y1 = sorted((s[1], s[3]))
                assert not (x0 < b[2] + gap and b[0] - gap < x1 and y0 < b[3] + gap
                            and b[1] - gap < y1), \
                    f"page {n + 1}: the slug's glyph at {b} touches the mark {s}"
        slugs += 1
    assert slugs == len(doc)


def _cut_lines(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """Return the slips' cut lines of a page: rectangles stroked solid (no dash), as
    (x0, y0, x1, y1), and assert no dashed rectangle is drawn (the old doubled cut lines)."""
    reader = PdfReader(io.BytesIO(pdf))
    out, pending, dash, stack = [], [], [], []
    for operands, op in ContentStream(reader.pages[page].get_contents(), reader).operations:
        if op == b"q":
            stack.append(dash)
        elif op == b"Q":
            dash = stack.pop()
        elif op == b"d":
            dash = list(operands[0])
        elif op == b"re" and not stack:
            x, y, w, h = (float(v) for v in operands)
            pending.append((x, y, x + w, y + h))
        elif op in (b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"n"):
            if op == b"S":
                assert not dash or not pending, "a dashed cut line"
                out += pending
            pending = []
    return out


@pytest.mark.parametrize("game, players", EXTREMES)
def test_one_cut_line_between_slips_and_no_slip_cut_across_pages_twice(game, players):
    """Readers: two dashed lines at every cut, "Round 5, continued, continued". Slips abut:
    every edge a slip shares with a neighbour is the same line (the two rectangles' edges
    coincide, within 0.05 pt), no two slips are a gutter apart, and no title says
    "continued, continued"."""
    pdf = _sheet(game, players)
    doc = pdfium.PdfDocument(pdf)
    for n, page in enumerate(doc):
        text, _ = page_chars(page)
        assert "continued, continued" not in text
        cuts = _cut_lines(pdf, n)
        assert cuts, f"page {n + 1} has no slip"
        for a in cuts:
            for b in cuts:
                if a is b:
                    continue
                overlap_x = min(a[2], b[2]) - max(a[0], b[0])
                overlap_y = min(a[3], b[3]) - max(a[1], b[1])
                if overlap_x > 1:  # one above the other: abut, or far apart (not a gutter)
                    gap = max(b[1] - a[3], a[1] - b[3])
                    assert gap < 0.05 or gap > 40, (a, b, gap)
                if overlap_y > 1:
                    gap = max(b[0] - a[2], a[0] - b[2])
                    assert gap < 0.05 or gap > 40, (a, b, gap)


def test_rolling_thunders_dice_stand_in_the_middle_and_the_dummies_in_one_column():
    """Readers (Rolling Thunder): at 4 players the strip of three dice hugged the left of its
    slip, half of it empty; at 1 player the right dummy's die stood out of line with the
    left's, and the covers were plain grey with a small italic label. The dice of a slip
    are centred in it (the ink of its dice row as far from its left edge as from its right,
    within 2 pt); the two dummies' dice start at one x; a cover is printed (its pixels mostly
    the dark accent colour and the scene, not a pale grey)."""
    pdf = _sheet("rolling-thunder", 4)
    page = pdfium.PdfDocument(pdf)[0]
    ticks = _ticks(pdf, 0)
    cuts = _cut_lines(pdf, 0)
    for rect in cuts:
        inside = [t for t in ticks if rect[0] < t[0] < rect[2] and rect[1] < t[1] < rect[3]]
        if not inside:
            continue  # the Setup slip
        from pdfcheck import drawn_shapes

        chips = [s for s in drawn_shapes(page) if rect[0] < s[0] and s[2] < rect[2]
                 and rect[1] < s[1] < rect[3] and abs((s[2] - s[0]) - 17) < 0.5
                 and abs((s[3] - s[1]) - 17) < 0.5]  # a seat's chip: a disc 17 pt wide
        left = min(c[0] for c in chips) - rect[0]
        right = rect[2] - max(t[2] for t in inside)
        assert abs(left - right) < 12, (rect, left, right)
    pdf = _sheet("rolling-thunder", 1)
    doc = pdfium.PdfDocument(pdf)
    text, boxes = page_chars(doc[0])
    ticks = _ticks(pdf, 0)
    for word in ("Left dummy", "Right dummy"):
        assert word in text
    labels = []
    at = text.find("dummy player")
    while at >= 0:
        labels.append(boxes[at])
        at = text.find("dummy player", at + 1)
    rows = [[t for t in ticks if t[1] - 12 < (b[1] + b[3]) / 2 < t[3] + 12] for b in labels]
    xs = {round(row[0][0], 1) for row in rows if row}
    assert len(rows) >= 4 and len(xs) <= 3, xs  # one column a slip column
    image = doc[0].render(scale=1).to_pil().convert("RGB")
    fold = text.find("fold over")
    box = boxes[fold]
    h = image.height
    patch = image.crop((int(box[0]) - 60, int(h - box[1]) + 20, int(box[0]) + 40,
                        int(h - box[1]) + 60))
    pale = sum(1 for p in patch.getdata() if min(p) > 225)
    assert pale < 0.2 * patch.width * patch.height, pale
