"""Layout without millimetres: stack, grid, place, inset and auto sizes give exact boxes; the
print checks see the placed children; mistakes are reported at the child's own line."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import yaml

from docs_examples import first_yaml
from conftest import REPO, run_cli
from sheetgen.api import Session, select
from sheetgen.fill.layout import Box, ChildSize, LayoutError, grid_cells, place_in, stack_slots
from sheetgen.load.project import Project

MM = 72 / 25.4
POKER = (63.5 * MM, 88.9 * MM)

GAME = "id: lay\nname: Lay\ncomponents: [cards]\n"
CARDS = """id: cards
title: Cards
kind: cards
front: lay-front
profiles: [pod]
items:
  - {name: Axe, text: "Swing."}
  - {name: Shield, text: "Block."}
"""


def make(tmp_path, elements: str):
    (tmp_path / "data/lay").mkdir(parents=True, exist_ok=True)
    (tmp_path / "templates").mkdir(exist_ok=True)
    (tmp_path / "data/lay/game.yaml").write_text(GAME)
    (tmp_path / "data/lay/cards.yaml").write_text(CARDS)
    (tmp_path / "templates/lay-front.yaml").write_text("size: poker\nelements:\n" + elements)
    return tmp_path


def faces(root):
    session = Session(Project.at(root))
    [(_game, _comp, ready)] = session.prepare_all(select(Project.at(root), "lay", []))
    return [card.front for card in ready.cards]


def boxes(face):
    return {e.id: (round(e.x / MM, 3), round(e.y / MM, 3), round(e.w / MM, 3),
                   round(e.h / MM, 3)) for e in face.elements if e.id}


def line_of(root, needle: str) -> int:
    lines = (root / "templates/lay-front.yaml").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_stack_arithmetic():
    content = Box(10, 20, 100, 200)
    slots = stack_slots(content, [ChildSize(30, 0), ChildSize(None, 1), ChildSize(None, 3),
                                  ChildSize(10, 0, before=5, after=5)], True, 4, "start")
    # 200 - 30 - 20 - 3 gaps of 4 = 138 shared 1:3
    assert [(s.y, s.h) for s in slots] == [(20, 30), (54, 34.5), (92.5, 103.5), (200, 20)]
    assert all(s.x == 10 and s.w == 100 for s in slots)
    row = stack_slots(content, [ChildSize(20, 0), ChildSize(20, 0)], False, 0, "space-between")
    assert [(s.x, s.w) for s in row] == [(10, 20), (90, 20)]
    centred = stack_slots(content, [ChildSize(40, 0)], False, 0, "center")
    assert centred[0].x == 40
    evenly = stack_slots(content, [ChildSize(10, 0), ChildSize(10, 0)], True, 0, "space-evenly")
    assert [s.y for s in evenly] == [80, 150]
    with pytest.raises(LayoutError, match="need"):
        stack_slots(content, [ChildSize(150, 0), ChildSize(60, 0)], True, 0, "start")
    cells = grid_cells(Box(0, 0, 100, 50), 5, 3, None, 5, 10)
    assert [(c.x, c.y) for c in cells] == [(0, 0), (35, 0), (70, 0), (0, 30), (35, 30)]
    assert (cells[0].w, cells[0].h) == (30, 20)
    assert place_in(Box(0, 0, 100, 50), 20, 10, "bottom-right") == Box(80, 40, 20, 10)
    assert place_in(Box(0, 0, 100, 50), 20, 10, "top-center") == Box(40, 0, 20, 10)


def test_grow_max_caps_a_growing_child_and_gives_the_rest_away():
    content = Box(0, 0, 100, 200)
    # 180 left after the fixed 20: the capped child takes 50, the other the remaining 130
    slots = stack_slots(content, [ChildSize(20, 0), ChildSize(None, 1, most=50),
                                  ChildSize(None, 1)], True, 0, "start")
    assert [(s.y, s.h) for s in slots] == [(0, 20), (20, 50), (70, 130)]
    # under its cap it grows as before (90 each of 180)
    roomy = stack_slots(content, [ChildSize(20, 0), ChildSize(None, 1, most=120),
                                  ChildSize(None, 1)], True, 0, "start")
    assert [s.h for s in roomy] == [20, 90, 90]
    # the only grower capped: the room it leaves goes to justify (here the end)
    alone = stack_slots(content, [ChildSize(None, 1, most=30), ChildSize(20, 0)], True, 0,
                        "end")
    assert [(s.y, s.h) for s in alone] == [(150, 30), (180, 20)]


def test_a_card_face_without_coordinates_has_exact_boxes(tmp_path):
    root = make(tmp_path, """
  - id: card
    type: stack
    inset: 5mm
    gap: 2mm
    children:
      - {id: title, type: text, text: "{{ name }}", size: 12, h: auto}
      - {id: art, type: box, fill: gold}
      - type: stack
        direction: horizontal
        h: 10mm
        gap: 1mm
        children:
          - {id: cost, type: box, w: 10mm, fill: red}
          - {id: rules, type: text, text: "{{ text }}", valign: middle}
          - {id: gem, type: box, w: 6mm, h: 6mm, fill: blue}
  - {id: corner, type: box, place: bottom-right, inset: 4mm, w: 5mm, h: 5mm, fill: ink}
""")
    axe, shield = faces(root)
    got = boxes(axe)
    title_h = round(12 / MM, 3)  # one line of 12 pt text
    assert got["title"] == (5, 5, 53.5, title_h)
    # the art grows into the room left: 78.9 - title - 10 - 2 gaps
    art_h = round(88.9 - 10 - title_h - 10 - 4, 3)
    assert got["art"] == (5, round(5 + title_h + 2, 3), 53.5, art_h)
    assert got["cost"] == (5, 73.9, 10, 10)
    assert got["rules"] == (16, 73.9, 53.5 - 10 - 6 - 2, 10)
    assert got["gem"] == (52.5, 73.9, 6, 6)     # a stretch row puts a smaller child at the top
    assert got["corner"] == (54.5, 79.9, 5, 5)
    assert boxes(shield) == got                  # a fixed anatomy: same boxes on every card
    assert [e.id for e in axe.elements] == ["title", "art", "cost", "rules", "gem", "corner"]


def test_grid_cells_and_layers(tmp_path):
    root = make(tmp_path, """
  - type: grid
    place: center
    w: 40mm
    h: 20mm
    columns: 2
    gap: 2mm
    padding: 1mm
    fill: parchment
    children:
      - {id: a, type: box, fill: red}
      - {id: b, type: box, fill: blue, w: 4mm, h: 4mm}
      - {id: c, type: box, fill: gold, place: bottom-left, w: 5mm, h: 5mm}
  - type: stack
    direction: layers
    place: top
    w: 20mm
    h: 20mm
    children:
      - {id: disc, type: box, radius: 10mm, fill: ink}
      - {id: value, type: text, text: "3", size: 20, w: auto, h: auto, color: white}
""")
    face = faces(root)[0]
    got = boxes(face)
    left, top = (63.5 - 40) / 2, (88.9 - 20) / 2
    cell_w, cell_h = (40 - 2 - 2) / 2, (20 - 2 - 2) / 2
    assert got["a"] == (left + 1, top + 1, cell_w, cell_h)
    assert got["b"] == (round(left + 1 + cell_w + 2 + (cell_w - 4) / 2, 3),
                        round(top + 1 + (cell_h - 4) / 2, 3), 4, 4)
    assert got["c"] == (left + 1, round(top + 1 + cell_h + 2 + cell_h - 5, 3), 5, 5)
    assert got["disc"] == (21.75, 0, 20, 20)
    value = next(e for e in face.elements if e.id == "value")
    assert value.h == pytest.approx(20) and value.w < 20 * MM / 72 * 25.4
    assert value.x + value.w / 2 == pytest.approx(31.75 * MM)   # centred in the disc
    assert face.elements[0].type == "grid"                      # its background, first


def test_auto_text_takes_its_lines_within_limits(tmp_path):
    long = "word " * 60
    root = make(tmp_path, f"""
  - type: stack
    inset: 5mm
    children:
      - {{id: short, type: text, text: "One line", size: 10, h: auto}}
      - {{id: long, type: text, text: "{long}", size: 10, min_size: 6, h: auto, max_h: 20mm}}
      - {{id: floor, type: text, text: "x", size: 10, h: auto, min_h: 12mm}}
""")
    got = boxes(faces(root)[0])
    assert got["short"][3] == round(10 / MM, 3)
    assert got["long"][3] <= 20 and got["long"][1] == round(5 + 10 / MM, 3)
    long_text = next(e for e in faces(root)[0].elements if e.id == "long")
    assert long_text._layout.size < 10             # shrank to fit max_h
    assert got["floor"][3] == 12


def test_print_checks_see_placed_children(tmp_path):
    root = make(tmp_path, """
  - type: stack
    inset: 1mm
    children:
      - {id: edge, type: text, text: "EDGE", size: 9, h: auto}
""")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2, result.output
    assert f":{line_of(root, 'id: edge')}: (edge): text \"EDGE\" comes 0.9 mm from the trim" \
        in result.output


@pytest.mark.parametrize("child, needle, message", [
    ("{id: bad, type: box, x: 3mm}", "id: bad", "x: a container places its children"),
    ("{id: bad, type: box, place: top-centre}", "id: bad",
     "unknown place 'top-centre'; did you mean 'top-center'"),
    ("{id: bad, type: box, filll: red}", "id: bad", "did you mean 'fill'"),
    ("{id: bad, type: box, h: 10mm, grow: 2}", "id: bad", "give h or grow, not both"),
    ("{id: bad, type: icon, icon: ship, h: auto}", "id: bad", "h: auto: a icon has no size"),
])
def test_mistakes_are_reported_at_the_childs_line(tmp_path, child, needle, message):
    root = make(tmp_path, f"""
  - type: stack
    inset: 5mm
    children:
      - {{id: ok, type: box, fill: gold}}
      - {child}
""")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2, result.output
    assert f"lay-front.yaml:{line_of(root, needle)}:" in result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_children_that_do_not_fit_name_the_stack(tmp_path):
    root = make(tmp_path, """
  - id: column
    type: stack
    inset: 5mm
    children:
      - {type: box, h: 50mm}
      - {type: box, h: 40mm}
""")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2
    assert f"lay-front.yaml:{line_of(root, 'id: column')}: stack: its children need 90.0 mm " \
        "along it but it has 78.9 mm" in result.output


def _keys(elements):
    for element in elements:
        yield from element
        yield from _keys(element.get("children", []))


def test_the_skeleton_has_no_coordinates_and_passes_the_checks(tmp_path):
    templates = sorted((REPO / "sheetgen/skeleton/templates").glob("*.yaml"))
    assert len(templates) == 3
    for template in templates:
        elements = yaml.safe_load(template.read_text())["elements"]
        assert not {"x", "y"} & set(_keys(elements)), template.name
    assert run_cli("new", "my-game", cwd=tmp_path).exit_code == 0
    root = tmp_path / "my-game"
    result = run_cli("--project", str(root), "build", "my-game", "-p", "pod")
    assert result.exit_code == 0, result.output
    checked = run_cli("--project", str(root), "check", "my-game", "-p", "pod")
    assert checked.exit_code == 0, checked.output
    assert "ok   my-game/deck-pod.pdf" in checked.output
    assert "ok   my-game/score-sheet-pod.pdf" in checked.output
    pdf = pdfium.PdfDocument(str(root / "out/my-game/deck-pod.pdf"))
    text = pdf[0].get_textpage()
    left, bottom, _right, top = text.get_charbox(0)   # "S" of Scout
    # the stack's inset (6 mm) inside the trim, which starts 1/8 in into the page; the name is
    # centred in the 11 mm title row
    assert left == pytest.approx(9 + 6 * MM, abs=1.0)
    row_top, row_bottom = 9 + 6 * MM, 9 + 17 * MM
    assert row_top < 270 - top and 270 - bottom < row_bottom
    assert (270 - top + 270 - bottom) / 2 == pytest.approx((row_top + row_bottom) / 2, abs=2)
    pdf.close()


def test_the_docs_example_builds_and_passes_the_checks(tmp_path):
    example = first_yaml(REPO / "docs/src/how-to/layout.md")
    root = make(tmp_path, "")
    (root / "templates/lay-front.yaml").write_text(example)
    (root / "data/lay/cards.yaml").write_text(CARDS.replace(
        'text: "Swing."}', 'text: "Swing.", cost: 3, icon: axe, flavour: "Sharp."}').replace(
        'text: "Block."}', 'text: "Block.", cost: 12, icon: shield, flavour: "Round."}'))
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 0, result.output
    axe, shield = faces(root)
    assert boxes(axe)["rules"][1] == boxes(shield)["rules"][1]     # the same anatomy
    assert boxes(axe)["cost"][2] < boxes(shield)["cost"][2]        # "3" is narrower than "12"
    assert boxes(axe)["badge"] == (53.5, 4, 6, 6)


def test_a_child_that_is_not_a_mapping_names_the_container(tmp_path):
    root = make(tmp_path, """
  - id: column
    type: stack
    children: [{type: box}, 3]
""")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2
    assert f"lay-front.yaml:{line_of(root, 'id: column')}: children: child 2 is 3, not a " \
        "mapping with a type" in result.output


def test_a_variant_changes_an_element_inside_a_stack(tmp_path):
    root = make(tmp_path, """
  - type: stack
    inset: 5mm
    children:
      - {id: title, type: text, text: "{{ name }}", size: 12, h: auto}
      - {id: art, type: box, fill: gold}
""")
    (root / "data/lay/variants").mkdir()
    (root / "data/lay/variants/big.yaml").write_text(
        "title: Big\nchanges:\n  cards:\n    elements:\n      title: {size: 20}\n"
        "      arts: {fill: red}\n")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod", "--variant", "big")
    assert result.exit_code == 2
    assert "big.yaml:6: elements: unknown element of lay-front 'arts'; did you mean 'art'?" \
        in result.output
    (root / "data/lay/variants/big.yaml").write_text(
        "title: Big\nchanges:\n  cards:\n    elements:\n      title: {size: 20}\n")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod", "--variant", "big")
    assert result.exit_code == 0, result.output
    doc = pdfium.PdfDocument(str(next((root / "out").rglob("cards-*pod*.pdf"))))
    try:
        text = doc[0].get_textpage()
        found = text.search("Axe", match_case=True).get_next()
        _left, bottom, _right, top = text.get_charbox(found[0])   # "A" at 20 pt, not 12
        assert top - bottom > 0.6 * 20 * 0.9
    finally:
        doc.close()


def test_a_fixed_box_with_max_h_grows_into_the_room_it_keeps(tmp_path):
    """max_h on a text with a fixed h: text that fits h is set as without it; text that does
    not fit even at min_size grows the box, at min_size, away from its valign edge."""
    long = "A ruling that runs on for a good many words, " * 4
    box = "type: text, x: 5mm, w: 50mm, h: 8mm, size: 9, min_size: 7"
    root = make(tmp_path, f"""
  - {{id: short, {box}, y: 10mm, max_h: 30mm, text: "Fits."}}
  - {{id: down, {box}, y: 20mm, max_h: 30mm, text: "{long}"}}
  - {{id: up, {box}, y: 50mm, max_h: 30mm, valign: bottom, text: "{long}"}}
  - {{id: stuck, {box}, y: 20mm, text: "{long}"}}
""")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2                      # 'stuck' has no room to grow
    assert f":{line_of(root, 'id: stuck')}: " in result.output and "'stuck'" in result.output
    assert "'down'" not in result.output and "'up'" not in result.output
    lines = (root / "templates/lay-front.yaml").read_text().splitlines()
    (root / "templates/lay-front.yaml").write_text(
        "\n".join(line for line in lines if "id: stuck" not in line) + "\n")
    face = faces(root)[0]
    got = boxes(face)
    text = {e.id: e for e in face.elements if e.id}
    assert got["short"] == (5, 10, 50, 8) and text["short"]._layout.size == 9
    assert text["down"]._layout.size == 7 and 8 < got["down"][3] <= 30
    assert got["down"][1] == 20                       # top kept: it grew down
    assert text["up"]._layout.size == 7
    assert got["up"][1] + got["up"][3] == pytest.approx(58, abs=0.01)  # bottom kept: grew up
    assert got["up"][3] == got["down"][3]


def test_an_overflowing_stack_shrinks_its_auto_texts_a_share_each(tmp_path):
    """A vertical stack whose h: auto texts need more than it has: each text with a min_size
    gives part of the overflow (both shrink, the stack holds them); without min_size it is
    still the stack's error."""
    long = "Words that take a good deal of room on a card, " * 5
    stack = """
  - type: stack
    x: 5mm
    y: 5mm
    w: 50mm
    h: 60mm
    gap: 2mm
    children:
      - {{id: head, type: text, h: 8mm, size: 9, text: "Head"}}
      - {{id: one, type: text, h: auto, size: 10, {floor}text: "{long}"}}
      - {{id: two, type: text, h: auto, size: 10, {floor}text: "{long}"}}
"""
    root = make(tmp_path, stack.format(long=long, floor=""))
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2 and "its children need" in result.output
    root = make(tmp_path, stack.format(long=long, floor="min_size: 7, "))
    face = faces(root)[0]
    got = boxes(face)
    text = {e.id: e for e in face.elements if e.id}
    assert 7 <= text["one"]._layout.size < 10 and 7 <= text["two"]._layout.size < 10
    assert got["two"][1] + got["two"][3] <= 65 + 0.01          # inside the stack
    assert got["one"][3] == got["two"][3]                     # the same share each
    assert got["head"][3] == 8


def test_an_overflowing_stack_blames_its_one_auto_text(tmp_path):
    """A stack that overflows because its one h: auto text (in a stack sized to it) is too
    long for the room left, though it would fit the whole stack, reports that text not
    fitting, at the item's line, not the stack's children."""
    long = "Words that take a good deal of room on a card, " * 5
    root = make(tmp_path, f"""
  - type: stack
    x: 5mm
    y: 5mm
    w: 50mm
    h: 60mm
    gap: 2mm
    children:
      - {{id: head, type: text, h: 30mm, size: 9, text: "Head"}}
      - type: stack
        h: auto
        padding: 1mm
        children:
          - {{id: one, type: text, h: auto, size: 10, text: "{{{{ name }}}} {long}"}}
""")
    result = run_cli("--project", str(root), "build", "lay", "-p", "pod")
    assert result.exit_code == 2, result.output
    assert "text 'one'" in result.output and "does not fit" in result.output, result.output
    assert "its children need" not in result.output, result.output
    assert "cards.yaml:" in result.output.split("(template")[0], result.output
