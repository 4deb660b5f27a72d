"""Look pass, Reavers of Midgard and Ragnarocks: what a player sees on the printed pieces.

Read from the pod profile (one card or board a page, upright) with pypdfium2 and pypdf.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO
from pdfcheck import MM, distinct, drawn_shapes, line_segments, page_chars, text_box

# Every output of the two games that sets sentences of rules text.
RULES_TEXT = [("ragnarocks", "board"), ("ragnarocks", "clarifications"),
              ("ragnarocks", "mythology-cards"), ("ragnarocks", "reference"),
              ("reavers-of-midgard", "clarifications"), ("reavers-of-midgard", "journey-cards"),
              ("reavers-of-midgard", "keep-spoils"), ("reavers-of-midgard", "prophecy-cards"),
              ("reavers-of-midgard", "reference"), ("reavers-of-midgard", "territory-tiles"),
              ("reavers-of-midgard", "village-spoils"), ("reavers-of-midgard", "sea-battle-cards"),
              ("reavers-of-midgard", "reaver-cards"), ("reavers-of-midgard", "dice-aid")]


def text_lines(path) -> list[tuple[int, str]]:
    """Return (page index, line) for every line of text in the PDF."""
    pdf = pdfium.PdfDocument(str(path))
    lines = []
    for index in range(len(pdf)):
        text, _ = page_chars(pdf[index])
        lines += [(index, line.strip()) for line in re.split(r"[\r\n]+", text) if line.strip()]
    return lines


@pytest.mark.parametrize("game, component", RULES_TEXT)
def test_no_sentence_or_bracket_ends_with_a_word_alone_on_its_line(built, game, component):
    """'discard the / card.', 'Territory tile you / hold.', 'turns / alternate.' read as a slip
    of the type: a sentence's (or a bracket's) last word never stands alone on a line."""
    lines = text_lines(built(game, component, "pod"))
    assert sum(line.endswith((".", ")")) for _, line in lines) >= 3  # the text was read
    lone = [(index, line) for index, line in lines
            if len(line.split()) == 1 and re.fullmatch(r"\(?[A-Za-z’'-]+[.)]+", line)]
    assert not lone, lone


def collect_gaps(page) -> tuple[float, float]:
    """Return the paper (mm) between a Spoils card's art window and its Collect text, and between
    that text and the rule under it."""
    text, boxes = page_chars(page)
    start = text.find("Collect:")
    end = text.find("Pillage")
    assert 0 <= start < end, text
    glyphs = [b for b in boxes[start:end] if b[2] > b[0]]
    top, bottom = max(b[3] for b in glyphs), min(b[1] for b in glyphs)
    middle = (min(b[0] for b in glyphs) + max(b[2] for b in glyphs)) / 2
    shapes = [s for s in drawn_shapes(page) if s[0] < middle < s[2]]
    # the art window: the box (50.8 x 21 mm, the card's width from bleed to bleed) whose foot
    # is the nearest above the text's middle (not a shape of the scene drawn inside it: one
    # measures 20.95 mm)
    windows = [s for s in shapes if abs(s[2] - s[0] - 50.8 * MM) < 0.2 * MM
               and abs(s[3] - s[1] - 21 * MM) < 0.02 * MM
               and s[1] > (top + bottom) / 2 and s[1] < top + 8 * MM]
    rules = [s for s in shapes if s[3] - s[1] < 1 * MM and s[2] - s[0] > 20 * MM
             and s[3] < (top + bottom) / 2]
    window = min(windows, key=lambda s: s[1])
    rule = max(rules, key=lambda s: s[3])
    return (window[1] - top) / MM, (bottom - rule[3]) / MM


def test_spoils_collect_line_stands_clear_of_the_art_window_and_the_rule(built):
    """A Tower's two-line Collect ('1 Crew die, colour of / your choice, rolled') touched the art
    window above it and sat on the rule under it; every Spoils card's Collect line now has
    paper on both sides, a two-line one as much as a one-line one."""
    gaps = []
    for component in ("keep-spoils", "village-spoils"):
        pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", component, "pod")))
        for index in range(0, len(pdf), 2):  # fronts
            text, _ = page_chars(pdf[index])
            if "Collect:" in text:
                gaps.append((component, index, *collect_gaps(pdf[index])))
    assert len(gaps) >= 30
    cramped = [gap for gap in gaps if min(gap[2:]) < 1.0]
    assert not cramped, cramped


@pytest.mark.parametrize("profile", ["a4", "letter"])
@pytest.mark.parametrize("game", ["ragnarocks", "reavers-of-midgard", "roll-and-might",
                                  "roll-and-raid", "rolling-thunder"])
def test_how_to_print_checklist_columns_share_their_rows(built, game, profile):
    """The contents checklist's columns stand on common rows: each column's tick boxes at the
    heights of the first column's (a line that wrapped mid-column pushed the lines under it
    off their rows: Ragnarocks' third rows 5 mm apart, Reavers' third column 4 mm off)."""
    page = pdfium.PdfDocument(str(built(game, "how-to-print", profile)))[0]
    text, boxes = page_chars(page)
    title = text_box(text, boxes, "Contents")
    strip = text_box(text, boxes, "Print at")  # the step strip under the checklist
    ticks = [s for s in drawn_shapes(page)
             if 3 * MM <= s[2] - s[0] <= 6 * MM and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.2 * MM
             and s[3] < title[1] and s[1] > strip[3]]
    columns = [[s[3] for s in ticks if abs(s[0] - left) < 2 * MM]
               for left in distinct([s[0] for s in ticks], 2 * MM)]
    assert sum(map(len, columns)) >= 4
    rows = sorted(columns[0], reverse=True)
    for column in columns[1:]:
        for index, top in enumerate(sorted(column, reverse=True)):
            assert abs(top - rows[index]) < 0.3 * MM, (
                f"row {index + 1}: {(rows[index] - top) / MM:+.1f} mm off the first column's")


def test_territory_reward_keeps_parchment_each_side(built):
    """A Territory back's reward ('[troll] Troll trophy and 2 [glory]') ran to within 1.3 mm of
    its parchment panel's sides, crowding the tile's colour; every reward now keeps 1.8 mm or
    more each side. (Session 14: rewards in words are set at 11 pt, so that one takes two
    lines, no more.)"""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "territory-tiles", "pod")))
    margins = []
    for index in range(len(pdf)):
        page = pdf[index]
        text, boxes = page_chars(page)
        start, end = text.find("Gain:"), text.find("Each Cleanup")
        if start < 0:
            continue
        glyphs = [b for b in boxes[start + 5:end] if b[2] > b[0]]
        left, right = min(b[0] for b in glyphs), max(b[2] for b in glyphs)
        bottom, top = min(b[1] for b in glyphs), max(b[3] for b in glyphs)
        panels = [s for s in drawn_shapes(page) if 25 * MM < s[2] - s[0] < 40 * MM
                  and s[0] < left and s[2] > right and s[1] < bottom and s[3] > top]
        panel = min(panels, key=lambda s: s[2] - s[0])
        # the reward's icons (drawn, not text) on its lines count as its ink too
        icons = [s for s in drawn_shapes(page) if s[2] - s[0] < 5 * MM and s[3] - s[1] < 5 * MM
                 and panel[0] <= s[0] and s[2] <= panel[2] and bottom < (s[1] + s[3]) / 2 < top]
        left = min([left] + [s[0] for s in icons])
        right = max([right] + [s[2] for s in icons])
        margins.append((index, (left - panel[0]) / MM, (panel[2] - right) / MM,
                        round((top - bottom) / MM, 1)))
    assert len(margins) == 40
    assert not [m for m in margins if min(m[1:3]) < 1.8], min(margins, key=lambda m: min(m[1:3]))
    troll_and_glory = [m for m in margins if "Troll trophy and" in page_chars(pdf[m[0]])[0]]
    assert troll_and_glory and all(m[3] < 9.5 for m in troll_and_glory)  # two 11 pt lines


def test_reaver_clan_subtitles_read_as_two_words(built):
    """The Reaver cards' clan line read 'Wolfclan': in the italic the f overhung the word space,
    leaving 0.1 mm of paper between 'f' and 'c' (less than between letters of a word). Every
    clan line now keeps 0.3 mm or more between its two words' ink."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "reaver-cards", "pod")))
    gaps = {}
    for index in range(0, len(pdf), 2):  # fronts
        text, boxes = page_chars(pdf[index])
        for clan in ("Wolf", "Raven", "Boar", "Serpent"):
            at = text.find(f"{clan} clan")
            if at >= 0:
                last, first = boxes[at + len(clan) - 1], boxes[at + len(clan) + 1]
                gaps[clan] = min(gaps.get(clan, 99), (first[0] - last[2]) / MM)
    assert set(gaps) == {"Wolf", "Raven", "Boar", "Serpent"}
    assert min(gaps.values()) >= 0.3, gaps


@pytest.mark.parametrize("game", ["ragnarocks", "reavers-of-midgard"])
def test_board_tile_label_stands_clear_of_the_marks(built, game):
    """A board tile's label ('Side a · tile R1-C1: row 1 of 2, ...') was crossed by the crop
    mark at the board's trim ('Sid|e a') or touched by the cut tick of the tile's left seam:
    no vertical mark now comes within 0.5 mm of the label's letters."""
    path = built(game, "board", "a4")
    pdf, reader = pdfium.PdfDocument(str(path)), PdfReader(str(path))
    labels = 0
    for index in range(len(pdf)):
        text, boxes = page_chars(pdf[index])
        at = text.find(" · tile R")
        if at < 0:
            continue
        labels += 1
        end = text.find("\n", at)
        glyphs = [b for b in boxes[text.rfind("\n", 0, at) + 1:end] if b[2] > b[0]]
        left, right = min(b[0] for b in glyphs), max(b[2] for b in glyphs)
        bottom, top = min(b[1] for b in glyphs), max(b[3] for b in glyphs)
        crossing = [(x0 / MM, y0 / MM) for x0, y0, x1, y1 in line_segments(reader, index)
                    if abs(x0 - x1) < 0.01 and left - 0.5 * MM < x0 < right + 0.5 * MM
                    and min(y0, y1) < top and max(y0, y1) > bottom]
        assert not crossing, f"page {index + 1}: marks at {crossing} cross {text[at - 6:end]!r}"
    assert labels >= 8


def test_short_reavers_aids_fill_their_card(built):
    """Dice and Combat and Contents set their rules at the deck's 8.2 pt and ended 10-12 mm
    above where A Round (the fullest aid) ends, an empty band at the card's foot; they are set
    larger (up to 12 pt, shrunk to fit in steps of 0.25 pt) and now end within 5 mm of A Round's
    last line."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "reference", "pod")))
    lowest = {}
    for index in range(0, len(pdf), 2):  # fronts
        text, boxes = page_chars(pdf[index])
        title = text.strip().splitlines()[0].strip()
        lowest[title] = min(b[1] for b in boxes if b[2] > b[0]) / MM
    assert {"A Round", "Dice and Combat", "Contents"} <= set(lowest)
    for title in ("Dice and Combat", "Contents"):
        assert lowest[title] - lowest["A Round"] < 5.0, (title, lowest)


@pytest.mark.parametrize("game", ["ragnarocks", "reavers-of-midgard", "roll-and-might",
                                  "roll-and-raid"])
def test_copies_table_sets_every_opening_number_in_the_number_face(built, game):
    """How to print, copies per player count: '2' printed in the number face but '3-4 (teams)',
    '4 (2 each)' or '1 (solo)' all in the words face, two kinds of figures in one column; the
    number opening a cell of words now takes the number face, its words the words face."""
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip() and font is not None:
            runs.append((text.strip(), str(font.get("/BaseFont"))))

    PdfReader(str(built(game, "how-to-print", "a4"))).pages[0].extract_text(visitor_text=visit)
    start = next(k for k, (text, _) in enumerate(runs) if text == "Players")
    end = next(k for k, (text, _) in enumerate(runs) if text.startswith("Notes"))
    table = runs[start:end]
    numbers = [(text, font) for text, font in table if re.match(r"\d", text)]
    words = [text for text, _ in table if re.match(r"\d+(-\d+)? \S", text)]
    assert len(numbers) >= 8 and not words, words  # no number and words in one run
    faces = {font.split("+")[-1] for _, font in numbers}
    assert faces == {"IBMPlexSans-SemiBold"}, [(t, f) for t, f in numbers if "IBMPlex" not in f]


def test_ragnarocks_compass_caption_is_centred_under_the_compass(built):
    """The board's 'East and West: along a hex's row (Sól).' captions the compass but stood
    9 mm left of its middle; it is now centred under it, on both sides of the board."""
    pdf = pdfium.PdfDocument(str(built("ragnarocks", "board", "pod")))
    for index in range(len(pdf)):
        page = pdf[index]
        text, boxes = page_chars(page)
        start = text.find("East and West")
        end = text.find("(Sól).", start) + len("(Sól).")
        glyphs = [b for b in boxes[start:end] if b[2] > b[0]]
        left, right = min(b[0] for b in glyphs), max(b[2] for b in glyphs)
        top = max(b[3] for b in glyphs)
        discs = [s for s in drawn_shapes(page) if s[2] - s[0] > 30 * MM
                 and abs((s[2] - s[0]) - (s[3] - s[1])) < 1 * MM and 0 < s[1] - top < 10 * MM]
        disc = max(discs, key=lambda s: s[2] - s[0])
        off = ((left + right) / 2 - (disc[0] + disc[2]) / 2) / MM
        assert abs(off) < 1.0, f"side {index + 1}: caption {off:+.1f} mm off the compass"


def test_mythology_card_names_never_leave_a_word_alone(built):
    """'Dain, Dvalin, Duneyr, and / Duratror' left the last name alone under a full line; a
    Mythology card's name that takes two lines now parts with two words or more on each."""
    data = yaml.safe_load((REPO / "data" / "ragnarocks" / "mythology-cards.yaml")
                          .read_text("utf-8"))
    names = {item["name"] for item in data["items"]}
    pdf = pdfium.PdfDocument(str(built("ragnarocks", "mythology-cards", "pod")))
    parted = []
    for index in range(0, len(pdf), 2):  # fronts
        text, _ = page_chars(pdf[index])
        lines = [line.strip() for line in re.split(r"[\r\n]+", text) if line.strip()]
        parted += [(first, second) for first, second in zip(lines, lines[1:])
                   if f"{first} {second}" in names]
    assert parted, "no two-line name was read"
    assert all(len(line.split()) >= 2 for name in parted for line in name), parted


@pytest.mark.parametrize("profile", ["a4", "letter"])
def test_reavers_how_to_print_notes_panel_has_a_line_to_write_on(built, profile):
    """Reavers' notes panel held its 'Notes:' label and no line to write on (its 17-file list
    took the column); the list is set a little smaller so the panel gets a ruled line, 5 mm or
    more under the label, as the other games' panels have."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "how-to-print", profile)))[0]
    text, boxes = page_chars(page)
    label, contents = text_box(text, boxes, "Notes:"), text_box(text, boxes, "Contents")
    rules = [s for s in drawn_shapes(page) if s[3] - s[1] < 0.5 * MM
             and s[2] - s[0] > 50 * MM and contents[3] < s[1] < label[1]]
    assert rules, "no ruled line under 'Notes:'"
    assert max(label[1] - s[3] for s in rules) >= 5 * MM


@pytest.mark.parametrize("profile", ["a4", "letter"])
@pytest.mark.parametrize("game", ["ragnarocks", "reavers-of-midgard"])
def test_how_to_print_ends_no_sentence_on_a_word_alone(built, game, profile):
    """The How-to-print page of either game ends no sentence or bracket on a line of one word
    (Reavers' file list, set smaller to give the notes panel a line, parted '(R, B, / Y).')."""
    lines = text_lines(built(game, "how-to-print", profile))
    lone = [line for _, line in lines
            if len(line.split()) == 1 and re.fullmatch(r"\(?[A-Za-z’'-]+[.)]+", line)]
    assert not lone, lone


def test_longship_action_names_keep_clear_of_their_band_edge(built):
    """A Longship's 'Conquer Territories' ran to 1.2 mm of its red band's edge, against the
    next band; every Action Space name now ends 2 mm or more inside its band."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "player-boards", "pod")))[0]
    text, boxes = page_chars(page)
    shapes = drawn_shapes(page)
    for name in ("Raid Villages", "Raid Keeps", "Conquer Territories", "Battle at Sea"):
        box = text_box(text, boxes, name, text.rfind(name))
        bands = [s for s in shapes if s[0] <= box[0] and box[2] <= s[2] and s[1] <= box[1]
                 and box[3] <= s[3] and 30 * MM < s[2] - s[0] < 60 * MM]
        band = min(bands, key=lambda s: s[2] - s[0])
        assert (band[2] - box[2]) / MM >= 2.0, (name, (band[2] - box[2]) / MM)
