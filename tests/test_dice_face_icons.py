"""Dice faces drawn by a named icon (``icons: {horn: hunting-horn}``), the built-in ``blank``
face (drawn empty, scripted as "blank"), and an empty (null) face as one clear error."""

from __future__ import annotations

import json
import re
import shutil

from PIL import ImageChops
from pypdf import PdfReader

from conftest import REPO, run_cli
from pdfcheck import MM, placements, render
from sheetgen.fill.icons import IconBook
from sheetgen.load.project import Project

RED = 'red: {name: Red, mark: R, colour: "#c0392b", faces: [1, 2, 3, 4, 5, 6]}'


def _red_line() -> int:
    """Return the line of the red die in Rolling Thunder's dice.yaml."""
    text = (REPO / "data" / "rolling-thunder" / "dice.yaml").read_text(encoding="utf-8")
    return text[:text.index(RED)].count("\n") + 1


def _project(copy_game, red: str):
    root = copy_game("rolling-thunder")
    game = root / "data" / "rolling-thunder"
    dice = game / "dice.yaml"
    text = dice.read_text(encoding="utf-8")
    assert RED in text
    dice.write_text(text.replace(RED, red), encoding="utf-8")
    comp = game / "printable-dice.yaml"
    # no face reference card (the game prints none): the nets alone are compared
    assert "\nreference: null\n" in comp.read_text(encoding="utf-8")
    return root


def _build(root, out):
    result = run_cli("--project", str(root), "build", "rolling-thunder", "printable-dice",
                     "-p", "a4", "--out", str(out))
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("rolling-thunder/printable-dice-a4.pdf")
    return pdf


def test_a_face_drawn_by_a_mapped_icon_prints_as_that_icon_and_blank_prints_empty(
        copy_game, tmp_path, private_cache_dir):
    mapped = _project(copy_game, 'red: {name: Red, colour: "#c0392b", '
                      "faces: [horn, blank, 3, 4, 5, 6], icons: {horn: hunting-horn}}")
    pdf = _build(mapped, tmp_path / "mapped")
    # the same die with the icon's own name as the face: every pixel must be the same
    literal_root = tmp_path / "literal"
    literal_root.mkdir()
    shutil.copytree(mapped / "data", literal_root / "data")
    dice = literal_root / "data" / "rolling-thunder" / "dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace(
        "faces: [horn, blank, 3, 4, 5, 6], icons: {horn: hunting-horn}",
        "faces: [hunting-horn, blank, 3, 4, 5, 6]"), encoding="utf-8")
    literal = _build(literal_root, tmp_path / "literal-out")
    a, b = render(pdf, 0, dpi=100), render(literal, 0, dpi=100)
    assert ImageChops.difference(a, b).getbbox() is None

    reader = PdfReader(pdf)
    height = float(reader.pages[0].mediabox.height)
    faces = placements(reader, 0)[:6]  # the red die's first net, faces in dice.yaml order
    image = render(pdf, 0, dpi=100)

    def spread(face) -> int:  # the net's faces are 16 mm, placed at their lower left corner
        x0, y0, x1, y1 = face.x, face.y, face.x + 16 * MM, face.y + 16 * MM
        inset = (x1 - x0) * 0.15
        s = 100 / 72
        crop = image.crop((int((x0 + inset) * s), int((height - y1 + inset) * s),
                           int((x1 - inset) * s), int((height - y0 - inset) * s)))
        low, high = crop.getextrema()
        return high - low

    assert spread(faces[1]) <= 2      # blank: the die's colour only
    assert spread(faces[0]) > 100     # the horn: white ink on red
    assert spread(faces[2]) > 100     # the number 3


def test_blank_and_mapped_faces_in_scripts(copy_game, private_cache_dir):
    root = _project(copy_game, 'red: {name: Red, colour: "#c0392b", '
                    "faces: [horn, blank, blank, blank, blank, horn], "
                    "icons: {horn: hunting-horn}}")
    result = run_cli("--project", str(root), "dice", "rolling-thunder", "--players", "1",
                     "--seed", "blank faces", "--format", "json")
    assert result.exit_code == 0, result.output
    shown = set(re.findall(r'"(horn|blank|hunting-horn)"', result.output))
    assert shown == {"horn", "blank"}  # faces are scripted by name, not by icon
    html = run_cli("--project", str(root), "dice", "rolling-thunder", "--players", "1",
                   "--seed", "blank faces", "--format", "html").output
    blank = re.search(r'<symbol id="d-red-blank".*?</symbol>', html)[0]
    assert "<path" not in blank and "<text" not in blank  # drawn empty
    horn = re.search(r'<symbol id="d-red-horn".*?</symbol>', html)[0]
    svg = IconBook.for_project(Project.at(root)).files["hunting-horn"].read_text()
    path_d = re.search(r'<path[^>]* d="([^"]+)"', svg)[1]
    # the horn's outline, read as the PDF reads it (absolute commands): every subpath of it
    drawn = re.search(r'<path d="([^"]+)" fill-rule="evenodd"/>', horn)[1]
    assert drawn.count("M") == len(re.findall("[Mm]", path_d)) > 1
    assert json.loads(result.output)  # the script is valid JSON


def test_an_empty_face_is_one_clear_error(copy_game, private_cache_dir):
    root = _project(copy_game, 'red: {name: Red, colour: "#c0392b", faces: [1, 2, null, 4, 5, 6]}')
    result = run_cli("--project", str(root), "validate", "rolling-thunder")
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if "dice.yaml" in line]
    assert errors == [errors[0]]
    assert re.search(rf"dice\.yaml:{_red_line()}: dice\.red\.faces\.2: a face cannot be empty: "
                     r"write a number, a symbol name or blank$", errors[0])


def test_icons_must_name_a_face_of_the_die(copy_game, private_cache_dir):
    root = _project(copy_game, 'red: {name: Red, colour: "#c0392b", '
                    "faces: [horn, 2, 3, 4, 5, 6], icons: {hron: hunting-horn}}")
    result = run_cli("--project", str(root), "validate", "rolling-thunder")
    assert result.exit_code == 2
    assert (f"dice.yaml:{_red_line()}: dice.red: icons: unknown symbol face 'hron'; "
            "did you mean 'horn'?") in result.output
