"""Printed dice never differ by colour alone (a colour-blind player, a grey-scale print).

Every printed dice component of every game is opened: each face drawn on a net or a sticker
row is read as its own form (its text, at its printed size), tied to its die by the caption
above it, and checked: a die with a ``mark`` in dice.yaml prints it on every face, at 7 pt or
more; and any two printed dice of different colours print different text (their marks, or
numbers).
"""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import combinations

import pytest
import yaml
from pypdf import PageObject, PdfReader
from pypdf.generic import NameObject

from conftest import REPO
from pdfcheck import read_once, walk

pytestmark = pytest.mark.slow  # opens every printed die of every game

CAPTION = re.compile(r"^(.+?)(?: \d+/\d+)?: (?:\d+ mm cube|stickers for a \d+ mm blank die)$")
REFERENCE_FACE = 10 * 72 / 25.4  # the reference card's faces are smaller (7 mm), no die's
DICE_COMPONENTS = sorted((path.parent.name, path.stem) for path in REPO.glob("data/*/*.yaml")
                         if re.search(r"(?m)^kind: dice$", path.read_text(encoding="utf-8")))


def _dice(game: str) -> dict[str, dict]:
    """Return the game's dice from dice.yaml, by printed name."""
    raw = yaml.safe_load((REPO / "data" / game / "dice.yaml").read_text(encoding="utf-8"))
    return {die["name"]: die for die in raw["dice"].values()}


def _form_text(xobjects, name: str) -> list[tuple[str, float]]:
    """Return the text runs of one placed form and their sizes in the form's own space."""
    form = xobjects[name].get_object()
    page = PageObject.create_blank_page(width=100, height=100)
    page[NameObject("/Resources")] = form["/Resources"]
    page.replace_contents(form)
    runs: list[tuple[str, float]] = []
    page.extract_text(visitor_text=lambda text, cm, tm, _font, size: text.strip() and runs.append(
        (text.strip(), size * abs(cm[0] * tm[0]))))
    return runs


def _captions(page) -> list[tuple[str, float, float]]:
    """Return (die name, x, y) of every net or sticker caption on the page."""
    found = []

    def visit(text, cm, tm, _font, _size):
        match = CAPTION.match(text.strip())
        if match:
            found.append((match.group(1), tm[4], tm[5]))

    page.extract_text(visitor_text=visit)
    return found


def printed_faces(path) -> dict[str, list[list[tuple[str, float]]]]:
    """Return, by die name, the text runs (text, printed size in pt) of every face printed on a
    net or a sticker row; the reference card's small faces are left out."""
    reader = PdfReader(path)
    faces = defaultdict(list)
    with read_once():  # each face's font parsed once, not once a face (5 s to 0.9 s a file)
        for page in reader.pages:
            _faces_of_page(page, reader, faces)
    return faces


def _faces_of_page(page, reader, faces) -> None:
    """Add the text runs of every face printed on ``page`` to ``faces``, by die name."""
    captions = _captions(page)
    xobjects = page["/Resources"].get("/XObject", {})
    for op, operands, ctm, _ in walk(page, reader):
        name = str(operands[0]) if op == "Do" else ""
        if not name.startswith("/FormXob") or "icon-" in name:
            continue
        width = float(xobjects[name].get_object()["/BBox"][2]) * ctm[0]
        if width < REFERENCE_FACE:
            continue  # the reference card
        x, y = ctm[4], ctm[5]
        above = [(c_y - y, -c_x, die) for die, c_x, c_y in captions
                 if c_y > y and c_x <= x + 0.5]
        nearest = min(dy for dy, _, _ in above)
        die = min(a for a in above if a[0] < nearest + 1)[2]  # the caption's row, its net
        faces[die].append([(text, size * ctm[0]) for text, size in _form_text(xobjects, name)])


@pytest.fixture(scope="module")
def faces_of(built):
    """Return a function giving ``printed_faces`` of a game's dice component on A4, each PDF
    read once (three tests read the same faces; reading them is most of this module's time)."""
    read: dict[tuple[str, str], dict] = {}

    def get(game: str, component: str) -> dict[str, list[list[tuple[str, float]]]]:
        if (game, component) not in read:
            read[game, component] = printed_faces(built(game, component, "a4"))
        return read[game, component]

    return get


@pytest.mark.parametrize("game, component", DICE_COMPONENTS)
def test_every_face_of_a_marked_die_prints_its_mark_at_7_pt(faces_of, game, component):
    dice = _dice(game)
    faces = faces_of(game, component)
    assert faces and set(faces) <= set(dice)
    for name, printed in faces.items():
        assert len(printed) % 6 == 0, name  # whole dice
        mark = dice[name].get("mark")
        if not mark:
            continue
        for runs in printed:
            marks = [size for text, size in runs if text == mark]
            assert len(marks) == 1, (name, runs)  # once on every face
            assert marks[0] >= 7.0, (name, marks[0])


@pytest.mark.parametrize("game, component", DICE_COMPONENTS)
def test_dice_of_different_colours_print_different_text(faces_of, game, component):
    dice = _dice(game)
    faces = faces_of(game, component)
    text_of = {name: {text for runs in printed for text, _ in runs}
               for name, printed in faces.items()}
    for a, b in combinations(faces, 2):
        if dice[a]["colour"].lower() != dice[b]["colour"].lower():
            assert text_of[a] != text_of[b], (a, b, text_of[a])


def test_the_coloured_crew_dice_are_marked_r_b_y_as_the_reaver_cards_squares(built, faces_of):
    dice = _dice("reavers-of-midgard")
    faces = faces_of("reavers-of-midgard", "printable-dice")
    marks = {name.split()[0]: {text for runs in faces[name] for text, _ in runs}
             for name in dice if name.startswith(("Red", "Blue", "Yellow"))}
    assert marks == {"Red": {"R"}, "Blue": {"B"}, "Yellow": {"Y"}}
    # The nets print no reference card (its face names staggered): the Dice aid keys the faces.
    nets = PdfReader(built("reavers-of-midgard", "printable-dice", "a4")).pages[-1].extract_text()
    assert "dice faces" not in nets


def test_the_dice_aid_heads_each_die_with_its_mark_and_says_its_colour(built):
    # the Dice aid's table: a row per die headed by its mark (R, B, Y, as on every face), and
    # the aid says which colour each letter is
    lines = PdfReader(built("reavers-of-midgard", "dice-aid", "a4")).pages[0].extract_text()
    text = " ".join(lines.split())
    for die in _dice("reavers-of-midgard").values():
        if die.get("mark"):
            assert f"\n{die['mark']}\n" in lines.replace(" ", "\n"), die["mark"]
    assert "R, B, Y = 1 red, blue, yellow Crew die" in text
