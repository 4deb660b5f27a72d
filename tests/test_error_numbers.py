"""Errors that say what to do, with the numbers: the size that passes, the room a track needs,
the delimiter of a semicolon CSV, the install command of an extra (issue 35)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_cli, write_files
from sheetgen import cli

GAME = "id: demo\nname: Demo\ncomponents: [cards]\n"
CARDS = """id: cards
title: Cards
kind: cards
front: demo-front
profiles: [pod]
{items}
"""
TEXT_FRONT = """size: poker
elements:
  - id: value
    type: text
    x: 6mm
    y: 40mm
    w: 30mm
    h: 8mm
    text: "+1"
    size: {size}
"""
TRACK_FRONT = """size: poker
elements:
  - id: path
    type: track
    x: 2mm
    y: 5mm
    w: {w}
    h: 12mm
    space: 7mm
    spaces: [{spaces}]
"""


def _project(root: Path, front: str, items: str = "items:\n  - {name: Axe}") -> Path:
    return write_files(root, {"data/demo/game.yaml": GAME,
                              "data/demo/cards.yaml": CARDS.format(items=items),
                              "templates/demo-front.yaml": front})


def test_a_figure_too_small_says_which_size_passes_and_that_size_does(tmp_path):
    # Alegreya's old-style "1" is x-height tall: 9 pt is too small for game text
    root = _project(tmp_path / "small", TEXT_FRONT.format(size=9))
    result = run_cli("--project", str(root), "check", "demo")
    assert result.exit_code == 2, result.output
    found = re.search(r"its figures are [\d.]+ mm tall, game text needs 1.70 mm: "
                      r"([\d.]+) pt would pass", result.output)
    assert found, result.output
    passing = float(found.group(1))
    assert passing > 9
    ok = _project(tmp_path / "ok", TEXT_FRONT.format(size=passing))
    assert run_cli("--project", str(ok), "check", "demo").exit_code == 0
    under = _project(tmp_path / "under", TEXT_FRONT.format(size=passing - 0.5))
    assert run_cli("--project", str(under), "check", "demo").exit_code == 2


def test_a_track_too_long_says_the_room_its_spaces_need_and_that_room_fits(tmp_path):
    spaces = ", ".join(["{}"] * 12)
    root = _project(tmp_path / "long", TRACK_FRONT.format(w="55mm", spaces=spaces))
    result = run_cli("--project", str(root), "validate", "demo")
    assert result.exit_code == 2, result.output
    found = re.search(r"space 8 of 12 falls outside the track's box: the spaces need "
                      r"w ([\d.]+) mm x h ([\d.]+) mm, the box is w 55 mm x h 12 mm",
                      result.output)
    assert found, result.output
    need_w = float(found.group(1))
    assert need_w > 55
    fits = _project(tmp_path / "fits", TRACK_FRONT.format(w=f"{need_w}mm", spaces=spaces))
    assert run_cli("--project", str(fits), "validate", "demo").exit_code == 0, result.output
    short = _project(tmp_path / "short", TRACK_FRONT.format(w=f"{need_w - 1}mm", spaces=spaces))
    assert run_cli("--project", str(short), "validate", "demo").exit_code == 2


def test_a_semicolon_csv_reads_as_the_same_deck_as_a_comma_csv(tmp_path):
    pdfs = []
    for name, delimiter in (("comma", ","), ("semicolon", ";")):
        rows = [["name", "count", "text"], ["Axe", "2", "a, b"], ["Shield", "1", "c; d"]]
        quote = '"'
        lines = [delimiter.join(f"{quote}{cell}{quote}" if delimiter in cell or "," in cell
                                or ";" in cell else cell for cell in row) for row in rows]
        root = _project(tmp_path / name, TEXT_FRONT.format(size=12).replace(
            'text: "+1"', 'text: "{{ name }} {{ text }}"'), items="items_from: {csv: wares.csv}")
        (root / "data/demo/wares.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        result = run_cli("--project", str(root), "build", "demo")
        assert result.exit_code == 0, result.output
        pdfs.append((root / "out/demo/cards-pod.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]


def test_the_serve_extra_is_installed_from_the_folder_sheetgen_came_from(monkeypatch, tmp_path):
    class Dist:
        def __init__(self, text):
            self.text = text

        def read_text(self, name):
            return self.text if name == "direct_url.json" else None

    from importlib import metadata

    origin = '{"url": "file://%s", "dir_info": {}}' % tmp_path
    monkeypatch.setattr(metadata, "distribution", lambda name: Dist(origin))
    assert cli.install_extra("serve") == f"pip install '.[serve]' in {tmp_path}"
    monkeypatch.setattr(metadata, "distribution", lambda name: Dist(None))
    assert cli.install_extra("serve") == "pip install 'sheetgen[serve]'"


WRAPPED_FRONT = """size: a5
elements:
  - id: ledger
    type: track
    x: 10mm
    y: 10mm
    w: 31mm
    h: {h}
    wrap: 4
    spaces: [{spaces}]
"""


def test_a_wrapped_track_with_below_values_says_the_room_the_docs_formula_gives(tmp_path):
    # how-to/notepads.md: 8 spaces of 7 mm, gap 1 mm, wrapped every 4, below values at 9.5 pt:
    # width 4 x 7 + 3 x 1 = 31 mm, height (1.9 x 7 + 1) + 7 + 0.42 x 7 + 0.6 x 9.5 pt = 26.3
    # mm, said rounded up to the half millimetre
    spaces = ", ".join("{below: '+%d'}" % n for n in range(1, 9))
    sheet = "id: cards\ntitle: Ledger\nkind: sheet\ntemplate: demo-front\n"

    def project(name: str, h: str) -> Path:
        return write_files(tmp_path / name, {
            "data/demo/game.yaml": GAME, "data/demo/cards.yaml": sheet,
            "templates/demo-front.yaml": WRAPPED_FRONT.format(h=h, spaces=spaces)})

    result = run_cli("--project", str(project("short", "20mm")), "validate", "demo")
    assert result.exit_code == 2, result.output
    assert ("space 5 of 8 falls outside the track's box: the spaces and their values need "
            "w 31 mm x h 26.5 mm, the box is w 31 mm x h 20 mm") in result.output, result.output
    roomy = project("roomy", "26.5mm")
    assert run_cli("--project", str(roomy), "check", "demo").exit_code == 0
