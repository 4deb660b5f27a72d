"""Errors name the right place: a nested key at its own line with the keys of its own level,
and a hex board's side as a side."""

from __future__ import annotations

import shutil

from conftest import REPO, run_cli

CELLS = "      - {at: [I4, I5, I6], start: red, icon: viking, icon_color: \"#7a231d\"}\n  - id: b"


def _board(copy_game, extra: str, side: str = "") -> tuple:
    root = copy_game("ragnarocks")
    path = root / "data" / "ragnarocks" / "board.yaml"
    text = path.read_text(encoding="utf-8")
    assert CELLS in text
    text = text.replace(CELLS, CELLS.replace("\n  - id: b", f"\n{extra}{side}\n  - id: b"), 1)
    path.write_text(text, encoding="utf-8")
    line = text[:text.index(extra)].count("\n") + 1
    return root, line


def test_a_nested_key_of_a_board_side_is_reported_at_its_line_with_its_levels_keys(
        copy_game):
    root, line = _board(copy_game, "      - {at: [E5], strat: red}")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "board")
    assert result.exit_code == 2
    (error,) = [e for e in result.output.splitlines() if "strat" in e]
    assert f"board.yaml:{line}: side a: unknown key 'strat'; did you mean 'start'?" in error
    assert "(keys of cells.2: at, fill, icon, icon_color, label, label_color, start)" in error
    assert "for a board side" not in error and "caption" not in error  # not the side's keys


def test_a_nested_key_of_a_template_element_is_reported_at_its_line(tmp_path):
    shutil.copytree(REPO / "data" / "rolling-thunder", tmp_path / "data" / "rolling-thunder")
    (tmp_path / "templates").mkdir()
    template = tmp_path / "templates" / "rolling-thunder-play-sheet.yaml"
    text = (REPO / "templates" / "rolling-thunder-play-sheet.yaml").read_text(encoding="utf-8")
    # a block-style track appended to the sheet, its fourth space with a misspelt key
    track = ("  - id: extra-track\n    type: track\n    x: 8mm\n    y: 30mm\n    w: 98mm\n"
             "    h: 8mm\n    spaces:\n")
    spaces = "".join("      - {txt: x}\n" if n == 3 else "      - {}\n" for n in range(10))
    text = text.rstrip("\n") + "\n"
    template.write_text(text + track + spaces, encoding="utf-8")
    line = (text + track).count("\n") + 1 + 3
    result = run_cli("--project", str(tmp_path), "validate", "rolling-thunder", "play-sheet")
    assert result.exit_code == 2
    assert (f"rolling-thunder-play-sheet.yaml:{line}: track element spaces.3.txt: unknown key "
            "for spaces.3; did you mean 'text'? allowed: below, below_box, below_die, divider, "
            "fill, icon, icons, mark, span, tags, text") in result.output


def test_a_print_check_on_a_hex_board_names_the_side(copy_game):
    root, _line = _board(copy_game, "      - {at: [E5], label: Hof}", "\n    label_size: 3")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "board")
    assert result.exit_code == 2
    assert 'text "Hof" is 3.0 pt, minimum 6 pt (on side a)' in result.output
