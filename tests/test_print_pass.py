"""Home-printed cards stand a bled gap apart (issue 34, print pass).

Retail print-and-play files leave a gap between cards, each card's art bled into its half of
it, so a cut a little off its line still leaves a clean card. The home profiles (a4, letter,
gutterfold) default to ``gap: auto``: the cards a page holds stay as many as when they abutted,
and the gap is what the grid area leaves. Measured on real output: a skeleton project's deck
(its card background darkened so the bleed shows) built to PDF, read with pypdf (where each
card and each crop mark is) and pypdfium2 (the pixels in the gap).
"""

from __future__ import annotations

import hashlib

import pytest
from pypdf import PdfReader

from conftest import run_cli
from pdfcheck import MM, line_segments, placements, render
from sheetgen.impose.imposition.card_grid import grid_for
from sheetgen.impose.imposition.gutterfold import gutterfold_grids
from sheetgen.load.profiles import builtin_profiles
from sheetgen.tools.newgame import new_project

PROFILES = builtin_profiles().profiles
POKER_W, POKER_H, BLEED = 63.5 * MM, 88.9 * MM, 3.175 * MM
# every card size a shipped game prints on a home grid (templates' size: and their own w/h)
SHIPPED = {"poker": (63.5, 88.9), "mini": (44.45, 63.5), "bridge": (57.15, 88.9),
           "tarot": (69.85, 120.65), "square": (63.5, 63.5)}
DARK = "#1f3a5f"  # the skeleton card's bleed (the band outside its trim)


@pytest.mark.parametrize("profile", ["a4", "letter", "gutterfold-a4", "gutterfold-letter"])
@pytest.mark.parametrize("size", sorted(SHIPPED))
def test_the_auto_gap_never_costs_a_card_per_page(profile, size):
    w, h = (v * MM for v in SHIPPED[size])
    prof = PROFILES[profile]
    layout = grid_for if "gutterfold" not in profile else (
        lambda *args: gutterfold_grids(*args)[0])
    abutting = layout(prof, w, h, BLEED, "0mm")
    gapped = layout(prof, w, h, BLEED, "auto")
    assert (gapped.cols, gapped.rows) == (abutting.cols, abutting.rows)
    assert abutting.gap == 0 and 0 <= gapped.gap <= 2 * BLEED + 1e-9
    # the grid and its outer bleed stay on the paper
    assert gapped.x0 - BLEED >= 0 and gapped.y0 - BLEED >= 0
    assert gapped.x1 + BLEED <= prof.page[0] if "gutterfold" not in profile else True


def test_poker_cards_on_a4_and_letter_stand_1_35_mm_apart():
    # 3 rows of 88.9 mm in the 279.4 mm both papers share leave 12.7 mm; the outer trims keep
    # 5 mm from it (a printer's unprinted margin), so 2.7 mm is left for 2 gaps: 1.35 mm
    for name in ("a4", "letter"):
        grid = grid_for(PROFILES[name], POKER_W, POKER_H, BLEED, "auto")
        assert (grid.cols, grid.rows) == (3, 3)
        assert grid.gap == pytest.approx(1.35 * MM)
    # mini cards: 4 rows of 63.5 mm leave 25.4 mm; 2 x 8.175 mm keep room for the crop marks
    # (bleed 3.175 + 0.5 + 2.5 mm mark + 2 mm paper edge): 9.05 mm for 3 gaps
    mini = grid_for(PROFILES["a4"], 44.45 * MM, 63.5 * MM, BLEED, "auto")
    assert (mini.cols, mini.rows) == (4, 4) and mini.gap == pytest.approx(9.05 / 3 * MM)
    # tarot: 2 x 2 leave room for the full twice-the-bleed gap
    tarot = grid_for(PROFILES["a4"], 69.85 * MM, 120.65 * MM, BLEED, "auto")
    assert tarot.gap == pytest.approx(6.35 * MM)


@pytest.mark.parametrize("profile", ["a4", "letter", "gutterfold-a4", "gutterfold-letter"])
def test_an_auto_gap_is_none_or_at_least_1_mm(profile):
    """A gap too narrow to cut in is worse than none: 38 mm tiles (Reavers' territories) had
    0.57 mm between them on A4; below 1 mm the cards abut, one cut serving two."""
    prof = PROFILES[profile]
    layout = grid_for if "gutterfold" not in profile else (
        lambda *args: gutterfold_grids(*args)[0])
    for w, h in [*SHIPPED.values(), (38, 38), (25, 25), (18, 80), (16, 16)]:
        gapped = layout(prof, w * MM, h * MM, BLEED, "auto")
        assert gapped.gap == 0 or gapped.gap >= 1 * MM - 1e-9, (w, h, gapped.gap / MM)
    tiles = grid_for(PROFILES["a4"], 38 * MM, 38 * MM, BLEED, "auto")
    assert (tiles.cols, tiles.rows) == (5, 7) and tiles.gap == 0


def test_a_deck_that_nearly_fills_the_page_abuts_with_shared_cut_lines(built):
    """Reavers of Midgard's territory tiles (38 mm, 5 x 7 on A4) leave room for a 0.57 mm gap:
    none is left, each tile's trim is its neighbour's, one crop mark per shared cut."""
    reader = PdfReader(built("reavers-of-midgard", "territory-tiles", "a4"))
    tiles = placements(reader, 0)
    assert len(tiles) == 35
    xs, ys = _columns_rows(tiles)
    side = 38 * MM
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([side] * 4, abs=0.01)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([side] * 6, abs=0.01)
    # a tile is clipped at its trim towards a neighbour (overlapping it by a hair, no seam
    # of paper), not half a gap beyond it; its bleed only outside the grid
    inner = next(p for p in tiles if round(p.x, 2) == xs[1] and round(p.y, 2) == ys[1])
    assert inner.clip == pytest.approx((inner.x, inner.y, inner.x + side, inner.y + side),
                                       abs=0.5 * MM)
    corner = next(p for p in tiles if round(p.x, 2) == xs[0] and round(p.y, 2) == ys[0])
    assert corner.clip[:2] == pytest.approx((corner.x - BLEED, corner.y - BLEED), abs=0.01)
    ticks = [s for s in line_segments(reader, 0)
             if (s[0] == s[2] or s[1] == s[3]) and abs(s[2] - s[0]) + abs(s[3] - s[1]) < 4.01 * MM]
    verticals = {round(s[0], 2) for s in ticks if s[0] == s[2]}
    # one mark line per cut: the 6 column edges, 5 tiles sharing 4 of them
    assert {round(x, 2) for x in [*xs, xs[-1] + side]} <= verticals
    assert len({round(x, 1) for x in verticals}) == 6


def test_a_set_gap_is_kept_even_when_it_costs_cards():
    grid = grid_for(PROFILES["a4"], POKER_W, POKER_H, BLEED, "8mm")
    # (210 - 6.35 + 8) // (63.5 + 8) = 2 columns, (279.4 - 6.35 + 8) // (88.9 + 8) = 2 rows
    assert grid.gap == pytest.approx(8 * MM) and (grid.cols, grid.rows) == (2, 2)


@pytest.fixture(scope="module")
def deck_project(tmp_path_factory):
    """A skeleton project whose deck's bleed is a dark band, so the gap's ink shows."""
    root = new_project(tmp_path_factory.mktemp("gap") / "proj", "demo")
    front = root / "templates" / "demo-card-front.yaml"
    text = front.read_text()
    background = "fill: paper, bleed_art: true}"
    assert background in text
    band = (f'  - {{id: bleed-band, type: box, inset: -3.175mm, stroke: "{DARK}", '
            "stroke_width: 6.35mm, bleed_art: true}")
    front.write_text(text.replace(background, f"{background}\n{band}", 1))
    return root


def _build(root, profile: str, deck_extra: str = "", out: str = "out"):
    deck = root / "data" / "demo" / "deck.yaml"
    original = deck.read_text()
    try:
        if deck_extra:
            deck.write_text(original.replace("kind: cards\n", f"kind: cards\n{deck_extra}\n"))
        result = run_cli("--project", str(root), "build", "-q", "demo", "deck", "-p", profile,
                         "--out", str(root / out))
    finally:
        deck.write_text(original)
    assert result.exit_code == 0, result.output
    return next((root / out / "demo").glob(f"deck-{profile}*"))


def _columns_rows(cards):
    xs = sorted({round(p.x, 2) for p in cards})
    ys = sorted({round(p.y, 2) for p in cards})
    return xs, ys


def test_neighbouring_cards_stand_a_gap_apart_with_their_bleed_filling_it(deck_project):
    path = _build(deck_project, "a4")
    reader = PdfReader(path)
    fronts = placements(reader, 0)
    assert len(fronts) == 9
    xs, ys = _columns_rows(fronts)
    gap = 1.35 * MM
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([POKER_W + gap] * 2, abs=0.01)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([POKER_H + gap] * 2, abs=0.01)
    # each card is clipped to the middle of the gap towards a neighbour, full bleed outside
    middle = next(p for p in fronts if round(p.x, 2) == xs[1] and round(p.y, 2) == ys[1])
    assert middle.clip == pytest.approx((middle.x - gap / 2, middle.y - gap / 2,
                                         middle.x + POKER_W + gap / 2,
                                         middle.y + POKER_H + gap / 2), abs=0.01)
    corner = next(p for p in fronts if round(p.x, 2) == xs[0] and round(p.y, 2) == ys[0])
    assert corner.clip == pytest.approx((corner.x - BLEED, corner.y - BLEED,
                                         corner.x + POKER_W + gap / 2,
                                         corner.y + POKER_H + gap / 2), abs=0.01)
    # the pixels: the middle of every gap carries the cards' dark bleed, not white paper
    dpi = 150
    image = render(path, 0, dpi)
    height = float(reader.pages[0].mediabox.height)
    scale = dpi / 72
    for x in (a + POKER_W + gap / 2 for a in xs[:-1]):
        for y in (b + POKER_H * f for b in ys for f in (0.2, 0.5, 0.8)):
            assert image.getpixel((int(x * scale), int((height - y) * scale))) < 120, (x, y)
    for y in (b + POKER_H + gap / 2 for b in ys[:-1]):
        for x in (a + POKER_W * f for a in xs for f in (0.2, 0.5, 0.8)):
            assert image.getpixel((int(x * scale), int((height - y) * scale))) < 120, (x, y)


def test_every_cut_has_its_crop_marks_and_none_falls_between_cards(deck_project):
    reader = PdfReader(_build(deck_project, "a4"))
    fronts = placements(reader, 0)
    xs, ys = _columns_rows(fronts)
    ticks = [s for s in line_segments(reader, 0)
             if (s[0] == s[2] or s[1] == s[3]) and abs(s[2] - s[0]) + abs(s[3] - s[1]) < 4.01 * MM]
    verticals = {round(s[0], 2) for s in ticks if s[0] == s[2]}
    horizontals = {round(s[1], 2) for s in ticks if s[1] == s[3]}
    # two cuts per gap: both edges of every column and every row are marked
    assert {round(x, 2) for x in xs} | {round(x + POKER_W, 2) for x in xs} <= verticals
    assert {round(y, 2) for y in ys} | {round(y + POKER_H, 2) for y in ys} <= horizontals
    top, bottom = max(ys) + POKER_H, min(ys)
    left, right = min(xs), max(xs) + POKER_W
    for x0, y0, x1, y1 in ticks:  # outside the grid and its bleed
        if x0 == x1:
            assert min(y0, y1) >= top + BLEED or max(y0, y1) <= bottom - BLEED
        else:
            assert min(x0, x1) >= right + BLEED or max(x0, x1) <= left - BLEED


def test_backs_register_behind_their_fronts_for_long_edge_duplex(deck_project):
    reader = PdfReader(_build(deck_project, "a4"))
    width = float(reader.pages[0].mediabox.width)
    fronts, backs = placements(reader, 0), placements(reader, 1)
    assert len(backs) == len(fronts) == 9
    # turned about the long edge, a front at x lands at width - x - card width, same height
    mirrored = sorted((round(width - p.x - POKER_W, 2), round(p.y, 2)) for p in fronts)
    assert sorted((round(p.x, 2), round(p.y, 2)) for p in backs) == mirrored


def test_a_deck_gap_of_0_abuts_the_cards_as_before(deck_project):
    reader = PdfReader(_build(deck_project, "a4", "gap: 0mm", out="out-abut"))
    xs, ys = _columns_rows(placements(reader, 0))
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([POKER_W] * 2, abs=0.01)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([POKER_H] * 2, abs=0.01)


def test_the_gap_leaves_print_shop_files_byte_identical(deck_project):
    plain = _build(deck_project, "pod", out="out-pod")
    gapped = _build(deck_project, "pod", "gap: 5mm", out="out-pod-gap")
    assert hashlib.sha256(plain.read_bytes()).hexdigest() == \
        hashlib.sha256(gapped.read_bytes()).hexdigest()


@pytest.mark.parametrize("value, words", [("-2mm", "gap must be auto or a length of 0 or more"),
                                          ("wide", "gap")])
def test_a_bad_gap_is_reported_at_its_line(deck_project, value, words):
    deck = deck_project / "data" / "demo" / "deck.yaml"
    original = deck.read_text()
    try:
        deck.write_text(original.replace("kind: cards\n", f"kind: cards\ngap: {value}\n"))
        line = deck.read_text().splitlines().index(f"gap: {value}") + 1
        result = run_cli("--project", str(deck_project), "build", "-q", "demo", "deck", "-p",
                         "a4", "--out", str(deck_project / "out-bad"))
    finally:
        deck.write_text(original)
    assert result.exit_code == 2
    assert f"deck.yaml:{line}:" in result.output and words in result.output
    assert "Traceback" not in result.output


def test_player_counts_that_need_the_same_share_one_row_of_the_copies_table():
    """Ragnarocks' copies table printed five identical rows (session-12 reader): counts that
    need the same pieces now share one row labelled with their range."""
    from sheetgen.generate.print_guide import Count, Counted, PrintGuideOptions, print_guide

    counts = Counted({"deck": Count(32, "cards", "Deck"), "aids": Count(6, "cards", "Aids")},
                     (2, 3, 4, 5, 6))
    options = PrintGuideOptions.model_validate({
        "files": [{"component": "deck"}], "duplex": "d", "duplex_wrong": "w", "paper": "p",
        "steps": ["s"], "checklist": [{"label": "Deck", "component": "deck"}],
        "needs": [{"label": "Deck", "component": "deck", "copies_per_game": 1},
                  {"label": "Aids", "component": "aids", "per_game": 6,
                   "extra": {5: 6, 6: 6}}]})
    page = print_guide(options, counts)[0]
    # 2-4 players need one deck (its 32 cards, counted from it) and 6 aids; 5 and 6 players
    # 12 aids, 2 copies of the file
    assert page["copies"] == [["Players", "Deck", "Aids"], ["2-4", 32, 6],
                              ["5-6", 32, "12 (print 2×)"]]
    assert page["copies_key"].startswith("**Deck**") and "32 per game" in page["copies_key"]
