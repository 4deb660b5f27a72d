"""Images are placed at their real resolution, warn below 300 dpi, and stay in the project."""

from __future__ import annotations

from PIL import Image
from pypdf import PdfReader

from conftest import run_cli

TEMPLATE = """size: poker
elements:
  - type: image
    src: art/{name}
    x: 10mm
    y: 10mm
    w: 20mm
    h: 20mm
"""
COMPONENT = """id: art-cards
title: Art cards
kind: cards
front: art-front
items:
  - name: Only
"""
GAME = """id: artgame
name: Art game
components: [art-cards]
"""


def make_project(root, pixels: int):
    (root / "data/artgame").mkdir(parents=True)
    (root / "templates/art").mkdir(parents=True)
    (root / "data/artgame/game.yaml").write_text(GAME)
    (root / "data/artgame/art-cards.yaml").write_text(COMPONENT)
    (root / "templates/art-front.yaml").write_text(TEMPLATE.format(name="pic.png"))
    Image.new("RGBA", (pixels, pixels), (200, 30, 30, 128)).save(root / "templates/art/pic.png")
    return root


def image_sizes(pdf_path):
    reader = PdfReader(pdf_path)
    sizes = []
    for xobj in reader.pages[0]["/Resources"]["/XObject"].values():
        inner = xobj.get_object()["/Resources"].get("/XObject", {})
        for image in inner.values():
            image = image.get_object()
            sizes.append((image["/Width"], image["/Height"], "/SMask" in image))
    return sizes


def test_low_resolution_warns_and_still_builds(tmp_path):
    root = make_project(tmp_path, 100)  # 100 px over 20 mm = 127 dpi
    result = run_cli("--project", str(root), "build", "artgame", "-p", "pod", "-q")
    assert result.exit_code == 0, result.output
    assert "warning:" in result.output and "127 dpi" in result.output
    assert "art-cards.yaml:6" in result.output
    # placed at its own pixels, alpha flattened: print files carry no transparency
    assert image_sizes(root / "out/artgame/art-cards-pod.pdf") == [(100, 100, False)]


def test_enough_resolution_is_quiet(tmp_path):
    root = make_project(tmp_path, 300)  # 381 dpi
    result = run_cli("--project", str(root), "build", "artgame", "-p", "pod", "-q")
    assert result.exit_code == 0 and "warning" not in result.output


def test_missing_image_is_an_error(tmp_path):
    root = make_project(tmp_path, 300)
    (root / "templates/art/pic.png").unlink()
    result = run_cli("--project", str(root), "build", "artgame", "-p", "pod")
    assert result.exit_code == 2 and "not found" in result.output
    assert "templates/art-front.yaml:3" in result.output


def test_a_board_side_with_a_picture_builds_tiled_then_one_page(tmp_path):
    # the tiled A4 board's page map drew the picture first, so the side's form looked like
    # one with nothing of the document's own and was replayed into the pod file, naming an
    # image that file lacks: KeyError 'FormXob...' (issue 35's defaults test found it)
    files = {"data/g/game.yaml": "id: g\nname: G\ncomponents: [board]\n",
             "data/g/board.yaml": "id: board\ntitle: Board\nkind: board\n"
                                  "sides:\n  - {id: main, template: side}\n",
             "templates/side.yaml": "width: 300mm\nheight: 300mm\nelements:\n  - {type: image, "
                                    "src: art/sea.png, x: 20mm, y: 20mm, w: 200mm, h: 150mm}\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "templates" / "art").mkdir()
    Image.new("RGB", (2400, 1800), (70, 110, 150)).save(tmp_path / "templates/art/sea.png")
    result = run_cli("--project", str(tmp_path), "build", "g", "-j", "1", "-p", "a4", "-p", "pod")
    assert result.exit_code == 0, result.output
    pod = PdfReader(tmp_path / "out" / "g" / "board-pod.pdf")
    assert [image.image.size for image in pod.pages[0].images] == [(2400, 1800)]
