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
HELPERS = {"shadow", "halo", "dark-square"}  # pieces to compose with (or a symbol), not backdrops
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


MM = 72 / 25.4
SCALE = 2  # pixels per point
FRAME = (60, 45)  # mm: a scene's frame on the test page, 4:3 like the scenes
TINT = (168, 196, 220)  # "#a8c4dc"
DARK = {"hall", "cave", "night", "night-river", "storm", "throne"}  # lit from the middle, where
# the piece stands


def _frame_at(index: int) -> tuple[float, float]:
    row, col = divmod(index, 3)
    return 5 + col * (FRAME[0] + 5), 5 + row * (FRAME[1] + 5)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """Every backdrop drawn by an ``image`` (fit: cover) on one page, grey and tinted: a
    function giving the pixels of a scene's frame (an RGB array)."""
    import shutil

    import numpy as np
    import pypdfium2 as pdfium

    from conftest import run_cli, write_files

    root = tmp_path_factory.mktemp("scenes")
    shutil.copytree(SCENES, root / "templates" / "art" / "scenes")
    elements = []
    for index, path in enumerate(BACKDROPS):
        x, y = _frame_at(index)
        elements.append(f"  - {{type: image, src: art/scenes/{path.name}, fit: cover, "
                        f"tint: \"{{{{ tint }}}}\", x: {x}mm, y: {y}mm, w: {FRAME[0]}mm, "
                        f"h: {FRAME[1]}mm}}\n")
    rows = -(-len(BACKDROPS) // 3)
    write_files(root, {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [c]\n",
        "data/g/c.yaml": "id: c\ntitle: C\nkind: cards\nfront: f\nitems:\n"
                         "  - {name: Grey, tint: none}\n  - {name: Tinted, tint: '#a8c4dc'}\n",
        "templates/f.yaml": f"width: 200mm\nheight: {5 + rows * (FRAME[1] + 5)}mm\n"
                            "fields: {tint: none}\nelements:\n" + "".join(elements),
    })
    result = run_cli("--project", str(root), "build", "g", "-p", "pod", "--out",
                     str(root / "out"), "-q")
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(str(root / "out" / "g" / "c-pod.pdf"))
    pages = [np.asarray(document[i].render(scale=SCALE).to_pil().convert("RGB"), dtype=float)
             for i in range(2)]
    document.close()
    bleed = 9.0  # a pod page's trim inside 1/8 in of bleed

    def frame(index: int, tinted: bool = False):
        x, y = _frame_at(index)
        x0, y0 = round((bleed + (x + 0.5) * MM) * SCALE), round((bleed + (y + 0.5) * MM) * SCALE)
        x1 = round((bleed + (x + FRAME[0] - 0.5) * MM) * SCALE)
        y1 = round((bleed + (y + FRAME[1] - 0.5) * MM) * SCALE)
        return pages[tinted][y0:y1, x0:x1]

    return frame


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(BACKDROPS)), ids=lambda i: BACKDROPS[i].stem)
def test_every_scene_draws_in_layers_with_a_calm_centre(drawn, index):
    import numpy as np

    name = BACKDROPS[index].stem
    grey = drawn(index).mean(axis=2)
    h, w = grey.shape
    top, bottom = grey[: h // 3].mean(), grey[-h // 3:].mean()
    calm = grey[int(h * 0.55): int(h * 0.9), int(w * 0.38): int(w * 0.62)]
    corners = np.concatenate([grey[-h // 4:, : w // 5].ravel(), grey[-h // 4:, -w // 5:].ravel()])
    print(name, round(grey.std()), round(top), round(bottom), round(calm.std()),
          round(calm.mean()), round(corners.mean()), len(np.unique(grey.round(-1))))
    assert grey.std() > 25  # a picture, not a flat panel
    assert len(np.unique((grey / 8).round())) >= 8  # depth layers: many tones
    assert calm.std() < grey.std()  # the calm area is calmer than the picture
    assert corners.mean() < calm.mean()  # the frame of the picture is darker than where a
    # piece stands, so a dark piece reads there
    if name in DARK:
        middle = grey[h // 4: 3 * h // 4, w // 3: 2 * w // 3].mean()
        assert middle > top and middle > bottom  # lit from the middle
    else:
        assert bottom < top  # near layers darker than far layers and sky


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(BACKDROPS)), ids=lambda i: BACKDROPS[i].stem)
def test_a_tint_puts_every_scene_in_its_palette(drawn, index):
    import numpy as np

    grey, tinted = drawn(index), drawn(index, tinted=True)
    assert np.allclose(grey[..., 0], grey[..., 2], atol=2)  # greys: red = blue
    # multiplied by the tint: each channel is the grey times the tint's channel
    for channel, value in enumerate(TINT):
        expected = grey[..., channel] * value / 255
        assert np.abs(tinted[..., channel] - expected).mean() < 3


@pytest.mark.slow
def test_a_project_template_draws_the_built_in_scene_and_its_own_file_wins(tmp_path):
    """An image path not beside the template is taken from the same place in the built-in
    folder (a project drew no built-in scene: 'not found'); a project's own file of that
    path shadows the built-in one."""
    import numpy as np
    import pypdfium2 as pdfium

    from conftest import run_cli, write_files

    write_files(tmp_path, {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [c]\n",
        "data/g/c.yaml": "id: c\ntitle: C\nkind: cards\nfront: f\nitems:\n  - name: One\n",
        "templates/f.yaml": "width: 40mm\nheight: 30mm\nelements:\n  - {type: image, src: "
                            "art/scenes/night.svg, fit: fill, bleed_art: true, x: 0mm, y: 0mm, "
                            "w: 40mm, h: 30mm}\n",
    })

    def pixels():
        result = run_cli("--project", str(tmp_path), "build", "g", "-p", "pod", "--out",
                         str(tmp_path / "out"), "-q")
        assert result.exit_code == 0, result.output
        document = pdfium.PdfDocument(str(tmp_path / "out" / "g" / "c-pod.pdf"))
        image = document[0].render(scale=1).to_pil().convert("RGB")
        document.close()
        bleed = 9  # points of bleed round the trim
        return image.crop((bleed + 4, bleed + 4, image.width - bleed - 4,
                           image.height - bleed - 4))

    tones = np.asarray(pixels(), dtype=int).sum(axis=2)
    assert tones.min() < 3 * 60 and tones.max() > 3 * 200  # the night: dark, with stars
    write_files(tmp_path, {"templates/art/scenes/night.svg":
                           '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">'
                           '<rect width="400" height="300" fill="#ff0000"/></svg>'})
    own = np.asarray(pixels(), dtype=int).reshape(-1, 3)
    assert (own == (255, 0, 0)).all()
