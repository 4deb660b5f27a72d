"""``box`` with ``ruled:``: writing lines across the box, that far apart, as many as fit from
the top down (the How-to-print page's notes panel), measured from the pixels."""

from __future__ import annotations

import pypdfium2 as pdfium

from conftest import run_cli, write_files

MM = 72 / 25.4
GAME = "id: rule\nname: Rule\ncomponents: [cards]\n"
CARDS = "id: cards\ntitle: Cards\nkind: cards\nfront: rule-front\nprofiles: [pod]\n" \
        "items:\n  - {name: A}\n"
FRONT = """size: poker
elements:
  - {type: box, x: 10mm, y: 10mm, w: 40mm, h: 23mm, ruled: 5mm, rule_color: black,
     stroke_width: 0.3mm}
"""


def ruled_rows(tmp_path) -> list[float]:
    """Return the heights (mm below the trim's top) where a dark line crosses the box."""
    page = pdfium.PdfDocument(str(next((tmp_path / "out").rglob("cards-*pod*.pdf"))))[0]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    bleed = (page.get_width() / MM - 63.5) / 2  # the pod face is the card and its bleed
    x0, x1 = round((bleed + 12) * MM * scale), round((bleed + 48) * MM * scale)
    rows, previous = [], False
    for y in range(image.height):
        dark = max(image.crop((x0, y, x1, y + 1)).tobytes()) < 128  # the whole width is inked
        if dark and not previous:
            rows.append(round(y / scale / MM - bleed, 1))
        previous = dark
    return rows


def test_ruled_lines_fill_the_box_from_the_top(tmp_path):
    write_files(tmp_path, {"data/rule/game.yaml": GAME, "data/rule/cards.yaml": CARDS,
                           "templates/rule-front.yaml": FRONT})
    result = run_cli("--project", str(tmp_path), "build", "rule", "-p", "pod")
    assert result.exit_code == 0, result.output
    rows = ruled_rows(tmp_path)
    # 23 mm hold four lines 5 mm apart, from 10 mm down: 15, 20, 25, 30 (each 0.3 mm thick)
    assert len(rows) == 4, rows
    assert all(abs(row - want) < 0.3 for row, want in zip(rows, [15, 20, 25, 30])), rows
