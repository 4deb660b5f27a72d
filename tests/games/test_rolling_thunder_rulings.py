"""Rolling Thunder at retail look (issue 24): every decision printed where a player needs it.

Each test names a decision of the issue; the rulings (T1-T12) are the Clarifications cards'
numbers, cited on the How-to-print page and, where a player looks one up, on the play sheet.
"""

from __future__ import annotations

import re

from pypdf import PdfReader

from pdfcheck import text_of
from sheetgen.generate.games import load_game
from sheetgen.load.templates import TemplateBook
from sheetgen.base.units import to_points

MM = 72 / 25.4
TOPICS = ["God bonus", "Taking the bonus", "Slashed Runestone", "God crosses", "Moving a strike",
          "Woden", "Column reward", "Valhalla V", "Troll track", "Dice", "Dummy sides",
          "Game end"]


def _sheet(project):
    """The play sheet's elements as written (raw mappings, by id)."""
    template = TemplateBook(project).get("rolling-thunder-play-sheet", ("test", 0))
    return {raw.get("id"): raw for raw in template.elements}


def test_the_game_text_rule_is_on_and_the_print_pack_opens_with_how_to_print(project):
    game = load_game(project, "rolling-thunder")
    assert game.spec.print_checks.min_game_text.on and game.spec.print_checks.enforced
    assert game.spec.components[0] == "how-to-print"
    assert "clarifications" in game.spec.components


def test_every_ruling_is_on_the_aid_marked_and_cited_on_the_sheet(built):
    rulings = text_of(built("rolling-thunder", "clarifications", "a4"))
    for number, topic in enumerate(TOPICS, 1):
        assert f"T{number} · {topic}." in rulings, topic
    assert rulings.count("Ruling of this edition, not the publisher's") == 1  # the seal's key, once
    # look pass (issue 34, then its fresh reader): the sheet leads with icons and short
    # words and prints no rule code (it printed T5, T8, T17 and T19): the rulings are in
    # plain words where they are used (Frigg's "icons too", Thor's "2 light squares in
    # line", the V's "5 wide, 3 deep"), in full on each player's set of cards
    sheet = re.sub(r"\s+", " ", text_of(built("rolling-thunder", "play-sheet", "a4"), [0]))
    assert not re.findall(r"\bT(\d+)\b", sheet)
    assert "icons too" in sheet and "2 light squares in" in sheet and "3 deep" in sheet
    # no rule code in play text (How to print said "the grey dummy Thunder die (T10)"): the
    # codes live on the Clarifications only
    assert not re.findall(r"\bT(\d+)\b", text_of(built("rolling-thunder", "how-to-print", "a4")))


def test_the_bonus_counts_only_with_a_god_and_stops_after_round_6(project, built):
    rulings = text_of(built("rolling-thunder", "clarifications", "a4"))
    assert "only in a round in which you summon a God" in rulings
    assert "none from round 7 on" in rulings
    bonus = _sheet(project)["rounds"]["rows"][1]
    assert bonus[1:] == ["+3", "+3", "+2", "+2", "+1", "+1", "–", "–", "–", "–"]
    sheet = text_of(built("rolling-thunder", "play-sheet", "a4"), [0])
    assert "take the bonus" not in sheet and "take its bonus" not in sheet


def test_the_valhalla_example_is_a_v_of_five_corner_touching_squares(project):
    grid = _sheet(project)["valhalla-example"]
    strikes = {tuple(c["at"]) for c in grid["cells"] if c.get("text") == "X"}  # pencil X
    v = {(1, 1), (2, 2), (3, 3), (4, 2), (5, 1)}  # 5 wide, 3 deep
    # s14 reader: a grey fifth square read as empty beside "5 strikes": five X, no shading
    assert v == strikes and "shades" not in grid
    assert [tuple(cell) for cell in grid["trace"]] == [(1, 1), (2, 2), (3, 3), (4, 2), (5, 1)]
    # no two squares of the V share an edge: they touch only at their corners
    assert not any(abs(a - c) + abs(b - d) == 1 for a, b in v for c, d in v)
    assert to_points(grid["w"]) / grid["cols"] >= 5 * MM  # printed large


def test_squares_print_no_number_the_rim_does(project):
    # fresh reader (after the Cartographers score): the squares' "1-1" moved to the rim
    grid = _sheet(project)["sectors"]
    assert not grid.get("coords") and grid["col_labels"] == grid["row_labels"] == \
        ["1", "2", "3", "4", "5", "6"]


def test_troll_magic_circles_are_big_enough_to_cross_off(project):
    elements = _sheet(project)
    for colour in ("red", "blue", "yellow"):
        track = elements[f"trolls-{colour}"]
        assert track["below_size"] / 72 * 25.4 >= 4.9  # the :troll-magic: icon, in mm
        assert sum(":symbol/troll-magic:" in s["below"] for s in track["spaces"]) == 3


def test_eight_dice_are_printed_and_counted(built):
    # one copy serves solo (two dummy Thunder dice) and 2 players (one): T10
    page = text_of(built("rolling-thunder", "how-to-print", "a4"))
    assert "8 dice" in page
    dice = text_of(built("rolling-thunder", "printable-dice", "a4"))
    assert "Make 8 dice" in dice
    for die in ("Red", "Blue", "Yellow", "Dummy Thunder die"):
        assert f"{die} 2/2: 16 mm cube" in dice


def test_pencil_spaces_are_at_least_5_mm(project):
    elements = _sheet(project)
    pencil = 5 * MM - 0.01
    boxes = [raw for raw in elements.values() if raw.get("type") == "check_boxes"
             and raw.get("stroke") != "none"]  # drawn marks a player fills or circles
    assert len(boxes) >= 5 and all(to_points(raw["size"]) >= pencil for raw in boxes)
    tracks = [raw for raw in elements.values() if raw.get("type") == "track"]
    assert len(tracks) == 6 and all(to_points(raw["space"]) >= pencil for raw in tracks)
    writes = [raw for raw in elements.values() if raw.get("type") == "write_in"]
    assert all(to_points(raw["h"]) >= pencil for raw in writes)
    grid = elements["sectors"]
    cell = min(to_points(grid["w"]) / grid["cols"], to_points(grid["h"]) / grid["rows"])
    assert cell >= 10 * MM  # a square takes a pencil X and its number


def _icons_drawn(path) -> set[str]:
    """Return the names of the icons a PDF draws (its icon forms, in pages and nested forms)."""
    found, todo = set(), [page.get("/Resources") for page in PdfReader(str(path)).pages]
    while todo:
        resources = todo.pop()
        for name, form in ((resources or {}).get("/XObject") or {}).items():
            if name.startswith("/FormXob.icon-") and name[len("/FormXob.icon-"):] not in found:
                found.add(name[len("/FormXob.icon-"):])
            todo.append(form.get_object().get("/Resources"))
    return found


def test_lightning_is_drawn_as_a_bolt_never_a_branching_tree(built):
    # the rulebook's lightning strikes (the Gods band, the V example, the aid backs): the icon
    # set's bolt; its "lightning" is a branching tree that reads as roots or a shrub
    sheet = _icons_drawn(built("rolling-thunder", "play-sheet", "pod"))
    backs = _icons_drawn(built("rolling-thunder", "clarifications", "pod"))
    assert "bolt" in sheet and "bolt" in backs
    assert "lightning" not in sheet | backs


def test_a_ruling_sets_its_figures_in_the_number_face_and_its_commas_in_the_text_face(built):
    """T1 and T10 list numbers: the figures take the number face, the comma or semicolon after
    a figure the text's own face ("2," was one word in the number face, so "rounds 1 and 2, +2"
    read as a pair "2, +2"); T10 parts its player counts with semicolons ("2 players 7, 3
    players 9" paired "7, 3")."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_raw

    path = built("rolling-thunder", "clarifications", "pod")
    # the first ruling card (the deck opens with three aid cards): the page that prints T1
    pages = pdfium.PdfDocument(str(path))
    chars = next(page.get_textpage() for page in pages
                 if "T1 · God bonus" in page.get_textpage().get_text_range())
    text = chars.get_text_range()

    def face(index: int) -> str:
        name = ctypes.create_string_buffer(200)
        pdfium_raw.FPDFText_GetFontInfo(chars.raw, index, name, 200, ctypes.byref(ctypes.c_int()))
        return name.value.decode()

    found = re.search(r"rounds 1 and 2,\s+\+2", text)  # the line may break after the comma
    assert found, text
    start = found.start()
    two, comma, word = start + len("rounds 1 and "), start + len("rounds 1 and 2"), start
    assert face(two) == face(found.end() - 2)  # "2" and the "+" of "+2": figures, one face
    assert face(comma) == face(word) != face(two)  # the comma: the words' face
    assert "Solo 5 dice; 2 players 7; 3 players 9; 4 players 12." in " ".join(
        text_of(path).split())
