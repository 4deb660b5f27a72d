"""Rolling Thunder's play sheet agrees with the rulebook's dump and with itself."""

from __future__ import annotations

import shutil

import pypdfium2 as pdfium
import pytest

from conftest import REPO, run_cli
from pdfcheck import drawn_shapes
from sheetgen.base.units import to_points
from sheetgen.load.yamlload import load_yaml

SECTORS = ["red", "blue", "yellow"]


@pytest.fixture(scope="module")
def elements():
    raw = load_yaml(REPO / "templates" / "rolling-thunder-play-sheet.yaml")
    return {e["id"]: e for e in raw["elements"] if "id" in e}


def sector_cells(grid, index: int, icon: str) -> list[tuple[int, int]]:
    """Return the [column, row] of ``icon`` cells in sector ``index`` (6 columns each)."""
    return [tuple(c["at"]) for c in grid["cells"]
            if c.get("icon") == icon and 6 * index < c["at"][0] <= 6 * index + 6]


def test_sectors_are_one_joined_grid(elements):
    grid = elements["sectors"]
    assert (grid["cols"], grid["rows"]) == (18, 6) and grid["sector"] == [6, 6]


@pytest.mark.parametrize("index,colour", list(enumerate(SECTORS)))
def test_troll_track_matches_the_trolls_on_the_grid(elements, index, colour):
    grid = elements["sectors"]
    trolls = sector_cells(grid, index, "symbol/troll")
    track = elements[f"trolls-{colour}"]["spaces"]
    # one track space per Troll of the sector, "[] 1 [] 2 [] 3" left to right
    assert len(track) == len(trolls) == 6
    assert [s["below"] for s in track] == [":symbol/troll-magic:", "1", ":symbol/troll-magic:", "2",
                                           ":symbol/troll-magic:", "3"]
    # two Standing Stones (the dump's x at 4-3 and 3-4) and four Warriors per sector
    stones = sector_cells(grid, index, "symbol/standing-stone")
    assert sorted((c - 6 * index, r) for c, r in stones) == [(3, 4), (4, 3)]
    assert len(sector_cells(grid, index, "symbol/warrior")) == 4


def test_scoring_example_fits_the_tracks(elements):
    # the example: 10 Trolls killed earn 7 points; 4 + 4 + 2 along three tracks does
    values = [[int(s["below"]) if s["below"].isdigit() else 0 for s in
               elements[f"trolls-{c}"]["spaces"]] for c in SECTORS]
    assert sum(values[0][:4]) + sum(values[1][:4]) + sum(values[2][:2]) == 7


@pytest.mark.parametrize("colour,letter", [("red", "R"), ("blue", "B"), ("yellow", "Y")])
def test_runestone_rows_follow_the_dump(elements, colour, letter):
    # "1 2 3 4 5 6 x x 5", led by the row's letter so it does not rely on colour
    # (s15 reader: the two x, the free strikes, are bolt tokens, not an X like a slash)
    texts = [s.get("text") or s.get("icon") for s in elements[f"runes-{colour}"]["spaces"]]
    assert texts == [letter, "1", "2", "3", "4", "5", "6", "bolt", "bolt", "5"]
    assert elements["runes-columns"]["count"] == 6  # the dump's fourth row of six x


def centre_x(element, index: int) -> float:
    """Return the x centre (pt) of mark ``index`` of a check_boxes or track element."""
    size = to_points(element.get("size") or element["space"])
    gap = to_points(element["gap"])
    return to_points(element["x"]) + index * (size + gap) + size / 2


def test_rounds_table_carries_bonus_runestone_rounds_and_the_record_strip(elements):
    rounds = elements["rounds"]
    head, bonus, *record = rounds["rows"]
    # ten rounds; rounds 4 and 8 carry the Runestone mark
    assert [str(c).replace(":symbol/runestone: ", "") for c in head[1:]] == [str(n) for n in
                                                                        range(1, 11)]
    assert [n for n, c in enumerate(head[1:], 1) if ":symbol/runestone:" in str(c)] == [4, 8]
    # ruling T1: 3 3 2 2 1 1 under rounds 1-6, nothing from round 7 (not 3 3 2 2 1 1 1)
    assert bonus[1:7] == ["+3", "+3", "+2", "+2", "+1", "+1"]
    assert all(c == "–" for c in bonus[7:])
    # the record strip: a row each for the LEFT and RIGHT neighbours' Thunder values, a pen
    # cell per round. Fresh reader (after the Cartographers score): cells of 7 x 4 mm were
    # too small to write in; your own dice's rows left, so a cell is 10 mm wide and 6 tall
    assert [r[0] for r in record] == ["LEFT's Thunder", "RIGHT's Thunder"]
    assert all(r[1:] == [None] * 10 for r in record)
    assert to_points(rounds["h"]) / len(rounds["rows"]) >= to_points("6mm")
    widths = rounds["widths"]
    assert to_points(rounds["w"]) * widths[1] / sum(widths) >= to_points("10mm")


def test_die_spaces_hold_a_standard_die(elements):
    # s15 reader: the Lightning pair, then the Thunder die between its neighbours' names
    dice, thunder = elements["dice"], elements["dice-thunder"]
    assert to_points(dice["size"]) >= to_points("16mm")
    assert to_points(thunder["size"]) >= to_points("16mm")
    # circle, triangle, Thunder: your three dice
    assert len(dice["dice"]) == 2 and len(thunder["dice"]) == 1
    assert elements["dice-circle"]["shape"] == "circle"
    assert elements["dice-triangle"]["shape"] == "triangle"
    for name, space, index in (("dice-circle", dice, 0), ("dice-triangle", dice, 1),
                               ("dice-thunder-mark", thunder, 0)):
        mark = elements[name]
        mark_centre = to_points(mark["x"]) + to_points(mark["size"]) / 2
        assert mark_centre == pytest.approx(centre_x(space, index), abs=0.5)


def test_the_heroes_of_yore_are_on_the_solo_aid_and_the_sheet_points_there(built):
    """Issue 34 (walls of small text go to an aid): the seven heroes of yore, read once at the
    end of a solo game, left the sheet for the "Solo and 2 players" aid card, which lists
    them with their scores; the sheet's dice note says where the dummies are (the dummies'
    table left the sheet for the same card: its 7.7 pt notes crowded the sheet)."""
    from pdfcheck import text_of
    sheet = " ".join(text_of(built("rolling-thunder", "play-sheet", "a4"), [0]).split())
    cards = " ".join(text_of(built("rolling-thunder", "clarifications", "a4"), [0]).split())
    assert "Timmy" not in sheet and "(Solo and 2 players aid)" in cards
    aid = cards[cards.index("Solo and 2 players"):cards.index("Clarifications")]
    for score, hero in (("20", "Timmy, the playground bully"), ("45", "Ingeld, son of King "
                        "Froda"), ("60", "Sigrdrifa the Valkyrie")):
        assert f"{score} {hero}" in aid, hero


def test_the_scoring_boxes_line_up(built):
    """Every points line of the Scoring column writes into a box starting on one left edge:
    the "turn a die" penalty's box, after its "−", began 1.7 mm left of the others (its label
    column was cut short to make room for the sign)."""
    mm, bleed = 72 / 25.4, 3.175
    page = pdfium.PdfDocument(str(built("rolling-thunder", "play-sheet", "pod", copies=1)))[0]
    height = page.get_height()
    shapes = [(x0 / mm - bleed, (height - y1) / mm - bleed, x1 / mm - bleed,
               (height - y0) / mm - bleed) for x0, y0, x1, y1 in drawn_shapes(page)]
    # the write-in boxes of the scoring column: 7 mm tall (with their stroke), ending at its
    # right edge (289 mm): gods, runes, trolls, turn a die, dead Warriors (s14: the Seats
    # block left the column, so the rows are 8 mm apart, from 117 mm)
    boxes = sorted((s for s in shapes if s[0] > 240 and abs(s[2] - 289) < 0.5
                    and 7 < s[3] - s[1] < 8 and s[2] - s[0] > 15), key=lambda s: s[1])
    tops = [round(s[1] + 0.47, 1) for s in boxes]
    assert tops == [117.0, 125.0, 133.0, 141.0, 172.0], tops
    lefts = [s[0] for s in boxes]
    assert max(lefts) - min(lefts) < 0.2, lefts


@pytest.mark.slow
def test_trolls_and_warriors_let_a_pencil_mark_read(copy_game):
    # issue 34: solid black Trolls and Warriors hid the players' X marks. The sector grid is a
    # writing space: as shipped (a light tone) the check passes; the same sheet with the
    # figures in ink fails at the grid's line, naming the troll
    raw = (REPO / "templates" / "rolling-thunder-play-sheet.yaml").read_text()
    assert "writing_space: true" in raw and "icon: symbol/troll, color: troll-red}" in raw
    root = copy_game("rolling-thunder")
    result = run_cli("--project", str(root), "check", "rolling-thunder", "-p", "a4")
    assert result.exit_code == 0, result.output
    # the sheet's pictures (templates/art/scenes) go with it: src is relative to the template
    for art in ("scenes", "bands", "noto"):
        shutil.copytree(REPO / "templates" / "art" / art, root / "templates" / "art" / art)
    (root / "templates" / "rolling-thunder-play-sheet.yaml").write_text(
        raw.replace(", color: troll-red}", "}").replace(", color: troll-blue}", "}")
        .replace(", color: troll-yellow}", "}").replace(", color: warrior-steel}", "}"))
    result = run_cli("--project", str(root), "check", "rolling-thunder", "-p", "a4")
    assert result.exit_code == 2, result.output
    assert "(sectors): icon 'troll' in a writing space puts 38% ink" in result.output
