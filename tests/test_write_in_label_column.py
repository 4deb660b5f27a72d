"""write_in: with label_width, the icon sits inside the label column (issue 35 gap 15), so a
write-in with an icon starts its box where one without an icon does."""

from __future__ import annotations

import pypdfium2 as pdfium

from conftest import run_cli, write_files

DPI = 300
TEMPLATE = """\
width: 90mm
height: 40mm
bleed: 0mm
elements:
  - {id: with-icon, type: write_in, x: 5mm, y: 5mm, w: 80mm, h: 8mm, label: "Gold",
     icon: coins, label_width: 35mm, fill: "#ff0000"}
  - {id: without, type: write_in, x: 5mm, y: 20mm, w: 80mm, h: 8mm, label: "Silver",
     label_width: 35mm, fill: "#0000ff"}
"""


def _left_edge(image, y_px: int, colour) -> int:
    """Return the first column of row ``y_px`` painted ``colour`` (within a small tolerance)."""
    for x in range(image.width):
        if all(abs(a - b) < 40 for a, b in zip(image.getpixel((x, y_px)), colour)):
            return x
    raise AssertionError(f"no {colour} in row {y_px}")


def test_boxes_with_and_without_an_icon_start_at_the_end_of_the_same_label_column(tmp_path):
    write_files(tmp_path, {
        "templates/rows.yaml": TEMPLATE,
        "data/g/game.yaml": "id: g\nname: G\nplayers: {min: 1, max: 2}\ncomponents: [aid]\n",
        "data/g/aid.yaml": "id: aid\ntitle: Aid\nkind: cards\nfront: rows\nback: rows\n"
                           "profiles: [pod]\nitems: [{name: One}]\n",
    })
    result = run_cli("--project", str(tmp_path), "build", "-q", "g", "aid", "-p", "pod")
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(str(tmp_path / "out" / "g" / "aid-pod.pdf"))
    try:
        page = pdf[0]
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    mm = DPI / 25.4
    red = _left_edge(image, round(9 * mm), (255, 0, 0))
    blue = _left_edge(image, round(24 * mm), (0, 0, 255))
    # both boxes start 5 mm + 35 mm from the face's left edge (was: the icon's 8 mm further)
    assert abs(red - blue) <= 1, (red / mm, blue / mm)
    assert abs(blue / mm - 40) < 0.3, blue / mm
