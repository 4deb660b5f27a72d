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


def test_round_4_and_8_runestone_step_is_in_words_and_its_icon_keyed(sheet, rulings):
    # the Rounds table's title says it, the Your turn aid's step 1 too; the Symbols aid (the
    # game's symbol_key) keys the icon (s14 reader: the key left the sheet you write on)
    assert "on 4 and 8, first slash a Runestone" in sheet
    assert "Rounds 4, 8: first slash any Runestone." in rulings
    assert "Runestone Rounds 4, 8: slash one" in rulings.replace(" ,", ",").replace(" :", ":")


def test_thunder_strikes_before_lightning(sheet, rulings):
    assert "T13 · Strike order. Thunder first: the LEFT strike, then the RIGHT, then your " \
           "Lightning strike." in rulings
    # the order is each player's Your turn aid (s14 reader: the sheet's 9-step box left)
    turn = rulings[rulings.index("Your turn"):rulings.index("Strikes")]
    assert turn.index("Thunder: the RIGHT die.") < turn.index("Lightning:")
    assert "Edition ruling: Thunder before Lightning." in turn


def test_no_god_bonus_from_round_7(sheet, rulings):
    assert "none from round 7 on" in rulings
    assert "God bonus +3 +3 +2 +2 +1 +1 – – – –" in sheet


def test_where_free_strikes_may_go(sheet, rulings):
    assert "T14 · Free strikes. A full row's two free strikes go on unmarked light squares " \
           "or Warriors, any sector; never a dark square, Troll or Standing Stone." in rulings
    assert "2 free strikes ( ) on light squares" in sheet   # ( ): the bolt, s15


def test_a_column_of_three_in_a_sector_with_no_troll_left(sheet, rulings):
    assert "T16 · Column, no Troll. A column of three whose sector has no Troll left gives " \
           "nothing" in rulings
    assert "← column of 3: a Troll of its colour" in sheet


def test_frigg_on_troll_warrior_and_stone_squares(sheet, rulings):
    assert "T17 · Frigg. Frigg crosses off any unmarked square: light, dark, Troll, Warrior " \
           "or Standing Stone, with a strike's effect there (T4): a Troll its track's next " \
           "Troll, a Stone a Runestone." in rulings
    # the sheet's Frigg line said "light or dark" only, against T17: icon squares too
    assert "FRIGG 4" in sheet and "Any unmarked square, icons too." in sheet
    assert "light or dark" not in sheet


def test_thors_line(sheet, rulings):
    ruling = rulings[rulings.index("T19 · Thor's line."):rulings.index("T20 · ")]
    # Troll in the middle? icon squares light? no line possible?
    assert "the Troll at an end or in the middle" in ruling
    assert "light squares without an icon" in ruling
    assert "No line: the Troll only." in ruling
    assert "A Troll, 2 light squares in line." in sheet


def test_fire_size_ties(sheet, rulings):
    assert "T18 · Fire ties. Tied fires share a place, each losing its points; the next size " \
           "takes the next place." in rulings
    # the Scoring aid says it beside the fire rule (s14 reader: the sheet's grey line left)
    assert "ties share a place, the next size the next place." in rulings
    assert "ties share a place" not in sheet


def test_the_valhalla_v_across_sector_joins(sheet, rulings):
    assert "T15 · V across sectors. The V may cross sector borders (↔)." in rulings
    assert "Valhalla V: 5 X corner to corner" in sheet and "sectors too" in sheet


def test_turning_a_die_twice(sheet, rulings):
    assert "T20 · Turning a die. One die a round, turned once" in rulings
    # s14 reader: the grey note under the circles left the sheet; its title says it
    assert "Turn a die to any # -1 -3 -5" in sheet
    assert "Before placing" not in sheet


def test_left_and_right_against_seat_numbers_on_sheet_aid_and_script(sheet, rulings):
    assert "T21 · Seats. Seats go clockwise. Your LEFT neighbour is the next seat clockwise " \
           "(seat 4's is seat 1), your RIGHT the one before." in rulings
    assert "← LEFT Next seat clockwise." in sheet and "RIGHT → The seat before yours." in sheet
    script = run_cli("dice", GAME, "-s", "oak", "-n", "4")
    assert script.exit_code == 0, script.output
    assert "Seats 1, 2, 3, 4 go clockwise round the table. Your LEFT neighbour sits at the " \
           "next seat clockwise" in _flat(script.output)
    two = run_cli("dice", GAME, "-s", "oak", "-n", "2")
    assert "your LEFT die space holds the other player's Thunder die, your RIGHT the dummy's" \
        in _flat(two.output)
    # s15 end reader: the script sent players to Seats boxes the sheet no longer has (the
    # tray's LEFT and RIGHT die spaces replaced them); it names those spaces, at every count
    assert "their Thunder dice go in your sheet's LEFT and RIGHT die spaces" in \
        _flat(script.output)
    solo = run_cli("dice", GAME, "-s", "oak", "-n", "1")
    for players in (script, two, solo):
        assert players.exit_code == 0, players.output
        assert not re.search(r"(?i)seats? box|circle your seat", _flat(players.output))


def test_column_of_three_boxes_have_their_own_symbol_keyed_on_the_sheet(sheet, project, built):
    from sheetgen.generate.games import load_game
    symbols = load_game(project, GAME).spec.symbols
    assert symbols["column"].icon != symbols["troll"].icon
    # s14 reader: the sheet you write on carried a key of ten symbols. The two Symbols aids,
    # the game's symbol_key, key every symbol by picture, name and meaning (`sheetgen check`
    # holds that each symbol the sheet prints is keyed there); the sheet keeps the column
    # boxes' words beside them
    assert load_game(project, GAME).spec.symbol_key == "clarifications"
    assert "Symbols ·" not in sheet and "Ruling" not in sheet
    cards = _flat(text_of(built(GAME, "clarifications", "a4"), [0]))
    for symbol in symbols.values():
        meaning = symbol.meaning.replace("\xa0", " ")  # a no-break space reads as a space
        assert f"{symbol.label} {meaning}" in cards.replace(" :", ":").replace(
            " ,", ","), symbol.label


def test_the_cards_are_one_set_a_table_one_aid_a_player_every_ruling_printed(built,
                                                                            rulings):
    """Fresh reader: nine cards a player (36 at four) was too many; then (after the
    Cartographers score) four identical copies of two aids. The deck prints once a table on
    two full card sheets: page 1 a Your turn aid for each of four players (its mark says so)
    and one shared Strikes, two Symbols, Setup and solo aid, page 3 (fronts on odd pages)
    the shared Gods and Scoring aids, the six Clarifications cards and the House rulings
    card; every ruling T1-T21 printed."""
    import pypdfium2 as pdfium

    path = built(GAME, "clarifications", "a4")
    assert len(pdfium.PdfDocument(str(path))) == 4  # two sheets: fronts and backs
    first, second = _flat(text_of(path, [0])), _flat(text_of(path, [2]))
    assert first.count("Your turn") == 4 + 1 and first.count("Strikes") == 1  # (Setup's)
    assert first.count("Player aid · one for each player") == 4
    assert first.count("Player aid · shared") == 4  # Strikes, two Symbols, Setup
    assert "Symbols · the grid" in first and "Symbols · the rest" in first
    assert "Solo and 2 players" in first and "T1 · " not in first
    assert second.count("Player aid · shared") == 2 and "Gods" in second
    assert "Scoring" in second and second.count("Clarifications") == 7  # and the footer
    assert "House rulings" in second
    for number in range(1, 22):
        assert f"T{number} · " in rulings, number
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    assert "18 cards · Cards: a Your turn aid a player, 7 shared aids, 6 Clarifications" \
        in guide
    assert "One set a table" in guide and "per player" not in guide.split("Cards:")[1][:60]


def test_dice_nets_and_stickers_print_in_their_own_files(built):
    nets = _flat(text_of(built(GAME, "printable-dice", "a4")))
    stickers = _flat(text_of(built(GAME, "dice-stickers", "a4")))
    assert "16 mm cube" in nets and "stickers for a 16 mm blank die" not in nets
    assert "stickers for a 16 mm blank die" in stickers and "16 mm cube" not in stickers


def test_the_checklist_counts_the_dice_by_player_count(built):
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    # Fresh reader: the table said 5/7/9/12 and the checklist 8/16. Both count the dice to
    # make at each player count (computed); "print 2×" and the note say what a copy prints
    assert "Players Play sheets Dice to make 1 1 5 2 2 7 3 3 9 (print 2×) 4 4 12 (print 2×)" \
        in guide
    assert "5 dice (1 player), 7 (2 players), 9 (3 players), 12 (4 players) · Dice: red, " \
           "blue, yellow and the grey dummy (a copy of the file prints 8" in guide
    assert "16 dice" not in guide and "2 × red" not in guide
    nets = _flat(text_of(built(GAME, "printable-dice", "a4")))
    assert "Make 8 dice" in nets


def test_the_record_strip_has_a_row_for_each_neighbours_thunder_values(sheet):
    # the rounds table: your Thunder die, your circle and triangle dice, and a row each for
    # the LEFT and the RIGHT neighbour's Thunder number (one shared row read as one value),
    # each row led by the Thunder die's symbol; the tray's spaces are captioned the same way
    # Fresh reader (after the Cartographers score): the cells were 7 x 4 mm; the rows of your
    # own dice left (they lie in your tray), so the neighbours' rows are large enough to
    # write in (test_rolling_thunder_sheet measures them), and the tray holds three dice
    assert "God bonus +3 +3 +2 +2 +1 +1 – – – – LEFT's Thunder RIGHT's Thunder" in sheet
    assert "Your Lightning" not in sheet
    assert "colour + column row your Thunder ← LEFT" in sheet


def test_left_and_right_are_named_at_the_tray_and_the_seats_on_the_setup_aid(built, sheet,
                                                                             rulings):
    """LEFT/RIGHT for 3-4 players defined against seat numbers. s14 reader: the sheet's
    Seats block (circle your seat, write your neighbours') was small print on a sheet you
    write on; the tray's ends name LEFT and RIGHT in plain words, the Setup aid says the
    seats go clockwise (ruling T21), and no seat boxes are left to fill in."""
    assert "← LEFT Next seat clockwise." in sheet and "RIGHT → The seat before yours." in sheet
    assert "Seats ·" not in sheet and "Your seat" not in sheet
    setup = rulings[rulings.index("Setup"):rulings.index("Solo and 2")]
    assert "Seats go clockwise: your LEFT is the next seat clockwise, your RIGHT the one " \
           "before." in setup
    assert "Seat box" not in rulings and "Seats boxes" not in rulings


def _grey_page(built):
    """Page 1 of the A4 play sheet: greyscale pixels at 150 dpi and the pypdfium2 page."""
    import pypdfium2 as pdfium
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    return page.render(scale=150 / 72).to_pil().convert("L"), page


# The sector grid on the A4 page (the square_grid's geometry: 18 x 6 squares of 10.03 mm,
# the first's top-left corner at 13.51, 65.51 mm): the squares print no coordinate since the
# fresh reader after issue 34, so a square is found by its place.
GRID_LEFT, GRID_TOP, PITCH = 13.51, 65.51, 10.03


def _cell(image, col: int, row: int, inset: float = 0.4, dpi: float = 150):
    """The pixels (a PIL image) of grid square (``col``, ``row``), from 1, ``inset`` mm inside
    its edges (clear of the grid lines)."""
    px = dpi / 25.4
    left, top = GRID_LEFT + (col - 1) * PITCH + inset, GRID_TOP + (row - 1) * PITCH + inset
    size = PITCH - 2 * inset
    return image.crop((round(left * px), round(top * px), round((left + size) * px),
                       round((top + size) * px)))


def _luminance(value: float) -> float:
    """Relative luminance of a grey level 0-255 (sRGB)."""
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def test_dark_squares_are_their_sectors_shade_hatched_and_a_pencil_x_reads_on(built):
    """Fresh reader: hatched grey squares "read as already struck"; then (s14) flat grey
    squares with a small low moon looked disabled, the same grey in every sector. A dark
    square is a deeper shade of its own sector's tint, with no glyph, hatched in a deeper
    shade still (a faint printer keeps the lines); an HB pencil X drawn over it (multiplied,
    as graphite darkens what is under it) stands out 2.5:1 and more."""
    from PIL import ImageChops, ImageDraw
    image, page = _grey_page(built)
    colour = page.render(scale=150 / 72).to_pil().convert("RGB")

    def mean(crop):
        pixels = list(crop.get_flattened_data())
        return [sum(p[i] for p in pixels) / len(pixels) for i in range(3)]

    # red 4-1, blue 10-1, yellow 17-1: dark squares; red 5-1, blue 11-1, yellow 18-1: light
    for (dark, light), lean in (((4, 5), 0), ((10, 11), 2), ((17, 18), 1)):
        shade, paper = mean(_cell(colour, dark, 1)), mean(_cell(colour, light, 1))
        assert sum(shade) < sum(paper) - 60, (dark, shade, paper)  # deeper than its tint
        others = [shade[i] for i in range(3) if i != lean and not (lean == 1 and i == 0)]
        assert shade[lean] > max(others) + 15, (dark, shade)   # the sector's own hue
    square = _cell(image, 4, 1, inset=0.6)
    w, h = square.size
    pixels = list(square.get_flattened_data())
    grey = sorted(pixels)[len(pixels) // 2]
    # hatched: a darker line crosses every row of the square, no glyph (nothing near black)
    rows = [min(square.crop((0, y, w, y + 1)).get_flattened_data()) for y in range(h)]
    assert all(value < grey - 15 for value in rows), rows
    assert min(pixels) > 100, min(pixels)
    # an HB pencil X (grey 120 on white paper) corner to corner, multiplied over the square
    pencil = square.copy()
    pencil.paste(255, (0, 0, w, h))
    draw = ImageDraw.Draw(pencil)
    draw.line((0, 0, w, h), fill=120, width=3)
    draw.line((0, h, w, 0), fill=120, width=3)
    marked = ImageChops.multiply(square, pencil)
    stroke = marked.getpixel((int(w * 0.3), int(h * 0.3)))
    contrast = (_luminance(grey) + 0.05) / (_luminance(stroke) + 0.05)
    assert contrast >= 2.5, (grey, stroke, contrast)
    # a light square stays paper a pen writes on
    light = list(_cell(image, 5, 1).get_flattened_data())
    assert sum(p < 215 for p in light) / len(light) < 0.02


def test_each_god_has_a_summoned_tick_box_never_blacken_a_picture(built, sheet, rulings):
    """Fresh reader: "Blacken the God" beside a colour portrait cannot be done. Each God's
    power line opens with an empty square tick box (4.6 mm, outlined, white inside), and the
    Gods aid says to tick it (s14 reader: the sheet's note line was small print)."""
    import pypdfium2 as pdfium
    from pdfcheck import page_chars, text_box
    assert "Blacken" not in sheet and "blacken" not in sheet
    assert "tick the God, circle its value and bonus" in rulings
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    image = page.render(scale=150 / 72).to_pil().convert("L")
    text, boxes = page_chars(page)
    scale, px = 150 / 72, 150 / 25.4
    for power in ("A Troll in each", "Any unmarked", "A Troll, 2 light", "Any two Trolls.",
                  "Two Runestones."):
        left, _bottom, _right, top = text_box(text, boxes, power)
        # the box stands left of the line's first word: its outline dark, its inside white
        x, y = int(left * scale), int((page.get_height() - top) * scale)
        box = image.crop((x - int(6.6 * px), y - int(0.8 * px), x - int(0.4 * px),
                          y + int(5.0 * px)))
        dark = [p < 120 for p in box.get_flattened_data()]
        assert 0.1 < sum(dark) / len(dark) < 0.5, power
        inside = box.crop((int(1.3 * px), int(1.3 * px), box.width - int(1.3 * px),
                           box.height - int(1.3 * px)))
        assert min(inside.get_flattened_data()) > 230, power


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
    # (s14 reader: the order, the turn-a-die note, the tracks' caption and the Gods' note
    # left the sheet for the aids; what stays is read at the rules size)
    for phrase in ("A Troll in each", "Any two Trolls", "Its Thunder die:",
                   "Slash your Thunder die's stone", "corner to corner"):
        sizes = {size for text, size in runs if phrase in text}
        assert sizes and min(sizes) >= 8.5, (phrase, sizes)


def test_the_roll_sheets_are_listed_with_the_files_not_under_cut_fold_and_glue(built):
    """Fresh reader: How to print listed the roll sheets under "Cut, fold and glue". They are a
    file to print (part 1); the cut-and-glue steps name cards, dice and the pad only, and the
    solo aid says where a roll sheet's dice are written."""
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    files = guide[guide.index("1 · What to print"):guide.index("2 · How many")]
    assert "Roll sheets (roll-sheet-1p-a4.pdf" in files
    steps = guide[guide.index("5 · Cut, fold and glue"):guide.index("6 · Contents")]
    assert "roll sheet" not in steps.lower()
    cards = _flat(text_of(built(GAME, "clarifications", "a4"), [0]))
    assert "Roll sheet: its dice go in the Rounds rows." in cards


def test_the_sheet_keeps_a_line_a_step_and_the_aid_the_rules_in_full(built, sheet, rulings):
    """Walls of small text go to the aid (issue 34, look). The order read as a prose column,
    then as a 9-step box of small print (s14 reader: a sheet you write on). The order is each
    player's Your turn aid, one a player, and the Strikes aid says the strikes in full; the
    sheet prints no step of it."""
    assert "Your turn" not in sheet and "Cross off the round" not in sheet
    # (each card reads title, subtitle, its band, then its text)
    turn = rulings[rulings.index("Your turn"):rulings.index("Strikes")]
    assert "4 Thunder: the LEFT die. 5 Thunder: the RIGHT die." in turn   # s15: a step a line
    assert "6 Lightning: circle die: sector, column; triangle die: row." in turn
    strikes = rulings[rulings.index("Strikes"):rulings.index("Solo and 2")]
    assert "each neighbour's number, a row. Same number twice: one X." in strikes
    assert "Move to an adjacent unmarked square, across sectors too; none: no X." in strikes


def test_one_art_language_per_component_the_sheets_pictures_medallions(built):
    """One style a component (issue 34, look): no Fluent colour emoji on any page of the game.
    Design pass (session 13): the shaded Noto Gods and storm read to every reader as emoji
    clip-art, so the five Gods are heraldic roundels (templates/art/medallions, game-icons
    silhouettes) and no Noto drawing is left on the sheet; its symbols stay game-icons."""
    from pypdf import PdfReader

    def drawn(path):
        found, todo = set(), [page.get("/Resources") for page in PdfReader(str(path)).pages]
        while todo:
            resources = todo.pop()
            for name, form in ((resources or {}).get("/XObject") or {}).items():
                found.add(name)
                todo.append(form.get_object().get("/Resources"))
        return found

    sheet = drawn(built(GAME, "play-sheet", "a4"))
    gods = {f"/FormXob.art-rt-{name}" for name in ("woden", "frigg", "thor", "sif", "loki")}
    assert gods <= {name.rsplit("-", 1)[0] for name in sheet}, sorted(sheet)
    noto = ("rt-storm", "sheaf-of-rice", "snake", "noto")
    assert not [f for f in sheet if any(f"art-{n}" in f for n in noto)], sorted(sheet)
    assert {"/FormXob.icon-troll", "/FormXob.art-warrior-shield", "/FormXob.icon-hammer"} <= sheet
    for component in ("play-sheet", "clarifications", "printable-dice", "dice-stickers"):
        forms = drawn(built(GAME, component, "a4"))
        assert not [f for f in forms if "fluent" in f], (component, forms)


@pytest.mark.slow
def test_the_qps_edition_of_every_component_passes_its_checks(checked):
    """Issue 33 (4): every text ~40 % longer (the pseudo-edition qps) still fits its box at
    its role's size, on every component and profile of the game, the How-to-print page
    included. The play sheet failed (its order, network, Gods, Troll-track and dice-tray
    notes needed 6.75-8 pt): they are one-line reminders now, the rules in full on the aid
    cards."""
    result = checked(GAME, "--edition", "qps")
    assert result.exit_code == 0, result.output
    assert "14 outputs checked: 14 pass, 0 fail" in result.output
    assert len(list(result.out.rglob("*-qps-*.pdf"))) == 14


# --- Look pass (issue 34): composed pictures, light backs ---------------------------------------

def _render(path, index: int, dpi: int = 72):
    """Page `index` of the PDF at `path` as an RGB picture, and its pixels per mm."""
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(path))[index]
    return page.render(scale=dpi / 72).to_pil().convert("RGB"), dpi / 25.4


def _crop(picture, px_mm: float, box: tuple, bleed: float):
    """The part of `picture` inside `box` (x, y, w, h in mm from the trim's top-left)."""
    x, y, w, h = box
    return picture.crop((round((x + bleed) * px_mm), round((y + bleed) * px_mm),
                         round((x + w + bleed) * px_mm), round((y + h + bleed) * px_mm)))


def _spread(crop) -> float:
    """How much the crop's pixels vary (the standard deviation of its grey levels): a flat
    panel is near 0, a picture well above."""
    from PIL import ImageStat

    return ImageStat.Stat(crop.convert("L")).stddev[0]


def _apart(a, b) -> float:
    """The mean difference of two crops of one size, per channel (0 = the same picture)."""
    from PIL import ImageChops, ImageStat

    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_every_card_opens_with_a_picture_of_its_own(built):
    """A fresh reader: no illustration, the sheet reads as a spreadsheet. Every aid and
    Clarifications card now opens under its title with a picture (a tinted scene behind a
    game-icons piece), and no two cards of a player's set share one; the two Symbols aids
    open with their key instead, five large symbols each."""
    import pypdfium2 as pdfium

    path = built(GAME, "clarifications", "pod")
    document = pdfium.PdfDocument(str(path))
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    fronts = [i for i, text in enumerate(texts) if not text.startswith("ROLLING THUNDER")]
    assert len(fronts) == 17  # four Your turn aids, 13 cards of one each
    # each different card once (the players' Your turn aids are the same card)
    fronts = list({texts[i]: i for i in fronts}.values())
    assert len(fronts) == 14
    fronts = [i for i in fronts if "Symbols ·" not in texts[i]]
    assert len(fronts) == 12
    pictures = []
    for index in fronts:
        picture, px_mm = _render(path, index)
        crop = _crop(picture, px_mm, (6.5, 13.5, 50.5, 8), 3.175)  # the lowest picture: 9 mm
        assert _spread(crop) > 12, index  # a picture, not a flat panel
        pictures.append(crop)
    for i, a in enumerate(pictures):
        for b in pictures[i + 1:]:
            assert _apart(a, b) > 4


def test_card_backs_are_light_not_a_solid_dark_bleed(built):
    """Heavy dark backs ate home-printer ink: the back is a pale ground with a faint lattice
    and a tinted picture, most of its page light."""
    from PIL import ImageStat

    path = built(GAME, "clarifications", "a4")
    back, _ = _render(path, 1, dpi=36)
    grey = back.convert("L")
    assert ImageStat.Stat(grey).mean[0] > 200
    dark = sum(1 for value in grey.getdata() if value < 100)
    assert dark / (grey.width * grey.height) < 0.05


def test_the_sheet_has_a_title_picture_and_a_picture_for_each_god(built):
    """The title lockup opens with a storm (the cloud and its gold bolt) left of the title
    (s14 reader: a small framed box between two names read as pieced together), and each
    God a picture of its own beside its pentomino; no text is printed over a picture."""
    import pypdfium2 as pdfium

    path = built(GAME, "play-sheet", "pod", copies=1)
    picture, px_mm = _render(path, 0)
    title = _crop(picture, px_mm, (8.5, 9, 29, 12.6), 3)
    assert _spread(title) > 15
    assert max(r - b for r, g, b in title.get_flattened_data()) > 100  # the gold frame
    columns = [8 + i * 38.6 for i in range(5)]
    gods = [_crop(picture, px_mm, (x + 2, 162.5, 15, 15), 3) for x in columns]
    for god in gods:
        assert _spread(god) > 12
    for i, a in enumerate(gods):
        for b in gods[i + 1:]:
            assert _apart(a, b) > 8
    # no character of the sheet's text stands on a picture
    text = pdfium.PdfDocument(str(path))[0].get_textpage()
    height = 216 * 72 / 25.4
    # (s15 reader: the title stands on a storm band across the sheet, its ground; the gold
    # bolt left of it is the picture no letter may touch)
    boxes = [(11, 9.6, 11, 11)] + [(x, 160.5, 19, 19) for x in columns]
    for i in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(i)
        cx, cy = (left + right) / 2 * 25.4 / 72 - 3, (height - (bottom + top) / 2) * 25.4 / 72 - 3
        assert not any(x < cx < x + w and y < cy < y + h for x, y, w, h in boxes), \
            text.get_text_range(i, 1)


def test_each_sector_band_carries_its_land_at_both_ends(built):
    """Sector headers with character: each band's ends show its land (drawn in a darker shade
    of the sector's colour), where a plain band of one colour was."""
    path = built(GAME, "play-sheet", "pod", copies=1)
    picture, px_mm = _render(path, 0, dpi=100)
    for x in (14, 74.2, 134.35):
        ends = [_crop(picture, px_mm, (x + dx, 55.6, 8, 3.8), 3) for dx in (0.6, 50.6)]
        for end in ends:
            assert _spread(end) > 8, x


# --- Fresh reader (session after issue 34's look pass): type, symbols, seats ---------------------

def test_every_text_on_the_sheet_is_8_pt_or_more_and_the_prose_is_on_the_aid(built, sheet,
                                                                         rulings):
    """The sheet was crowded with 7.7 pt notes (captions, the key, the dummies' table, the
    fire note): every run of text on it is 8.4 pt or more now (the squares' 8 pt
    coordinates moved to the rim), the dummies' table and the heroes of yore live on aid card 3
    only, and no rule code (T5, T8 ...) is printed on the sheet: the plain words are."""
    from pypdf import PdfReader
    reader = PdfReader(str(built(GAME, "play-sheet", "a4")))
    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            sizes.append((round(size * abs(tm[0] * cm[0]), 2), text.strip()))

    reader.pages[0].extract_text(visitor_text=visit)
    assert len(sizes) > 120   # (s14: 170 runs, the order, key and seats left the sheet)
    small = [(size, text) for size, text in sizes if size < 8]
    assert not small, small[:5]
    # the rules size (8.5 pt) is the smallest; the squares' 8 pt coordinates left for the rim
    assert min(size for size, _text in sizes) >= 8.5, sorted(sizes)[:5]
    assert "Dummy Thunder dice" not in sheet and "heroes of yore" not in sheet
    assert "its biggest fire: 15" in rulings and "their fires 12 and 20" in rulings
    assert "Heroes of yore" in rulings
    assert not re.search(r"\bT\d{1,2}\b", sheet), re.findall(r".{20}\bT\d{1,2}\b.{5}", sheet)


def test_trolls_and_warriors_are_two_shapes_in_a_light_tone(built, project):
    """Trolls and Warriors looked alike (two helmeted heads in one grey): the Warrior is a
    round shield now, the Troll a troll's head, both in a light grey a pencil X reads over.
    Measured on the printed grid: the two figures' silhouettes overlap by less than half,
    each covers under half of its square's middle, all of it light grey."""
    import pypdfium2 as pdfium

    from sheetgen.generate.games import load_game
    symbols = load_game(project, GAME).spec.symbols
    # s15 reader: the pale shield vanished on the blue sector: it keeps its light planks in a
    # dark rim (templates/icons/warrior-shield.svg, two colours), still a pencil's writing space
    assert symbols["warrior"].icon == "warrior-shield" and symbols["troll"].icon == "troll"
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    scale = 300 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    troll = _cell(image, 2, 1, inset=1.0, dpi=300)     # red 2-1: a Troll
    warrior = _cell(image, 4, 2, inset=1.0, dpi=300)   # red 4-2: a Warrior
    masks = []
    for figure in (troll, warrior):
        pixels = figure.get_flattened_data() if hasattr(figure, "get_flattened_data") \
            else figure.getdata()
        pixels = list(pixels)
        mask = [p < 215 for p in pixels]
        assert 0.1 < sum(mask) / len(mask) < 0.5, sum(mask) / len(mask)
        # a light tone (the mid grey hid a pencil X); session 13's reader found the Warrior
        # pale at 166, so it is a deeper steel now, still lighter than graphite. s15 reader:
        # the shield vanished on the blue sector, so its rim is dark ink: the Troll is light
        # all over, the shield light but for its rim (under half of its figure)
        figure_pixels = [p for p in pixels if p < 215]
        dark = sum(p <= 140 for p in figure_pixels) / len(figure_pixels)
        assert dark == 0 if figure is troll else 0 < dark < 0.45, dark
        masks.append(mask)
    both = sum(a and b for a, b in zip(*masks))
    either = sum(a or b for a, b in zip(*masks))
    assert both / either < 0.5, both / either


def test_the_aid_cards_are_filled_with_an_ending_an_example_and_the_seats(built, rulings):
    """Cards a third empty (the aids 1 and 2 ended halfway down): the Your turn card ends with
    the game's end, the Strikes card with a worked Thunder example (your die blue 4, the
    neighbours' 2 and 5), the Solo card with where a roll sheet's dice go; each
    card's last line stands within 12 mm of its footer band."""
    import pypdfium2 as pdfium
    from pdfcheck import page_chars, text_box

    assert "9 Use Runestone magic. End: round 10, or no Troll or 5 Gods left." in rulings
    assert "Example: yours blue 4, LEFT 2, RIGHT 5: X on 4-2, 4-5." in rulings
    assert "Roll sheet: its dice go in the Rounds rows." in rulings
    page = pdfium.PdfDocument(str(built(GAME, "clarifications", "a4")))[0]
    text, boxes = page_chars(page)
    for last, footer in (("Lightning.", "one for each player"), ("4-2, 4-5.", "shared"),
                         ("Sigrdrifa the Valkyrie.", "solo and 2 players")):
        # the footer band under that line (the card's own, drawn before its text)
        gap = text_box(text, boxes, last)[1] - \
            text_box(text, boxes, footer, text.rindex(footer, 0, text.index(last)))[3]
        # 13 mm: the Your turn card gave its picture strip to the longer qps edition (session
        # 13); a card a third empty left 20 mm
        assert gap < 13 * 72 / 25.4, (last, gap / (72 / 25.4))


def test_the_dice_nets_print_on_one_full_page_under_a_plain_heading(built):
    """Half-empty pages: the nets' second page held only a face reference card (plain d6
    with a letter), nine tenths of it blank; the nets print on one page now, and both dice
    files say their stock and where the copies are, not "How to print gives ..."."""
    import pypdfium2 as pdfium

    nets_path = built(GAME, "printable-dice", "a4")
    assert len(pdfium.PdfDocument(str(nets_path))) == 1
    nets = _flat(text_of(nets_path))
    stickers = _flat(text_of(built(GAME, "dice-stickers", "a4")))
    assert "Dice nets · on card · copies for your player count: How to print, part 2" in nets
    assert "Dice stickers · on label paper · one sheet: every die, spares too" in stickers
    assert "Rolling Thunder: the dice" not in nets and "How to print gives" not in nets


def test_the_sheets_reminders_are_a_line_or_two_and_the_prose_is_on_the_aids(built, sheet,
                                                                            rulings):
    """Fresh reader: the play sheet is crowded. Its reminders are a line or two each (the
    Valhalla note was four lines, three now; s14: the turn-a-die note and the Gods note left
    for the aids), what they leave out is on the aids (the V's fires, the Gods in full)."""
    import pypdfium2 as pdfium
    from pdfcheck import page_chars, text_box

    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    text, boxes = page_chars(page)
    line = 9 * 1.15  # a 9 pt line and its leading, in points
    for first, last, lines in (("Valhalla V:", "dead Warriors +1.", 3),
                               ("Slash your Thunder", "of its colour.", 2)):
        top = text_box(text, boxes, first)[3]
        bottom = text_box(text, boxes, last, text.index(first))[1]
        assert top - bottom < lines * line, (first, (top - bottom) / line)
    assert "aid 3" not in sheet and "Before placing" not in sheet
    assert "fires (■) count" not in sheet
    assert "across sectors; fires count." in rulings
    assert "Woden 3: a Troll in each sector that has one." in rulings


# --- Fresh reader (after the Cartographers score, 6.8): a sheet that read as a form ------------

def test_trolls_and_warriors_each_have_their_own_tone(built):
    """Trolls and Warriors were one grey; then (s14 reader) the Trolls one moss green in every
    sector and another glyph colour on the tracks. A Troll is its sector's colour now, on the
    grid as on its track, a Warrior's shield steel blue-grey, both light (a pencil X reads
    over them: the writing_ink check and the test above). Measured on the printed grid (A4,
    300 dpi): the figure's pixels in red 2-1, blue 7-1 and yellow 16-1 (Trolls) lean to red,
    blue and yellow; in red 4-2 (a Warrior) blue over red and green; each Troll's pixels
    match its track's Trolls."""
    import pypdfium2 as pdfium
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    image = page.render(scale=300 / 72).to_pil().convert("RGB")

    def figure(crop):
        pixels = list(crop.get_flattened_data())
        ink = [p for p in pixels if sum(p) < 3 * 200]
        return [sum(p[i] for p in ink) / len(ink) for i in range(3)]

    r, g, b = figure(_cell(image, 2, 1, inset=1.0, dpi=300))
    assert r > g + 60 and r > b + 60, (r, g, b)
    red = (r, g, b)
    r, g, b = figure(_cell(image, 7, 1, inset=1.0, dpi=300))
    assert b > r + 60 and b > g + 20, (r, g, b)
    r, g, b = figure(_cell(image, 16, 1, inset=1.0, dpi=300))
    assert min(r, g) > b + 60, (r, g, b)
    r, g, b = figure(_cell(image, 4, 2, inset=1.0, dpi=300))
    assert b > r + 15 and b > g + 5, (r, g, b)
    # the red track's first Troll (its space under red column 1, 126.2 mm down): same colour
    px = 300 / 25.4
    track = image.crop((round(17.0 * px), round(127.5 * px), round(22.5 * px),
                        round(133.0 * px)))
    assert all(abs(a - b) < 25 for a, b in zip(figure(track), red)), (figure(track), red)


def test_the_pentominoes_are_solid_shapes_beside_their_names(built):
    """The Gods' pentominoes were pale grey: each is a solid slate shape now (a picture to
    copy, not a space to blacken: the tick box beside the power says it is summoned), under
    which its name and value print."""
    import pypdfium2 as pdfium
    from pdfcheck import page_chars, text_box
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    image = page.render(scale=150 / 72).to_pil().convert("L")
    text, boxes = page_chars(page)
    scale = 150 / 72
    for name in ("WODEN", "FRIGG", "THOR", "SIF", "LOKI"):
        left, _bottom, right, top = text_box(text, boxes, name)
        # the shape stands over its name: the 15 mm above the name, across the name's width
        x0, x1 = int(left * scale), int((right + 8 * 72 / 25.4) * scale)
        y1 = int((page.get_height() - top) * scale)
        area = list(image.crop((x0, y1 - int(15 * 150 / 25.4), x1, y1)).get_flattened_data())
        assert sum(p < 150 for p in area) / len(area) > 0.15, name


def test_the_sticker_page_is_filled_and_makes_every_die(built):
    """The stickers page held 8 dice in its top third. It makes 20 now, to the foot of the
    page: the dice of four players, two spares of each colour and the two dummies, so one
    sheet of label paper is enough for any player count (How to print says so)."""
    import pypdfium2 as pdfium
    path = built(GAME, "dice-stickers", "a4")
    stickers = _flat(text_of(path))
    assert "Make 20 dice" in stickers and "Red × 6 · Blue × 6 · Yellow × 6" in stickers
    page = pdfium.PdfDocument(str(path))[0]
    image = page.render(scale=50 / 72).to_pil().convert("L")
    w, h = image.size
    rows = [sum(p < 200 for p in image.crop((0, y, w, y + 1)).get_flattened_data())
            for y in range(h)]
    inked = [y for y, n in enumerate(rows) if n > w * 0.2]
    assert inked and max(inked) > 0.8 * h, (max(inked) / h if inked else None)
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    assert "one sheet makes the dice of any player count, with spares" in guide


def test_rulings_are_marked_where_they_are_used(built, sheet, rulings):
    """Rulings lived on the Clarifications only, a card a table. Each is printed where a
    player uses it, in plain words, marked with the edition's seal, the Clarifications'
    own mark, which the Symbols aid explains: on each player's Your turn and Strikes aids,
    the shared Gods and Scoring aids. s14 reader: the seal meant nothing on the sheet; its
    dice tray note says T21 in plain words, unmarked."""
    from pypdf import PdfReader
    assert "Ruling" not in sheet and "Ruling This edition's, not the rulebook's." in rulings
    reader = PdfReader(str(built(GAME, "clarifications", "a4")))
    aids = reader.pages[0]  # the per-player aids and the solo aid: no Clarifications card
    forms = set((aids["/Resources"].get("/XObject") or {}).keys())
    todo = [aids["/Resources"]]
    while todo:
        for name, form in ((todo.pop() or {}).get("/XObject") or {}).items():
            forms.add(name)
            todo.append(form.get_object().get("/Resources"))
    assert "/FormXob.icon-edition-seal" in forms
    assert "T1 ·" not in _flat(aids.extract_text())  # (a page of aids: no ruling card)
    # session 13: the aids print each ruling once, on the Clarifications; an aid keeps the
    # rule as played and its own ruling lines (the strike order, a God's X)
    turn = rulings[rulings.index("Your turn"):rulings.index("Strikes")]
    assert "Edition ruling: Thunder before Lightning." in turn
    assert "One die a round, turned once" in rulings
    assert "already slashed slashes nothing" in rulings
    gods = rulings[rulings.index("Gods"):rulings.index("Scoring")]
    # s14 reader: "no room: the Troll." and "This edition: a God's X are strikes." read
    # clipped; each is a plain sentence now
    assert "If no line fits, the Troll alone." in gods
    assert "Ruling: a God's X count as strikes." in gods
    assert "← LEFT Next seat clockwise." in sheet and "RIGHT → The seat before yours." in sheet


def test_an_inline_icon_stays_on_the_line_of_the_word_it_labels(built):
    """s14 reader: on the Strikes card the Stone and Warrior icons ended their lines and their
    labels began the next. Each icon is glued to its label by a no-break space: on the page
    the icon and its label's first letter stand on one line, the icon just left of it."""
    import pypdfium2 as pdfium

    from pdfcheck import page_chars, text_box
    path = built(GAME, "clarifications", "a4")
    document = pdfium.PdfDocument(str(path))
    page = next(page for page in document
                if "Struck already?" in page.get_textpage().get_text_range())
    text, boxes = page_chars(page)
    start = text.index("Struck already?")
    scale = 200 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    height = page.get_height()
    for label in ("Troll:", "Stone:", "Warrior:"):
        left, bottom, _right, top = text_box(text, boxes, label, start)
        # the icon: ink in the 3.5 mm left of the label, level with its line
        x1, x0 = left - 0.4 * 72 / 25.4, left - 3.6 * 72 / 25.4
        crop = image.crop((int(x0 * scale), int((height - top) * scale),
                           int(x1 * scale), int((height - bottom) * scale)))
        # (s15: the Warrior's shield is light steel in a dark rim: ink, not black, counts)
        dark = sum(p < 200 for p in crop.get_flattened_data())
        assert dark / (crop.width * crop.height) > 0.1, label


# --- Fresh reader (after the Cartographers score, 6.8 twice) -----------------------------------

def test_each_sector_is_tinted_in_its_colour_light_enough_to_write_on(built):
    """The three sectors looked alike: each is tinted in its own colour now (pale red, blue,
    yellow), as light as paper a pen writes on. Measured on an empty light square of each
    (A4, 150 dpi): its colour leans to its sector's, and its grey stays over 225."""
    import pypdfium2 as pdfium
    page = pdfium.PdfDocument(str(built(GAME, "play-sheet", "a4")))[0]
    image = page.render(scale=150 / 72).to_pil().convert("RGB")

    def mean(col, row):
        pixels = list(_cell(image, col, row, inset=1.0).get_flattened_data())
        return [sum(p[i] for p in pixels) / len(pixels) for i in range(3)]

    red, blue, yellow = mean(1, 2), mean(7, 2), mean(14, 2)
    assert red[0] > red[2] + 15 and red[0] > red[1] + 15, red
    assert blue[2] > blue[0] + 15, blue
    assert min(yellow[0], yellow[1]) > yellow[2] + 25, yellow
    for r, g, b in (red, blue, yellow):
        assert 0.299 * r + 0.587 * g + 0.114 * b > 225, (r, g, b)


def test_how_to_print_says_pen_and_says_the_pad_plainly(built):
    """How to print said pencils where the rulebook says pen, and "print pages 1-4 ... (the
    file is the 50-sheet pad)" confused: it says pen, and that every page is the same sheet."""
    guide = _flat(text_of(built(GAME, "how-to-print", "a4")))
    assert "written in pen, as the rulebook says" in guide
    assert "Pens, one per player" in guide and "encil" not in guide
    assert "Every page of this file is the same sheet (50 pages make a pad). Each player " \
           "uses one sheet a game: print one page for each player" in guide
    assert "pages 1-4" not in guide


def test_the_roll_sheets_setup_slip_holds_the_setup(project):
    """The Setup slip was mostly blank: it says the rulebook's setup (a sheet, a pen and
    three dice each; the dummies; the seats) and how a round runs from the script, and the
    Runestone rounds use the sheet's words (slash)."""
    import io

    from pypdf import PdfReader

    from sheetgen.dice.roll_sheets import roll_sheet_pdfs

    def first_page(players):
        pdf = roll_sheet_pdfs(project, GAME, players, [(595.2756, 841.8898)])[0]  # A4
        return _flat(PdfReader(io.BytesIO(pdf)).pages[0].extract_text())

    four = first_page(4)
    assert "Each player takes a play sheet, a pen and a red, a blue and a yellow die." in four
    assert "take the row numbered with your seat as your roll, place your dice hidden" in four
    assert "Round 4 (first slash a Runestone)" in four
    solo = first_page(1)
    assert "set two spare dice aside, the Thunder dice of two dummies" in solo
