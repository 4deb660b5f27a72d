"""Click-to-source traces a `{by: field}` pick (a band's colour chosen by guild) to the
spreadsheet cell that chose it, as it traces a `{{ field }}`, in a semicolon CSV as in a comma
one, and marks the cell's column in its row (issue 35, doc gap 14: the pick was not traced)."""

from __future__ import annotations

import pytest

from conftest import write_files
from sheetgen.load.project import Project
from sheetgen.studio.pages import face, sources
from sheetgen.studio.workspace import Workspace

FRONT = """size: poker
elements:
  - id: band
    type: box
    x: 0
    y: 0
    w: 100%
    h: 12mm
    fill: {by: guild, smiths: red, weavers: blue, else: ink}
  - {id: name, type: text, x: 5mm, y: 20mm, w: 50mm, h: 10mm, text: "{{ name }}"}
"""
ROWS = [["name", "cost", "guild"], ["Iron Ingot", "2", "smiths"], ["Wool Bolt", "1", "weavers"]]


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_a_by_pick_points_at_the_cell_that_chose_it(tmp_path, monkeypatch, delimiter):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    root = write_files(tmp_path, {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [deck]\n",
        "data/g/deck.yaml": "id: deck\ntitle: Deck\nkind: cards\nfront: f\n"
                            "items_from: {csv: wares.csv}\n",
        "data/g/wares.csv": "".join(delimiter.join(row) + "\n" for row in ROWS),
        "templates/f.yaml": FRONT})
    workspace = Workspace(Project.at(root))
    view = workspace.view("g")
    shown = face(workspace, view, "deck", 1, "front")
    band = next(e["index"] for e in shown["elements"] if e["name"] == "band")
    found = sources(workspace, view, "deck", 1, "front", band, "vscode")
    pick = next(loc for loc in found if loc["what"].startswith("field guild"))
    assert pick["what"] == "field guild (picks fill)"
    assert pick["shown"].endswith("wares.csv") and (pick["line"], pick["column"]) == (3, 3)
    row = dict(pick["lines"])[3]
    assert row == f"Wool Bolt{delimiter}1{delimiter}weavers"
    start, end = pick["cell"]
    assert row[start:end] == "weavers"
    name = next(e["index"] for e in shown["elements"] if e["name"] == "name")
    (field,) = [loc for loc in sources(workspace, view, "deck", 1, "front", name, "vscode")
                if loc["what"] == "field name"]
    assert (field["line"], field["column"]) == (3, 1)
    assert dict(field["lines"])[3][slice(*field["cell"])] == "Wool Bolt"
