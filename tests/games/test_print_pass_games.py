"""The print pass on the shipped games' home files (issue 34): bled gaps between cards, every
deck as many cards a page as before, and How-to-print tables without repeated rows.

Read from the real A4 builds: pypdf for where each card stands, pypdfium2 for the pixels.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from pdfcheck import MM, placements, render

GAP = 1.35 * MM  # poker cards on A4/Letter (tests/test_print_pass.py derives it)
POKER_W, POKER_H = 63.5 * MM, 88.9 * MM
# (game, deck, card width and height in mm, cards a front page holds as when they abutted,
#  the gap: poker 1.35 mm, mini 3.02 mm as tests/test_print_pass.py derives them)
DECKS = [("roll-and-might", "cards", (63.5, 88.9), 9, 1.35),
         ("roll-and-raid", "raid-cards", (63.5, 88.9), 9, 1.35),
         ("ragnarocks", "mythology-cards", (63.5, 88.9), 9, 1.35),
         ("reavers-of-midgard", "reaver-cards", (44.45, 63.5), 16, 9.05 / 3)]


@pytest.mark.parametrize("game, deck, size, per_page, gap", DECKS)
def test_home_pages_hold_as_many_cards_as_before_a_gap_apart(built, game, deck, size,
                                                             per_page, gap):
    reader = PdfReader(built(game, deck, "a4"))
    fronts = placements(reader, 0)
    assert len(fronts) == per_page
    xs = sorted({round(p.x, 3) for p in fronts})
    ys = sorted({round(p.y, 3) for p in fronts})
    w, h = (v * MM for v in size)
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([w + gap * MM] * (len(xs) - 1),
                                                                abs=0.01)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([h + gap * MM] * (len(ys) - 1),
                                                                abs=0.01)


def test_roll_and_might_cards_stand_1_35_mm_apart_and_their_bleed_fills_the_gap(built):
    path = built("roll-and-might", "cards", "a4")
    reader = PdfReader(path)
    fronts = placements(reader, 0)
    xs = sorted({round(p.x, 3) for p in fronts})
    ys = sorted({round(p.y, 3) for p in fronts})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([POKER_W + GAP] * 2, abs=0.01)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([POKER_H + GAP] * 2, abs=0.01)
    dpi = 200
    image = render(path, 0, dpi)
    height, scale = float(reader.pages[0].mediabox.height), dpi / 72
    white = 0
    for x in (a + POKER_W + GAP / 2 for a in xs[:-1]):  # the middle of each column gap
        for y in (b + POKER_H * f / 20 for b in ys for f in range(1, 20)):
            white += image.getpixel((int(x * scale), int((height - y) * scale))) >= 250
    assert white == 0, f"{white} white paper pixels in the gaps between cards"


def test_backs_of_a_shipped_deck_register_behind_their_fronts(built):
    reader = PdfReader(built("roll-and-raid", "raid-cards", "a4"))
    width = float(reader.pages[0].mediabox.width)
    fronts, backs = placements(reader, 0), placements(reader, 1)
    assert sorted((round(width - p.x - POKER_W, 2), round(p.y, 2)) for p in fronts) == \
        sorted((round(p.x, 2), round(p.y, 2)) for p in backs)


def test_ragnarocks_copies_table_prints_one_row_for_every_player_count(built):
    text = " ".join(PdfReader(built("ragnarocks", "how-to-print", "a4")).pages[0]
                    .extract_text().split())
    # 2 to 6 players need the same board, tokens, cards, aids and rulings: one row, not five.
    # Rulings: 3, the Clarifications print each ruling once on 3 cards since the aids pass
    # (data/ragnarocks/clarifications.yaml; clarifications-a4.pdf holds 3 fronts), was 6
    assert "2-6 1 52 32 18 3" in text, text
    assert "3 1 52 32 18 3" not in text
