"""Rolling Thunder at a 4-player table (issue 34, "Rolling Thunder (4)"): each finding decided
on the page, read back from the printed PDFs (text with pypdf), one test a finding."""

from __future__ import annotations

import re

import pytest

from conftest import run_cli
from pdfcheck import text_of

GAME = "rolling-thunder"


def _flat(text: str) -> str:
    """The text with every run of white space one space (lines wrap anywhere)."""
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def sheet(built):
    return _flat(text_of(built(GAME, "play-sheet", "a4"), [0]))


@pytest.fixture(scope="module")
def rulings(built):
    return _flat(text_of(built(GAME, "clarifications", "a4")))


def test_round_4_and_8_runestone_step_is_in_words_and_its_icon_keyed(sheet):
    # the Rounds table's title and the order's step 1 say it; the key explains the icon
    assert "on 4 and 8, first slash a Runestone" in sheet
    assert "1 Cross off the round; 4, 8: slash a Runestone" in sheet
    assert "Runestone Rounds 4 and 8: first slash any one." in sheet


def test_thunder_strikes_before_lightning(sheet, rulings):
    assert "T13 · Strike order. Thunder first: the LEFT strike, then the RIGHT, then your " \
           "Lightning strike." in rulings
    order = sheet[sheet.lower().index("order of execution"):]
    assert order.index("Rolling Thunder: LEFT die, then RIGHT die* (T13)") \
        < order.index("6 Lightning strike")


def test_no_god_bonus_from_round_7(sheet, rulings):
    assert "none from round 7 on" in rulings
    assert "God bonus (T1) +3 +3 +2 +2 +1 +1 – – – –" in sheet


def test_where_free_strikes_may_go(sheet, rulings):
    assert "T14 · Free strikes. A full row's two free strikes go on unmarked light squares " \
           "or Warriors, any sector; never a dark square, Troll or Standing Stone." in rulings
    assert "2 free strikes (×, T14)" in sheet


def test_a_column_of_three_in_a_sector_with_no_troll_left(sheet, rulings):
    assert "T16 · Column, no Troll. A column of three whose sector has no Troll left gives " \
           "nothing" in rulings
    assert "(T7, T16)" in sheet


def test_frigg_on_troll_warrior_and_stone_squares(sheet, rulings):
    assert "T17 · Frigg. Frigg crosses off any unmarked square: light, dark, Troll, Warrior " \
           "or Standing Stone, with a strike's effect there (T4): a Troll its track's next " \
           "Troll, a Stone a Runestone." in rulings
    assert "Any unmarked square, light or dark (T17)." in sheet


def test_thors_line(sheet, rulings):
    ruling = rulings[rulings.index("T19 · Thor's line."):rulings.index("T20")]
    # Troll in the middle? icon squares light? no line possible?
    assert "the Troll at an end or in the middle" in ruling
    assert "light squares without an icon" in ruling
    assert "No line: the Troll only." in ruling
    assert "A Troll, 2 light squares in line (T19)." in sheet


def test_fire_size_ties(sheet, rulings):
    assert "T18 · Fire ties. Tied fires share a place, each losing its points; the next size " \
           "takes the next place." in rulings
    assert "ties share a place (T18)" in sheet


def test_the_valhalla_v_across_sector_joins(sheet, rulings):
    assert "T15 · V across sectors. The V may cross sector borders (↔)." in rulings
    assert "Valhalla V (T8, T15)" in sheet


def test_turning_a_die_twice(sheet, rulings):
    assert "T20 · Turning a die. One die a round, turned once" in rulings
    assert "One a round (T20)" in sheet


def test_left_and_right_against_seat_numbers_on_sheet_aid_and_script(sheet, rulings):
    assert "T21 · Seats. Seats go clockwise. Your LEFT neighbour is the next seat clockwise " \
           "(seat 4's is seat 1), your RIGHT the one before." in rulings
    assert "LEFT: next seat clockwise (T21)" in sheet
    script = run_cli("dice", GAME, "-s", "oak", "-n", "4")
    assert script.exit_code == 0, script.output
    assert "Seats 1, 2, 3, 4 go clockwise round the table. Your LEFT neighbour sits at the " \
           "next seat clockwise" in _flat(script.output)
    two = run_cli("dice", GAME, "-s", "oak", "-n", "2")
    assert "your LEFT die space holds the other player's Thunder die, your RIGHT the dummy's" \
        in _flat(two.output)


def test_column_of_three_boxes_have_their_own_symbol_keyed_on_the_sheet(sheet, project):
    from sheetgen.generate.games import load_game
    symbols = load_game(project, GAME).spec.symbols
    assert symbols["column"].icon != symbols["troll"].icon
    assert "Column of 3 Tick: cross off a Troll of its colour (T7)." in sheet
    # every symbol of the game is keyed on the play sheet itself
    for symbol in symbols.values():
        assert f"{symbol.label} {symbol.meaning}" in sheet, symbol.label


def test_every_ruling_cited_is_on_the_cards_and_the_cards_fill_two_rows(built, rulings):
    pages = text_of(built(GAME, "clarifications", "a4"), [0])
    # six ruling cards: two full rows of three on one A4 sheet (it had one row, two thirds
    # of the sheet blank), so the House rulings filler has no slot to fill
    assert pages.count("Edition ruling · not the publisher's") == 6
    assert "House rulings" not in pages
    for number in range(1, 22):
        assert f"T{number} · " in rulings, number


def test_dice_nets_and_stickers_print_in_their_own_files(built):
    nets = _flat(text_of(built(GAME, "printable-dice", "a4")))
    stickers = _flat(text_of(built(GAME, "dice-stickers", "a4")))
    assert "16 mm cube" in nets and "stickers for a 16 mm blank die" not in nets
    assert "stickers for a 16 mm blank die" in stickers and "16 mm cube" not in stickers


def test_the_checklist_counts_the_dice_by_player_count(built):
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    # 4 players need 12 dice: the copies table says print 2x, the checklist counts what the
    # copies print; no typed count in the dice line
    assert "4 4 12 (print 2×)" in guide
    assert "7 dice (1-2 players), 14 dice (3-4 players) · Dice: red, blue, yellow and the " \
           "grey dummy" in guide
    assert "2 × red" not in guide


def test_the_record_strip_has_a_row_for_the_neighbours_thunder_values(sheet):
    # the rounds table: your Thunder die, your circle and triangle dice, and the LEFT and
    # RIGHT neighbours' Thunder numbers, each round
    assert "Thunder die Circle · triangle LEFT · RIGHT" in sheet


def _grey_page(built):
    """Page 1 of the A4 play sheet: greyscale pixels at 150 dpi and the pypdfium2 page."""
    import pypdfium2 as pdfium
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    return page.render(scale=150 / 72).to_pil().convert("L"), page


def _below(page, image, label):
    """The pixels of the square whose coordinate ``label`` prints at its top: a band from 1 mm
    under the label to 5 mm under it, 3.5 mm either side of its middle."""
    from pdfcheck import page_chars, text_box
    mm, scale = 72 / 25.4, 150 / 72
    text, boxes = page_chars(page)
    left, bottom, right, _top = text_box(text, boxes, label)
    middle, height = (left + right) / 2, page.get_height()
    box = (middle - 3.5 * mm, bottom - 5 * mm, middle + 3.5 * mm, bottom - 1 * mm)
    crop = image.crop((int(box[0] * scale), int((height - box[3]) * scale),
                       int(box[2] * scale), int((height - box[1]) * scale)))
    return list(crop.getdata())


def test_dark_squares_are_hatched_not_only_grey(built):
    # a faint printer loses the grey tone: the dark squares (4-1 in red is one) carry a
    # diagonal lattice of lines darker than their grey; a light square (5-1) stays white
    image, page = _grey_page(built)
    dark = _below(page, image, "4-1")
    lines = sum(p < 170 for p in dark) / len(dark)
    grey = sum(170 <= p < 225 for p in dark) / len(dark)
    assert 0.08 < lines < 0.6 and grey > 0.3, (lines, grey)
    light = _below(page, image, "5-1")
    assert sum(p < 225 for p in light) / len(light) < 0.02


def test_rules_read_during_play_are_printed_at_the_rules_size(built):
    # role: rules (8 pt, capitals 1.9 mm: Alegreya Sans at 8.5 pt) for the order of
    # execution, the God powers, the dice tray's Thunder note, the network's and the Troll
    # tracks' rules, the turn-a-die note and the Valhalla note
    from pypdf import PdfReader
    reader = PdfReader(str(built(GAME, "play-sheet", "a4")))
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((" ".join(text.split()), round(size * abs(tm[0] * cm[0]), 2)))

    reader.pages[0].extract_text(visitor_text=visit)
    for phrase in ("Rolling Thunder: LEFT die, then RIGHT die", "A Troll in each sector",
                   "Any two Trolls", "Before placing", "sector and column",
                   "Slash your Thunder die's stone", "crosses off the leftmost",
                   "Rotate or flip", "strikes corner to"):
        sizes = {size for text, size in runs if phrase in text}
        assert sizes and min(sizes) >= 8.5, (phrase, sizes)


def test_each_player_gets_a_set_of_the_rulings_the_sheet_cites(built):
    # issue 34 (6): the sheet cites T1-T21 every turn; the table kept walking to one copy
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    assert "Players Play sheets Dice Clarifications" in guide
    assert "4 4 12 (print 2×) 24 (print 4×)" in guide
    assert "24 cards (4 players) · Clarifications cards" in guide
    assert "cited on the play sheet: one set per player" in guide
