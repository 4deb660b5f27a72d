"""Faces that fill a template element with the same values share one element object (validated
and prepared once); an element whose values differ, or whose preparing warned, is each face's
own, so every item still gets its warning at its own line."""

from __future__ import annotations

from PIL import Image

from sheetgen.api import Session, select
from sheetgen.load.project import Project

TEMPLATE = """size: poker
elements:
  - type: box
    x: 2mm
    y: 2mm
    w: 59.5mm
    h: 84.9mm
    stroke: ink
  - type: text
    text: "{{ name }}"
    x: 5mm
    y: 5mm
    w: 50mm
    h: 10mm
  - type: image
    src: art/pic.png
    x: 10mm
    y: 20mm
    w: 20mm
    h: 20mm
"""
COMPONENT = """id: named-cards
title: Named cards
kind: cards
front: named-front
items:
  - name: Alpha
  - name: Beta
"""


def test_same_values_share_one_element_and_warnings_stay_per_item(tmp_path):
    (tmp_path / "data/shared").mkdir(parents=True)
    (tmp_path / "templates/art").mkdir(parents=True)
    (tmp_path / "data/shared/game.yaml").write_text(
        "id: shared\nname: Shared\ncomponents: [named-cards]\n")
    (tmp_path / "data/shared/named-cards.yaml").write_text(COMPONENT)
    (tmp_path / "templates/named-front.yaml").write_text(TEMPLATE)
    # 100 px over 20 mm is 127 dpi: preparing the image warns
    Image.new("RGB", (100, 100), (200, 30, 30)).save(tmp_path / "templates/art/pic.png")
    project = Project.at(tmp_path)
    session = Session(project)
    [(_game, _comp, ready)] = session.prepare_all(select(project, "shared", []))
    alpha, beta = (card.front for card in ready.cards)
    assert alpha.key != beta.key
    box_a, text_a, image_a = alpha.elements
    box_b, text_b, image_b = beta.elements
    assert box_a is box_b                       # the same values: one object
    assert (text_a.text, text_b.text) == ("Alpha", "Beta") and text_a is not text_b
    assert image_a is not image_b               # it warned: each item has its own
    warned = sorted(p.line for p in session.warnings if "dpi" in p.message)
    assert warned == [6, 7]                     # each item's line


STACK_TEMPLATE = """size: poker
elements:
  - id: card
    type: stack
    inset: 3mm
    gap: 1mm
    children:
      - {id: name, type: text, h: 10mm, text: "{{ name }}"}
      - id: panel
        type: stack
        grow: 1
        fill: {by: group, a: "#ddeeff", else: "#ffeedd"}
        children:
          - {id: group, type: text, h: 8mm, text: "{{ group | upper }}"}
          - {id: pic, type: image, src: art/pic.png, h: 20mm, when: "{{ pic }}"}
"""
STACK_COMPONENT = """id: stacked-cards
title: Stacked cards
kind: cards
front: stacked-front
defaults: {pic: false}
items:
  - {name: One, group: a}
  - {name: Two, group: a}
  - {name: Three, group: a}
  - {name: Four, group: a}
  - {name: Five, group: b}
  - {name: Six, group: a, pic: true}
  - {name: Seven, group: a, pic: true}
  - {name: Eight, group: a, pic: true}
  - {name: Nine, group: a, pic: true}
"""


def test_a_container_filled_alike_is_placed_once_and_warnings_stay_per_item(tmp_path):
    """The panel is filled alike on the first four cards: from the third on it is not placed
    again, its elements are the same objects at the same boxes; the fifth fills it otherwise.
    A panel whose picture warns is placed for every card, each card warned at its line."""
    (tmp_path / "data/shared").mkdir(parents=True)
    (tmp_path / "templates/art").mkdir(parents=True)
    (tmp_path / "data/shared/game.yaml").write_text(
        "id: shared\nname: Shared\ncomponents: [stacked-cards]\n")
    (tmp_path / "data/shared/stacked-cards.yaml").write_text(STACK_COMPONENT)
    (tmp_path / "templates/stacked-front.yaml").write_text(STACK_TEMPLATE)
    Image.new("RGB", (100, 100), (200, 30, 30)).save(tmp_path / "templates/art/pic.png")
    project = Project.at(tmp_path)
    session = Session(project)
    [(_game, _comp, ready)] = session.prepare_all(select(project, "shared", []))
    faces = [card.front for card in ready.cards]
    names = [[e.id for e in face.elements] for face in faces]
    assert names[:5] == [["name", "panel", "group"]] * 5
    assert names[5:] == [["name", "panel", "group", "pic"]] * 4
    first, *alike = faces[:4]
    for face in alike:
        assert face.elements[0].text != first.elements[0].text
        assert all(mine is theirs for mine, theirs in zip(face.elements[1:], first.elements[1:]))
    mm = 72 / 25.4
    panel, group = first.elements[1:]
    # the panel under the 10 mm name and the 1 mm gap, 3 mm in from the trim
    assert (round(panel.x / mm, 2), round(panel.y / mm, 2)) == (3.0, 14.0)
    assert (round(group.y / mm, 2), round(group.h / mm, 2)) == (14.0, 8.0)
    assert group.text == "A"
    other = faces[4].elements
    assert other[1] is not panel and other[2].text == "B" and other[1].fill != panel.fill
    pictures = [face.elements[3] for face in faces[5:]]
    assert len({id(p) for p in pictures}) == 4   # each warned: each card's own
    warned = sorted(p.line for p in session.warnings if "dpi" in p.message)
    assert warned == [12, 13, 14, 15]            # every card with the picture, at its line
