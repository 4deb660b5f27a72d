"""Boards drawn from a template, and the board elements: score_ring, card_spaces, texture."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from conftest import run_cli
from pdfcheck import MM
from sheetgen.fill.elements import DrawContext, element_class
from sheetgen.fill.fonts import FontBook
from sheetgen.fill.icons import IconBook


@pytest.fixture(scope="module")
def books(project):
    """Fonts and icons of the repository."""
    return FontBook.for_project(project), IconBook.for_project(project)


def make(books, name, values, width=600.0, height=400.0):
    """Validate element ``name`` from ``values`` on a face of the given size."""
    fonts, icons = books
    context = {"width": width, "height": height, "fonts": fonts, "icons": icons, "colors": {}}
    return element_class(name).model_validate({"type": name, **values}, context=context)


def drawn(books, element, width=600.0, height=400.0) -> bytes:
    """Return the PDF bytes of one page holding ``element``."""
    fonts, icons = books
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width, height), initialFontName=fonts.font_name("body"),
                    invariant=1)
    ctx = DrawContext(width, height, fonts, icons)
    element.prepare(ctx)
    for icon in element.icons():
        icons.form_name(canvas, icon)
    element.draw(canvas, ctx)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_score_ring_runs_clockwise_around_the_edge(books):
    ring = make(books, "score_ring", {"x": "10mm", "y": "10mm", "w": "190mm", "h": "120mm",
                                      "count": 60, "depth": "10mm"})
    boxes = ring.boxes()
    assert len(boxes) == 60
    d = 10 * MM
    for x, y, w, h in boxes:  # every space touches the outer edge of the box
        assert min(x, y) < 0.01 or x + w > ring.w - 0.01 or y + h > ring.h - 0.01
        assert abs(w - d) < 0.01 or abs(h - d) < 0.01
    # no two spaces overlap
    for i, (ax, ay, aw, ah) in enumerate(boxes):
        for bx, by, bw, bh in boxes[i + 1:]:
            assert ax + aw <= bx + 0.01 or bx + bw <= ax + 0.01 or \
                ay + ah <= by + 0.01 or by + bh <= ay + 0.01
    cols, rows = ring.sides()
    assert boxes[0][:2] == (0, 0) and boxes[cols - 1][0] == pytest.approx(ring.w - d)
    assert boxes[cols + rows - 2][1] == pytest.approx(ring.h - d)  # bottom-right corner
    text = PdfReader(io.BytesIO(drawn(books, ring))).pages[0].extract_text()
    assert "0" in text and "59" in text


def test_score_ring_refuses_odd_counts(books):
    with pytest.raises(ValueError, match="even"):
        make(books, "score_ring", {"w": "100mm", "h": "80mm", "count": 41})


def test_card_spaces_grid_and_too_long_labels(books):
    spaces = make(books, "card_spaces", {"w": "100mm", "h": "140mm", "columns": 2,
                                         "spaces": [{"label": "2+ players", "pair": True},
                                                    {"label": "2+"}, {"style": "deck",
                                                                      "label": "Deck"}]})
    boxes = spaces.boxes()
    assert boxes[1][0] == pytest.approx(44.45 * MM + 2.5 * MM)
    assert boxes[2][1] == pytest.approx(63.5 * MM + 2.5 * MM)
    text = PdfReader(io.BytesIO(drawn(books, spaces))).pages[0].extract_text()
    assert "2+ players" in text and "Deck" in text
    with pytest.raises(ValueError, match="falls outside"):
        make(books, "card_spaces", {"w": "50mm", "h": "50mm", "spaces": [{}]})
    long = make(books, "card_spaces", {"w": "50mm", "h": "70mm", "spaces": [
        {"label": "a label far too long for one mini card space"}]})
    with pytest.raises(ValueError, match="wider than the space"):
        drawn(books, long)


def test_texture_is_seeded(books):
    def pdf(seed, pattern="mottle"):
        return drawn(books, make(books, "texture", {"w": "60mm", "h": "40mm", "seed": seed,
                                                    "pattern": pattern}))

    assert pdf("a") == pdf("a")
    assert pdf("a") != pdf("b")
    for pattern in ("grain", "waves", "weave"):
        assert len(pdf("a", pattern)) > len(pdf("a", "mottle")) // 10


BOARD = """id: board
title: Test board
kind: board
profiles: [a4, pod]
sides:
  - id: main
    template: big
    fields: {label: Hello board}
"""
TEMPLATE = """width: {w}
height: 300mm
elements:
  - {{id: bg, type: box, x: 0, y: 0, w: 100%, h: 100%, fill: parchment}}
  - {{id: name, type: text, x: 10mm, y: 10mm, w: 100mm, h: 20mm, text: "{{{{ label }}}}"}}
"""


def template_project(tmp_path, width="420mm", board=BOARD):
    (tmp_path / "data" / "test").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "data" / "test" / "game.yaml").write_text(
        "id: test\nname: Test\ncomponents: [board]\n")
    (tmp_path / "data" / "test" / "board.yaml").write_text(board)
    (tmp_path / "templates" / "big.yaml").write_text(TEMPLATE.format(w=width))
    return tmp_path


def test_template_board_prints_whole_and_tiled(tmp_path):
    root = template_project(tmp_path)
    result = run_cli("--project", str(root), "build", "test", "-q", "--out", str(root / "out"),
                     cwd=root)
    assert result.exit_code == 0, result.output
    pod = PdfReader(root / "out" / "test" / "board-pod.pdf")
    assert len(pod.pages) == 1
    assert float(pod.pages[0].trimbox.width) == pytest.approx(420 * MM, abs=0.1)
    assert "Hello board" in pod.pages[0].extract_text()
    home = PdfReader(root / "out" / "test" / "board-a4.pdf")
    assert len(home.pages) >= 3 and "page map" in home.pages[0].extract_text()


@pytest.mark.parametrize("width,board,line,words", [
    ("700mm", BOARD, 0, "larger than the largest pod page"),
    ("420mm", BOARD.replace("    fields:", "    edges: [5, 7, 3, 9, 3, 7]\n    fields:"), 8,
     "'edges' is a hex map key"),
    ("420mm", BOARD.replace("template: big", "template: nowhere"), 7, "unknown template"),
])
def test_template_board_mistakes_name_their_line(tmp_path, width, board, line, words):
    root = template_project(tmp_path, width, board)
    result = run_cli("--project", str(root), "build", "test", "-q", "--out", str(root / "out"),
                     cwd=root)
    assert result.exit_code == 2, result.output
    where = "big.yaml:1:" if line == 0 else f"board.yaml:{line}:"  # the template's size line
    assert where in result.output and words in result.output, result.output
    assert "Traceback" not in result.output
