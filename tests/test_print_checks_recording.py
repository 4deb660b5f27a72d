"""How the print checks record faces: shared drawings, both renderings at once, fills under text.

The faces here are made of small stand-in elements (anything with ``draw(canvas, ctx)``), so
each test says exactly what is painted, in which rendering, and which element objects several
faces share (the face builder shares an element written once in a template and filled with
the same values). Every result is also compared with checking the same faces with no cache.
"""

from __future__ import annotations

import pytest

from conftest import run_cli, write_files
from sheetgen.checks.colour import contrast
from sheetgen.checks.face_checks import check_face
from sheetgen.fill.faces import Origin
from sheetgen.checks.record import DrawingCache, record
from sheetgen.load.model import PrintChecks
from sheetgen.fill.faces import Face

SIZE = 200.0
RULES = PrintChecks()
BLACK, WHITE, GREY = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0), (0.7, 0.7, 0.7)


class Fill:
    """Fills a rectangle (the whole face by default) in ``colour``, or, when ``colour`` is
    None, in whatever fill colour the canvas holds from the element before."""

    type = "fill"

    def __init__(self, colour=None, box=(0.0, 0.0, SIZE, SIZE), id=None):
        self.colour, self.box, self.id = colour, box, id

    def draw(self, canvas, ctx):
        if self.colour is not None:
            ctx.fill(canvas, self.colour)
        canvas.rect(*self.box, stroke=0, fill=1)


class Label:
    """A 12 pt Helvetica text run at (20, y) in ``colour``."""

    type = "label"

    def __init__(self, text, colour, y=100.0, id=None):
        self.text, self.colour, self.y, self.id = text, colour, y, id

    def draw(self, canvas, ctx):
        ctx.fill(canvas, self.colour, is_fill=False)
        canvas.setFont("Helvetica", 12)
        canvas.drawString(20, self.y, self.text)


class SavesInk:
    """Fills the face black, or white when ink is saved (an element that asks)."""

    type = "saves-ink"
    id = None

    def draw(self, canvas, ctx):
        ctx.fill(canvas, WHITE if ctx.ink_saver else BLACK)
        canvas.rect(0, 0, SIZE, SIZE, stroke=0, fill=1)


class Lifts:
    """Moves everything drawn after it up by 50 pt, only when ink is saved (and never restores:
    the two renderings part for the rest of the face)."""

    type = "lifts"
    id = None

    def draw(self, canvas, ctx):
        if ctx.ink_saver:
            canvas.translate(0, 50)


def face(label: str, *elements) -> Face:
    origins = [Origin("t.yaml", line, element.id or element.type)
               for line, element in enumerate(elements, 1)]
    return Face(SIZE, SIZE, 9.0, list(elements), label, label, origins=origins)


def check(faces, cache):
    """Return, per face, its findings as (element, kind, value, detail) and its figures."""
    out = []
    for one in faces:
        found, figures = check_face(one, one.origins, None, None, RULES, cache)
        out.append(([(f.origin.name, f.kind, f.value, f.detail) for f in found],
                    (figures.smallest_text, sorted(figures.lowest_contrast.items()))))
    return out


def contrast_failures(result):
    """Return {face index: {rendering named in the detail: value}} of contrast findings (the
    worst rendering per element is kept)."""
    return {i: {d.split("(")[1].split(" rendering")[0]: v for _, kind, v, d in found
                if kind == "contrast"}
            for i, (found, _) in enumerate(result)}


def test_a_shared_text_meets_what_each_face_paints_under_it():
    # one grey title object on every face: on black it reads (10:1), on white it does not
    # (2.1:1); the ink saver pales the black to grey, where it does not read either
    title = Label("Title", GREY, id="title")
    faces = [face(f"card {i}", Fill(BLACK if i % 2 else WHITE), title) for i in range(6)]
    cache = DrawingCache()
    result = check(faces, cache)
    assert result == check(faces, None)
    on_white, on_black = contrast((GREY), WHITE), contrast(GREY, (0.75, 0.75, 0.75))
    for i, (found, figures) in enumerate(result):
        kinds = [(name, kind) for name, kind, _, _ in found]
        assert kinds == [("title", "contrast")], found
        value, detail = found[0][2], found[0][3]
        if i % 2:  # black: only the ink saver's pale grey fails
            assert value == pytest.approx(on_black) and "(ink-saver rendering)" in detail
            assert dict(figures[1])["normal"] == pytest.approx(contrast(GREY, BLACK))
        else:
            assert value == pytest.approx(on_white) and "(normal rendering)" in detail
    # the title's drawing is kept per canvas state it starts from (the fill colour the band
    # left): one drawing serves every face on white, another every face on black
    drawings = [record(one, None, None, cache)[0][1] for one in faces]
    assert drawings[0] is drawings[2] is drawings[4] and drawings[1] is drawings[3]


def test_a_shared_fill_under_different_text_on_each_face():
    band = Fill(BLACK, box=(0, 80, SIZE, 40), id="band")
    faces = [face(f"card {i}", band, Label(f"Name {i}", GREY if i % 3 else BLACK, id="name"))
             for i in range(6)]
    result = check(faces, DrawingCache())
    assert result == check(faces, None)
    failures = contrast_failures(result)
    for i in range(6):
        if i % 3:  # grey on black reads; on the ink saver's pale band it does not
            assert set(failures[i]) == {"ink-saver"}
        else:  # black on black
            assert failures[i] == {"normal": pytest.approx(1.0)}


def test_a_shared_element_that_paints_in_the_colour_it_inherits():
    # the same Fill(None) object paints in the colour the element before it left: black on
    # some faces, white on others. A cached drawing must not carry one face's colour to another
    inherits = Fill(None, id="inherits")
    faces = [face(f"card {i}", Fill(BLACK if i % 2 else WHITE, id="base"), inherits,
                  Label("Text", GREY, id="text")) for i in range(6)]
    result = check(faces, DrawingCache())
    assert result == check(faces, None)
    failures = contrast_failures(result)
    for i in range(6):
        assert ("normal" in failures[i]) == (i % 2 == 0), (i, failures[i])


def test_an_element_that_asks_about_ink_saving_is_drawn_for_each_rendering():
    # white text on black reads; the element paints white when saving ink: 1:1
    one = face("card", SavesInk(), Label("Text", WHITE, id="text"))
    result = check([one], DrawingCache())
    assert result == check([one], None)
    assert contrast_failures(result) == {0: {"ink-saver": pytest.approx(1.0)}}
    normal, saver = record(one, None, None, None)
    assert normal[0].fills[0][8] == BLACK and saver[0].fills[0][9] == WHITE
    assert normal[1] is saver[1], "the text did not ask: one drawing serves both renderings"


def test_renderings_that_part_are_drawn_apart_to_the_end():
    # a black band at the bottom, the text on it; when saving ink everything after Lifts is
    # 50 pt higher: the text leaves the band for the paper
    one = face("card", Fill(BLACK, box=(0, 0, SIZE, 100), id="band"), Lifts(),
               Label("Text", WHITE, y=80, id="text"))
    result = check([one], DrawingCache())
    assert result == check([one], None)
    assert contrast_failures(result) == {0: {"ink-saver": pytest.approx(1.0)}}
    normal, saver = record(one, None, None, None)
    assert saver[2].marks[0].box[1] == pytest.approx(normal[2].marks[0].box[1] + 50)
    assert normal[2] is not saver[2]


class Stamp:
    """Many fills (searched through a grid): a row of small black squares along the bottom, a
    black square under the text, the white text, then white squares over it (drawn after the
    text, so not under it)."""

    type = "stamp"
    id = "stamp"

    def draw(self, canvas, ctx):
        ctx.fill(canvas, BLACK)
        for i in range(30):
            canvas.rect(i * 6, 0, 5, 5, stroke=0, fill=1)
        canvas.rect(10, 90, 100, 30, stroke=0, fill=1)
        ctx.fill(canvas, WHITE, is_fill=False)
        canvas.setFont("Helvetica", 12)
        canvas.drawString(20, 100, "On black")
        for i in range(30):
            canvas.rect(10 + i * 3, 90, 3, 30, stroke=0, fill=1)


def test_only_fills_drawn_before_a_text_are_under_it():
    one = face("card", Stamp())
    drawing = record(one, None, None, None)[0][0]
    assert len(drawing.fills) == 61 and drawing.marks[0].fills_before == 31
    result = check([one], None)
    failures = contrast_failures(result)[0]
    assert "normal" not in failures and "cmyk" not in failures
    assert dict(result[0][1][1])["normal"] == pytest.approx(21.0)


GAME = "id: demo\nname: Demo\ncomponents: [cards]\n"
CARDS = """id: cards
title: Cards
kind: cards
front: demo-front
profiles: [pod]
items:
  - {name: Axe, tone: ink}
  - {name: Shield, tone: "#b0b0b0"}
  - {name: Bow, tone: ink}
"""
FRONT = """size: poker
elements:
  - id: band        # the same on every card
    type: box
    x: 0mm
    y: 0mm
    w: 63.5mm
    h: 30mm
    fill: white
  - id: title       # only Shield's grey fails
    type: text
    x: 6mm
    y: 8mm
    w: 50mm
    h: 10mm
    text: "{{ name }}"
    size: 12
    color: "{{ tone }}"
"""


def test_one_card_of_a_deck_fails_over_an_element_all_cards_share(tmp_path):
    write_files(tmp_path, {"data/demo/game.yaml": GAME, "data/demo/cards.yaml": CARDS,
                           "templates/demo-front.yaml": FRONT})
    result = run_cli("--project", str(tmp_path), "build", "demo", "-q")
    assert result.exit_code == 2, result.output
    line = FRONT[: FRONT.index("id: title")].count("\n") + 1
    errors = [text for text in result.output.splitlines() if "demo-front.yaml" in text]
    assert len(errors) == 1 and errors[0].endswith(
        f'templates/demo-front.yaml:{line}: (title): text "Shield" has contrast 2.2:1 against '
        "what is under it (normal rendering), minimum 3:1 at 12.0 pt (on shield front)"
        " (docs: explanation/print-checks.md)"), \
        result.output
