"""The scene backdrops (templates/art/scenes): each is read in full by the art reader, greyscale
(so ``tint:`` puts it in any palette), small, credited and licensed; drawn on a card they are
not blank, darker at the bottom than the top, calm where a piece stands, and take the tint;
their credit prints on the pages that draw one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetgen.fill.art.model import Gradient
from sheetgen.fill.art.read import read_art

REPO = Path(__file__).resolve().parents[1]
SCENES = REPO / "templates" / "art" / "scenes"
FILES = sorted(SCENES.glob("*.svg"))
HELPERS = {"shadow", "halo"}  # pieces to compose with, not backdrops
BACKDROPS = [p for p in FILES if p.stem not in HELPERS]
MAX_BYTES = 8_000  # render speed (issue 36): a few paths each, no filters


def _colours(art) -> set[tuple]:
    found = set()
    for shape in art.shapes:
        for paint in (shape.fill, shape.stroke):
            if isinstance(paint, Gradient):
                found |= {stop.rgb for stop in paint.stops}
            elif isinstance(paint, tuple):
                found.add(paint)
    return found


def test_the_library_has_a_dozen_backdrops_and_its_helpers():
    assert len(BACKDROPS) >= 12
    assert HELPERS <= {p.stem for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_scene_is_read_in_full_greyscale_and_small(path):
    art = read_art(path)
    assert art.warnings == []  # nothing left undrawn (no filters, masks, patterns)
    assert art.shapes
    assert not art.one_colour  # colour art: drawn in its own greys, multiplied by a tint
    colours = _colours(art)
    assert colours and all(r == g == b for r, g, b in colours), colours
    assert path.stat().st_size <= MAX_BYTES
    if path.stem not in HELPERS:
        assert art.box == (0.0, 0.0, 400.0, 300.0)  # one shape of frame for every backdrop
        assert len(colours) >= 5  # depth layers: far light, near dark
        assert len(art.shapes) <= 40


def test_every_scene_has_a_credits_row_a_licence_and_a_printed_credit():
    credits = (SCENES / "CREDITS.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| ([a-z0-9-]+)\.svg \|", credits, re.M))
    assert rows == {p.stem for p in FILES}
    assert "CC0 1.0" in (SCENES / "LICENSE.md").read_text(encoding="utf-8")
    assert "Scenes: CC0" in (SCENES / "credit.yaml").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_page_that_draws_a_scene_credits_it_in_its_footer(tmp_path):
    """An ``image`` drawing an SVG of a ``templates/art/SET/`` folder credits the set in the
    footer of its pages (only art named ``set/name`` in an ``icon:`` did)."""
    from pypdf import PdfReader

    from conftest import run_cli, write_files

    write_files(tmp_path, {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [scene, plain]\n",
        "data/g/scene.yaml": "id: scene\ntitle: Scene\nkind: cards\nfront: f\nitems:\n"
                             "  - name: One\n",
        "data/g/plain.yaml": "id: plain\ntitle: Plain\nkind: cards\nfront: p\nitems:\n"
                             "  - name: One\n",
        "templates/f.yaml": "size: poker\nelements:\n  - {type: image, src: art/scenes/sea.svg, "
                            "fit: cover, tint: '#a8c4dc', x: 5mm, y: 5mm, w: 50mm, h: 40mm}\n",
        "templates/p.yaml": "size: poker\nelements:\n  - {type: box, fill: '#a8c4dc', x: 5mm, "
                            "y: 5mm, w: 50mm, h: 40mm}\n",
        "templates/art/scenes/sea.svg": (SCENES / "sea.svg").read_text(encoding="utf-8"),
    })
    result = run_cli("--project", str(tmp_path), "build", "g", "-p", "a4", "-q")
    assert result.exit_code == 0, result.output

    def text(name):
        reader = PdfReader(tmp_path / "out" / "g" / f"{name}-a4.pdf")
        return " ".join(page.extract_text() for page in reader.pages)

    assert "Scenes: CC0" in text("scene")
    assert "Scenes: CC0" not in text("plain")
