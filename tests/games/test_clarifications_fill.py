"""The Clarifications aids use their cards well: no mostly-empty card, no card alone in a row,
every card's rulings at one size.

Every grid and gutterfold page row is full: where the rulings leave a slot (three cards in
gutterfold rows of two, two in grid rows of three) the deck's row filler, the table's own
House rulings card, completes the row; one-per-page files never print it. Measured on the pod
PDFs (one card a page, fronts on even pages): the lowest printed character
of the rulings, as a share of the body box the clarifications template gives them, for every
game that uses the shared template.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pdfcheck import body_text_sizes, placements, template_elements, text_of
from sheetgen.base.units import to_points

MM = 72 / 25.4
BLEED = 3.175 * MM      # pod pages carry 1/8 in bleed around the trim
# Roll & Might prints its rulings once on A6 cards of its own template (reader finding 2,
# look 6.8): tests/games/test_roll_and_might_table.py measures them.
GAMES = ["roll-and-raid", "rolling-thunder", "reavers-of-midgard", "ragnarocks"]
ACROSS = 3              # poker cards a row on A4 and Letter


def body_box(project) -> tuple[float, float]:
    """Return the top and bottom (points down the card) of the rulings' box: under the
    subtitle and its rule (5.5 mm below the template's column) to the column's foot, above
    the band or seal at the card's foot."""
    column = template_elements(project, "clarifications-front")["column"]
    top = to_points(column["y"])
    return top + 5.5 * MM, top + to_points(column["h"])


def body_fill(pdf_path, body_top: float, body_bottom: float) -> list[float]:
    """Return, for each front page, how far down its body box the rulings reach (0 to 1)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    fills = []
    for index in range(0, len(pdf), 2):
        page = pdf[index]
        height, text = page.get_height(), page.get_textpage()
        lowest = []
        for char in range(text.count_chars()):
            _, bottom, _, top = text.get_charbox(char)
            if height - BLEED - top >= body_top and height - BLEED - bottom <= body_bottom:
                lowest.append(height - BLEED - bottom)
        fills.append((max(lowest) - body_top) / (body_bottom - body_top))
    return fills


@pytest.mark.parametrize("game", GAMES)
def test_the_clarifications_cards_print_their_rulings_at_one_size(built, project, game):
    """Shrink-to-fit set one card smaller than its neighbour (Rolling Thunder 9.5, 9.25 and
    8.75 pt; Ragnarocks 10.75 and 11.5): every card of a deck now prints its rulings at one
    size, within 0.5 pt of the others and 8.5 pt or more."""
    top, bottom = body_box(project)
    pdf = built(game, "clarifications", "pod")
    cards = body_text_sizes(pdf, top, bottom, BLEED)  # the rulings, not title nor mark
    # A Symbols aid in the deck (Rolling Thunder's two) keys symbols at the note role's fixed
    # size, 10 pt: it never shrinks to fit, so it is not measured with the rulings.
    fronts = PdfReader(str(pdf)).pages[::2]
    cards = [sizes for sizes, page in zip(cards, fronts)
             if "Symbols \u00b7" not in page.extract_text()]
    assert len(cards) >= 2 and all(cards), f"{game}: {cards}"
    every = set().union(*cards)
    assert min(every) >= 8.5, f"{game}: rulings at {cards} pt"
    assert max(every) - min(every) <= 0.5, f"{game}: rulings at {cards} pt"


@pytest.mark.parametrize("game", GAMES)
def test_every_clarifications_card_is_well_filled(built, project, game):
    top, bottom = body_box(project)
    fills = body_fill(built(game, "clarifications", "pod"), top, bottom)
    assert len(fills) >= 2, fills
    assert min(fills) >= 0.6, f"{game}: a card's rulings fill only {min(fills):.0%} of it"
    # a row of A4 or Letter never holds one card alone (3 across: 1, 4, 7 ... cards would)
    assert len(fills) % ACROSS != 1, f"{game}: {len(fills)} cards leave one alone in a row"


def faces_per_row(pdf_path, fold: bool) -> list[int]:
    """Return how many faces each row of each page holds (left of the fold only if ``fold``)."""
    reader = PdfReader(str(pdf_path))
    counts = []
    for index, page in enumerate(reader.pages):
        half = float(page.mediabox.width) / 2
        rows: dict[int, int] = {}
        for placed in placements(reader, index):
            if not fold or placed.x < half:
                rows[round(placed.y)] = rows.get(round(placed.y), 0) + 1
        counts += list(rows.values())
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_every_row_of_cards_is_full_and_the_filler_stays_out_of_pod(built, game):
    gutterfold = faces_per_row(built(game, "clarifications", "gutterfold-a4"), fold=True)
    assert gutterfold and set(gutterfold) == {2}, f"{game}: gutterfold rows hold {gutterfold}"
    grid = faces_per_row(built(game, "clarifications", "a4"), fold=False)
    assert grid and set(grid) == {ACROSS}, f"{game}: a4 rows hold {grid}"
    assert "House rulings" not in text_of(built(game, "clarifications", "pod"))
