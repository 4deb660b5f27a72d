"""Ragnarocks tokens and standees: counts on the sheets, duplex backs, page sizes."""

from __future__ import annotations

from collections import Counter

import pytest
from pypdf import PdfReader

from pdfcheck import MM, placements
from sheetgen.profiles import builtin_profiles


def test_token_sheet_holds_40_runestones_and_6_vikings(built):
    reader = PdfReader(built("ragnarocks", "tokens", "a4"))
    assert len(reader.pages) == 2  # fronts and backs
    fronts = placements(reader, 0)
    assert len(fronts) == 46
    by_form = Counter(p.name for p in fronts)
    # 8 rune designs x 5 Runestones, 3 Ivory and 3 Red Vikings
    assert sorted(by_form.values()) == [3, 3] + [5] * 8
    assert len(placements(reader, 1)) == 46


PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # ISO 216; 8.5 x 11 in


@pytest.mark.parametrize("profile", ["a4", "letter"])
def test_token_pages_are_the_paper(built, profile):
    reader = PdfReader(built("ragnarocks", "tokens", profile))
    for page in reader.pages:
        size_mm = (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM)
        assert size_mm == pytest.approx(PAPER_MM[profile], abs=0.01)


def test_backs_mirror_the_columns_and_take_the_offset(built):
    plain = PdfReader(built("ragnarocks", "tokens", "a4"))
    shifted = PdfReader(built("ragnarocks", "tokens", "a4", back_offset_mm=(1.0, -0.5)))
    width = builtin_profiles().size("a4")[0]
    fronts, backs = placements(plain, 0), placements(plain, 1)
    for front, back in zip(fronts, backs):
        assert front.name == back.name  # same token (its back uses the same template)
        # the back's centre is the front's centre mirrored about the page's middle
        token = 19 * MM
        assert back.x + token / 2 == pytest.approx(width - (front.x + token / 2))
        assert back.y == pytest.approx(front.y)
    for back, moved in zip(backs, placements(shifted, 1)):
        assert (moved.x - back.x, moved.y - back.y) == pytest.approx((1 * MM, -0.5 * MM), abs=0.01)
    assert [p.x for p in placements(shifted, 0)] == [p.x for p in fronts]


def test_tokens_are_cut_round_with_bleed_inside_the_gap(built):
    reader = PdfReader(built("ragnarocks", "tokens", "a4"))
    xs = sorted({round(p.x, 2) for p in placements(reader, 0)})
    # 19 mm tokens (they leave a hex's name uncovered) 8.5 mm apart: the 3.175 mm bleeds leave
    # a 2.15 mm white cutting gutter between neighbours (issue 25: they touched)
    assert xs[1] - xs[0] == pytest.approx(27.5 * MM, abs=0.01)


def test_standees_are_six_strips_with_crop_marks(built):
    reader = PdfReader(built("ragnarocks", "standees", "a4"))
    assert len(reader.pages) == 1
    placed = placements(reader, 0)
    assert len(placed) == 6
    xs = sorted(p.x for p in placed)
    assert all(b - a == pytest.approx(18 * MM, abs=0.01) for a, b in zip(xs, xs[1:]))  # shared cuts


def test_token_pod_is_one_face_per_page(built):
    reader = PdfReader(built("ragnarocks", "tokens", "pod"))
    assert len(reader.pages) == 2 * 46
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((19 * MM + 18, 19 * MM + 18))


def test_standees_print_the_figure_on_both_faces(built):
    from pdfcheck import ink_fraction, render

    path = built("ragnarocks", "standees", "a4")
    reader = PdfReader(path)
    page_h = float(reader.pages[0].mediabox.height)
    image = render(path, 0, dpi=100)
    ivory = sorted(placements(reader, 0), key=lambda p: p.x)[:3]  # the light strips
    for placed in ivory:
        top = placed.y + 80 * MM

        def ink(y_from_top, y_to_top):
            box = (placed.x + 2 * MM, top - y_to_top * MM, placed.x + 16 * MM,
                   top - y_from_top * MM)
            return ink_fraction(image, box, page_h, dpi=100)

        front, back = ink(46, 60), ink(18.5, 32.5)  # the two figures' boxes
        assert back > 0.1, "the back panel carries the figure"
        assert back == pytest.approx(front, abs=0.05)  # the same figure, turned 180 degrees


def test_standee_steps_sit_at_their_folds_and_the_back_is_named(built):
    # issue 25: "Fold, glue back to back" was on the tab strip, away from the middle fold it
    # means; the back half had no Ivory/Red label; standee text was 6 pt
    import pypdfium2 as pdfium

    path = built("ragnarocks", "standees", "a4")
    strips = placements(PdfReader(path), 0)
    page = pdfium.PdfDocument(path)[0].get_textpage()

    def boxes(word):
        search, found = page.search(word, match_case=True), []
        while (hit := search.get_next()) is not None:
            chars = [page.get_charbox(hit[0] + k) for k in range(hit[1])]
            found.append((min(c[0] for c in chars), min(c[1] for c in chars),
                          max(c[2] for c in chars), max(c[3] for c in chars)))
        return found

    for placed in strips:
        fold = placed.y + 40 * MM  # the middle fold, 40 mm from the strip's top and bottom
        mine = [b for b in boxes("1 Fold here:") if placed.x <= b[0] < placed.x + 18 * MM]
        (x0, y0, x1, y1), = mine
        assert fold < y0 < fold + 3 * MM  # just above the fold (on the back half)
        (x0, y0, x1, y1), = [b for b in boxes("glue halves")
                             if placed.x <= b[0] < placed.x + 18 * MM]
        assert fold - 4 * MM < y0 and y1 < fold  # just below it (on the front half)
    # every strip names its Viking on both halves: 6 strips, front and back
    assert len([b for b in boxes("Viking") if any(
        p.x <= b[0] < p.x + 18 * MM for p in strips)]) == 12
    assert len(boxes("Ivory")) == 6 and len(boxes("Red")) == 6
    def on_a_strip(i):
        x0, y0, _, _ = page.get_charbox(i)
        return any(p.x <= x0 < p.x + 18 * MM and p.y <= y0 < p.y + 80 * MM for p in strips)

    sizes = [pdfium.raw.FPDFText_GetFontSize(page.raw, i) for i in range(page.count_chars())
             if page.get_text_range(i, 1).strip() and on_a_strip(i)]
    assert len(sizes) > 100
    assert min(sizes) >= 7, min(sizes)


def test_player_aids_one_per_player_where_both_need_them(built):
    reader = PdfReader(built("ragnarocks", "reference", "a4"))
    fronts = [p for page in range(0, len(reader.pages), 2) for p in placements(reader, page)]
    assert len(fronts) == 11
    copies = sorted(Counter(p.name for p in fronts).values())
    # the rules twice (one per player), team game twice (one per team), setup three times
    # (one per pair of up to 6 players): issue 25
    assert copies == [2, 2, 2, 2, 3]
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert "Played without the tree stand insert" in text and "decoration only" in text
