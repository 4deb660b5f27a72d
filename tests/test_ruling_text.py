"""Rulings where they are needed: a template prints a ruling's text by its code, ruling("X2"),
from the one text in the game's Clarifications, wherever the component that cites it is used."""

from __future__ import annotations

from pypdf import PdfReader

from conftest import run_cli, write_files

GAME = "id: rules\nname: Rules Test\ncomponents: [clarifications, aid]\n"
CLARIFICATIONS = """\
id: clarifications
title: Clarifications
kind: cards
front: ruling-card
defaults: {prefix: X}
items:
  - id: rulings-1
    first: 1
    rulings:
      - {topic: Ties, ruling: "Equal totals share the win."}
      - {topic: Empty deck, ruling: "Shuffle the discards into a new deck."}
"""
AID = """\
id: aid
title: Turn aid
kind: cards
front: aid-card
items:
  - {id: draw, step: "Draw a card (X2)", code: X2}
"""
RULING_CARD = """\
width: 63mm
height: 88mm
elements:
  - {id: title, type: text, x: 5mm, y: 5mm, w: 53mm, h: 10mm, text: "{{ title }}"}
"""
AID_CARD = """\
width: 63mm
height: 88mm
elements:
  - {id: step, type: text, x: 5mm, y: 5mm, w: 53mm, h: 10mm, text: "{{ step }}"}
  - {id: ruling, type: text, x: 5mm, y: 20mm, w: 53mm, h: 30mm, size: 9,
     text: "{{ ruling(code, 'both') }}"}
"""


def project(tmp_path, aid: str = AID):
    return write_files(tmp_path, {"data/rules/game.yaml": GAME,
                                  "data/rules/clarifications.yaml": CLARIFICATIONS,
                                  "data/rules/aid.yaml": aid,
                                  "templates/ruling-card.yaml": RULING_CARD,
                                  "templates/aid-card.yaml": AID_CARD})


def build(root):
    return run_cli("--project", str(root), "build", "rules", "aid", "-p", "a4", "-q", "--out",
                   str(root / "out"), cwd=root)


def aid_text(root) -> str:
    return " ".join(PdfReader(root / "out" / "rules" / "aid-a4.pdf").pages[0]
                    .extract_text().split())


def test_a_card_citing_a_ruling_prints_its_text(tmp_path):
    root = project(tmp_path)
    result = build(root)
    assert result.exit_code == 0, result.output
    text = aid_text(root)
    assert "Draw a card (X2)" in text
    assert "Empty deck: Shuffle the discards into a new deck." in text, text


def test_a_changed_ruling_reaches_the_card_that_prints_it(tmp_path):
    # the aid's output depends on the Clarifications file it prints from: a rebuild after
    # the ruling changed prints the new words, not the cached old ones
    root = project(tmp_path)
    assert build(root).exit_code == 0
    path = root / "data" / "rules" / "clarifications.yaml"
    path.write_text(path.read_text().replace("into a new deck", "into a fresh deck"))
    result = build(root)
    assert result.exit_code == 0, result.output
    assert "Shuffle the discards into a fresh deck." in aid_text(root)


def test_an_unknown_ruling_code_names_the_codes_at_its_line(tmp_path):
    root = project(tmp_path, AID.replace("code: X2", "code: X9"))
    result = build(root)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "the game has no ruling X9 (its rulings: X1-X2)" in result.output, result.output
    assert "templates/aid-card.yaml:5: " in result.output and "filling draw" in result.output
