"""What a build's roll sheets share: each deck's cards read once for every player count's
script, each script's cells measured once for every paper, each die face drawn once a
process; every sheet still reports the files it was made from, and has the bytes it has
alone."""

from __future__ import annotations

from conftest import REPO
from reportlab.lib.pagesizes import A4, LETTER

from sheetgen.dice import rules
from sheetgen.dice.formats import as_slips
from sheetgen.dice.roll_sheets import roll_sheet_pdfs
from sheetgen.load import reads
from sheetgen.load.project import Project
from sheetgen.write import form_replay

GAME = "roll-and-might"  # its script shuffles a deck


def test_sheets_sharing_their_work_have_the_bytes_they_have_alone(monkeypatch):
    project = Project.at(REPO)
    alone = [roll_sheet_pdfs(project, GAME, players, [A4, LETTER]) for players in (2, 3)]
    decks_read, measured = [], []
    read_deck, measured_w = rules.read_deck, as_slips._Slips._measured_w
    monkeypatch.setattr(rules, "read_deck", lambda *a, **k: decks_read.append(a[1])
                        or read_deck(*a, **k))
    monkeypatch.setattr(as_slips._Slips, "_measured_w", lambda self, roll, index: measured.append(
        (len(shared), id(roll), index, self.die)) or measured_w(self, roll, index))
    faces, decks, shared, made_from = {}, {}, [], []
    for players in (2, 3):
        with reads.part() as read:
            shared.append(roll_sheet_pdfs(project, GAME, players, [A4, LETTER], None, faces,
                                          decks))
        made_from.append({path.name for path in read.files()})
    assert shared == alone
    assert decks_read == ["cards"]  # read for the first script only
    # each (roll, index, die size) once, though each script is drawn on two papers
    assert len(measured) == len(set(measured)) > 0
    for names in made_from:  # the second script reports the deck it did not read again
        assert {"cards.yaml", "dice.yaml"} <= names
    # the die faces drawn in the first document are replayed in the others
    ((drawn, _),) = faces.values()  # (DieFaces, the reads it was made from)
    assert any(id(face) in form_replay._DRAWINGS for face in drawn.faces.values())
