"""Mistakes in sheet YAML: path:line, exit code 2, no traceback, the previous PDF untouched."""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO, run_cli


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line where ``needle`` first appears."""
    return text[: text.index(needle)].count("\n") + 1


@pytest.fixture
def sheet_project(copy_game):
    """A project with Rolling Thunder and Roll & Raid and their sheet templates, built once."""
    root = copy_game("rolling-thunder", "roll-and-raid")
    (root / "templates").mkdir()
    for name in ("rolling-thunder-play-sheet", "roll-and-raid-clan-sheet"):
        shutil.copy(REPO / "templates" / f"{name}.yaml", root / "templates" / f"{name}.yaml")
    # the pictures the sheets draw (an image's src is relative to its template)
    shutil.copytree(REPO / "templates" / "art", root / "templates" / "art")
    for game, comp in (("rolling-thunder", "play-sheet"), ("roll-and-raid", "clan-sheet")):
        result = run_cli("--project", str(root), "build", game, comp, "-p", "pod", "--copies",
                         "1", "-q", cwd=root)
        assert result.exit_code == 0, result.output
    return root


def break_and_build(root, game, comp, file, anchor, old, new, *words):
    """Replace ``old`` (first after ``anchor``) in ``file``; the build must fail at its element."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    start = text.index(anchor)
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    pdf = root / "out" / game / f"{comp}-pod.pdf"
    before = pdf.read_bytes()
    result = run_cli("--project", str(root), "build", game, comp, "-p", "pod", "--copies", "1",
                     "-q", cwd=root)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    # at the element's line, or at the broken value's own line when it is nested (cells.0.icon)
    own = text[:at].count("\n") + 1
    assert any(f"{file}:{n}:" in result.output for n in (line_of(text, anchor), own)), \
        result.output
    for word in words:
        assert word in result.output, result.output
    assert pdf.read_bytes() == before
    return result.output


def test_hex_outside_its_region(sheet_project):
    break_and_build(sheet_project, "roll-and-raid", "clan-sheet",
                    "templates/roll-and-raid-clan-sheet.yaml", "  - id: harbor\n",
                    "origin: [5mm, 9mm]", "origin: [40mm, 9mm]",
                    "hex", "outside the region box")


def test_unknown_icon_in_a_grid_cell(sheet_project):
    out = break_and_build(sheet_project, "rolling-thunder", "play-sheet",
                          "templates/rolling-thunder-play-sheet.yaml", "  - id: sectors\n",
                          "icon: symbol/troll,", "icon: trolll,", "unknown icon 'trolll'")
    assert "troll" in out.split("unknown icon")[1]  # suggests the near names
    text = (sheet_project / "templates/rolling-thunder-play-sheet.yaml").read_text()
    own = text[:text.index("icon: trolll,")].count("\n") + 1
    assert f"rolling-thunder-play-sheet.yaml:{own}: square_grid element cells.0.icon" in out


def test_grid_cell_out_of_range(sheet_project):
    break_and_build(sheet_project, "rolling-thunder", "play-sheet",
                    "templates/rolling-thunder-play-sheet.yaml", "  - id: sectors\n",
                    "{at: [16, 1], icon: symbol/troll,", "{at: [19, 1], icon: symbol/troll,",
                    "[19, 1] is out of range", "columns 1-18")


def test_grid_trace_out_of_range(sheet_project):
    break_and_build(sheet_project, "rolling-thunder", "play-sheet",
                    "templates/rolling-thunder-play-sheet.yaml", "  - id: valhalla-example\n",
                    "trace: [[1, 1],", "trace: [[1, 4],", "trace cell [1, 4] is out of range",
                    "rows 1-3")


def test_track_space_with_unknown_icon(sheet_project):
    break_and_build(sheet_project, "roll-and-raid", "clan-sheet",
                    "templates/roll-and-raid-clan-sheet.yaml", "  - id: njord-tracker\n",
                    'below: ":symbol/ship:"', 'below: ":symbol/longship:"',
                    "unknown symbol 'longship'")


def test_element_in_the_glue_strip(sheet_project):
    break_and_build(sheet_project, "rolling-thunder", "play-sheet",
                    "templates/rolling-thunder-play-sheet.yaml", "  - id: title\n",
                    "y: 9.2mm", "y: 4mm", "glue strip")


def test_bad_copies_in_the_sheet_yaml(sheet_project):
    path = sheet_project / "data/rolling-thunder/play-sheet.yaml"
    text = path.read_text()
    path.write_text(text.replace("copies: 50", "copies: 0"))
    result = run_cli("--project", str(sheet_project), "build", "rolling-thunder", "play-sheet",
                     "-q", cwd=sheet_project)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"data/rolling-thunder/play-sheet.yaml:{line_of(text, 'copies: 50')}" in result.output
