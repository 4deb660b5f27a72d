"""A designer's first game, as issue 35's designer built it (Rune Market): a 24-card deck from
a CSV with cover-fit art clipped to a rounded window and a line icon in the game's colour, a
notepad with a wrapped (snake) track whose spaces give `below` values at their default size,
custom rune dice drawn with line icons, and a playtest variant. `sheetgen check` passes with no
size or print-check overrides, and the pictures are checked in the PDFs' pixels."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from conftest import run_cli, write_files

pytestmark = pytest.mark.slow  # builds a whole game and rasterises its pages

MM = 72 / 25.4
SCALE = 4  # pixels per point when rendering
ACCENT = (0x1F, 0x2A, 0x5A)
GUILDS = {"smiths": (140, 60, 40), "weavers": (60, 90, 150), "brewers": (190, 150, 50),
          "carvers": (90, 120, 60)}
MEDALLION = (240, 230, 200)  # the disc in the middle of every guild's picture


def _rune(path: str, stroke: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="{path}" '
            f'fill="none" stroke="{stroke}" stroke-width="2.5" stroke-linecap="round" '
            'stroke-linejoin="round"/></svg>\n')


FILES = {
    "data/runemarket/game.yaml": """id: runemarket
name: Rune Market
players: {min: 2, max: 4}
colors:
  accent: "#1f2a5a"
components:
  - wares
  - ledger
  - rune-dice
""",
    "data/runemarket/wares.yaml": """id: wares
title: Wares
kind: cards
front: ware-front
back: ware-back
items_from: {csv: wares.csv}
""",
    "data/runemarket/wares.csv": """name,guild,cost,text,count
Iron Ingot,smiths,2,Gain 1 coin when you sell a tool.,3
Steel Blade,smiths,4,Score 2 points at the end of the game.,3
Wool Bolt,weavers,1,Draw a card.,3
Silk Banner,weavers,3,Every player gains 1 coin; you gain 2.,3
Barley Ale,brewers,2,Re-roll one die.,3
Honey Mead,brewers,4,Take another turn.,3
Oak Chest,carvers,3,Keep one card in your hand.,3
Rune Stone,carvers,5,Score 5 points at the end of the game.,3
""",
    # the art window: a box under the art, the art covering it about its upper middle, both
    # cut to the same rounded corners
    "templates/ware-front.yaml": """size: poker
bleed: 3mm
elements:
  - {id: background, type: box, inset: -3mm, fill: paper, bleed_art: true}
  - {id: name, type: text, text: "{{ name }}", font: title, bold: true, size: 13,
     x: 5mm, y: 4mm, w: 42mm, h: 8mm, valign: middle}
  - {id: cost-icon, type: icon, icon: coin-rune, color: accent, x: 48mm, y: 4mm, w: 8mm,
     h: 8mm}
  - {id: cost, type: text, text: "{{ cost }}", font: title, bold: true, size: 12,
     x: 55mm, y: 4mm, w: 5mm, h: 8mm, valign: middle}
  - {id: window, type: box, fill: "#d9d2c0", radius: 3mm, x: 5mm, y: 13mm, w: 53.5mm,
     h: 38mm}
  - {id: art, type: image, src: "art/{{ guild }}.png", fit: cover, focus: [50%, 35%],
     clip: rounded, radius: 3mm, x: 5mm, y: 13mm, w: 53.5mm, h: 38mm}
  - {id: text, type: text, text: "{{ text }}", size: 10, min_size: 8, align: center,
     valign: middle, x: 6mm, y: 55mm, w: 51.5mm, h: 26mm}
""",
    "templates/ware-back.yaml": """size: poker
bleed: 3mm
elements:
  - {id: background, type: box, inset: -3mm, fill: accent, bleed_art: true}
  - {id: title, type: text, place: center, inset: [0, 6mm], h: 12mm, text: "Rune Market",
     font: title, bold: true, size: 16, align: center, valign: middle, color: white}
""",
    "data/runemarket/ledger.yaml": """id: ledger
title: Ledger
kind: sheet
template: ledger-sheet
copies: 10
glue_edge: top
glue_strip: 8mm
""",
    # a snake track: 12 spaces, 6 a row, each giving a value printed under it (below_size
    # left at its default)
    "templates/ledger-sheet.yaml": """size: a5
bleed: 3mm
elements:
  - {id: title, type: text, text: "Rune Market ledger", font: title, bold: true, size: 16,
     x: 10mm, y: 12mm, w: 100mm, h: 9mm}
  - id: market
    type: track
    x: 10mm
    y: 26mm
    w: 128mm
    h: 70mm
    wrap: 6
    spaces: [{below: "+1"}, {below: "+1"}, {below: "+2"}, {below: "+2"}, {below: "+3"},
             {below: "+3"}, {below: "+4"}, {below: "+4"}, {below: "+5"}, {below: "+5"},
             {below: "+6"}, {below: "+8"}]
""",
    "data/runemarket/rune-dice.yaml": """id: rune-dice
title: Rune dice
kind: dice
items_from: {generator: dice-faces, options: {dice: [rune]}}
""",
    "data/runemarket/dice.yaml": """name: Rune Market
players: {min: 2, max: 4}
rounds: 6
round_label: Round
dice:
  rune: {name: Rune die, colour: "#1f2a5a", faces: [fehu, uruz, thurs, ansuz, fehu, uruz]}
each_round:
  - kind: roll
    id: runes
    label: Runes for everyone
    dice: [rune, rune]
""",
    "data/runemarket/variants/playtest.yaml": """title: Cheaper steel
description: Steel Blade costs 3.
changes:
  wares:
    steel-blade: {cost: 3}
""",
    # line icons, each stroked in another spelling of black
    "templates/icons/coin-rune.svg": (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        '<circle cx="12" cy="12" r="9" fill="none" stroke="#000" stroke-width="2.5"/>'
        '<path d="M12 6 V18 M12 9 L16 7 M12 13 L16 11" fill="none" stroke="#000" '
        'stroke-width="2.5" stroke-linecap="round"/></svg>\n'),
    "templates/icons/fehu.svg": _rune("M8 3 V21 M8 9 L16 4 M8 14 L16 9", "black"),
    "templates/icons/uruz.svg": _rune("M7 21 V3 L17 9 V21", "currentColor"),
    "templates/icons/thurs.svg": _rune("M8 3 V21 M8 7 L15 12 L8 17", "#000000"),
    "templates/icons/ansuz.svg": _rune("M8 3 V21 M8 4 L16 9 M8 10 L16 15", "#000"),
}


def _cli(root: Path, *args: str):
    return run_cli("--project", str(root), *args)


@pytest.fixture(scope="module")
def market(tmp_path_factory) -> Path:
    """The project, with a 1200 x 800 px picture per guild (a disc at its upper middle), and
    its default outputs built."""
    root = write_files(tmp_path_factory.mktemp("runemarket"), FILES)
    art = root / "templates" / "art"
    art.mkdir()
    for guild, colour in GUILDS.items():
        picture = Image.new("RGB", (1200, 800), colour)
        ImageDraw.Draw(picture).ellipse((450, 130, 750, 430), fill=MEDALLION)
        picture.save(art / f"{guild}.png")
    result = _cli(root, "build", "runemarket", "-q", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    return root


def _render(pdf: Path, index: int):
    """Return page ``index`` of ``pdf`` as RGB pixels and a function giving the pixel of
    (x, y) mm from its trim's top-left corner."""
    page = PdfReader(pdf).pages[index]
    top = float(page.mediabox.top) - float(page.trimbox.top)
    left = float(page.trimbox.left)
    document = pdfium.PdfDocument(str(pdf))
    image = document[index].render(scale=SCALE).to_pil().convert("RGB")
    document.close()

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int]:
        return round((left + x_mm * MM) * SCALE), round((top + y_mm * MM) * SCALE)

    return image, pixel


def near(colour, expected, tolerance: int = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def test_check_passes_with_no_size_or_check_overrides(market):
    written = "".join(FILES.values())
    for override in ("allow_small", "allow_thin", "allow_low_contrast", "role:", "below_size",
                     "print_checks", "min_game_text"):
        assert override not in written, override
    result = _cli(market, "check", "runemarket")
    assert result.exit_code == 0, result.output
    assert "10 outputs checked: 10 pass, 0 fail" in result.output, result.output


def test_the_deck_has_24_cards_from_the_csv(market):
    pages = PdfReader(market / "out" / "runemarket" / "wares-pod.pdf").pages
    assert len(pages) == 48  # each card's front and back
    names = [pages[i].extract_text() for i in range(0, 48, 2)]
    assert sum("Steel Blade" in text for text in names) == 3


def test_the_art_covers_a_rounded_window(market):
    """Iron Ingot, a smiths' card: the picture (3:2) covers the 53.5 x 38 mm window, its
    height fills it (the disc, at 35% of the picture's height, stays whole), its sides are cut,
    and the window's corners are cut round: the card's paper shows there."""
    image, pixel = _render(market / "out" / "runemarket" / "wares-pod.pdf", 0)

    def at(x_mm, y_mm):
        return image.getpixel(pixel(x_mm, y_mm))

    paper = at(2, 60)
    smiths = GUILDS["smiths"]
    # the disc: centred across the window, 280/800 of its height down
    assert near(at(5 + 53.5 / 2, 13 + 38 * 280 / 800), MEDALLION)
    # the picture reaches every edge of the window (cover, not contain)
    for x, y in ((5.3, 32), (58.2, 32), (31, 13.3), (31, 50.7)):
        assert near(at(x, y), smiths), (x, y, at(x, y))
    # the corners, 3 mm rounded: clear of art and of the window's box
    for x, y in ((5.15, 13.15), (58.35, 13.15), (5.15, 50.85), (58.35, 50.85)):
        assert near(at(x, y), paper), (x, y, at(x, y))
    # outside the window, paper
    assert near(at(4.5, 32), paper)


def test_the_line_icon_takes_the_games_colour(market):
    """The cost's coin rune is drawn with strokes only (stroke="#000"): it prints in the
    game's accent colour, and nothing of it prints black."""
    image, pixel = _render(market / "out" / "runemarket" / "wares-pod.pdf", 0)
    # the icon's box (48-56 mm across, 4-12 mm down), short of the cost figure beside it
    (x0, y0), (x1, y1) = pixel(48, 4), pixel(54.5, 12)
    pixels = [image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
    accent = sum(near(p, ACCENT, 30) for p in pixels)
    black = sum(max(p) < 50 for p in pixels)
    assert accent > 200, accent
    assert black == 0, black


def test_the_rune_dice_print_their_runes_in_the_dies_ink(market):
    """The die is navy: its runes (line icons, stroked black in their files) print white, the
    die face's ink, on every face of the nets and stickers; none prints black on navy. A
    rune's stroke is a narrow line with navy on both sides of it."""
    pdf = market / "out" / "runemarket" / "rune-dice-a4.pdf"
    document = pdfium.PdfDocument(str(pdf))
    image = document[0].render(scale=1.5).to_pil().convert("RGB")
    document.close()
    # the nets, the stickers and the reference card fill the top of the page
    image = image.crop((0, 0, image.width, round(image.height * 0.72)))
    pixels, (width, height) = image.load(), image.size

    def navy(x, y):
        return 0 <= x < width and 0 <= y < height and near(pixels[x, y], ACCENT, 10)

    def between_navy(x, y):
        return any((navy(x - d, y) and navy(x + d, y)) or (navy(x, y - d) and navy(x, y + d))
                   for d in range(2, 8, 2))

    white = black = 0
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            colour = pixels[x, y]
            if min(colour) > 235 and between_navy(x, y):
                white += 1
            elif max(colour) < 40 and between_navy(x, y):
                black += 1
    # the runes of 6 faces on each of two nets, the stickers and the reference card (with
    # black runes only the nets' light fold lines are light between navy: under 200)
    assert white > 700, (white, black)
    assert black == 0, (white, black)


def test_the_notepad_prints_its_pad_of_sheets_with_the_track_values(market):
    reader = PdfReader(market / "out" / "runemarket" / "ledger-a4.pdf")
    assert len(reader.pages) == 5  # 10 sheets, two A5 to an A4 page
    text = reader.pages[0].extract_text()
    for value in ("+1", "+3", "+5", "+8"):
        assert value in text


def test_the_playtest_variant_prints_its_changed_cards_stamped(market):
    out = market / "variant-out"
    result = _cli(market, "build", "runemarket", "wares", "--variant", "playtest",
                  "--changed-only", "-p", "pod", "-q", "--out", str(out))
    assert result.exit_code == 0, result.output
    pdf = out / "runemarket" / "variants" / "playtest" / "wares-pod.pdf"
    pages = PdfReader(pdf).pages
    fronts = [page.extract_text() for page in pages[::2]]
    assert len(fronts) == 3 and all("Steel Blade" in text and "3" in text for text in fronts)
    assert all("VARIANT playtest" in text for text in fronts), fronts
