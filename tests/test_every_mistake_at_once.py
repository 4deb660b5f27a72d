"""One run reports every independent mistake: across files, stages and the dice.yaml."""

from __future__ import annotations

import re

import pytest

from conftest import run_cli


@pytest.fixture(autouse=True)
def _dice_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path_factory.mktemp("dice-cache")))


def edit(root, file: str, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` in a Ragnarocks file; return the line ``old`` starts on."""
    path = root / "data" / "ragnarocks" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def errors(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("error:")]


def test_a_board_file_with_four_mistakes_reports_all_four(copy_game):
    root = copy_game("ragnarocks")
    background = edit(root, "board.yaml", "kind: board\n",
                      "background: parchmint\ncolour: red\nkind: board\n")
    stroke = edit(root, "board.yaml", "  hex_size: 25mm", "  hex_size: 25mm\n  stroke_widht: 1mm")
    players = edit(root, "board.yaml", "title: Ragnarocks · Midgard",
                   "title: Ragnarocks · Midgard\n    players: 7")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "board")
    assert result.exit_code == 2, result.output
    board = "data/ragnarocks/board.yaml"
    for line, words in [(background + 1, "unknown key 'colour'"),
                        (background, "background: unknown colour 'parchmint'"),
                        (stroke + 1, "side a: unknown key 'stroke_widht'"),
                        (players + 1, "side a: players: expected a mapping, got 7")]:
        assert re.search(rf"{board}:{line}: {re.escape(words)}", result.output), (words,
                                                                                  result.output)


def test_mistakes_in_several_files_and_stages_come_in_one_run(copy_game):
    root = copy_game("ragnarocks")
    game = edit(root, "game.yaml", 'simple: "#3d6b4a"', 'simple: "greenish"')
    deck = edit(root, "mythology-cards.yaml", "kind: cards\n", "kind: cards\ncolour: red\n")
    template = edit(root, "mythology-cards.yaml", "front: mythology-front", "front: nope")
    tokens = edit(root, "tokens.yaml", "kind: tokens\n", "kind: tokens\nshapes: blob\n")
    dice = edit(root, "dice.yaml", "rounds:", "roundz:")
    result = run_cli("--project", str(root), "validate", "ragnarocks")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    expected = [f"data/ragnarocks/game.yaml:{game}:", f"mythology-cards.yaml:{deck + 1}:",
                f"mythology-cards.yaml:{template}: unknown template 'nope'",
                f"tokens.yaml:{tokens + 1}:", f"data/ragnarocks/dice.yaml:{dice}:"]
    for where in expected:
        assert where in result.output, (where, result.output)
    assert all(re.match(r"error: \S+:\d+: ", line) for line in errors(result.output))


def test_a_template_element_reports_every_problem(copy_game):
    root = copy_game("ragnarocks")
    (root / "templates").mkdir()
    (root / "templates" / "two-front.yaml").write_text(
        "extends: mythology-front\nelements:\n  - type: text\n    text: x\n    size: -4\n"
        "    align: sideways\n    colour: red\n", encoding="utf-8")
    edit(root, "mythology-cards.yaml", "front: mythology-front", "front: two-front")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "mythology-cards")
    assert result.exit_code == 2, result.output
    found = errors(result.output)
    assert len(found) == 3, result.output
    for words in ("size: -4 pt is outside the allowed range", "align", "unknown key"):
        assert any(words in line and "two-front.yaml:3:" in line for line in found), words


def test_a_template_hex_board_reports_every_bad_reference(copy_game):
    root = copy_game("ragnarocks")
    (root / "templates").mkdir()
    (root / "templates" / "hexes-front.yaml").write_text(
        "extends: mythology-front\nelements:\n  - type: hex_board\n    hex_size: 3mm\n"
        "    edges: [2, 2, 2, 2, 2, 2]\n    cells:\n      - {at: [Z9], fill: red}\n"
        "      - {at: [Q1], fill: red}\n", encoding="utf-8")
    edit(root, "mythology-cards.yaml", "front: mythology-front", "front: hexes-front")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "mythology-cards")
    assert result.exit_code == 2, result.output
    assert "Z9" in result.output and "Q1" in result.output, result.output


def test_validate_checks_the_dice_file(copy_game):
    root = copy_game("ragnarocks")
    line = edit(root, "dice.yaml", "rounds:", "rounds: -3\nroundz:")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "tokens")
    assert result.exit_code == 2, result.output
    assert f"data/ragnarocks/dice.yaml:{line}:" in result.output, result.output


def test_validate_names_only_the_components_asked_for(copy_game):
    root = copy_game("ragnarocks")
    edit(root, "mythology-cards.yaml", "front: mythology-front", "front: nope")
    assert run_cli("--project", str(root), "validate", "ragnarocks", "tokens").exit_code == 0
    result = run_cli("--project", str(root), "validate", "ragnarocks", "tokens", "nope")
    assert result.exit_code == 2
    assert "has no component 'nope'" in result.output


def test_a_glue_strip_intrusion_is_reported_with_the_sheets_other_mistakes(copy_game):
    from conftest import REPO

    root = copy_game("rolling-thunder")
    (root / "templates").mkdir()
    template = root / "templates" / "rolling-thunder-play-sheet.yaml"
    text = (REPO / "templates" / "rolling-thunder-play-sheet.yaml").read_text(encoding="utf-8")
    title = text.index("  - id: title\n")
    subtitle = text.index("  - id: subtitle\n")
    player = text.index("  - id: player\n")
    # two elements in the 8 mm glue strip at the top, and one element with a bad colour
    text = (text[:title] + text[title:subtitle].replace("y: 9.2mm", "y: 2mm")
            + text[subtitle:player].replace('color: "#e9d9a8"', "color: dark-grey", 1)
            + text[player:].replace("y: 11.6mm", "y: 3mm", 1))
    template.write_text(text, encoding="utf-8")
    result = run_cli("--project", str(root), "validate", "rolling-thunder", "play-sheet")
    assert result.exit_code == 2, result.output
    shown = "templates/rolling-thunder-play-sheet.yaml"
    for anchor, words in [("  - id: title\n", "title reaches into the 8mm glue strip"),
                          ("  - id: player\n", "player reaches into the 8mm glue strip"),
                          ("  - id: subtitle\n", "dark-grey")]:
        line = text[:text.index(anchor)].count("\n") + 1
        assert re.search(rf"{shown}:{line}: .*{re.escape(words)}", result.output), (
            words, result.output)
