"""The How-to-print page's two drawings, every game, A4 and Letter.

Under section 3 the duplex setting is drawn (a sheet bound on its long edge gives upright backs,
on its short edge upside-down ones); at the foot five pictograms say the whole job in
order (four where nothing folds: no fold step). Each page stays one page, the drawings are
there, and no other text runs into them: the text inside each drawing's area is exactly the
drawing's own words, and no character straddles its edge. Read from the PDFs with pypdfium2
(text boxes) and pypdf (the art drawn).
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pdfcheck import ink_boxes

pytestmark = pytest.mark.slow  # every game's page, rasterised

MM = 72 / 25.4
GAMES = ["ragnarocks", "reavers-of-midgard", "roll-and-might", "roll-and-raid",
         "rolling-thunder"]
TEMPLATE = (200 * MM, 270 * MM)  # the page is centred on the paper
# (left, top, right, bottom) in mm on the template, and the words printed there; the duplex
# drawing flows with the right column, so its area is found from its caption (below)
DUPLEX_WORDS = "1 2 Long edge: backs upright 1 2 Short edge: backs upside down"
CAPTION_DOWN = 3.0  # mm from the drawing area's top to the top of "Long edge:"
PICTOGRAMS = ((10, 247.5, 190, 259), "1 Print at 100 %, long-edge duplex 2 Cut on each "
              "card's marks, two cuts per gap 3 Fold on a ruler, scored first 4 Glue thin coats "
              "of white glue 5 Tick each piece off the list above")
# a game where nothing folds (no dice nets, no folds: true) has no fold step: four pictograms
UNFOLDED = ("1 Print at 100 %, long-edge duplex 2 Cut on each card's marks, two cuts per gap "
            "3 Glue thin coats of white glue 4 Tick each piece off the list above")
FOLDS_NOTHING = {"roll-and-might"}
# game-icons silhouettes in the game's accent colour (they were Fluent emoji colour art)
ART = {"print-tray", "scissors", "folded-paper", "glue-drop", "checklist", "check-mark",
       "cancel"}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _art_drawn(reader) -> set[str]:
    """Return the icons a PDF draws (its icon forms, in pages and nested forms)."""
    found, todo = set(), [page.get("/Resources") for page in reader.pages]
    while todo:
        resources = todo.pop()
        for name, form in ((resources or {}).get("/XObject") or {}).items():
            if name.startswith("/FormXob.icon-"):
                found.add(name.removeprefix("/FormXob.icon-"))
            todo.append(form.get_object().get("/Resources"))
    return found


def _area(page, box_mm):
    """Return a template area (mm from its top-left) as PDF points on the page."""
    left, top, right, bottom = box_mm
    x0 = (page.get_width() - TEMPLATE[0]) / 2
    y0 = (page.get_height() + TEMPLATE[1]) / 2  # the template's top, in PDF points
    return x0 + left * MM, y0 - bottom * MM, x0 + right * MM, y0 - top * MM


@pytest.mark.parametrize("profile", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_duplex_drawing_and_the_pictograms_stand_clear(built, game, profile):
    path = built(game, "how-to-print", profile)
    reader = PdfReader(str(path))
    assert len(reader.pages) == 1
    art = ART - {"folded-paper"} if game in FOLDS_NOTHING else ART
    assert art <= _art_drawn(reader), art - _art_drawn(reader)
    assert ("folded-paper" in _art_drawn(reader)) is (game not in FOLDS_NOTHING)
    page = pdfium.PdfDocument(str(path))[0]
    text = page.get_textpage()
    caption = ink_boxes(page, "Long edge:")
    top = ((page.get_height() + TEMPLATE[1]) / 2 - caption[3]) / MM - CAPTION_DOWN
    duplex = ((102, top, 190, top + 12.5), DUPLEX_WORDS)
    pictograms = (PICTOGRAMS[0], UNFOLDED) if game in FOLDS_NOTHING else PICTOGRAMS
    for box_mm, words in (duplex, pictograms):
        left, bottom, right, top = _area(page, box_mm)
        # spaces aside: a line break inside a pictogram's words extracts with no space
        assert _flat(text.get_text_bounded(left, bottom, right, top)).replace(" ", "") \
            == words.replace(" ", "")
        for index in range(text.count_chars()):
            x0, y0, x1, y1 = text.get_charbox(index)
            inside = x0 >= left and x1 <= right and y0 >= bottom and y1 <= top
            apart = x1 <= left or x0 >= right or y1 <= bottom or y0 >= top
            assert inside or apart, (f"{game} {profile}: {text.get_text_range(index, 1)!r} "
                                     f"straddles the edge of {words[:20]!r}...")
    # the icons drawn here are credited on the page
    assert "game-icons.net" in _flat(text.get_text_range())
