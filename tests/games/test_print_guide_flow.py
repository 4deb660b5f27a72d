"""The How-to-print page counts the Clarifications cards its file prints, flowed cards too.

A Clarifications card whose rulings do not fit goes on onto a further card (the template's
``flow:``), so a deck of 3 items can print 5 cards (a longer language); the guide counted the
items. It now counts the cards the deck's own face builder makes (issue 34, 5): the file list
and the checklist say what the built Clarifications PDF holds, for every game, in its source
language and in the editions where cards flow (qps, the pseudo-translation 30-40 % longer,
and the es/de catalogs of the games that ship them).
"""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from pdfcheck import placements
from sheetgen.api import BuildOptions, build

pytestmark = pytest.mark.slow

GAMES = ["ragnarocks", "reavers-of-midgard", "roll-and-might", "roll-and-raid",
         "rolling-thunder"]
CASES = [(game, None) for game in GAMES] + [(game, "qps") for game in GAMES] + [
    (game, code) for game in ("ragnarocks", "roll-and-raid") for code in ("es", "de")]


def _printed_cards(path) -> int:
    """Return the cards on the fronts pages of a duplex card file (fronts, backs, fronts ...)."""
    reader = PdfReader(str(path))
    return sum(len(placements(reader, i)) for i in range(0, len(reader.pages), 2))


@pytest.mark.parametrize("game, edition", CASES)
def test_the_guide_counts_every_clarifications_card_that_prints(project, tmp_path, game,
                                                                edition):
    edited = project.with_edition(edition)
    paths = build(edited, game, ["clarifications", "how-to-print"],
                  BuildOptions(profiles=["a4"], out_dir=tmp_path))
    cards = next(p for p in paths if p.name.startswith("clarifications"))
    guide_pdf = next(p for p in paths if p.name.startswith("how-to-print"))
    printed = _printed_cards(cards)
    if (game, edition) == ("roll-and-raid", "qps"):
        assert printed == 5  # its 3 cards of rulings flow onto 5: the case the guide missed
    guide = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(
        str(guide_pdf)).pages))
    # the file list: "(clarifications[-es]-a4.pdf): N cards" (the unit in the edition's words;
    # Reavers' own page template sets the file name first, without brackets)
    listed = re.search(rf"{re.escape(cards.name)} ?\)?: (\d+) ", guide)
    assert listed, guide
    assert int(listed.group(1)) == printed, (listed.group(0), printed)
    # the checklist line counts them too, alone or as part of a set per player
    assert re.search(rf"\b{printed} [^·\d]{{1,160}}· ", guide), (printed, guide)

