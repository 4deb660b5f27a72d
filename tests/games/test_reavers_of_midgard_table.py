"""Reavers of Midgard at the table (issue 34): each finding of the tables, measured in the
printed PDFs (and the roll sheet): the board's seams, text sizes, round panel, pair slots and
trophy supply; the cards' ladders, inline symbols and Walls; the players' colours; the Leader
box; the symbol keys; the roll sheet; How to print; the rulings."""

from __future__ import annotations

import re

import hashlib

import pypdfium2 as pdfium
from pypdf import PdfReader
import pytest
import yaml
from pdfcheck import ink_columns, near_mask, page_bounds, page_texts

MM = 72 / 25.4
# The A4 and Letter tilings split the 600 mm board (with its 3.175 mm bleed) into four equal
# columns: vertical glue seams 148.4, 300 and 451.6 mm from the trimmed board's left edge.
SEAMS_MM = (148.4, 300.0, 451.6)


def _lines(page) -> list[tuple[str, float, float]]:
    """Return (text, left mm, right mm) of every run of printed text of ``page``, from the trim
    edge: a run ends at a line break or a gap wider than 4 mm (texts side by side)."""
    text = page.get_textpage()
    whole = text.get_text_range()
    trim_left = page.get_trimbox()[0]
    runs, run = [], []
    for at in range(len(whole) + 1):
        box = text.get_charbox(at) if at < len(whole) and whole[at] not in "\r\n" else None
        if run and (box is None or box[0] - run[-1][1][2] > 4 * MM
                    or box[2] < run[-1][1][0]):
            inked = [b for ch, b in run if not ch.isspace()]
            if inked:
                runs.append(("".join(ch for ch, _ in run),
                             (min(b[0] for b in inked) - trim_left) / MM,
                             (max(b[2] for b in inked) - trim_left) / MM))
            run = []
        if box is not None and not (whole[at].isspace() and not run):
            if whole[at].isspace():
                run.append((whole[at], (run[-1][1][2],) * 4))
            else:
                run.append((whole[at], box))
    return runs


@pytest.mark.slow
def test_no_board_text_lies_across_a_glue_seam(built):
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    lines = _lines(page)
    assert any("Raid Villages" in line for line, _, _ in lines)
    crossing = [(line, round(left), round(right)) for line, left, right in lines
                for seam in SEAMS_MM if left < seam < right]
    assert crossing == []


@pytest.mark.slow
def test_the_rulebooks_gaps_print_as_this_editions_rulings(built):
    """Issue 34's Reavers findings, each printed on the Clarifications cards."""
    pages = pdfium.PdfDocument(str(built("reavers-of-midgard", "clarifications", "a4")))
    printed = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pages)
    for finding in ("Only to a face that die has",                       # Ivar, Gunnhild
                    "A stored die keeps its face",                       # dice on Artifacts
                    "drawn by a Treasure Galley or Highland Jarldom tile",       # Walls from tiles
                    "Keep Walls and Towers are not treasures",           # Fafnir's Hoard
                    "the card goes to your Glory pile and scores nothing",  # Ship Upgrade card
                    "2 a space",                                         # 12 tokens, 6 spaces
                    "From the active player clockwise: pay",             # raid order
                    "Tied for most: each 8, no second",                  # Fortification ties
                    "take nothing there and Prepare instead"):           # short displays
        assert finding in printed, finding


# ---- The board (issue 34's Reavers findings), measured in the print-on-demand board ----

def _chars(page) -> list[tuple[str, float, float, float]]:
    """Return (char, size pt, x mm, y mm from the top) of every inked character of ``page``,
    measured from the trim box's top-left corner."""
    import pypdfium2.raw as raw

    text = page.get_textpage()
    whole = text.get_text_range()
    left, _bottom, _right, top = page.get_trimbox()
    chars = []
    for at, char in enumerate(whole):
        if char.isspace():
            continue
        x0, y0, x1, y1 = text.get_charbox(at)
        chars.append((char, raw.FPDFText_GetFontSize(text.raw, at),
                      ((x0 + x1) / 2 - left) / MM, (top - (y0 + y1) / 2) / MM))
    return chars


def _text_in(chars, x0, y0, x1, y1) -> str:
    """Return the characters printed inside the box (mm), in reading order, spaces dropped."""
    return "".join(c for c, _s, x, y in chars if x0 <= x <= x1 and y0 <= y <= y1)


@pytest.fixture(scope="module")
def board_page(built):
    return pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]


@pytest.mark.slow
def test_board_text_is_9_pt_or_more(board_page):
    """Finding: board rule text >= 9 pt. Every letter on the board, rules strips included."""
    chars = _chars(board_page)
    assert "Clockwise,eachtakesonepair" in "".join(c for c, _s, _x, _y in chars)
    small = sorted({round(size, 1) for _c, size, _x, _y in chars if size < 9 - 0.01})
    assert small == []


@pytest.mark.slow
def test_how_a_round_works_has_prepare_and_the_pawns_outside_every_location(board_page):
    """Finding: Prepare and the 4-5 player pawn rule sit in a 'How a round works' panel of
    their own (the bottom right panel), not inside one Location's panel."""
    chars = _chars(board_page)
    panel = _text_in(chars, 490.75, 332.5, 576.5, 421.5)
    for words in ("Howaroundworks", "Prepare", "4-5players1each", "Roundsetup", "Cleanup",
                  "innumberedorder(apairtakes2cards)"):
        assert words in panel, words
    locations = {"Recruit": (23.5, 23.5, 260.75, 176.5), "Villages": (263.5, 23.5, 572.7, 176.5),
                 "Sea": (23.5, 178, 260.75, 331), "Keeps": (263.5, 178, 547.7, 331),
                 "Trade": (23.5, 332.5, 318.75, 421.5), "Conquer": (321.75, 332.5, 487.75, 421.5)}
    for name, box in locations.items():
        inside = _text_in(chars, *box)
        assert "Prepare" not in inside and "4-5players" not in inside, name


@pytest.mark.slow
def test_raid_pairs_are_two_card_slots_in_fill_order(board_page):
    """Finding: the Raid Villages and Raid Keeps 'pair' spaces are real 2-card slots (one
    framed slot holding cards 1 and 2 of a numbered pair), numbered in the order Round setup
    fills them."""
    chars = _chars(board_page)
    villages = _text_in(chars, 263.5, 44, 545.5, 176.5)
    keeps = _text_in(chars, 263.5, 198, 545.5, 331)
    for n in range(1, 6):
        for card in (1, 2):
            assert villages.count(f"Pair{n}·card{card}") == 1, (n, card)
            assert keeps.count(f"Pair{n}·card{card}") == 1, (n, card)
    # the frame of pair 1 is drawn in the Location's colour around both of its cards: its left
    # and right edges and the gap between its two cards are inside one framed slot
    image = board_page.render(scale=150 / 72).to_pil()
    px = 150 / 25.4
    bleed = 3.175
    left_edge = image.getpixel((round((265.0 + bleed) * px), round((76 + bleed) * px)))
    right_edge = image.getpixel((round((356.9 + bleed) * px), round((76 + bleed) * px)))
    for colour in (left_edge, right_edge):  # the Raid Villages green, #4f7a3a
        assert abs(colour[0] - 0x4f) < 40 and abs(colour[1] - 0x7a) < 40 \
            and abs(colour[2] - 0x3a) < 40, colour


@pytest.mark.slow
def test_the_trophy_supply_shows_the_troll_and_the_kraken(board_page):
    """Finding: the Trophies space on Battle at Sea pictures both trophies, side by side: ink
    in its left and right quarters (a single picture stands in the middle)."""
    px = 150 / 25.4
    bleed = 3.175
    image = board_page.render(scale=150 / 72).to_pil().convert("L")

    def inked(x0, x1, y0=280.5, y1=295.5):
        return sum(image.getpixel((round((x0 + i * (x1 - x0) / 30 + bleed) * px),
                                   round((y0 + j * (y1 - y0) / 30 + bleed) * px))) < 120
                   for i in range(31) for j in range(31))

    assert inked(128, 135) > 40   # the Troll, left
    assert inked(149, 156) > 40   # the Kraken, right


# ---- Cards, Longships, markers and aids ----

def _front_chars(built, component):
    """Yield (page index, chars) of every front of ``component``'s print-on-demand file (a
    face per page, fronts and backs alternating), chars as :func:`_chars` gives them."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", component, "pod")))
    for index in range(0, len(pdf), 2):
        yield index, _chars(pdf[index])


@pytest.mark.slow
def test_the_keep_spoils_set_ladder_is_8_pt_or_more(built):
    """Finding: a treasure's set ladder (set size over the Glory it scores) >= 8 pt."""
    ladders = 0
    for _index, chars in _front_chars(built, "keep-spoils"):
        line = [(c, size) for c, size, _x, y in chars if 40.3 <= y <= 48.3]
        text = "".join(c for c, _size in line)
        if text.startswith("Setof"):
            ladders += 1
            assert "Scores" in text and min(size for _c, size in line) >= 8, text
    assert ladders == 30  # every treasure card


@pytest.mark.slow
@pytest.mark.parametrize("component, top", [
    ("reaver-cards", 46.8), ("village-spoils", 40.3), ("keep-spoils", 40.3),
    ("journey-cards", 40.3), ("sea-battle-cards", 40.3), ("prophecy-cards", 40.3),
    ("territory-tiles", 25.3)])
def test_card_text_with_inline_symbols_is_8_5_pt_so_the_symbols_are_3_mm(built, component, top):
    """Finding: inline Glory, Food and Favor symbols >= 3 mm. An inline symbol is drawn as
    large as its line's type (8.5 pt = 3.0 mm): every rule text under the picture (where the
    symbols stand) is 8.5 pt or more."""
    for index, chars in _front_chars(built, component):
        small = [(c, round(size, 2)) for c, size, _x, y in chars if y > top and size < 8.49]
        assert small == [], (component, index)


@pytest.mark.slow
def test_village_and_keep_walls_are_named_apart(built):
    """Finding: Village and Keep Walls told apart by more than the band colour: the band says
    'Village Wall' or 'Keep Wall'."""
    def bands(component):
        return {"".join(c for c, _s, _x, y in chars if y < 10)
                for _i, chars in _front_chars(built, component)}
    village, keep = bands("village-spoils"), bands("keep-spoils")
    assert any(band.startswith("VillageWall") for band in village)
    assert any(band.startswith("KeepWall") for band in keep)
    assert not any(band.startswith("Wall") for band in village | keep)


@pytest.mark.slow
def test_player_colours_are_not_named_like_the_dice(built):
    """Finding: the players' colours never share a name (or a letter) with the Crew dice's
    red, blue and yellow (R, B, Y)."""
    boards = " ".join(" ".join(p.get_textpage().get_text_range().split())
                      for p in pdfium.PdfDocument(str(built("reavers-of-midgard",
                                                                "player-boards", "pod"))))
    for colour in ("Crimson", "Azure", "Green", "Ochre", "Purple"):
        assert f"Longship of the {colour} Clan" in boards
    assert not any(f"{dice} Clan" in boards for dice in ("Red", "Blue", "Yellow"))
    letters = set()
    for page in pdfium.PdfDocument(str(built("reavers-of-midgard", "markers", "a4"))):
        letters |= {c for c, size, _x, _y in _chars(page) if size >= 9.5 and c.isupper()}
    assert letters >= {"C", "A", "G", "O", "P"} and not letters & {"R", "B", "Y"}


@pytest.mark.slow
def test_the_leader_box_text_is_dark(built):
    """Finding: the Leader box's text is ink-dark (it was mid-grey at 7.7 pt), 8.5 pt."""
    import pypdfium2.raw as raw

    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "player-boards", "pod")))[0]
    text = page.get_textpage()
    whole = text.get_text_range()
    start = whole.find("Lead: place a Reaver here")
    assert start >= 0
    for at in range(start, start + 20):
        r, g, b, a = (pdfium.raw.c_uint(), pdfium.raw.c_uint(), pdfium.raw.c_uint(),
                      pdfium.raw.c_uint())
        assert raw.FPDFText_GetFillColor(text.raw, at, r, g, b, a)
        assert max(r.value, g.value, b.value) <= 0x30, (whole[at], r.value, g.value, b.value)
        assert raw.FPDFText_GetFontSize(text.raw, at) >= 8.5


@pytest.mark.slow
def test_every_symbol_is_keyed_on_the_symbols_aid_and_the_board_keys_its_resources(built):
    """Finding: symbols declared and keyed where they are printed: the Symbols aid (one per
    player) keys all ten, the board's round panel its Food, Favor and Glory."""
    aids = " ".join(" ".join(p.get_textpage().get_text_range().split())
                    for p in pdfium.PdfDocument(str(built("reavers-of-midgard", "reference",
                                                          "pod"))))
    for label in ("Food", "Favor", "Glory", "Hammer", "Two hammers", "Shield", "Chest", "Ship",
                  "Troll", "Kraken"):
        assert f"{label} " in aids.split("What the pictures mean", 1)[1], label
    board = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    panel = _text_in(_chars(board), 490.75, 400, 576.5, 421.5)
    assert "FoodPaysRaids" in panel and "Favor" in panel and "GloryVictory" in panel


def test_the_roll_sheet_says_refills_seating_and_colours():
    """Findings: the roll sheet says 'refilled at most once a round' at every deck, the
    seating direction and the players' colours."""
    from conftest import run_cli

    result = run_cli("dice", "reavers-of-midgard", "--seed", "odin", "--players", "5")
    assert result.exit_code == 0, result.output
    text = result.output
    decks = re.findall(r"^(\S[^\n]*deck \(top card first\):)\n(?:  [^\n]*\n)*?  \(([^\n]*)\)",
                       text, re.M)
    assert len(decks) == 6
    for name, note in decks:
        assert "at most once a round" in note, name
    assert "go clockwise round the table" in text
    assert "Crimson, Azure, Green, Ochre or Purple" in text


@pytest.mark.slow
def test_how_to_print_calls_tiles_and_tokens_by_their_names(built):
    """Finding: How to print counts Territory tiles as tiles, Ship Upgrade and other tokens as
    tokens, the Longships as boards, never as 'cards'."""
    text = " ".join(" ".join(p.get_textpage().get_text_range().split())
                    for p in pdfium.PdfDocument(str(built("reavers-of-midgard", "how-to-print",
                                                          "a4"))))
    for line in ("territory-tiles-a4.pdf: 40 tiles", "ship-upgrade-tiles-a4.pdf: 12 tokens",
                 "tokens-a4.pdf: 100 tokens", "player-boards-a4.pdf: 5 boards",
                 "40 tiles · Territory tiles", "12 tokens · Ship Upgrade tokens"):
        assert line in text, line


@pytest.mark.slow
def test_the_qps_edition_passes_its_checks_on_every_component(project, checked):
    """issue 33 (qps) for Reavers: every text ~40 % longer still fits its box at its role's
    size on every component the game prints: the Spoils cards' rule text and the player aids
    (shorter words, one string per card type, bigger boxes), the board (Ship Upgrade spaces
    show their token's face, short texts where a glue seam crosses a space), the Territory and
    Ship Upgrade tiles' names (they wrap inside the safe area) and How to print's copies table
    (a row's height more for a heading on two lines)."""
    game = project.game_dir("reavers-of-midgard") / "game.yaml"
    components = yaml.safe_load(game.read_text(encoding="utf-8"))["components"]
    assert len(components) == 19 and "board" in components and "how-to-print" in components
    result = checked("reavers-of-midgard", "--edition", "qps", "-p", "a4")
    assert result.exit_code == 0, result.output
    assert f"{len(components)} outputs checked: {len(components)} pass, 0 fail" in result.output


# ---- the look (issue 34, last session's fresh reader: 6.2/10 against the retail game) ----

def _card_pages(built, component):
    """Return (name, front page, back page) of every card of ``component`` printed one card a
    page (pod: fronts on even pages, backs on odd), its name read from the front."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", component, "pod")))
    return pdf, [(pdf[k].get_textpage().get_text_range(), pdf[k], pdf[k + 1])
                 for k in range(0, len(pdf), 2)]


def _mm_box(page, x0, y0, x1, y1):
    """Return the pixel box (left, top, right, bottom) at 4 px/pt of a card-relative box in mm
    (from the trim's top left)."""
    left, _, _, top = page.get_trimbox()
    height = page.get_height()
    return (round((left + x0 * MM) * 4), round((height - top + y0 * MM) * 4),
            round((left + x1 * MM) * 4), round((height - top + y1 * MM) * 4))


def _picture(page):
    """Return the card's picture window (3.2-41.25 x 18.8-39.8 mm) rendered at 4 px/pt."""
    return page.render(scale=4).to_pil().convert("RGB").crop(_mm_box(page, 3.6, 19.2, 40.8, 39.4))


@pytest.mark.parametrize("component", ["journey-cards", "sea-battle-cards", "prophecy-cards",
                                       "village-spoils", "keep-spoils"])
def test_every_card_picture_is_its_own_piece_on_a_scene(built, component):
    """Finding: every card was a lone silhouette on a flat cream panel (All Quiet a flat sun).
    Now each picture is a scene (sea, storm, fjord, village, meadow, keep, hall, sky...) with the
    card's piece on it: hundreds of tones where a silhouette on a flat panel has a handful, and
    cards of different names never share a picture."""
    _, cards = _card_pages(built, component)
    seen: dict[str, set[str]] = {}
    for text, front, _ in cards:
        picture = _picture(front)
        tones = len(set(picture.getdata()))
        assert tones > 300, (component, text[:30], tones)
        name = text.split("\r\n")[1] if component.endswith("spoils") else text
        seen.setdefault(hashlib.sha256(picture.tobytes()).hexdigest(), set()).add(name)
    shared = [names for names in seen.values() if len(names) > 1]
    assert not shared, shared[:3]


def test_every_reaver_stands_on_a_scene_of_its_own(built):
    """Finding: Reaver cards were lone silhouettes; each now stands on a scene, read from the
    picture's corners, where the piece does not reach.

    Issue 34 superseded this test's first promise (the Reavers of one Location shared that
    Location's scene): now every Reaver stands on a scene of its own, lit in its clan's hue,
    and the few that share a scene are cropped at its other side and lit by another clan
    (data/reavers-of-midgard/reaver-cards.yaml). So the two copies of one Reaver show the
    same backdrop and no two Reavers show the same one, corner for corner."""
    _, cards = _card_pages(built, "reaver-cards")
    corners: dict[str, set[str]] = {}
    for text, front, _ in cards:
        name = text.split("\r\n")[0]
        assert re.search(r"Specialize: (Raid Villages|Raid Keeps|Conquer Territories|"
                         r"Battle at Sea)", " ".join(text.split())), text[:60]
        image = front.render(scale=4).to_pil().convert("RGB")
        # the picture's left edge, under the clan tab and left of the hero's emblem
        corner = image.crop(_mm_box(front, 3.6, 25, 5.8, 35.5)).tobytes()
        assert len(set(image.crop(_mm_box(front, 3.6, 22.4, 40.8, 38.4)).getdata())) > 300
        corners.setdefault(name, set()).add(hashlib.sha256(corner).hexdigest())
    assert len(corners) > 20, sorted(corners)  # names read: one entry per Reaver
    assert all(len(v) == 1 for v in corners.values()), corners
    shared = len(corners) - len(set.union(*corners.values()))
    assert shared == 0, f"{shared} Reavers share a backdrop"


def test_journey_and_sea_battle_prices_are_big_icons(built):
    """Finding: 'Spend [ship]' was set at text size (3 mm). A price is now drawn as icons 5 mm
    tall or more, under the picture: one for each die or symbol it costs (read as the dark ink
    of the price row, column by column: each icon a run of inked columns)."""
    for component, name, count in (("journey-cards", "Whirlpool", 2),
                                   ("journey-cards", "Storm at Sea", 1),
                                   ("sea-battle-cards", "Saxon Cog", 3)):
        _, cards = _card_pages(built, component)
        front = next(page for text, page, _ in cards if name in text)
        row = front.render(scale=4).to_pil().convert("L").crop(_mm_box(front, 3.5, 40.3, 41,
                                                                       48.1))
        inked = ink_columns(row, 90)
        icons, run = [], []
        for x, ys in enumerate(inked + [[]]):
            if ys:
                run.append(ys)
            elif run:
                if len(run) > 2 * MM * 4:  # wider than 2 mm: an icon, not a stray mark
                    icons.append((max(max(c) for c in run) - min(min(c) for c in run)) / 4 / MM)
                run = []
        assert len(icons) == count and min(icons) >= 4.5, (name, icons)


def _piece_segments(page, x0, y0, x1, y1) -> int:
    """Return the segment count of the most detailed path drawn inside a card-relative box (mm):
    the outline of the icon printed there."""
    left, _, _, top = page.get_trimbox()
    best = 0
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium.raw.FPDF_PAGEOBJ_PATH:
            continue
        a, b, c, d = page_bounds(obj)
        if (left + x0 * MM <= a and c <= left + x1 * MM and top - y1 * MM <= b
                and d <= top - y0 * MM):
            best = max(best, pdfium.raw.FPDFPath_CountSegments(obj.raw))
    return best


def test_the_pawn_the_battle_at_sea_and_the_ship_face_have_pictures_of_their_own(built):
    """Finding: one ship picture stood for the Longship pawn, the Battle at Sea cards and the
    Ship die face. Now the pawn is a dragon prow (the Honor Ship standee; the clans' pawns carry
    their emblems), Battle at Sea a breaking wave, and the ship stays the die face (printed in
    Storm at Sea's price)."""
    pawns = pdfium.PdfDocument(str(built("reavers-of-midgard", "pawns", "pod")))
    pawn = next(page for page in pawns if "Honor" in page.get_textpage().get_text_range())
    _, battles = _card_pages(built, "sea-battle-cards")
    _, journeys = _card_pages(built, "journey-cards")
    storm = next(page for text, page, _ in journeys if "Storm at Sea" in text)
    pictures = {"pawn": _piece_segments(pawn, 2, 44.5, 16, 57),  # the standee's front figure
                "battle at sea": _piece_segments(battles[0][2], 9, 14, 36, 41),
                "ship face": _piece_segments(storm, 3.5, 40, 41, 48.3)}
    assert min(pictures.values()) > 50 and len(set(pictures.values())) == 3, pictures


@pytest.mark.parametrize("component", ["reaver-cards", "journey-cards", "sea-battle-cards",
                                       "prophecy-cards", "village-spoils", "keep-spoils",
                                       "reference", "clarifications", "dice-aid", "tokens"])
def test_deck_and_aid_backs_are_light(built, component):
    """Finding: heavy dark backs ate home-printer ink. A deck's or an aid's back is now
    parchment woven in the deck's colour with a medallion, a token a pale ground with its ring
    in colour: most of it is light paper."""
    _, cards = _card_pages(built, component)
    back = cards[0][2].render(scale=1).to_pil().convert("L")
    light = sum(1 for v in back.getdata() if v > 170) / (back.width * back.height)
    assert light > 0.6, (component, light)


def test_the_clarifications_fill_their_sheet(built):
    """Finding: the Clarifications left a third of their sheet empty. The twenty rulings spread
    over nine cards at 11 pt: a full A4 sheet of nine."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "clarifications", "a4")))[0]
    text = page.get_textpage().get_text_range()
    assert text.count("Clarifications\r\n") + text.count("House rulings\r\n") == 9
    assert "R1 · Pawns" in text and "R21 · Village and Keep Walls" in text


# ---- Fifth table's findings (the reader who scored the retail edition 5.6) ----

TERRITORIES = ("Fjord Hamlet", "Forest Hold", "Sacred Grove", "Highland Jarldom")


def _printed(built, component: str, profile: str = "pod") -> str:
    """Return every page's text of ``component``'s build, whitespace collapsed to one space."""
    pages = pdfium.PdfDocument(str(built("reavers-of-midgard", component, profile)))
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pages)


@pytest.mark.slow
def test_each_territory_has_one_name_on_the_board_and_its_tiles(built, board_page):
    """Finding: the board called the stacks Hamlet, Forest, Grove and Highland while the tiles
    said Fjord Hamlet, Forest Hold, Sacred Grove and Highland Jarldom. The board's Conquer
    panel prints each tile's full name, and no other name for a stack."""
    conquer = _text_in(_chars(board_page), 321.75, 343.5, 487.75, 395)
    tiles = _printed(built, "territory-tiles")
    for name in TERRITORIES:
        assert name.replace(" ", "") in conquer, name
        assert name in tiles, name
    shortened = conquer
    for name in TERRITORIES:
        shortened = shortened.replace(name.replace(" ", ""), "")
    assert not any(word in shortened for word in ("Hamlet", "Forest", "Grove", "Highland"))


@pytest.mark.slow
def test_the_clan_initial_on_pawns_is_keyed_on_each_longship(built):
    """Finding: the letters on the pawns and Glory markers (C, A, G, O, P) were explained
    nowhere. Each Longship's banner keys its clan's letter ('Your pawns and Glory marker: C'),
    the letter its markers print, and the Honor Ship carries no unexplained letter."""
    boards = _printed(built, "player-boards")
    markers = _printed(built, "markers", "a4").split()
    pawns = _printed(built, "pawns", "a4").split()
    for clan in ("Crimson", "Azure", "Green", "Ochre", "Purple"):
        assert f"Longship of the {clan} Clan · " in boards
        assert f"Your Glory marker: {clan[0]}" in boards
        assert markers.count(clan[0]) >= 1, clan  # the Glory marker
        assert pawns.count(clan) == 4, clan  # 2 standees, the name on both halves
    assert "H" not in markers


# The faces a player reads during play (cards, tiles, tokens, player boards, aids).
PLAY_FACES = ("reaver-cards", "village-spoils", "keep-spoils", "journey-cards",
              "sea-battle-cards", "prophecy-cards", "territory-tiles", "ship-upgrade-tiles",
              "player-boards", "reference", "markers", "pawns", "tokens", "dice-aid")


@pytest.mark.slow
@pytest.mark.parametrize("component", PLAY_FACES)
def test_text_read_in_play_is_8_pt_or_more(built, component):
    """Finding: cards were small and their text about 7 pt (7.7 pt labels, subtitles and the
    Specialize line). Every letter inside the trim of every face read in play is 8 pt or more
    (the Clarifications, a reference, keep the 7 pt floor of notes)."""
    import pypdfium2.raw as raw

    small, letters = [], 0
    for page in pdfium.PdfDocument(str(built("reavers-of-midgard", component, "pod"))):
        left, bottom, right, top = page.get_trimbox()
        text = page.get_textpage()
        for at, char in enumerate(text.get_text_range()):
            x0, y0, x1, y1 = text.get_charbox(at)
            if char.isspace() or not (left <= (x0 + x1) / 2 <= right
                                      and bottom <= (y0 + y1) / 2 <= top):
                continue
            letters += 1
            size = raw.FPDFText_GetFontSize(text.raw, at)
            if size < 8 - 0.01:
                small.append((char, round(size, 2)))
    assert letters > 0
    assert small == []


RULE_CODE = re.compile(r"\b[RT]\d{1,2}\b")


@pytest.mark.slow
@pytest.mark.parametrize("component", ("player-boards", "reference", "board", "reaver-cards",
                                       "village-spoils", "keep-spoils", "journey-cards",
                                       "sea-battle-cards", "prophecy-cards", "dice-aid"))
def test_play_surfaces_print_rulings_in_words_not_codes(built, component):
    """Finding: rule codes such as '(R10)' on the player boards, the board and the aids sent
    players to the Clarifications. Play surfaces say the ruling in words; the codes print on
    the Clarifications only."""
    assert RULE_CODE.findall(_printed(built, component)) == []
    assert "R10" in _printed(built, "clarifications")
    boards = _printed(built, "player-boards")
    assert "Crew hold: 6 dice at most; discard any extra at once." in boards


def _pixel(image, x_mm: float, y_mm: float, dpi: float) -> tuple[int, int, int]:
    """Return the RGB colour of ``image`` (rendered at ``dpi``) at a point in mm."""
    return image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))[:3]


@pytest.mark.slow
def test_reaver_cards_have_a_clan_frame_a_location_badge_and_big_effects(built, board_page):
    """Finding: the 30 heroes read as 'stock icons on a backdrop'. The deck now has a hierarchy
    a reader sees: the card's head band is the clan's colour (one per clan, four clans), the
    Specialize strip is a badge in its Location's colour (the same colour as that Location's
    band on the board), and the effect prints in big type (10.5 pt and up)."""
    import pypdfium2.raw as raw

    dpi = 100
    board = board_page.render(scale=dpi / 72).to_pil().convert("RGB")
    bleed = (board_page.get_mediabox()[3] - board_page.get_trimbox()[3]) / MM
    bands = {"Raid Villages": (540, 29), "Raid Keeps": (530, 183), "Battle at Sea": (250, 183),
             "Conquer Territories": (480, 337)}
    band_colour = {name: _pixel(board, x + bleed, y + bleed, dpi) for name, (x, y) in bands.items()}
    assert len(set(band_colour.values())) == 4
    edges, badges, seen = {}, {}, 0
    for page in pdfium.PdfDocument(str(built("reavers-of-midgard", "reaver-cards", "pod"))):
        text = page.get_textpage()
        whole = text.get_text_range()
        found = re.search(r"(\w+) clan.*Specialize:\s+(Raid Villages|Raid Keeps|Conquer "
                          r"Territories|Battle at Sea)", whole, re.S)
        if not found:
            continue  # a back
        seen += 1
        clan, location = found.groups()
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        edge = (page.get_mediabox()[3] - page.get_trimbox()[3]) / MM
        # the clan's colour heads the card (its band, from edge to edge)
        edges.setdefault(clan, set()).add(_pixel(image, edge + 0.8, edge + 5, dpi))
        badges.setdefault(location, set()).add(_pixel(image, edge + 38, edge + 41.2, dpi))
        effect = whole.index("\n", found.end())  # the effect follows the badge
        sizes = [raw.FPDFText_GetFontSize(text.raw, at) for at in range(effect, len(whole))
                 if not whole[at].isspace()]
        assert sizes and min(sizes) >= 10.5 - 0.01, (whole, min(sizes))
    assert seen == 60
    assert sorted(edges) == ["Boar", "Raven", "Serpent", "Wolf"]
    assert all(len(colours) == 1 for colours in edges.values()), edges
    assert len({colour for colours in edges.values() for colour in colours}) == 4
    for location, colours in badges.items():
        assert colours == {band_colour[location]}, (location, colours, band_colour[location])


# ---- Sixth reader's findings (look 5.6 against the retail game) ----

DECK_COLOURS = {"village-spoils": (0x4f, 0x7a, 0x3a), "keep-spoils": (0x5b, 0x4a, 0x7a),
                "journey-cards": (0x2f, 0x6f, 0x8f), "sea-battle-cards": (0x1f, 0x3b, 0x5a),
                "prophecy-cards": (0x7a, 0x5f, 0x14)}
# the piece's ink: the deck's deepest tone (s15 reader: "every card washed in one hue")
DECK_INKS = {"village-spoils": (0x2b, 0x4a, 0x1f), "keep-spoils": (0x33, 0x26, 0x4f),
             "journey-cards": (0x16, 0x3f, 0x55), "sea-battle-cards": (0x14, 0x28, 0x3f),
             "prophecy-cards": (0x4d, 0x3b, 0x08)}


def _near(colour, target, tolerance=40) -> bool:
    """Return whether an RGB colour is within ``tolerance`` of ``target`` on every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


@pytest.mark.slow
def test_spoils_journey_battle_and_prophecy_cards_have_a_frame_and_a_big_picture(built):
    """Finding 1: these decks kept the old small window (14.6 mm) with one flat silhouette. Each
    card is now headed edge to edge in its deck's colour (the Reaver cards' treatment) and its
    piece, in the deck's deepest ink, stands 15 mm tall (or wide) or more in a 21 mm picture;
    across the five decks, cards of different names never print the same silhouette (read as
    the mask of the piece's pixels of the picture)."""
    masks: dict[bytes, set[str]] = {}
    for component, colour in DECK_COLOURS.items():
        _, cards = _card_pages(built, component)
        for text, front, _ in cards:
            image = front.render(scale=4).to_pil().convert("RGB")
            left, top, right, bottom = _mm_box(front, 0.5, 1, 1.2, 10)
            edge = image.crop((left, top, right, bottom))
            assert near_mask(edge, colour, 8).all(), (component, text[:20])
            window = near_mask(image.crop(_mm_box(front, 3.6, 19.2, 40.8, 39.4)),
                               DECK_INKS[component], 30)
            rows = window[:, ::3].any(axis=1).nonzero()[0].tolist()  # every third column
            cols = window[::3, :].any(axis=0).nonzero()[0].tolist()  # every third row
            # 15 mm tall, or as wide for a lying piece (a cow, a ship)
            assert max(max(rows) - min(rows), max(cols) - min(cols)) / 4 / MM >= 15, (
                component, text[:20])
            mask = window.astype("uint8").tobytes()  # one byte per pixel, 1 where near
            name = " ".join(text.split())
            masks.setdefault(hashlib.sha256(mask).hexdigest(), set()).add(
                re.sub(r"^(Farm|Village Wall|Keep Wall|Tower|Ship Upgrade|Artifact|Treasure|"
                       r"Sea Journey|Battle at Sea|Prophecy) (DEF \d+ )?", "", name)[:18])
    shared = [names for names in masks.values() if len(names) > 1]
    assert not shared, shared


def _ink_runs(strip, threshold=90):
    """Return (left, width, height, fill) in px of each run of inked columns of a greyscale
    strip: a glyph or an icon each (fill: the inked share of its bounding box)."""
    inked = ink_columns(strip, threshold)
    runs, start = [], None
    for x, ys in enumerate(inked + [[]]):
        if ys and start is None:
            start = x
        elif not ys and start is not None:
            cols = inked[start:x]
            top, bottom = min(min(c) for c in cols), max(max(c) for c in cols)
            area = (x - start) * (bottom - top + 1)
            runs.append((start, x - start, bottom - top + 1, sum(len(c) for c in cols) / area))
            start = None
    return runs


@pytest.mark.slow
def test_glory_is_a_solid_star_and_inline_symbols_are_3_mm_or_more(built):
    """Finding 5: the inline Glory icon (a laurelled trophy of thin strokes) printed as a
    smudge at 2 mm. Glory is now a solid star: on a Prophecy's score line it is 5 mm tall and
    fills more than a third of its box; in a Sea Battle's Win strip every symbol is 3 mm or
    more (taller than the letters beside it)."""
    _, prophecies = _card_pages(built, "prophecy-cards")
    jarl = next(page for text, page, _ in prophecies if "Jarl of Many Lands" in text)
    row = jarl.render(scale=4).to_pil().convert("L").crop(_mm_box(jarl, 3.5, 40.3, 41, 47.3))
    star = max(_ink_runs(row), key=lambda run: run[1])
    assert star[2] / 4 / MM >= 5 and star[3] > 0.35, star
    _, battles = _card_pages(built, "sea-battle-cards")
    knarr = next(page for text, page, _ in battles if "Merchant Knarr" in text)
    strip = knarr.render(scale=4).to_pil().convert("L").crop(_mm_box(knarr, 4, 56.4, 40.7, 60.1))
    symbols = [run for run in _ink_runs(strip) if run[2] / 4 / MM >= 3.0]
    assert len(symbols) >= 2, _ink_runs(strip)  # the star and the Food


@pytest.mark.slow
def test_the_sea_journey_deck_and_the_trophies_are_named_on_the_board(board_page):
    """Finding 3: the Sea Journey deck's space said only 'Deck' (read as unlabelled). The row
    under the Sea Battle spaces names every space: both decks, both discards, the Trophies."""
    row = _text_in(_chars(board_page), 26, 265, 258.25, 329)
    for name in ("BattleatSeadeck", "BattleatSeadiscard", "Trophies", "SeaJourneydeck",
                 "SeaJourneydiscard"):
        assert name in row, name


@pytest.mark.slow
def test_the_empty_deck_ruling_is_a_rule_of_play_that_never_names_our_tool(built):
    """Finding 4 (session 10): R6 said '(script: its next refill order)'. Session 12 reader,
    finding 5: a player-facing rule should not talk about "the dice script" at all (the
    script tells its own players how to stack a refill). The ruling is the rule alone."""
    printed = _printed(built, "clarifications", "a4")
    assert "script" not in printed.lower()
    assert ("Shuffle its discard pile into a new deck, at most once a round, and deal from it "
            "as before.") in printed


@pytest.mark.parametrize("component", ["sea-battle-cards", "journey-cards", "reaver-cards",
                                       "prophecy-cards", "village-spoils", "keep-spoils"])
def test_every_back_of_a_deck_is_the_same_and_gives_nothing_away(built, component):
    """A reader found each Sea Battle back printing that card's "Win: 3 ★ + 2 food" (the
    back template inherited the front's new gain strip): the top card of a face-down deck
    gave its reward away. Every back of a deck is one picture, with no front text on it."""
    _, cards = _card_pages(built, component)
    backs = {hashlib.sha256(back.render(scale=0.5).to_pil().tobytes()).hexdigest()
             for _, _, back in cards}
    assert len(backs) == 1, (component, len(backs))
    assert "Win" not in cards[0][2].get_textpage().get_text_range()


@pytest.mark.slow
def test_every_reaver_hero_bears_arms_of_their_own_and_no_emoji_face(built):
    """Session 12 reader, finding 1: the Noto emoji portraits "read like a chat app". Each hero
    now bears arms: a heater shield in the clan's colour with the hero's own emblem on it in
    white. Inside the shield no skin tone prints (a face's light warm pixels), the emblem
    covers a good share of it, no two heroes share arms, and no page credits an emoji set."""
    _, cards = _card_pages(built, "reaver-cards")
    arms: dict[str, set[str]] = {}
    for text, front, _ in cards:
        name = " ".join(text.split()).split(" Wolf clan")[0].split(" Raven clan")[0]
        name = name.split(" Boar clan")[0].split(" Serpent clan")[0]
        image = front.render(scale=4).to_pil().convert("RGB")
        shield = image.crop(_mm_box(front, 26, 21, 39, 28))  # the upright part
        pixels = list(shield.getdata())
        skin = [p for p in pixels if p[0] > 180 and p[0] - p[2] > 25 and p[1] > 120]
        assert len(skin) < len(pixels) * 0.02, (name, len(skin))
        white = [p for p in pixels if min(p) > 235]
        assert len(white) > len(pixels) * 0.03, (name, len(white) / len(pixels))
        arms.setdefault(hashlib.sha256(shield.tobytes()).hexdigest(), set()).add(name)
    assert len(arms) == 30 and all(len(v) == 1 for v in arms.values()), arms
    sheets = pdfium.PdfDocument(str(built("reavers-of-midgard", "reaver-cards", "a4")))
    printed = " ".join(page.get_textpage().get_text_range() for page in sheets)  # footers
    assert "Noto" not in printed and "Heraldry: CC0" in printed


@pytest.mark.slow
def test_two_hammers_and_one_hammer_are_told_apart_at_a_glance(built):
    """Finding 4: the one-hammer and two-hammers faces looked alike (two small hammers side by
    side). Two hammers are now crossed, a head in each top corner, where one hammer has its
    head top right only: on the Ship Upgrade tokens (Iron Ram: one hammer; Berserker Benches:
    two) the icon's top-left quarter is inked for two hammers and all but empty for one."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "ship-upgrade-tiles", "pod")))
    share = {}
    for k in range(0, len(pdf), 2):
        page = pdf[k]
        name = " ".join(page.get_textpage().get_text_range().split())
        image = page.render(scale=4).to_pil().convert("L")
        quarter = image.crop(_mm_box(page, 7.5, 3, 11, 6.5))  # the 7 mm icon's top-left quarter
        share[name] = sum(p < 100 for p in quarter.getdata()) / (quarter.width * quarter.height)
    assert share["Berserker Benches"] > 0.3 and share["Iron Ram"] < 0.1, share


@pytest.mark.slow
def test_the_troll_and_kraken_symbols_are_solid_shapes_that_read_small(built):
    """Finding 5: the Troll (a face in a frame) and Kraken (a tentacle beside a ship) inline
    glyphs printed as smudges. They are now single solid shapes (a horned brute, an octopus)
    that fill their box: on the Symbols key of the reference aid each prints as one blob of
    ink covering a good share of its square, taller than the text beside it."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "reference", "pod")))
    page = next(p for p in pdf if "Trophy: three Glory" in p.get_textpage().get_text_range())
    text = page.get_textpage()
    image = page.render(scale=4).to_pil().convert("L")
    height = page.get_height()
    for label in ("Troll", "Kraken"):
        index, _ = text.search(label, match_case=True, match_whole_word=True).get_next()
        left, bottom, _, top = text.get_charbox(index)  # PDF points, from the page's bottom
        # the symbol sits just left of its label, about a line and a half tall
        box = (round((left - 15) * 4), round((height - top - 3) * 4),
               round((left - 3) * 4), round((height - bottom + 3) * 4))
        glyph = image.crop(box)
        inked = sum(p < 100 for p in glyph.getdata()) / (glyph.width * glyph.height)
        assert inked > 0.2, (label, inked)


@pytest.mark.slow
def test_the_board_panels_have_depth(board_page):
    """Finding 2: the board read flat. Each Location panel now casts a shadow on the sea (a
    dark band just below its bottom edge), wears a thick edge of its section colour, and shows
    a faint scene of its Location in the gaps between its spaces (many tones, not one flat
    parchment)."""
    image = board_page.render(scale=2).to_pil().convert("RGB")
    left, _, _, top = board_page.get_trimbox()
    height = board_page.get_height()

    def at(x_mm, y_mm):
        return image.getpixel((round((left + x_mm * MM) * 2),
                               round((height - top + y_mm * MM) * 2)))
    assert _near(at(262.0, 100), (0x0b, 0x18, 0x26), 14)  # Recruit Reavers' shadow, right
    assert _near(at(23.7, 120), (0x6e, 0x2a, 0x22), 20)  # its edge in the Reaver red
    assert _near(at(263.7, 120), (0x4f, 0x7a, 0x3a), 20)  # Raid Villages' edge in green
    # Recruit Reavers' scene (a hall), seen in the strip below its spaces
    strip = image.crop((round((left + 30 * MM) * 2), round((height - top + 174 * MM) * 2),
                        round((left + 230 * MM) * 2), round((height - top + 175.5 * MM) * 2)))
    assert len(set(strip.getdata())) > 40


@pytest.mark.slow
def test_each_artifact_space_is_numbered_and_shows_where_its_die_waits(built):
    """Finding 3: the Longship boards' four Artifact boxes were big and empty. Each is now
    numbered 1-4 in the clan's colour and holds a die space. Session 15's reader ("'Its Crew
    die waits here' printed four times; a ghosted sword in each slot"): the rule is said once,
    in the Artifacts heading, and no slot repeats it."""
    path = built("reavers-of-midgard", "player-boards", "pod")
    fronts = range(0, len(PdfReader(path).pages), 2)
    for text in page_texts(path, fronts):  # pypdf's text of each front, read once per run
        assert "Its Crew die waits here" not in text, text[:80]
        assert " ".join(text.split()).count("Crew die of its face") == 1, text[:80]
        assert text.count("ARTIFACT") == 4


@pytest.mark.slow
def test_territory_def_stands_beside_the_picture_and_fjord_is_not_forest_green(built):
    """Finding 6: the DEF disc covered half the Territory tile's picture, and the Fjord
    Hamlet and Forest Hold greens looked alike. The DEF now stands right of the picture (its
    text starts 24 mm or more from the tile's left), and the Fjord Hamlet's edge is a fjord
    blue (blue over green), the Forest Hold's a forest green (green over blue)."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "territory-tiles", "pod")))
    edges = {}
    for k in range(0, len(pdf), 2):
        page = pdf[k]
        text = page.get_textpage()
        name = " ".join(text.get_text_range().split()[:2])
        index, _ = text.search("DEF", match_case=True).get_next()
        left, *_ = text.get_charbox(index)
        assert left - page.get_trimbox()[0] >= 24 * MM, name
        image = page.render(scale=4).to_pil().convert("RGB")
        edges[name] = image.getpixel((round((page.get_trimbox()[0] + 0.8 * MM) * 4),
                                      round((page.get_height() - page.get_trimbox()[3]
                                             + 19 * MM) * 4)))
    fjord, forest = edges["Fjord Hamlet"], edges["Forest Hold"]
    assert fjord[2] > fjord[1] + 20 and forest[1] > forest[2] + 20, edges


@pytest.mark.slow
@pytest.mark.parametrize("component", ["reaver-cards", "village-spoils", "sea-battle-cards",
                                       "prophecy-cards", "clarifications", "reference",
                                       "how-to-print", "board", "player-boards"])
def test_the_sea_fight_has_one_name_everywhere(built, component):
    """Session 12 reader, finding 5: the rulebook calls the same action both "Sea Battle" and
    "Battle at Sea". This edition rules "Battle at Sea" (the board's section, the rulebook's
    usual name) and prints it on every component, never the other: only the Clarifications
    quote the rulebook's other name once, to rule that it is the same action."""
    printed = " ".join(_printed(built, component, "a4").split())
    if component == "clarifications":
        assert printed.count("One name. The rulebook's “Sea Battle” is the Battle at Sea.") == 1
        printed = printed.replace("“Sea Battle”", "")
    assert "Sea Battle" not in printed and "Sea battle" not in printed
    assert "Battle at Sea" in printed or "Battles at Sea" in printed


@pytest.mark.slow
def test_an_artifacts_die_reads_as_a_strong_die(built):
    """Session 12 reader, finding 2: the Artifact cards' die faces were pale grey in a dashed
    white box. Each Artifact now shows its die as a die: a dark square most of its space, its
    face (or "ANY face") in white over a good share of it."""
    _, cards = _card_pages(built, "village-spoils")
    artifacts = [(text, front) for text, front, _ in cards if "Spend its die" in text]
    assert len(artifacts) == 12
    for text, front in artifacts:
        die = front.render(scale=4).to_pil().convert("L").crop(_mm_box(front, 27, 22, 39.4, 34.4))
        pixels = list(die.getdata())
        dark = sum(p < 60 for p in pixels) / len(pixels)
        white = sum(p > 220 for p in pixels) / len(pixels)
        assert dark > 0.45 and white > 0.03, (text.split()[:3], dark, white)


@pytest.mark.slow
def test_each_longship_board_has_its_own_identity(built):
    """Session 12 reader, finding 6: the five Longship boards looked alike. Each is now its
    clan's colour edge to edge with a tall banner: the clan's name in capitals of 20 pt and
    more, a motto of its own, and an emblem no other board shares (the banner's emblem disc
    differs from board to board), and the frame left of the Leader box is the clan's colour."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "player-boards", "pod")))
    names, mottos, emblems, frames = set(), set(), set(), set()
    for page in pdf:
        chars = _chars(page)
        big = "".join(c for c, size, _x, _y in chars if size >= 20 and not c.isdigit())
        names.add(big)
        printed = " ".join(page.get_textpage().get_text_range().split())
        mottos.add(printed.split(" · ")[1].split(" Your pawns")[0])
        image = page.render(scale=4).to_pil().convert("RGB")
        emblems.add(hashlib.sha256(image.crop(_mm_box(page, 6, 4, 23, 21)).tobytes()).hexdigest())
        frames.add(image.getpixel(((b := _mm_box(page, 1, 120, 1.5, 120.5))[0], b[1])))
    assert names == {"CrimsonClan", "AzureClan", "GreenClan", "OchreClan", "PurpleClan"}, names
    assert len(mottos) == 5 and len(emblems) == 5 and len(frames) == 5, (mottos, frames)


@pytest.mark.slow
def test_the_dice_key_lines_its_faces_up_in_columns_1_to_6(built):
    """Session 12 reader, finding 4: the dice key staggered its face names on two lines. The
    Dice aid now keys every die as a table row under a header of the faces 1 to 6 (a d6's
    pips, so ordinary dice can stand in): the Combat die's values sit under their column
    numbers, each Crew die row inks all six columns, and the nets no longer print the
    staggered reference card."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "dice-aid", "pod")))[0]
    text = page.get_textpage()
    whole = text.get_text_range()
    heads = {name: re.search(rf"(?:^|\r\n){name}\r\n", whole) for name in ("R", "B", "Y")}
    assert all(heads.values()) and "Combat die" in whole, heads

    rows: dict[float, list[tuple[str, float]]] = {}
    for at, char in enumerate(whole):
        if char.isdigit():
            left, bottom, right, top = text.get_charbox(at)
            middle = (bottom + top) / 2
            # one line: the digits' middles within 2 pt (12 pt figures differ in height)
            key = next((y for y in rows if abs(y - middle) < 2), middle)
            rows.setdefault(key, []).append((char, (left + right) / 2))
    lines = {"".join(c for c, _ in sorted(row, key=lambda r: r[1])): sorted(row, key=lambda r: r[1])
             for row in rows.values()}
    assert "123456" in lines and "011223" in lines, lines.keys()
    header = [(c, x, 0) for c, x in lines["123456"]]
    combat = [(c, x, 0) for c, x in lines["011223"]]
    for (_, hx, _), (_, cx, _) in zip(header, combat):
        assert abs(hx - cx) < 0.5 * MM, (hx, cx)
    image = page.render(scale=4).to_pil().convert("L")
    height = page.get_height()
    for row, found in heads.items():
        index = found.end() - len(row) - 2
        _, bottom, _, top = text.get_charbox(index)
        y = (height - (bottom + top) / 2) * 4
        for _, hx, _ in header:
            cell = image.crop((round(hx * 4 - 8), round(y - 8), round(hx * 4 + 8), round(y + 8)))
            assert sum(p < 100 for p in cell.getdata()) > 20, (row, hx)
    nets = " ".join(p.get_textpage().get_text_range() for p in
                    pdfium.PdfDocument(str(built("reavers-of-midgard", "printable-dice", "a4"))))
    assert "dice faces" not in nets


@pytest.mark.slow
def test_the_dice_aid_fills_its_sheet(built):
    """Session 12 reader: the dice aid printed 5 cards in 9 slots, a half-empty page. It prints
    a full sheet of nine (one per player, four for the table), and the Contents card says 9."""
    texts = page_texts(built("reavers-of-midgard", "dice-aid", "a4"))  # read once per run
    assert len(texts) == 2  # one sheet of fronts and its backs
    assert texts[0].upper().count("CREW AND COMBAT DICE") == 9
    aids = " ".join(page_texts(built("reavers-of-midgard", "reference", "a4")))
    assert "9 dice aids" in " ".join(aids.split())


@pytest.mark.slow
def test_a_round_reads_as_numbered_steps(built):
    """Session 12 reader: the player aids were dense prose. A Round is four numbered steps in
    play order (Refill, Place, Act, Cleanup), each a paragraph of its own, before the notes."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "reference", "a4")))[0]
    whole = page.get_textpage().get_text_range()
    card = whole[whole.index("A Round"):whole.index("A Round", whole.index("A Round") + 1)]
    lines = [line.strip() for line in card.split("\r\n")]
    starts = [next(i for i, line in enumerate(lines) if line.startswith(step))
              for step in ("1 Refill", "2 Place", "3 Act:", "4 Cleanup:", "Prepare:", "Pawns:")]
    assert starts == sorted(starts), starts


def test_combat_dice_stay_covered_until_crew_dice_are_spent(built, project):
    """s15 end reader: the roll sheet prints a round's Combat dice face up, so a player knew
    the result before choosing how many Crew dice to spend. This edition's ruling R13 keeps
    the rows covered and uncovers a die per Combat die; the roll sheet's Combat rows say so
    and cite it, and the Clarifications print it."""
    import io

    from conftest import run_cli
    from sheetgen.dice.roll_sheets import roll_sheet_pdfs

    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "clarifications", "a4")))[0]
    rulings = re.sub(r"\s+", " ", page.get_textpage().get_text_range())
    assert "R13 · Roll sheet. Cover the Combat rows. Spend Crew dice, then uncover a die " \
           "per Combat die, left to right (re-rolls too)." in rulings
    pdf = roll_sheet_pdfs(project, "reavers-of-midgard", 2, [(595.2756, 841.8898)])[0]
    sheet = re.sub(r"\s+", " ", " ".join(p.extract_text()
                                         for p in PdfReader(io.BytesIO(pdf)).pages))
    assert sheet.count("Combat dice: keep them covered; spend Crew dice, then uncover one a "
                       "die, left to right (R13)") == 6  # each of the 6 rounds' Combat rows
    assert "take the next unused ones" not in sheet
    result = run_cli("dice", "reavers-of-midgard", "--seed", "odin", "--players", "2")
    assert result.exit_code == 0, result.output
    assert "take the next unused ones" not in result.output
