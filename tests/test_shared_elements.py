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
