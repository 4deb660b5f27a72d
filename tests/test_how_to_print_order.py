"""The How-to-print page reads in order and speaks to players only.

Its sections were numbered 1 and 4 down the left column and 2, 3, 5 down the right: a reader
goes down one column, then the other, so the numbers now follow that path (1, 2 left; 3, 4, 5
right). The fold step (section 5's title, a pictogram) shows only when something in the game
folds (dice nets, a component with ``folds: true``): Roll & Might folds nothing and its page
said "Fold on a ruler". And no page names a build command or option ("sheetgen calibrate",
"--ink-saver"): a player prints files, never builds them. Read from the printed PDF (pypdf).
"""

from __future__ import annotations

import math
import re

import pytest
from pypdf import PdfReader

from conftest import run_cli, write_files

pytestmark = pytest.mark.slow  # whole How-to-print pages built

MM = 72 / 25.4
TITLES = ("What to print, in this order", "How many for your player count",
          "Printing both sides",
          "Paper and card stock", "glue, in order")


def runs(path) -> list[tuple[str, float, float, float]]:
    """Return each text run of page 1 as (text, x mm, baseline mm down the page, size pt)."""
    page = PdfReader(str(path)).pages[0]
    height, found = float(page.mediabox.height), []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                      tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        found.append((text, x / MM, (height - y) / MM, size * math.sqrt(abs(a * d - b * c))))

    page.extract_text(visitor_text=visit)
    return found


def section_places(path) -> dict[int, tuple[float, float]]:
    """Return each numbered section title's (x, y) in mm, by its number."""
    places = {}
    for text, x, y, _ in runs(path):
        match = re.match(r"\s*(\d) · (.*)", text)
        if match and any(title in match.group(2) for title in TITLES):
            places[int(match.group(1))] = (x, y)
    return places


@pytest.mark.parametrize("game", ["roll-and-raid", "roll-and-might", "ragnarocks"])
def test_the_sections_read_down_the_left_column_then_the_right(built, game):
    places = section_places(built(game, "how-to-print", "a4"))
    assert sorted(places) == [1, 2, 3, 4, 5], places
    left, right = [places[n] for n in (1, 2)], [places[n] for n in (3, 4, 5)]
    middle = (max(x for x, _ in left) + min(x for x, _ in right)) / 2
    assert all(x < middle for x, _ in left) and all(x > middle for x, _ in right), places
    # top to bottom within each column, in number order
    assert [y for _, y in left] == sorted(y for _, y in left), places
    assert [y for _, y in right] == sorted(y for _, y in right), places


def test_a_game_that_folds_nothing_has_no_fold_step(built):
    """Roll & Might prints cards and sheets only: no fold pictogram, section 5 says cut and
    glue, and the glue and tick pictograms are steps 3 and 4."""
    text = " ".join(t for t, *_ in runs(built("roll-and-might", "how-to-print", "a4")))
    assert "Fold" not in text and "on a ruler" not in text, text
    assert "5 · Cut and glue, in order" in text
    assert re.search(r"3\s*Glue", text) and re.search(r"4\s*Tick", text), text


def test_a_game_with_dice_nets_keeps_its_fold_step(built):
    text = " ".join(t for t, *_ in runs(built("roll-and-raid", "how-to-print", "a4")))
    assert "5 · Cut, fold and glue, in order" in text
    assert re.search(r"3\s*Fold", text) and "on a ruler" in text, text
    assert re.search(r"4\s*Glue", text) and re.search(r"5\s*Tick", text), text


@pytest.mark.parametrize("game", ["roll-and-raid", "roll-and-might", "ragnarocks",
                                  "reavers-of-midgard"])
def test_no_build_command_or_option_is_named_to_players(built, game):
    text = " ".join(t for t, *_ in runs(built(game, "how-to-print", "a4")))
    assert not re.search(r"sheetgen [a-z]+\b|--[a-z]", text), text


GAME = "id: fold\nname: Fold\nplayers: {min: 1, max: 2}\ncomponents: [how-to-print, cards]\n"
CARDS = ("id: cards\ntitle: Cards\nkind: cards\nfront: plain\n{folds}items:\n  - {{name: A}}\n")
PLAIN = ("size: poker\nelements:\n  - {type: text, text: \"{{ name }}\", x: 5mm, y: 5mm, "
         "w: 50mm, h: 10mm, size: 12}\n")
GUIDE = """id: how-to-print
title: How to print
kind: sheet
template: how-to-print
glue_edge: none
profiles: [a4]
items_from:
  generator: print-guide
  options:
    files: [{component: cards}]
    duplex: "Long edge."
    duplex_wrong: "Backs upside down."
    paper: "Card."
    needs: [{label: Cards, component: cards, per_game: 1}]
    steps: ["Cut."]
    checklist: [{label: Cards, component: cards}]
"""


@pytest.mark.parametrize("folds", [False, True])
def test_a_component_that_folds_brings_the_fold_step(tmp_path, folds):
    """``folds: true`` on a component (standees, boxes) is what the page counts as folding."""
    write_files(tmp_path, {"data/fold/game.yaml": GAME, "data/fold/how-to-print.yaml": GUIDE,
                           "data/fold/cards.yaml": CARDS.format(
                               folds="folds: true\n" if folds else ""),
                           "templates/plain.yaml": PLAIN})
    result = run_cli("--project", str(tmp_path), "build", "fold", "how-to-print", "-p", "a4")
    assert result.exit_code == 0, result.output
    text = " ".join(t for t, *_ in runs(next((tmp_path / "out").rglob("how-to-print-a4.pdf"))))
    assert ("on a ruler" in text) is folds, text
