"""The roll sheet as a designed play aid (issue 34): the game's colours and title font in a
title band, one grid per instruction with a numbered chip per seat and big bold results that
are the script's own rolls, deck orders as numbered tables below a marked fold line (a deck's
refill orders left to shuffling, so Reavers' sheet is a few pages), the checking data in one
small line just above the fold, the seed last. The print pack's sheets (a sample seed) are
the dice alone: no deck order, no seed, no checking line; the cards are dealt at the table."""

from __future__ import annotations

import io
import re
import json

import pypdfium2
import pytest
from pypdf import PdfReader

from conftest import REPO, run_cli
from sheetgen.dice.roll_sheets import roll_sheet_pdfs, roll_sheet_players
from sheetgen.load.project import Project

FOLD = "Hidden: fold under or cut off"
A4 = (595.2756, 841.8898)
HIDDEN = ("shuffle", "deal")
CARDS = "Shuffle and deal the cards as usual; this sheet replaces only the dice."
GAMES = ["ragnarocks", "reavers-of-midgard", "roll-and-might", "roll-and-raid",
         "rolling-thunder"]


def _sheet(tmp_path, game: str, players: int, pack: bool = False):
    """Return (runs, pdf bytes, script JSON) of a game's sample roll sheet on A4: the one
    ``sheetgen dice -o`` writes, or (``pack``) the one a build writes in the print pack."""
    pdf = _pdf(tmp_path, game, players, pack)
    script = run_cli("dice", game, "--seed", "sample", "--players", str(players),
                     "--format", "json")
    assert script.exit_code == 0, script.output
    return _runs(pdf), pdf, json.loads(script.output)


def _pdf(tmp_path, game: str, players: int, pack: bool = False) -> bytes:
    """Return the bytes of the roll sheet ``_sheet`` reads (a test that needs no more than the
    bytes leaves pypdf's reading of every run, about 0.6-0.8 s of CPU a page, undone)."""
    target = tmp_path / f"{game}-{players}.pdf"
    if pack:
        target.write_bytes(roll_sheet_pdfs(Project.at(REPO), game, players, [A4])[0])
    else:
        result = run_cli("dice", game, "--seed", "sample", "--players", str(players),
                         "-o", str(target))
        assert result.exit_code == 0, result.output
    return target.read_bytes()


def _cards(data) -> set[str]:
    """Return every card a script shuffles or deals (deck orders, stacks, hands)."""
    return {item for s in data["sections"] for e in s["events"] if e["kind"] in HIDDEN
            for item in [*e["items"], *(i for g in e["groups"] for i in g["items"])]}


def _runs(pdf: bytes) -> list[tuple[int, float, float, str, str, float]]:
    """Return every text run as (page, y, x, text, font, size), in drawing order."""
    runs = []
    for n, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        def visit(text, cm, tm, font, size, n=n):
            if text.strip():
                runs.append((n, round(tm[5], 1), round(tm[4], 1), text.strip(),
                             (font or {}).get("/BaseFont", ""), size))
        page.extract_text(visitor_text=visit)
    return runs


def _seat_rows(runs, page: int, y_from: float, y_to: float, seats: int):
    """Return, for seats 1..``seats``, the runs on the row of each seat's chip between two
    heights of a page (the chip: the seat's number in bold at 9 pt, leftmost)."""
    rows = {}
    for r in runs:
        if r[0] == page and y_to < r[1] < y_from and "Bold" in r[4] and r[5] == 9 \
                and r[3].isdigit() and r[2] < 70 and int(r[3]) not in rows:
            rows[int(r[3])] = [q for q in runs if q[0] == page and abs(q[1] - r[1]) < 1.5
                               and q[2] > r[2]]
    return [rows[s] for s in range(1, seats + 1)]


def test_the_rolls_of_each_seat_are_the_scripts_in_a_grid_of_big_bold_results(tmp_path):
    """The full sheet of ``sheetgen dice -o`` (the print pack's is cut-apart slips:
    tests/test_roll_sheet_slips.py)."""
    runs, pdf, data = _sheet(tmp_path, "roll-and-raid", 4)
    # the title band: the game's name in the title font, large, then what the sheet is
    assert runs[0][3] == "Roll & Raid" and "Cinzel" in runs[0][4] and runs[0][5] >= 20
    assert runs[1][3] == "Roll sheet · 4 players"
    rounds = [s for s in data["sections"] if s["number"]]
    heads = [r for r in runs if r[3] in {s["title"] for s in rounds}]
    assert [r[3] for r in heads] == [s["title"] for s in rounds]  # one panel a round, in order
    for k, section in enumerate(rounds):
        # the Raid rolls follow a pause (choose the raids first): under "Round N, continued"
        head = next((r for r in runs if r[3] == f"{section['title']}, continued"), heads[k])
        foot = heads[k + 1][1] if k + 1 < len(heads) and heads[k + 1][0] == head[0] else 0
        # the instruction once a round, above its grid
        raid = [e for e in section["events"] if e["seat"] and len(e["rolls"]) > 1]
        said = [r for r in runs if r[0] == head[0] and foot < r[1] < head[1]
                and r[3].startswith(raid[0]["label"])]
        assert len(said) == 1
        for seat, row in enumerate(_seat_rows(runs, head[0], head[1], foot, 4), 1):
            event = next(e for e in raid if e["seat"] == seat)
            results = [r for r in row if r[5] == 11.5]
            assert all("Bold" in r[4] for r in results)
            assert [r[3] for r in results] == [str(roll["total"]) for roll in event["rolls"]]
            faces = [r[3] for r in row if r[5] == 7.5]
            assert faces == [" ".join(map(str, roll["faces"])) for roll in event["rolls"]]
            assert [r[2] for r in results] == sorted(r[2] for r in results)  # left to right
    # the band is drawn in the game's accent colour (dice.yaml sheet: level-iii, #6e2a35)
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=150 / 72).to_pil().convert("RGB")
    assert image.getpixel((int(40 * 150 / 72), int(60 * 150 / 72))) == (0x6e, 0x2a, 0x35)


def test_what_no_player_may_see_is_below_the_fold_and_the_checking_line_above(tmp_path):
    runs, pdf, data = _sheet(tmp_path, "roll-and-raid", 4)
    fold = [r for r in runs if r[3] == FOLD]
    assert len(fold) == 1
    page, fold_y = fold[0][0], fold[0][1]
    assert page == len(PdfReader(io.BytesIO(pdf)).pages) - 1  # on the last page
    order = next(e for e in data["sections"][0]["events"] if e["kind"] == "shuffle")["items"]
    # the deck order: a numbered table below the fold, never on the public pages
    entries = [r for r in runs if r[3] in order[4:]]
    assert entries and all(r[0] == page and r[1] < fold_y for r in entries)
    numbers = [r for r in runs if r[0] == page and r[1] < fold_y and r[3] == str(len(order))]
    assert numbers and "Plex" in numbers[0][4]
    seed = next(r for r in runs if r[3] == "Seed: sample")
    assert seed[0] == page and seed[1] < min(r[1] for r in entries)  # the seed last
    # one small line for checking, just above the fold; the seed never above it
    check = [r for r in runs if r[3].startswith("For checking: algorithm sheetgen-dice/1")]
    assert len(check) == 1 and check[0][0] == page and check[0][1] > fold_y
    assert check[0][5] <= 7.5 and check[0][1] - fold_y < 40
    text = " ".join(r[3] for r in runs)
    assert data["commitment"] in text.replace(" ", "") or data["commitment"][:20] in text
    assert "sample" not in " ".join(r[3] for r in runs if r[1] > fold_y or r[0] < page)


@pytest.mark.slow
@pytest.mark.parametrize("game, players, most", [
    ("reavers-of-midgard", 2, 4), ("reavers-of-midgard", 5, 5), ("roll-and-raid", 6, 6),
    ("roll-and-raid", 1, 4), ("ragnarocks", 2, 1), ("rolling-thunder", 4, 2),
    ("roll-and-might", 5, 3)])
def test_every_sheet_is_a_few_pages_and_prints_no_refill_order(tmp_path, game, players, most):
    runs, pdf, data = _sheet(tmp_path, game, players)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages <= most
    text = " ".join(r[3] for r in runs)
    assert "refill 1" not in text  # Reavers' refill orders were pages of card lists
    refills = any(g["name"].startswith("refill ") for s in data["sections"]
                  for e in s["events"] for g in e["groups"])
    assert refills == ("Refill orders are not printed: when a deck runs out, shuffle its "
                       "discard pile." in text)
    # every deck order entry is numbered in a table, one entry a run (no comma prose)
    for s in data["sections"]:
        for e in s["events"]:
            if e["kind"] == "shuffle" and e["items"]:
                assert ", ".join(e["items"][-3:]) not in text  # the face-up top is public


def test_crew_dice_of_several_colours_print_each_face_after_its_colour(tmp_path):
    runs, pdf, data = _sheet(tmp_path, "reavers-of-midgard", 2)
    setup = data["sections"][0]
    crew = [e for e in setup["events"] if e["kind"] == "roll" and e["seat"]]
    first = next(r for r in runs if r[3] == crew[0]["label"])
    for seat, row in enumerate(_seat_rows(runs, first[0], first[1], first[1] - 60, 2), 1):
        event = next(e for e in crew if e["seat"] == seat)
        assert [r[3] for r in row] == [str(f) for f in event["rolls"][0]["faces"]]
    # a round's six results a seat would not fit a line side by side: each cell stacks its
    # dice, one face a line, in the dice's order, the cells left to right
    first_round = data["sections"][1]
    event = next(e for e in first_round["events"] if e["seat"] == 1 and len(e["rolls"]) > 1)
    head = next(r for r in runs if r[3] == event["label"])
    chip = next(r for r in runs if r[0] == head[0] and r[1] < head[1] and r[3] == "1"
                and "Bold" in r[4] and r[5] == 9 and r[2] < 70)
    cells = sorted((r for r in runs if r[0] == chip[0] and abs(r[1] - chip[1]) < 14
                    and r[2] > chip[2] + 20), key=lambda r: (r[2] // 40, -r[1]))
    assert [r[3] for r in cells] == [str(f) for roll in event["rolls"] for f in roll["faces"]]
    # the red die's swatch is drawn in its colour (dice.yaml crew-red #b03a2e)
    image = pypdfium2.PdfDocument(pdf)[first[0]].render(scale=4).to_pil().convert("RGB")
    assert (0xb0, 0x3a, 0x2e) in {image.getpixel((x, y)) for x in range(0, image.width, 2)
                                  for y in range(int((842 - first[1]) * 4),
                                                 int((842 - first[1] + 40) * 4), 2)}


def test_the_same_inputs_make_the_same_bytes(tmp_path):
    one = _pdf(tmp_path, "ragnarocks", 2)
    (tmp_path / "ragnarocks-2.pdf").unlink()
    assert _pdf(tmp_path, "ragnarocks", 2) == one


@pytest.mark.parametrize("game, players, pack", [
    ("ragnarocks", 2, False), ("roll-and-might", 3, False), ("roll-and-might", 4, True),
    ("rolling-thunder", 1, True)])
def test_every_word_of_a_qps_roll_sheet_goes_through_the_catalogs(game, players, pack,
                                                                   tmp_path):
    """The sheet's own words (band, fold line, hidden strips, checking line, footer; the
    print pack's opening lines) are chrome, translated like every page's: in the
    pseudo-locale every run is marked."""
    import re

    target = tmp_path / "qps.pdf"
    if pack:
        project = Project.at(REPO).with_edition("qps")
        target.write_bytes(roll_sheet_pdfs(project, game, players, [A4])[0])
    else:
        result = run_cli("dice", game, "--edition", "qps", "--seed", "sample", "--players",
                         str(players), "-o", str(target))
        assert result.exit_code == 0, result.output
    runs = [r[3] for r in _runs(target.read_bytes())]
    english = [run for run in runs if re.search(r"[A-Za-z]{2,}", run)
               and not any(c in run for c in "[]~") and all(ord(c) < 128 for c in run)]
    assert runs and not english, english[:10]


@pytest.mark.parametrize("look, message", [
    ("scene: nowhere", "sheet.scene: no scene 'nowhere' in templates/art/scenes"),
    ("accent: no-such-colour", "sheet.accent: unknown colour 'no-such-colour'")])
def test_a_sheet_look_that_does_not_exist_is_named_at_its_line(copy_game, private_cache_dir,
                                                               tmp_path, look, message):
    root = copy_game("ragnarocks")
    dice = root / "data/ragnarocks/dice.yaml"
    text = dice.read_text(encoding="utf-8")
    key = look.split(":")[0]
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("sheet:"))
    field = re.search(rf"{key}: [^,}}]+", text).group(0)
    dice.write_text(text.replace(field, look), encoding="utf-8")
    target = tmp_path / "sheet.pdf"
    result = run_cli("--project", str(root), "dice", "ragnarocks", "--seed", "sample",
                     "--players", "2", "-o", str(target))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert f"dice.yaml:{line}: {message}" in result.output
    assert not target.exists()


@pytest.mark.slow  # a whole game's print pack: 6 to 42 s a case in the fast tier
@pytest.mark.parametrize("game, players", [
    ("roll-and-might", 2), ("roll-and-might", 1), ("ragnarocks", 2),
    ("reavers-of-midgard", 3), ("roll-and-raid", 1), ("rolling-thunder", 2)])
def test_a_print_pack_sheet_is_the_dice_alone(tmp_path, game, players):
    """A reader found the seed ("Seed: sample"), the commitment and digest of a public sample
    and every turn's secret deals on one strip: the pack's sheet holds none of them."""
    runs, pdf, data = _sheet(tmp_path, game, players, pack=True)
    text = " ".join(r[3] for r in runs)
    for word in ("sample", "Seed", "digest", "commitment", "algorithm", "For checking", FOLD,
                 "hidden strip"):
        assert word not in text, word
    cards = _cards(data)
    assert not [r[3] for r in runs if r[3] in cards]  # no deck order, no hand
    assert text.count(CARDS) == (1 if cards else 0)  # said once, where the sheet starts
    assert data["digest"] not in PdfReader(io.BytesIO(pdf)).metadata["/Subject"]
    # the -o sheet of the same script still holds them all
    full = " ".join(r[3] for r in _sheet(tmp_path, game, players)[0])
    assert "Seed: sample" in full and data["digest"][:8] in full and FOLD in full
    assert CARDS not in full


def test_a_rerolled_attempt_reads_with_an_arrow_the_font_draws(tmp_path):
    """The re-rolls printed as ASCII ("4 3 3 3 -> re-rolled -> 2 4 4 6")."""
    runs, pdf, data = _sheet(tmp_path, "roll-and-might", 4)
    rerolled = [r for s in data["sections"] for e in s["events"] for r in e["rolls"]
                if r["rerolled"]]
    assert rerolled
    text = " ".join(r[3] for r in runs)
    assert "->" not in text
    for roll in rerolled:
        said = " → re-rolled → ".join(" ".join(map(str, a)) for a in
                                      [*roll["rerolled"], roll["faces"]])
        assert said in text, said
    # the arrow's run is in the body font, which has the glyph (no missing-glyph box)
    from reportlab.pdfbase.ttfonts import TTFont

    arrow = next(r for r in runs if "→" in r[3])
    name = arrow[4].split("+")[-1].lstrip("/")  # the subset's prefix off
    assert name.startswith("AlegreyaSans")
    assert 0x2192 in TTFont(name, str(REPO / "fonts" / f"{name}.ttf")).face.charToGlyph


def test_a_ruling_is_said_once_a_sheet_and_no_seat_order_alone(tmp_path):
    """A grey ruling line was printed under every turn, even "clockwise" on the solo sheet."""
    ruling = "Dealt seat 1 first, then clockwise, whoever is first player (ruling R4)"
    runs = _sheet(tmp_path, "roll-and-might", 2)[0]
    assert [r[3] for r in runs].count(ruling) == 1
    solo = " ".join(r[3] for r in _sheet(tmp_path, "roll-and-might", 1)[0])
    assert "clockwise" not in solo and "Cards dealt" in solo
    # a public note of every round (Rolling Thunder's), once under the intro
    runs, pdf, data = _sheet(tmp_path, "rolling-thunder", 1, pack=True)
    note = "If both neighbours' Thunder dice show the same number, you make only one X there."
    assert sum(s["events"].count(e) for s in data["sections"] for e in s["events"]
               if e["note"] == note) > 5
    said = [r for r in runs if note in r[3]]
    assert len(said) == 1 and said[0][0] == 0
    assert said[0][1] > max(r[1] for r in runs if r[0] == 0 and r[3] == "Round 1")


@pytest.mark.slow  # a whole game's print pack: 6 to 42 s a case in the fast tier
@pytest.mark.parametrize("game, players, pages", [
    ("roll-and-raid", 1, 4), ("roll-and-raid", 6, 11), ("reavers-of-midgard", 2, 6),
    ("reavers-of-midgard", 5, 10), ("roll-and-might", 5, 1), ("rolling-thunder", 1, 2),
    ("ragnarocks", 6, 1)])
def test_print_pack_sheets_are_few_pages(tmp_path, game, players, pages):
    """As few pages as dice legible at arm's length allow (pips 1.8 mm: faces 10 mm and
    more): Reavers' 30 Combat dice a seat a round take a page a round or so at 5 players
    (Roll & Raid's 16 rounds of 8 Raid rolls a seat print 20 pt dice with numerals, its
    dice.yaml sheet: block: 11 pages at 6 players, 16 with 30 pt pips); a slip is laid out
    again tighter when that saves a page. A slip a page holds is never cut across two
    (issue 34, s14 readers: "Round 5, continued, continued"): a page more for Roll & Raid
    at 6 players and Reavers at 2."""
    pdf = _pdf(tmp_path, game, players, pack=True)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == pages


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_no_print_pack_sheet_ends_on_a_mostly_blank_page(game):
    """Roll & Raid's solo sheet ended on a page with two rounds and four-fifths white: the
    sheet is laid out tighter when that saves the page. A slip is never split across pages
    (it is cut out whole), so a last page holds at least one whole round's slip: a quarter
    of the page at the least (Reavers' 4-player rounds are a third of a page each)."""
    project = Project.at(REPO)
    for players in roll_sheet_players(project, game):
        doc = pypdfium2.PdfDocument(roll_sheet_pdfs(project, game, players, [A4])[0])
        if len(doc) == 1:
            continue
        image = doc[len(doc) - 1].render(scale=1).to_pil().convert("L")
        body = image.crop((0, 0, image.width, image.height - 40))  # above the footer
        ink = body.point(lambda v: 255 if v < 225 else 0).getbbox()
        assert ink[3] / body.height >= 0.25, (game, players, len(doc), ink)
