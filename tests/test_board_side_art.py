"""A hex board side's own ``art``: drawn over the shared backdrop, under the hexes, on that
side only; its mistakes are reported at their line in the board's file."""

from __future__ import annotations

import re

import pypdfium2 as pdfium

from conftest import run_cli

MARK = "#ff00ff"  # a colour nothing else on the board uses


def _board(root):
    return root / "data" / "ragnarocks" / "board.yaml"


def _replace_art(root, side_a: str, side_b: str) -> str:
    """Give side a and side b these ``art:`` blocks (YAML text, indented for a side)."""
    path = _board(root)
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"\n    art:\n(?:      .*\n|        .*\n)+", text)
    assert len(blocks) == 2, "both Ragnarocks sides carry art"
    text = text.replace(blocks[0], "\n" + side_a, 1).replace(blocks[1], "\n" + side_b, 1)
    path.write_text(text, encoding="utf-8")
    return text


def _build(root, *profiles):
    args = ["--project", str(root), "build", "ragnarocks", "board", "-q"]
    for profile in profiles:
        args += ["-p", profile]
    return run_cli(*args, cwd=root)


def _pixel(pdf, page: int, x_mm: float, y_mm: float, bleed_mm: float = 3.175):
    """Return the RGB colour at (x, y) mm from the trimmed face's top-left on a pod page."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[page].render(scale=100 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    s = 100 / 25.4
    return image.getpixel((round((x_mm + bleed_mm) * s), round((y_mm + bleed_mm) * s)))


def test_side_art_is_drawn_on_its_own_side_in_its_place(copy_game):
    root = copy_game("ragnarocks")
    mark = f'      - {{type: box, x: 16mm, y: 150mm, w: 12mm, h: 12mm, fill: "{MARK}"}}\n'
    _replace_art(root, "", "    art:\n" + mark)
    result = _build(root, "pod")
    assert result.exit_code == 0, result.output
    pdf = root / "out" / "ragnarocks" / "board-pod.pdf"
    assert _pixel(pdf, 1, 22, 156) == (255, 0, 255)  # side b: in the middle of the box
    assert _pixel(pdf, 1, 12, 156) != (255, 0, 255)  # not beside it
    assert _pixel(pdf, 0, 22, 156) != (255, 0, 255)  # side a: not there


def test_side_art_lies_under_the_hexes(copy_game):
    # a box across the whole face: the hexes and the backdrop's pieces drawn before it show
    # where the box does not reach; the hexes are drawn over it
    root = copy_game("ragnarocks")
    wide = f'      - {{type: box, x: 0mm, y: 0mm, w: 336mm, h: 304mm, fill: "{MARK}"}}\n'
    _replace_art(root, "    art:\n" + wide, "")
    result = _build(root, "pod")
    assert result.exit_code == 0, result.output
    pdf = root / "out" / "ragnarocks" / "board-pod.pdf"
    assert _pixel(pdf, 0, 168, 150) != (255, 0, 255)  # a hex in the middle of side a
    assert _pixel(pdf, 0, 20, 200) == (255, 0, 255)  # the sea, covered on side a
    assert _pixel(pdf, 1, 20, 200) != (255, 0, 255)


def test_side_art_mistakes_name_their_line(copy_game):
    root = copy_game("ragnarocks")
    text = _replace_art(root, "    art:\n      - {type: box, x: 16mm, y: 150mm, fil: red}\n",
                        "    art:\n      - {x: 3mm, y: 4mm}\n")
    result = _build(root)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = text.splitlines()
    typo = next(n for n, line in enumerate(lines, 1) if "fil: red" in line)
    words = next(n for n, line in enumerate(lines, 1) if "{x: 3mm, y: 4mm}" in line)
    # the element is blamed in the board's file, where it was written, not the backdrop's
    assert f"data/ragnarocks/board.yaml:{typo}:" in result.output, result.output
    assert "did you mean 'fill'" in result.output
    assert f"data/ragnarocks/board.yaml:{words}: each art entry is an element" in result.output
    assert not (root / "out" / "ragnarocks" / "board-a4.pdf").exists()


def test_side_art_without_a_backdrop_lies_over_the_background(copy_game):
    root = copy_game("ragnarocks")
    mark = f'      - {{type: box, x: 2mm, y: 2mm, w: 8mm, h: 8mm, fill: "{MARK}"}}\n'
    _replace_art(root, "    art:\n" + mark, "")
    path = _board(root)
    text = path.read_text(encoding="utf-8").replace("backdrop: ragnarocks-board\n", "", 1)
    path.write_text(text, encoding="utf-8")
    result = _build(root, "pod")
    assert result.exit_code == 0, result.output
    pdf = root / "out" / "ragnarocks" / "board-pod.pdf"
    # the plain board's corner: the paper background, with the mark over it on side a only
    assert _pixel(pdf, 0, 6, 6, bleed_mm=3) == (255, 0, 255)
    assert _pixel(pdf, 1, 6, 6, bleed_mm=3) != (255, 0, 255)
