"""The studio shows two editions side by side, against a running ``sheetgen serve``: every
face of the Spanish edition beside the source's, the faces printing a text with no
translation flagged with that text, their images served."""

from __future__ import annotations

import io
import json

import polib
import pytest
from PIL import Image

from conftest import run_cli, write_files
from studio_server import Served

pytestmark = pytest.mark.slow  # serves a game and draws its faces

CSV = ("name,value,text,count\n"
       "Scout,1,Look at the top card of the deck.,3\n"
       "Raider,2,Roll a die: on 4+ gain 1 :coins:.,3\n")


@pytest.fixture
def served(tmp_path):
    """A `sheetgen new` project with a CSV deck and an `es` edition whose catalog lacks
    one text, 'Raider', served."""
    root = tmp_path / "p"
    assert run_cli("new", str(root), "--id", "duel", "--name", "Duel").exit_code == 0
    game = root / "data" / "duel"
    deck = (game / "deck.yaml").read_text()
    write_files(game, {
        "deck.yaml": deck[:deck.index("items:")] + "items_from: {csv: cards.csv}\n",
        "cards.csv": CSV,
        "game.yaml": (game / "game.yaml").read_text().replace(
            "components:", "editions:\n  - {code: es, title: Duelo}\ncomponents:")})
    assert run_cli("--project", str(root), "translate", "update", "duel", "--edition",
                   "es").exit_code == 0
    po = polib.pofile(str(game / "locale/es.po"), wrapwidth=0)
    for entry in po:
        entry.msgstr = "" if entry.msgid == "Raider" else f"ES {entry.msgid}"
    po.save(str(game / "locale/es.po"))
    server = Served(root)
    yield server
    server.stop()


def test_an_edition_beside_the_source_flags_its_untranslated_faces(served):
    shown = json.loads(served.get("/api/edition/duel/es"))
    assert shown["untranslated"] == ["Raider"]
    rows = {(r["component"], r["label"], r["side"]): r for r in shown["rows"]}
    flagged = {key for key, row in rows.items() if row["untranslated"]}
    raider = [key for key in rows if key[0] == "deck" and "raider" in key[1].lower()
              and key[2] == "front"]
    assert raider and flagged == set(raider), (flagged, sorted(rows))
    assert all(rows[key]["untranslated"] == ["Raider"] for key in raider)
    assert any(key[0] == "score-sheet" for key in rows)  # every component, not only the deck
    scout = next(r for key, r in rows.items() if "scout" in key[1].lower() and key[2] == "front")
    assert "edition=es" in scout["edition"] and "edition=" not in scout["base"]
    spanish = Image.open(io.BytesIO(served.get(scout["edition"]))).convert("L")
    english = Image.open(io.BytesIO(served.get(scout["base"]))).convert("L")
    assert spanish.size == english.size and spanish.tobytes() != english.tobytes()
    # the page the studio shows it on, and the links to it from the game's page
    script = served.get("/static/studio.js").decode()
    assert "/api/edition/" in script and "UNTRANSLATED" in script
    assert "source beside" in script


def test_a_fully_translated_edition_flags_nothing(served):
    shown = json.loads(served.get("/api/edition/duel/qps"))
    assert shown["untranslated"] == [] and shown["rows"]
    assert not any(r["untranslated"] for r in shown["rows"])
