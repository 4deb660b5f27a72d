"""The card pipeline proven on the 32 Ragnarocks Mythology cards, in every profile."""

from __future__ import annotations


import pytest
from pypdf import PdfReader

from pdfcheck import MM, fonts_of, ink_fraction, line_segments, page_texts, placements, render
from sheetgen.api import BuildOptions, build
from sheetgen.generate.games import load_game

CARD_W, CARD_H, BLEED = 63.5 * MM, 88.9 * MM, 3.175 * MM
GAP = 1.35 * MM  # between home-printed poker cards (gap: auto)
A4, LETTER = (210 * MM, 297 * MM), (215.9 * MM, 279.4 * MM)


@pytest.fixture(scope="module")
def deck(project):
    """The loaded mythology-cards component."""
    return load_game(project, "ragnarocks").component("mythology-cards")


def test_deck_has_all_32_cards_with_powers(deck):
    items = deck.model.items
    assert len(items) == 32
    assert sum(item.count for item in items) == 32
    groups = [item.fields().get("group", "simple") for item in items]
    assert groups.count("simple") == 16 and groups.count("advanced") == 16
    for item in items:
        powers = item.fields()["powers"]
        assert powers and all(p["timing"] and p["text"] for p in powers), item.id
    commands = {i.id for i in items if i.fields().get("command")}
    assert "odin" not in commands and len(commands) >= 6  # Odin's two + a 6-player team draft


@pytest.mark.parametrize("profile,paper,pages", [
    ("a4", A4, 8), ("letter", LETTER, 8),
    ("gutterfold-a4", (A4[1], A4[0]), 8), ("gutterfold-letter", (LETTER[1], LETTER[0]), 8),
    ("pod", (198, 270), 64),
])
def test_page_count_and_size(built, profile, paper, pages):
    reader = PdfReader(built("ragnarocks", "mythology-cards", profile))
    assert len(reader.pages) == pages
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(paper[0], abs=0.01)
        assert float(box.height) == pytest.approx(paper[1], abs=0.01)


@pytest.mark.parametrize("profile,paper", [("a4", A4), ("letter", LETTER)])
def test_home_grid_positions_bleed_and_marks(built, profile, paper):
    reader = PdfReader(built("ragnarocks", "mythology-cards", profile))
    # the cards stand GAP apart (gap: auto, tests/test_print_pass.py derives 1.35 mm)
    x0 = (paper[0] - 3 * CARD_W - 2 * GAP) / 2
    y0 = (paper[1] - 3 * CARD_H - 2 * GAP) / 2
    fronts = placements(reader, 0)
    assert len(fronts) == 9
    for index, placed in enumerate(fronts):
        row, col = divmod(index, 3)
        assert placed.x == pytest.approx(x0 + col * (CARD_W + GAP), abs=0.01)
        assert placed.y == pytest.approx(y0 + (2 - row) * (CARD_H + GAP), abs=0.01)
        # full bleed on the grid's outer edge; towards a neighbour a card's bleed fills its
        # half of the gap, so the middle card is its trim plus half the gap all round
        half = GAP / 2
        cx0, cy0, cx1, cy1 = placed.clip
        assert cx0 == pytest.approx(placed.x - (BLEED if col == 0 else half), abs=0.01)
        assert cx1 == pytest.approx(placed.x + CARD_W + (BLEED if col == 2 else half), abs=0.01)
        assert cy0 == pytest.approx(placed.y - (BLEED if row == 2 else half), abs=0.01)
        assert cy1 == pytest.approx(placed.y + CARD_H + (BLEED if row == 0 else half), abs=0.01)
    # the grid fits the area A4 and Letter share
    assert 3 * CARD_W + 2 * GAP + 2 * BLEED <= 210 * MM
    assert 3 * CARD_H + 2 * GAP + 2 * BLEED <= 279.4 * MM
    marks = line_segments(reader, 0)
    assert len(marks) >= 12
    gx1, gy1 = x0 + 3 * CARD_W + 2 * GAP, y0 + 3 * CARD_H + 2 * GAP
    for xa, ya, xb, yb in marks:
        for x, y in ((xa, ya), (xb, yb)):
            outside = x < x0 - BLEED or x > gx1 + BLEED or y < y0 - BLEED or y > gy1 + BLEED
            assert outside, f"crop mark point {x / MM:.1f},{y / MM:.1f} mm touches the cards"
            assert 0 <= x <= paper[0] and 0 <= y <= paper[1]


def test_backs_mirror_columns_on_every_sheet(built):
    reader = PdfReader(built("ragnarocks", "mythology-cards", "a4"))
    x0 = (A4[0] - 3 * CARD_W - 2 * GAP) / 2
    for sheet in range(4):
        fronts, backs = placements(reader, 2 * sheet), placements(reader, 2 * sheet + 1)
        assert len(fronts) == len(backs) == (9 if sheet < 3 else 5)
        for front, back in zip(fronts, backs):
            col = round((front.x - x0) / (CARD_W + GAP))
            assert back.x == pytest.approx(x0 + (2 - col) * (CARD_W + GAP), abs=0.01)
            assert back.y == pytest.approx(front.y, abs=0.01)


def test_back_offset_shifts_backs_only(built):
    plain = PdfReader(built("ragnarocks", "mythology-cards", "a4"))
    shifted = PdfReader(built("ragnarocks", "mythology-cards", "a4", back_offset_mm=(1.5, -0.5)))
    for a, b in zip(placements(plain, 0), placements(shifted, 0)):
        assert (a.x, a.y) == (b.x, b.y)
    for a, b in zip(placements(plain, 1), placements(shifted, 1)):
        assert b.x - a.x == pytest.approx(1.5 * MM, abs=0.01)
        assert b.y - a.y == pytest.approx(-0.5 * MM, abs=0.01)


def test_gutterfold_backs_mirror_about_the_fold(built):
    reader = PdfReader(built("ragnarocks", "mythology-cards", "gutterfold-a4"))
    fold = A4[1] / 2
    placed = placements(reader, 0)
    fronts, backs = placed[0::2], placed[1::2]
    assert len(fronts) == len(backs) == 4
    for front, back in zip(fronts, backs):
        assert front.x + CARD_W <= fold and back.x >= fold
        assert fold - (front.x + CARD_W) == pytest.approx(back.x - fold, abs=0.01)
        assert front.y == pytest.approx(back.y, abs=0.01)


def test_pod_boxes_and_interleaving(built):
    reader = PdfReader(built("ragnarocks", "mythology-cards", "pod"))
    for page in reader.pages:
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 198, 270], abs=0.01)
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 198, 270], abs=0.01)
        assert not line_segments(reader, reader.pages.index(page)), "pod pages carry no marks"
    text = reader.pages[0].extract_text()
    assert "Freya" in text
    assert "RAGNAROCKS" in reader.pages[1].extract_text()


def test_pod_png_exact_pixels(built):
    from PIL import Image

    folder = built("ragnarocks", "mythology-cards", "pod-png")
    files = sorted(folder.glob("*.png"))
    assert len(files) == 64
    assert files[0].name == "001-freya-front.png" and files[1].name == "002-freya-back.png"
    for path in files[:4]:
        with Image.open(path) as image:
            assert image.size == (825, 1125) and image.mode == "RGB"


def test_every_font_embedded_no_base14(built):
    for profile in ("a4", "pod", "gutterfold-letter"):
        fonts = fonts_of(PdfReader(built("ragnarocks", "mythology-cards", profile)))
        assert fonts, "no fonts found"
        assert all(fonts.values()), fonts
        assert not any("Helvetica" in f or "Times" in f or "Courier" in f for f in fonts)


def test_all_names_and_power_text_extractable(built, deck):
    fronts = page_texts(built("ragnarocks", "mythology-cards", "pod"), range(0, 64, 2))
    for item, text in zip(deck.model.items, fronts):
        fields = item.fields()
        flat = " ".join(text.split())
        assert fields["name"] in flat
        for power in fields["powers"]:
            first_words = " ".join(power["text"].split()[:4]).replace(":command:", "").strip()
            assert first_words.split()[0] in flat, (item.id, first_words)
        if fields.get("norse"):
            assert fields["norse"] in flat
    joined = " ".join(fronts)
    for norse in ("Sól", "Þórr", "Njörðr", "Óðinn"):
        assert norse in joined


def test_two_builds_are_byte_identical(project, tmp_path):
    for profile in ("a4", "pod"):
        one = build(project, "ragnarocks", ["mythology-cards"],
                    BuildOptions(profiles=[profile], out_dir=tmp_path / "one"))[0]
        two = build(project, "ragnarocks", ["mythology-cards"],
                    BuildOptions(profiles=[profile], out_dir=tmp_path / "two"))[0]
        assert one.read_bytes() == two.read_bytes()


def test_each_distinct_face_is_one_form(built):
    reader = PdfReader(built("ragnarocks", "mythology-cards", "a4"))
    names = {p.name for i in range(len(reader.pages)) for p in placements(reader, i)}
    assert len(names) == 33  # 32 fronts + 1 shared back, however many copies


def test_rasterised_cards_have_ink(built):
    path = built("ragnarocks", "mythology-cards", "a4")
    image = render(path, 0)
    x0, y0 = (A4[0] - 3 * CARD_W) / 2, (A4[1] - 3 * CARD_H) / 2
    for row in range(3):
        for col in range(3):
            box = (x0 + col * CARD_W + 8, y0 + row * CARD_H + 8,
                   x0 + (col + 1) * CARD_W - 8, y0 + (row + 1) * CARD_H - 8)
            assert ink_fraction(image, box, A4[1]) > 0.03
    margin = (2, 2, 20, A4[1] - 2)  # left margin holds only the thin footer text
    assert ink_fraction(image, margin, A4[1]) < 0.05


def test_cmyk_option_has_no_rgb_colour(built):
    reader = PdfReader(built("ragnarocks", "mythology-cards", "pod", cmyk=True))
    data = b"".join(
        xobj.get_object().get_data()
        for page in reader.pages[:2]
        for xobj in page["/Resources"]["/XObject"].values()
    )
    assert b" k\n" in data or b" k " in data
    assert b" rg\n" not in data and b" RG\n" not in data


def test_home_pages_print_the_licence_credits(built):
    reader = PdfReader(built("ragnarocks", "mythology-cards", "letter"))
    for page in reader.pages:
        text = page.extract_text()
        assert "game-icons.net, CC BY 3.0" in text and "SIL OFL" in text
