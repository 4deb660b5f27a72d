"""Issue 34, capability 6: ``sheetgen check`` finds a ruling code a component cites that the
game's rulings do not have (read back from the printed PDFs)."""

from __future__ import annotations

import pytest

from conftest import run_cli

pytestmark = pytest.mark.slow


# the Clarifications note of Ragnarocks' How to print; each test makes it cite rulings
NOTE = "This edition's rulings where the rulebook is silent, each printed once."


def _cite(root, codes):
    guide = root / "data" / "ragnarocks" / "how-to-print.yaml"
    text = guide.read_text(encoding="utf-8")
    assert NOTE in text
    guide.write_text(text.replace(NOTE, f"This edition's rulings, {codes}, where the rulebook "
                                        "is silent, each printed once."), encoding="utf-8")


def _check(root):
    return run_cli("--project", str(root), "check", "ragnarocks", "how-to-print",
                   "clarifications", "-p", "a4")


def test_a_cited_ruling_the_game_lacks_is_a_finding(copy_game):
    root = copy_game("ragnarocks")
    _cite(root, "R1 to R13")
    result = _check(root)
    assert result.exit_code != 0, result.output
    line = next(line for line in result.output.splitlines() if "cites" in line)
    # R1 exists; R13 does not: the clarifications cards hold R1-R12
    assert "cites R13: not among the game's rulings (R1-R12, in clarifications)" in line


def test_citations_the_game_has_pass(copy_game):
    root = copy_game("ragnarocks")
    _cite(root, "R1 to R12")
    result = _check(root)
    assert "cites" not in result.output, result.output
    assert result.exit_code == 0, result.output
