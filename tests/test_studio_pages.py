"""The studio's other pages, against a running ``sheetgen serve`` on a project copy: a
profile's printed pages are the build's pages; a variant's flagged faces are exactly those
whose pictures differ; the dice panel gives the CLI's script and exact odds; a print-check
finding is placed where its text is."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys

import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.tools.newgame import new_project
from studio_server import REPO, Served

pytestmark = pytest.mark.slow  # serves two whole games and builds their pages

GAME = "roll-and-raid"


def cli(*args: str, cwd) -> subprocess.CompletedProcess:
    run = subprocess.run([sys.executable, "-m", "sheetgen", "--project", ".", *args], cwd=cwd,
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
    return run


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    project = tmp_path_factory.mktemp("studio-pages")
    for game in (GAME, "roll-and-might"):
        shutil.copytree(REPO / "data" / game, project / "data" / game)
    cache = tmp_path_factory.mktemp("cache")
    server = Served(project, env={"SHEETGEN_CACHE_DIR": str(cache)})  # every game
    yield server, project
    server.stop()


def test_printed_pages_are_the_builds_pages(served):
    server, project = served
    shown = json.loads(server.get(f"/api/printed/{GAME}/raid-cards/a4"))
    assert "a4" in shown["profiles"] and "letter" in shown["profiles"]
    assert "tts" not in shown["profiles"]
    cli("build", GAME, "raid-cards", "-p", "a4", "--out", "out", "--no-cache", cwd=project)
    pdf = PdfReader(project / "out" / GAME / "raid-cards-a4.pdf")
    assert len(shown["pages"]) == len(pdf.pages) > 1
    first = Image.open(io.BytesIO(server.get(shown["pages"][0])))
    assert abs(first.width - round(210 / 25.4 * 60)) <= 1   # A4 at the page view's 60 dpi
    assert abs(first.height - round(297 / 25.4 * 60)) <= 1
    assert first.convert("L").getextrema()[0] < 100          # something dark is printed on it


def test_a_variant_flags_exactly_the_faces_it_changes(served):
    server, _ = served
    shown = json.loads(server.get(f"/api/variant/{GAME}/harsh-winter"))
    assert shown["text"].startswith(f"{GAME}: base -> harsh-winter")
    flagged = [row for row in shown["rows"] if row["changed"]]
    assert flagged and len(flagged) < len(shown["rows"])
    for row in shown["rows"]:
        keys = [url.rsplit("-", 1)[1] if url else None for url in (row["base"], row["variant"])]
        assert (keys[0] != keys[1]) == row["changed"], row
    changed = flagged[0]
    base = Image.open(io.BytesIO(server.get(changed["base"]))).convert("RGB")
    variant = Image.open(io.BytesIO(server.get(changed["variant"]))).convert("RGB")
    assert base.tobytes() != variant.tobytes()


def test_the_dice_panel_gives_the_clis_script_and_exact_odds(served):
    server, project = served
    shown = json.loads(server.get(f"/api/dice/{GAME}?seed=frost-giant&players=3"
                                  "&odds=2d6%20%3E%3D%208"))
    assert shown["error"] == ""
    expected = cli("dice", GAME, "--seed", "frost-giant", "--players", "3", cwd=project).stdout
    assert shown["script"].strip() == expected.strip()
    assert "41.67%" in shown["odds"]  # 15 of 36 outcomes of 2d6 are 8 or more
    wrong = json.loads(server.get(f"/api/dice/{GAME}?seed=x&players=99"))
    assert wrong["error"] and not wrong["script"]


def test_a_finding_is_drawn_where_its_text_is(tmp_path):
    project = new_project(tmp_path / "proj", "tiny")
    template = project / "templates" / "tiny-card-front.yaml"
    template.write_text(template.read_text().replace("size: 10, min_size: 7", "size: 4.5, "
                                                     "min_size: 4"))
    server = Served(project, "tiny", env={"SHEETGEN_CACHE_DIR": str(tmp_path / "cache")})
    try:
        face = json.loads(server.get("/api/face/tiny/deck/0/front"))
        grid = json.loads(server.get("/api/component/tiny/deck"))
    finally:
        server.stop()
    small = [f for f in face["findings"] if f["kind"] == "text-size"]
    assert small and all(f["element"] == "text" for f in small)
    text_box = next(e["box"] for e in face["elements"] if e["name"] == "text")
    for finding in small:
        x0, y0, x1, y1 = finding["box"]
        assert text_box[0] - 0.5 <= x0 < x1 <= text_box[2] + 0.5
        assert text_box[1] - 0.5 <= y0 < y1 <= text_box[3] + 0.5
    assert any("tiny-card-front.yaml" in p and "4.5 pt" in p for p in face["problems"])
    assert all(tile["findings"] >= 1 for tile in grid["tiles"])  # every card's text is small


def test_a_value_from_a_spreadsheet_points_at_its_cell(served):
    server, project = served
    face = json.loads(server.get("/api/face/roll-and-might/cards/3/front"))
    element = next(e["index"] for e in face["elements"] if e["name"] == "location")
    shown = json.loads(server.get(f"/api/source/roll-and-might/cards/3/front/{element}"))
    rows = (project / "data" / "roll-and-might" / "cards.csv").read_text().splitlines()
    row = next(n for n, text in enumerate(rows, 1) if text.startswith(face["label"] + ","))
    column = rows[0].split(",").index("location") + 1
    field = next(loc for loc in shown if loc["what"] == "field location")
    assert field["shown"].endswith("cards.csv") and (field["line"], field["column"]) == (row,
                                                                                         column)
    assert [text for n, text in field["lines"] if n == row] == [rows[row - 1]]
    template = next(loc for loc in shown if loc["what"].startswith("template element"))
    assert template["path"].endswith("might-front.yaml")


def test_an_edition_is_shown_with_edition_in_the_query(served):
    """?edition=es: the game's editions listed (the switcher's links), the Raid cards'
    faces read in Spanish, their images served; without it, the source."""
    server, _ = served
    games = json.loads(server.get("/api/games?edition=es"))["games"]
    raid = next(g for g in games if g["id"] == GAME)
    assert raid["editions"] == ["es", "de", "qps"]
    spanish = json.loads(server.get(f"/api/component/{GAME}/raid-cards?edition=es"))
    source = json.loads(server.get(f"/api/component/{GAME}/raid-cards"))
    assert spanish["title"] == "Cartas de Saqueo" and source["title"] == "Raid cards"
    url = spanish["tiles"][0]["front"]["url"]
    assert "edition=es" in url
    assert Image.open(io.BytesIO(server.get(url))).size[0] > 100
    assert url != source["tiles"][0]["front"]["url"]
