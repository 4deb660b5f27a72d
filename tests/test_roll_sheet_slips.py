"""The print pack's roll sheet as cut-apart slips (issue 34: every future roll was in sight
from the start, so players planned ahead): each section of the script (setup, each round)
on a slip of its own inside its cut line (a thin solid rectangle; abutting slips share
it) with its title, the slips in order, each
roll inside its own section's slip and none outside a slip, what a pause keeps back
(Rolling Thunder's dummy dice) on a tab under a fold line, dice drawn as the game's
printable dice draw them with a tick box a roll, and one line saying how to use it and what
a row is (computed from the script: Roll & Might's rows are the table's, not seats')."""

from __future__ import annotations

import io
import re

import pypdfium2
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import REPO, run_cli
from sheetgen.dice.api import make_script
from sheetgen.dice.formats.lines import section_heading, section_parts
from sheetgen.dice.roll_sheets import SAMPLE_SEED, roll_sheet_pdfs
from sheetgen.load.project import Project

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
INVISIBLE = 4  # the size of a roll's invisible text (what its dice show)
TICK = 8.5  # a roll's tick box (3 mm): a square this wide, stroked and filled
CONTINUED = ", continued"  # a slip's piece run on to the next page


def _pages(pdf: bytes):
    """Return, per page, (the slips' cut lines: rectangles stroked solid, tick boxes, fold
    lines, text runs):
    rectangles as (x0, y0, x1, y1) in page points, fold lines (dash-dot) as (x0, x1, y),
    runs as (x, y, text, size)."""
    reader = PdfReader(io.BytesIO(pdf))
    out = []
    for page in reader.pages:
        dashed, ticks, folds = [], [], []
        dash, stack, pending, path = [], [], [], []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append(dash)
            elif op == b"Q":
                dash = stack.pop()
            elif op == b"d":
                dash = list(operands[0])
            elif op == b"cm" and not stack:
                assert [float(v) for v in operands] == [1, 0, 0, 1, 0, 0]  # page space
            elif op == b"re" and not stack:
                x, y, w, h = (float(v) for v in operands)
                pending.append((x, y, x + w, y + h))
            elif op in (b"m", b"l") and not stack:
                path.append(tuple(float(v) for v in operands))
            elif op in (b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"n"):
                for rect in pending:
                    if op == b"S" and not dash:  # a slip's cut line: a stroked rectangle
                        dashed.append(rect)
                    elif op in (b"B", b"B*") and abs(rect[2] - rect[0] - TICK) < 0.01:
                        ticks.append(rect)
                if op == b"S" and len(dash) == 4 and len(path) == 2:  # dash-dot: a fold line
                    folds.append((path[0][0], path[1][0], path[0][1]))
                pending, path = [], []
        runs = _runs(pdf, len(out))
        out.append((dashed, ticks, folds, runs))
    return out


def _runs(pdf: bytes, page: int) -> list[tuple[float, float, str, float]]:
    """Return the text runs of a page (each one text object, as drawn: a string, or a die
    face's mark inside its form) as (x, y, text, size) of its first character's origin in
    page points, read by PDFium (forms and their matrices included)."""
    import ctypes

    import pypdfium2.raw as raw

    text = pypdfium2.PdfDocument(pdf)[page].get_textpage()
    runs, last = [], None
    x, y = ctypes.c_double(), ctypes.c_double()
    for i in range(raw.FPDFText_CountChars(text.raw)):
        if raw.FPDFText_IsGenerated(text.raw, i):
            continue
        obj = ctypes.cast(raw.FPDFText_GetTextObject(text.raw, i), ctypes.c_void_p).value
        char = chr(raw.FPDFText_GetUnicode(text.raw, i))
        if obj != last:
            raw.FPDFText_GetCharOrigin(text.raw, i, x, y)
            runs.append([x.value, y.value, "", round(raw.FPDFText_GetFontSize(text.raw, i), 2)])
            last = obj
        runs[-1][2] += char
    return [(rx, ry, t.strip(), size) for rx, ry, t, size in runs if t.strip()]


def _inside(point, rect, slack: float = 0.5) -> bool:
    x, y = point
    return rect[0] - slack <= x <= rect[2] + slack and rect[1] - slack <= y <= rect[3] + slack


def _slips(pdf: bytes, script):
    """Return the sheet's slips in reading order as (page, rect, title, runs inside it),
    each found by its dashed cut line and the section title inside it; a slip run on to
    the next page ("Round 2, continued") is one, with its first piece's page and rect."""
    titles = [section_heading(s, script) for s in script.sections]
    out = []
    for n, (dashed, _, _, runs) in enumerate(_pages(pdf)):
        for rect in sorted(dashed, key=lambda r: (-r[3], r[0])):
            inside = [r for r in runs if _inside(r[:2], rect)]
            named = [r for r in inside if r[2] in titles]
            more = [r for r in inside if r[2].endswith(CONTINUED)
                    and r[2][:-len(CONTINUED)] in titles]
            if more and out and out[-1][2] == more[0][2][:-len(CONTINUED)]:
                out[-1][3].extend(inside)  # a slip run on to the next page: one slip
                continue
            out.append((n, rect, named[0][2] if named else None, inside))
    return out


def _sample(game: str, players: int, paper=A4):
    project = Project.at(REPO)
    script = make_script(project, game, players, seed=SAMPLE_SEED)
    return script, roll_sheet_pdfs(project, game, players, [paper])[0]


def _said(roll: dict) -> str:
    """What a roll's dice show, in the script's JSON words (the test's own spelling)."""
    text = " → ".join(" ".join(str(f) for f in a) for a in [*roll["rerolled"], roll["faces"]])
    return text + (f" = {roll['total']}" if roll["total"] is not None
                   and len(roll["faces"]) > 1 else "")


@pytest.mark.parametrize("game, players, paper", [
    ("rolling-thunder", 4, A4), ("rolling-thunder", 1, LETTER), ("roll-and-might", 4, LETTER),
    pytest.param("roll-and-raid", 2, A4, marks=pytest.mark.slow),
    pytest.param("reavers-of-midgard", 3, A4, marks=pytest.mark.slow)])
def test_every_section_is_a_slip_in_order_and_every_roll_in_its_own(game, players, paper):
    from sheetgen.dice.script import plain

    script, pdf = _sample(game, players, paper)
    slips = _slips(pdf, script)
    # one slip a section that rolls or says something (a section of cards alone has none),
    # each inside its cut line with its title, in the order the table plays them
    rolling = [s for s in script.sections
               if any(ev.kind not in ("shuffle", "deal") for ev in s.events)]
    assert [title for _, _, title, _ in slips] == [section_heading(s, script) for s in rolling]
    for n, rect, _, _ in slips:  # on the paper, inside its margins
        assert 20 < rect[0] < rect[2] < paper[0] - 20 and 20 < rect[1] < rect[3] < paper[1] - 20
    # every roll's dice inside its own section's slip, said once (its invisible text)
    for section, (_, rect, title, inside) in zip(rolling, slips):
        said = [r[2] for r in inside if r[3] == INVISIBLE]
        rolls = [_said(roll) for ev in plain(section.events) for roll in ev["rolls"]]
        assert said == rolls, title
    # and no result outside a slip: every run of the pages' bodies is inside one
    pages = _pages(pdf)
    for dashed, _, _, runs in pages:
        for run in runs:
            if run[3] == INVISIBLE:
                assert sum(_inside(run[:2], rect) for rect in dashed) == 1, run
    top = max(rect[3] for n, rect, _, _ in slips if n == 0)
    for n, (dashed, _, _, runs) in enumerate(pages):
        for run in runs:
            if 40 < run[1] < (top if n == 0 else paper[1] - 80):  # between intro and footer
                assert any(_inside(run[:2], rect) for rect in dashed), run


@pytest.mark.parametrize("game, players", [("rolling-thunder", 1), ("rolling-thunder", 2)])
def test_the_dummys_thunder_die_is_on_a_tab_under_a_fold_line(game, players):
    """Rolling Thunder's dummy die must stay hidden until the player's dice are placed: it
    is on a tab under its slip's fold line, the player's dice and the words saying when to
    unfold above it, and a blank cover as high as the tab under a second fold line (folded
    over the tab, then both under the slip, the dice are hidden face up and in a face-down
    stack alike); the sheet says once, in its first line, how the tabs work."""
    script, pdf = _sample(game, players)
    pages = _pages(pdf)
    slips = _slips(pdf, script)
    rounds = [s for s in script.sections if s.number]
    for section in rounds:
        n, rect, _, inside = next(s for s in slips if s[2] == section_heading(section, script))
        folds = sorted((y for x0, x1, y in pages[n][2] if rect[1] < y < rect[3]
                        and _inside((x0, y), rect) and _inside((x1, y), rect)), reverse=True)
        assert len(folds) == 2, section.title  # the tab's, then its cover's
        under, over = folds
        assert over - rect[1] >= under - over - 0.5  # the cover is as high as the tab
        first, tab = section_parts(section)
        pause, *hidden = tab
        assert pause.kind == "pause" and hidden
        said = [r for r in inside if r[3] == INVISIBLE]  # the rolls, in the script's order
        above = sum(len(ev.rolls) for ev in first)
        assert above and len(said) == above + sum(len(ev.rolls) for ev in hidden)
        assert all(r[1] > under for r in said[:above])  # the player's own dice
        assert all(over < r[1] < under for r in said[above:])  # the dummy's, on the tab
        assert [r[2] for r in inside if r[1] < over] == ["▼ fold over ▼", "cover"]  # blank
        words = " ".join(r[2] for r in inside if r[1] > under)
        assert "read on only when every player has placed them" in words
        assert "▲ fold under ▲" in [r[2] for r in inside if under - 4 < r[1] < under]
    intro = " ".join(r[2] for r in pages[0][3])
    assert "Cut the slips apart and stack them face down, Setup on top and the rest in " \
        "order; turn the next one over when play reaches it. Fold a tab's cover over it, " \
        "then the tab under; open it when the words above it say so." in \
        re.sub(r"\s+", " ", intro)


def test_a_slip_without_a_pause_has_no_tab():
    script, pdf = _sample("rolling-thunder", 4)
    assert not any(pages[2] for pages in _pages(pdf))
    assert "Fold a tab's cover" not in " ".join(r[2] for p in _pages(pdf) for r in p[3])


@pytest.mark.parametrize("game, players, rows", [
    ("roll-and-might", 4, "Every roll is the whole table's; tick its box when it is used."),
    # s15 reader: a solo sheet called its rolls "the whole table's"
    ("roll-and-might", 1, "Every roll is yours; tick its box when it is used."),
    ("rolling-thunder", 3, "A numbered row is that seat's dice; tick a roll's box when it is "
                           "used."),
    pytest.param("roll-and-raid", 3, "A numbered row is that seat's dice; tick a roll's box "
                 "when it is used.", marks=pytest.mark.slow)])
def test_the_sheet_says_what_its_rows_are_from_the_script(game, players, rows):
    """Roll & Might's sheet said "read your seat's row" over rows that were turns: its rolls
    are the table's, and its sheet says so; a sheet of seats' rows says they are seats'."""
    script, pdf = _sample(game, players)
    text = re.sub(r"\s+", " ", " ".join(r[2] for p in _pages(pdf) for r in p[3]))
    assert rows in text
    assert "seat's row" not in text
    assert ("whole table's" in text) == (players > 1 and game == "roll-and-might")
    seated = any(ev.seat for s in script.sections for ev in s.events if ev.kind == "roll")
    assert seated == (game != "roll-and-might")


@pytest.mark.parametrize("game, seats", [("roll-and-might", False), ("rolling-thunder", True)])
def test_the_full_sheet_says_what_its_rows_are_too(game, seats, tmp_path):
    """`sheetgen dice -o` (the full sheet, hidden strips and all) told Roll & Might's table
    to "read your seat's row" over rows that were the table's turns."""
    out = tmp_path / "sheet.pdf"
    result = run_cli("--project", str(REPO), "dice", game, "-n", "4", "--seed", "oak-fern",
                     "-o", str(out))
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(out).pages))
    assert ("read your seat's row" in text) == seats
    assert ("read the table's rolls in order" in text) == (not seats)


@pytest.mark.slow
@pytest.mark.parametrize("game, players", [("reavers-of-midgard", 2), ("roll-and-raid", 4)])
def test_every_roll_has_a_tick_box_and_faces_are_drawn_not_spelled(game, players):
    """A reader found Reavers' faces spelled ("two-hammers") and its Combat dice printed as
    "131103": every roll is drawn as dice, with a box to tick when it is used."""
    from sheetgen.dice.script import plain

    script, pdf = _sample(game, players)
    pages = _pages(pdf)
    rolls = [r for s in plain(script.sections) for ev in s["events"] for r in ev["rolls"]]
    assert sum(len(p[1]) for p in pages) == len(rolls)
    visible = " ".join(r[2] for p in pages for r in p[3] if r[3] != INVISIBLE)
    faces = {str(f) for r in rolls for f in r["faces"] if isinstance(f, str)}
    assert not [f for f in faces if f in visible.split()]
    assert not re.search(r"\b[0-3]{6}\b", visible)
    # every tick box sits inside a slip
    for dashed, ticks, _, _ in pages:
        assert all(any(_inside(t[:2], d) and _inside(t[2:], d) for d in dashed) for t in ticks)


@pytest.mark.slow
def test_the_dice_are_drawn_by_the_printable_dice_template(copy_game, private_cache_dir,
                                                          tmp_path):
    """One source of truth for a face: a project whose die-face template paints the pips
    another colour paints the roll sheet's pips that colour too."""
    root = copy_game("rolling-thunder")
    template = (REPO / "templates/die-face.yaml").read_text(encoding="utf-8")
    (root / "templates").mkdir()
    (root / "templates/die-face.yaml").write_text(
        template.replace('fill: "{{ ink }}"', 'fill: "#00ff00"'), encoding="utf-8")
    project = Project.at(root)
    pdf = roll_sheet_pdfs(project, "rolling-thunder", 4, [A4])[0]
    before = roll_sheet_pdfs(Project.at(REPO), "rolling-thunder", 4, [A4])[0]

    def green(data: bytes) -> int:
        image = pypdfium2.PdfDocument(data)[0].render(scale=2).to_pil().convert("RGB")
        return sum(1 for p in image.get_flattened_data() if p[1] > 200 and p[0] < 60 and p[2] < 60)

    assert green(pdf) > 500 and green(before) == 0
