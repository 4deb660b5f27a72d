"""Mistakes in board and token YAML: exit 2, ``path:line: message``, no traceback."""

from __future__ import annotations

import pytest

from conftest import run_cli


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line where ``needle`` first appears."""
    return text[: text.index(needle)].count("\n") + 1


def broken(root, file: str, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` in data/ragnarocks/``file``; return the line of the change."""
    path = root / "data" / "ragnarocks" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line_of(text, old)


def build(root, component="board", *profiles):
    args = ["--project", str(root), "build", "ragnarocks", component, "-q"]
    for profile in profiles:
        args += ["-p", profile]
    return run_cli(*args, cwd=root)


CASES = [
    # start hex outside the board: row A has 5 hexes
    ("      - {at: [A2, A3, A4], start: ivory, icon: viking",
     "      - {at: [A2, A3, A9], start: ivory, icon: viking",
     "hex A9 is outside the board: row A has 5 hexes"),
    # a start hex in a removed hex
    ("      - {at: [K4, K5, K6], start: red,", "      - {at: [K4, K5, G6], start: red,",
     "start hex G6 is outside the board"),
    # overlapping removed cells
    ("      - {around: G6, radius: 2}", "      - F6\n      - {around: G6, radius: 2}",
     "removed patches must not overlap"),
    # an outline that cannot close
    ("    edges: [5, 7, 3, 9, 3, 7]", "    edges: [5, 7, 3, 9, 3, 6]",
     "do not close into a hexagon"),
    # hexes too large for the backdrop template, which sets the board's size
    ("  hex_size: 25mm", "  hex_size: 27mm", "but backdrop 'ragnarocks-board' is 348 x 304 mm"),
    # an unknown player
    ("      - {at: [I4, I5, I6], start: red,", "      - {at: [I4, I5, I6], start: blue,",
     "unknown player 'blue'"),
    # two sources for the board's size
    ("kind: board\n", "kind: board\nsize: [330mm, 300mm]\n", "size and backdrop both set"),
    # a typo in a side key
    ("    edges: [5, 8, 4, 9, 4, 8]", "    edgez: [5, 8, 4, 9, 4, 8]", "unknown key 'edgez'"),
]


@pytest.mark.parametrize("old,new,words", CASES, ids=[c[2][:30] for c in CASES])
def test_board_mistakes_name_their_line(copy_game, old, new, words):
    root = copy_game("ragnarocks")
    line = broken(root, "board.yaml", old, new)
    result = build(root)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert words in result.output, result.output
    assert "data/ragnarocks/board.yaml:" in result.output
    reported = int(result.output.split("data/ragnarocks/board.yaml:")[1].split(":")[0])
    assert abs(reported - line) <= 1, (reported, line, result.output)
    assert not (root / "out" / "ragnarocks" / "board-a4.pdf").exists()


def test_hexes_too_large_for_the_pod_page_name_their_line(copy_game):
    # without a backdrop the face grows with its hexes, up to the pod page limit
    root = copy_game("ragnarocks")
    broken(root, "board.yaml", "backdrop: ragnarocks-board\n", "")
    line = broken(root, "board.yaml", "  hex_size: 25mm", "  hex_size: 60mm")
    result = build(root)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"data/ragnarocks/board.yaml:{line}: " in result.output, result.output
    assert "larger than the largest pod page" in result.output
    assert not (root / "out" / "ragnarocks" / "board-a4.pdf").exists()


def test_big_hexes_are_fine_when_pod_is_not_wanted(copy_game):
    root = copy_game("ragnarocks")
    broken(root, "board.yaml", "backdrop: ragnarocks-board\n", "")
    broken(root, "board.yaml", "  hex_size: 25mm", "  hex_size: 60mm")
    broken(root, "board.yaml", "kind: board\n", "kind: board\nprofiles: [a4]\n")
    # 60 mm hexes tile with their names on the seam: this test is about size, not seams
    broken(root, "game.yaml", "print_checks: {seams: true,", "print_checks: {seams: false,")
    result = build(root)
    assert result.exit_code == 0, result.output
    assert (root / "out" / "ragnarocks" / "board-a4.pdf").exists()


def test_round_tokens_need_a_square_face(copy_game):
    root = copy_game("ragnarocks")
    line = broken(root, "standees.yaml", "shape: square", "shape: round")
    result = build(root, "standees")
    assert result.exit_code == 2, result.output
    assert f"data/ragnarocks/standees.yaml:{line}: round tokens need a square face" in \
        result.output
