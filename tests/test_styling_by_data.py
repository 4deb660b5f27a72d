"""Styling by data without Jinja: ``{by: field, choice: value, else: value}`` on any element
value, ``repeat: field`` on icons and inline-icon text; mistakes name the field and choices."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest
import yaml
from jsonschema import Draft202012Validator
from pypdf import PdfReader
from pypdf.generic import ContentStream

from docs_examples import first_yaml
from conftest import REPO, run_cli
from sheetgen.tools.schema import file_schemas

MM = 72 / 25.4
GAME = "id: sty\nname: Sty\ncomponents: [cards]\n"
ITEMS = """  - {name: Ulf, type: warrior, appetite: 3}
  - {name: Bragi, type: skald, appetite: 1}
  - {name: Eir, type: healer, appetite: 0}
"""
FRONT = """size: poker
elements:
  - id: band
    type: box
    inset: [0, 0, 60mm, 0]
    fill: {by: type, warrior: red, skald: blue, else: ink}
  - type: stack
    inset: [35mm, 6mm, 6mm, 6mm]
    gap: 2mm
    children:
      - {id: row, type: icon, icon: food, repeat: appetite, h: 8mm}
      - {id: inline, type: text, text: ":food:", repeat: appetite, h: auto, size: 12,
         color: {by: type, warrior: red, skald: blue, healer: green}}
"""


def make(tmp_path, front: str = FRONT, items: str = ITEMS):
    (tmp_path / "data/sty").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "data/sty/game.yaml").write_text(GAME)
    (tmp_path / "data/sty/cards.yaml").write_text(
        "id: cards\ntitle: Cards\nkind: cards\nfront: sty-front\nprofiles: [pod]\nitems:\n"
        + items)
    (tmp_path / "templates/sty-front.yaml").write_text(front)
    return tmp_path


def build(root):
    return run_cli("--project", str(root), "build", "sty", "-p", "pod")


def icons_drawn(reader, index: int) -> int:
    """Count the icon forms a face form draws on page ``index``."""
    page = reader.pages[index]
    forms = page["/Resources"].get_object()["/XObject"].get_object()
    count = 0
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"Do":
            inner = ContentStream(forms[operands[0]].get_object(), reader).operations
            count += sum(1 for o, p in inner if p == b"Do" and "icon-food" in str(o[0]))
    return count


def test_a_field_picks_the_colour_and_the_number_of_icons(tmp_path):
    root = make(tmp_path)
    result = build(root)
    assert result.exit_code == 0, result.output
    pdf = root / "out/sty/cards-pod.pdf"
    reader = PdfReader(pdf)
    # one front a page (no back): Ulf 3 icons + 3 inline, Bragi 1 + 1, Eir none
    assert [icons_drawn(reader, i) for i in range(3)] == [6, 2, 0]
    doc = pdfium.PdfDocument(str(pdf))
    try:   # a pixel inside the band, clear of any text
        picked = [doc[i].render(scale=1).to_pil().convert("RGB").getpixel((100, 40))
                  for i in range(3)]
    finally:
        doc.close()
    red, blue, ink = picked
    assert red[0] > 150 and red[2] < 80            # warrior: red
    assert blue[2] > 120 and blue[0] < 100         # skald: blue
    assert max(ink) < 70                           # healer: else (ink)


def test_a_misspelt_choice_is_named_with_a_suggestion(tmp_path):
    root = make(tmp_path, items=ITEMS.replace("healer", "healr"))
    result = build(root)
    assert result.exit_code == 2
    assert ("cards.yaml:9: eir front: color: type is 'healr', not one of the choices warrior, "
            "skald, healer; did you mean 'healer'?") in result.output
    assert "sty-front.yaml:13)" in result.output      # the child's template line
    assert "Traceback" not in result.output


def test_a_misspelt_field_is_named_at_the_template_line(tmp_path):
    root = make(tmp_path, front=FRONT.replace("by: type, warrior: red", "by: tpye, warrior: red",
                                              1))
    result = build(root)
    assert result.exit_code == 2
    assert ("sty-front.yaml:6: fill: picks by field 'tpye', which is missing; did you mean "
            "'type'?") in result.output
    assert result.output.count("picks by field 'tpye'") == 1   # once, not once per card


def test_repeat_reads_a_whole_number_from_the_field(tmp_path):
    root = make(tmp_path, items=ITEMS.replace("appetite: 1", "appetite: lots"))
    result = build(root)
    assert result.exit_code == 2
    assert ("cards.yaml:8: bragi front: repeat: appetite is 'lots'; repeat takes a whole number "
            "from 0 to 100 (template") in result.output
    missing = make(tmp_path / "b", front=FRONT.replace("repeat: appetite, h: 8mm",
                                                       "repeat: apetite, h: 8mm"))
    result = build(missing)
    assert result.exit_code == 2
    assert "sty-front.yaml:11: repeat: field 'apetite' is missing; did you mean 'appetite'?" \
        in result.output
    big = make(tmp_path / "c", items=ITEMS.replace("appetite: 3", "appetite: 500"))
    assert "from 0 to 100" in build(big).output


@pytest.mark.parametrize("choice, message", [
    ("{by: 3, a: red}", "fill: by: expected the name of an item field, got 3"),
    ("{by: type}", "fill: by type has no choices"),
])
def test_a_malformed_choice_is_refused(tmp_path, choice, message):
    root = make(tmp_path, front=FRONT.replace(
        "{by: type, warrior: red, skald: blue, else: ink}", choice))
    result = build(root)
    assert result.exit_code == 2 and message in result.output
    assert "sty-front.yaml:6:" in result.output


def test_the_template_schema_takes_choices_and_field_counts():
    schema = file_schemas()["template"]
    template = json.loads(json.dumps(yaml.safe_load(FRONT)))
    assert not list(Draft202012Validator(schema).iter_errors(template))


def test_the_docs_example_builds(tmp_path):
    example = first_yaml(REPO / "docs/src/how-to/style-by-field.md")
    root = make(tmp_path, front=example, items=ITEMS.replace(
        "appetite: 3}", "appetite: 3, cost: 2, layout: roomy}").replace(
        "appetite: 1}", "appetite: 1, cost: 0, layout: standard}").replace(
        "appetite: 0}", "appetite: 0, cost: 1, layout: dense}"))
    result = build(root)
    assert result.exit_code == 0, result.output
    reader = PdfReader(root / "out/sty/cards-pod.pdf")
    assert [icons_drawn(reader, i) for i in range(3)] == [3, 1, 0]   # food icons
