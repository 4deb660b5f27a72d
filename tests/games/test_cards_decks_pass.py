"""Design pass on the play cards (issue 34, session 13): every finding of the session-12 readers
on the Mythology, Raid, Creature, dice-deck, odds and Roll & Might cards, decided on the page.

Each test reads the printed PDF (pypdf text and drawing operators, pypdfium2 font sizes and
pixels), never the code that made it.
"""

from __future__ import annotations

import re
from collections import Counter

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, run_cli

MM = 72 / 25.4
# the scene's clip (x y w h re W* n) right before the scene's drawing
_ART_CLIP = re.compile(rb"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n\s*q\s*([-\d. ]+) cm\s*"
                       rb"/FormXob\.art-([^\s]+) Do")


def _faces(path) -> list[bytes]:
    """Return the drawing of each front of a face-per-page (pod) print (backs between them)."""
    reader = PdfReader(path)
    return [next(iter(page["/Resources"]["/XObject"].values())).get_object().get_data()
            for page in reader.pages[::2]]


def _scene(face: bytes) -> tuple[float, bytes, bytes]:
    """Return (the art window's height in mm, the scene's matrix, the scene's form name)."""
    found = _ART_CLIP.search(face)
    assert found, "no scene drawn in an art window"
    name = re.sub(rb"-[0-9a-f]{12}$", b"", found.group(6))
    return float(found.group(4)) / MM, found.group(5), name + b"|" + found.group(6)


@pytest.fixture(scope="module")
def mythology(built):
    return built("ragnarocks", "mythology-cards", "pod")


def _edition_pod(tmp_path_factory, edition: str):
    out = tmp_path_factory.mktemp(f"myth-{edition}")
    result = run_cli("build", "ragnarocks", "mythology-cards", "-p", "pod", "--edition",
                     edition, "--out", str(out), "-j", "1")
    assert result.exit_code == 0, result.output
    return out / "ragnarocks" / f"mythology-cards-{edition}-pod.pdf"


@pytest.mark.parametrize("edition", ["en", "es", "de"])
def test_mythology_picture_window_is_one_size_in_every_edition(mythology, tmp_path_factory,
                                                               edition):
    # finding (Ragnarocks 6.4): "the art window is squashed on cards with rulings"; session 15
    # (the reader: "the art window grows and shrinks with the text: squashed on Ask and Embla,
    # Fjorgyn"): the picture's window is one fixed size on all 32 cards, 30 mm or taller, in
    # every edition (the powers fit the fixed box under it, whatever their language's length)
    path = mythology if edition == "en" else _edition_pod(tmp_path_factory, edition)
    heights = [round(_scene(face)[0], 1) for face in _faces(path)]
    assert len(heights) == 32
    assert len(set(heights)) == 1 and heights[0] >= 30, heights


def test_mythology_figure_stands_inside_its_window(mythology):
    # finding: "the Odin medallion spills"; session 15: no medallion, each card's figure (an
    # icon drawn large in its scene) is drawn inside the art window's clip, 20 mm or larger
    sizes = []
    for face in _faces(mythology):
        clip = _ART_CLIP.search(face)
        x, y, w, h = (float(v) for v in clip.group(1, 2, 3, 4))
        after = face[clip.end():]
        figure = re.search(rb"([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s*"
                           rb"/FormXob\.icon-(?!command-badge|edition-seal)", after)
        assert figure, "no figure drawn after the scene"
        sx, sy, fx, fy = (float(v) for v in figure.groups())
        assert x <= fx and fx + sx <= x + w + 0.01 and y <= fy and fy + sy <= y + h + 0.01
        sizes.append(min(sx, sy) / MM)
    assert len(sizes) == 32 and min(sizes) >= 20, sizes


def test_mythology_body_text_is_one_size_never_below_the_rules_size(mythology):
    # finding: "body text 7-11 pt"; session 14 (the reader: "one fixed type size"): the
    # powers print at one size (9 pt) on the cards; session 15's fixed window leaves the
    # longest powers (three cards at most) at the rules size (8.5 pt), never below
    document = pdfium.PdfDocument(str(mythology))
    used = Counter()
    for index in range(0, len(document), 2):
        chars = document[index].get_textpage()
        text = chars.get_text_range()
        start = min(text.index(t) for t in re.findall(r"[A-Z][A-Za-z ]+:", text)[:1])
        size = round(pdfium.raw.FPDFText_GetFontSize(chars.raw, start + 1), 2)
        used[size] += 1
    assert set(used) <= {9.0, 8.5} and used[9.0] >= 29, used


def test_mythology_rulings_print_once_on_the_clarifications(mythology, built):
    # finding: "pink 'Edition ruling' boxes on cards; rulings printed 3 times": no ruling's
    # words print on a card; the three cards with a ruling keep the seal and the ruling's code
    # (session 14: no editor's prose), and the Clarifications print each ruling
    clarifications = yaml.safe_load((REPO / "data/ragnarocks/clarifications.yaml").read_text())
    rulings = [r["ruling"] for card in clarifications["items"] for r in card.get("rulings", [])]
    reader = PdfReader(mythology)
    cards = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[::2])
    for ruling in rulings:
        assert ruling[:40] not in cards, ruling
    assert "Clarifications" not in cards
    faces = [" ".join(p.extract_text().split()) for p in reader.pages[::2]]
    for name, codes in (("Gullinbursti", "R10 · R11"), ("Hildisvini", "R7"), ("Tyr", "R12")):
        face = next(f for f in faces if f.startswith(name))
        assert codes in face, face
    clar = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(built("ragnarocks", "clarifications", "pod")).pages)
    for start in ("At step 3, instead of summoning", "Push one hex further along",
                  "Any adjacent Viking, yours or your opponent's"):
        assert start in clar, start
    # no pink panel: no fill of the old ruling panel's colour on any card
    for face in _faces(mythology):
        assert b".960784 .894118 .862745 rg" not in face


def test_mythology_every_card_has_a_picture_of_its_own(mythology):
    # finding: "card scenes recycled (8 scenes repeat across 32 cards)": 32 different
    # pictures (a scene shown whole or in part, in its tint, under the card's own medallion);
    # no backdrop drawn on more than two cards, and those two show different parts of it
    scenes = [_scene(face) for face in _faces(mythology)]
    shown = {(matrix, form) for _, matrix, form in scenes}
    assert len(shown) == 32
    per_scene = Counter(form.split(b"|")[0] for _, _, form in scenes)
    assert len(per_scene) >= 24 and max(per_scene.values()) <= 2, per_scene


# ---- Roll & Might ----

@pytest.fixture(scope="module")
def might(built):
    return built("roll-and-might", "cards", "pod")


def test_might_index_tabs_and_text_keep_3mm_inside_the_trim(might):
    # finding (Roll & Might 6.8): "the index tabs sit on the cut lines": on every card front
    # every character is 3 mm or more inside the trim, and no pixel of a corner pennant (the
    # location's solid colour) lies in the 3 mm band inside the trim round either index
    # corner; a cut off by a millimetre, or the gap between home-print cards, leaves it whole
    reader = PdfReader(might)
    document = pdfium.PdfDocument(str(might))
    solid = [(0xa3, 0x32, 0x2a), (0x3f, 0x5a, 0x7a)]   # army, castle (game.yaml)
    dpi = 200
    for index in range(0, len(reader.pages), 2):
        trim = [float(v) for v in reader.pages[index].trimbox]
        page = document[index]
        chars = page.get_textpage()
        for i in range(chars.count_chars()):
            if chars.get_text_range(i, 1).isspace():
                continue
            x0, y0, x1, y1 = chars.get_charbox(i)
            assert x0 >= trim[0] + 3 * MM - 0.3 and x1 <= trim[2] - 3 * MM + 0.3, (index, i)
            assert y0 >= trim[1] + 3 * MM - 0.3 and y1 <= trim[3] - 3 * MM + 0.3, (index, i)
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        s = dpi / 72
        top = float(page.get_height()) - trim[3]
        left, band, corner_w, corner_h = trim[0], 3 * MM, 18 * MM, 27 * MM
        # the top left corner, where the index is (Roll & Might session 15, reader finding 1:
        # the die half is framed in the card's colour into the bleed, so its bottom right
        # corner is colour by design, no index there)
        regions = [(left, top, left + band, top + corner_h),
                   (left, top, left + corner_w, top + band)]
        for x0, y0, x1, y1 in regions:
            crop = image.crop((int(x0 * s), int(y0 * s), int(x1 * s), int(y1 * s)))
            for pixel in crop.getdata():
                assert all(sum(abs(a - b) for a, b in zip(pixel, c)) > 40 for c in solid), \
                    (index, pixel)


def test_might_west_and_east_suns_differ_at_a_glance(might):
    # finding: "sunset/sunrise icons look alike": West and East are one sun on one horizon;
    # session 14 (reader: "West and East differ only by a tiny arrow") the medallion showed
    # the side's initial large; session 15 (finding 4: the Legend, sheet and Symbol key still
    # showed only the arrow) the initial is part of the symbol, the sun over a W for West and
    # over an E for East, drawn 22 mm on the card: the two pictures differ in their lower half
    # by a letter, not an arrow
    reader = PdfReader(might)
    document = pdfium.PdfDocument(str(might))
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    halves = {}
    for side, form in (("WEST", b"icon-sun-west"), ("EAST", b"icon-sun-east")):
        index = next(i for i, t in enumerate(texts) if f"ARMY {side}" in t)
        face = next(iter(reader.pages[index]["/Resources"]["/XObject"].values())).get_object()
        assert form + b" Do" in face.get_data() or re.search(form + rb"-?\w* Do",
                                                               face.get_data()), side
        page = document[index]
        image = page.render(scale=150 / 72).to_pil().convert("L")
        px = 150 / 25.4
        # the picture's lower half (under the horizon), mm from the page's top left
        crop = image.crop((round((3.175 + 22) * px), round((3.175 + 21) * px),
                           round((3.175 + 41.5) * px), round((3.175 + 30) * px)))
        halves[side] = [v > 200 for v in crop.get_flattened_data()]
    differ = sum(a != b for a, b in zip(halves["WEST"], halves["EAST"])) / len(halves["WEST"])
    assert differ > 0.12, differ  # a W against an E (an arrow turned over is about 0.05)


# ---- Roll & Raid ----

_ICON = re.compile(rb"([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s*/FormXob\.icon-([^\s]+) Do")


def _icons(face: bytes) -> list[tuple[str, float, float, float]]:
    """Return (name, size mm, x mm, y mm from the face's foot) of each icon a face draws."""
    return [(m.group(5).decode(), float(m.group(1)) / MM, float(m.group(3)) / MM,
             float(m.group(4)) / MM) for m in _ICON.finditer(face)]


def test_raid_cards_each_picture_their_own_place(built):
    # finding (Roll & Raid 6.5): "Raid card art generic (Angers = Cologne: brick wall, 3
    # towers)": the picture's landmark (the largest icon, 24 mm or more) differs on all 49
    # cards; Cologne shows its market (the Rhine's trading city), not a wall
    path = built("roll-and-raid", "raid-cards", "pod")
    reader = PdfReader(path)
    texts = [" ".join(p.extract_text().split()) for p in reader.pages[::2]]
    landmarks = {}
    for text, face in zip(texts, _faces(path)):
        name = re.match(r"(?:[IV]+ )?(.+?) raided", text).group(1)
        big = max(_icons(face), key=lambda icon: icon[1])
        assert big[1] >= 24, (name, big)
        landmarks[name] = big[0]
    assert len(landmarks) == 49 and len(set(landmarks.values())) == 49
    assert landmarks["Cologne"] == "market" and landmarks["Angers"] == "curtain-wall"


def test_raid_card_shields_fill_the_band_under_the_costs(built):
    # finding: "an empty cream band above small shields": every clan shield is 8.5 mm or more
    # (it was 7), its top within 2.5 mm of the cost table's summer row icon
    for face in _faces(built("roll-and-raid", "raid-cards", "pod"))[:48]:
        icons = _icons(face)
        summer = next(i for i in icons if i[0] == "summer")
        shields = [i for i in icons if i[0] == "shield"]
        assert shields
        for _, size, _, y in shields:
            assert size >= 8.5, size
            assert summer[3] - (y + size) <= 2.5, (summer, y, size)


def test_dice_deck_cards_read_as_numbers_with_their_odds_and_use(built):
    # finding: "the dice deck is 8 pages that read as filler": every card is a number to read,
    # as a retail number token: its total, one dot per way two dice make it (1 for 2 and 12,
    # 6 for 7: 36 in all) and what it does (session 15, the reader: "'7 or less: Raid roll
    # passed' reads as roll 7 or less": "Beats a Defense of N or lower", with the bonuses)
    path = built("roll-and-raid", "dice-deck", "pod")
    document = pdfium.PdfDocument(str(path))
    ways = Counter()
    dots_of = {}
    for index in range(0, len(document), 2):
        page = document[index]
        text = " ".join(page.get_textpage().get_text_range().split())
        total = int(re.match(r"Raid roll (\d+) ", text).group(1))
        assert f"Beats a Defense of {total} or lower" in text, text
        assert "Add your bonuses first" in text, text
        dots = 0
        for obj in page.get_objects(max_depth=5):
            if obj.type != pdfium.raw.FPDF_PAGEOBJ_PATH:
                continue
            left, bottom, right, top = obj.get_bounds()
            dots += abs(right - left - 2.4 * MM) < 0.3 and abs(top - bottom - 2.4 * MM) < 0.3
        dots_of[total] = dots
        ways[total] += 1
    assert sum(ways.values()) == 36
    for total, count in ways.items():
        assert dots_of[total] == count == 6 - abs(7 - total), (total, dots_of[total], count)
