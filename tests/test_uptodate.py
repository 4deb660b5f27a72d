"""A rebuild skips loading every game whose files kept their stamps (uptodate.py): with nothing
changed the command line answers before loading any game; a changed file reloads its game (or,
shared, every game); an output another command rewrote is built again."""

from __future__ import annotations

import os

import pytest

from conftest import run_cli
from sheetgen import api
from sheetgen.build import selection

pytestmark = pytest.mark.slow  # each test's project builds two games first

GAMES = ["ragnarocks", "rolling-thunder"]
BUILD = ["build", "-p", "a4", "-q"]


@pytest.fixture
def project_dir(copy_game, monkeypatch):
    root = copy_game(*GAMES)
    loaded: list[str] = []
    real = selection.load_game

    def spy(project, game_id, *args, **kwargs):
        loaded.append(game_id)
        return real(project, game_id, *args, **kwargs)

    monkeypatch.setattr(selection, "load_game", spy)
    result = run_cli("--project", str(root), *BUILD)
    assert result.exit_code == 0, result.output
    assert sorted(loaded) == GAMES
    loaded.clear()
    return root, loaded


def _build(root, *extra):
    result = run_cli("--project", str(root), *BUILD, *extra)
    assert result.exit_code == 0, result.output
    return result.output


def test_nothing_changed_is_answered_without_loading_or_building(project_dir, monkeypatch):
    root, loaded = project_dir

    def must_not_build(*args, **kwargs):
        raise AssertionError("the build API was called")

    monkeypatch.setattr(api, "build", must_not_build)
    assert "up to date" in _build(root)
    assert loaded == []


def test_a_changed_game_file_loads_that_game_only(project_dir):
    root, loaded = project_dir
    sheet = root / "data" / "rolling-thunder" / "play-sheet.yaml"
    stat = sheet.stat()
    os.utime(sheet, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # touched, same bytes
    assert "up to date" in _build(root)  # reloaded, found unchanged by the exact check
    assert loaded == ["rolling-thunder"]
    loaded.clear()
    assert "up to date" in _build(root)  # and recorded: the next run loads nothing
    assert loaded == []
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    output = _build(root)
    assert "play-sheet-a4.pdf" in output and "ragnarocks" not in output
    assert loaded == ["rolling-thunder"]


def test_a_changed_shared_file_loads_every_game(project_dir):
    root, loaded = project_dir
    (root / "templates").mkdir()
    (root / "templates" / "unused.yaml").write_text("size: poker\nelements: []\n",
                                                     encoding="utf-8")
    _build(root)
    assert sorted(loaded) == GAMES


def test_an_output_rewritten_by_another_command_is_built_again(project_dir):
    root, loaded = project_dir
    deck = root / "out" / "ragnarocks" / "mythology-cards-a4.pdf"
    plain = deck.read_bytes()
    # another command (one deck, backs shifted) writes the same file
    assert "mythology-cards-a4.pdf" in _build(root, "ragnarocks", "mythology-cards",
                                              "--back-offset", "1,0")
    assert deck.read_bytes() != plain
    loaded.clear()
    output = _build(root)
    assert "mythology-cards-a4.pdf" in output and "rolling-thunder" not in output
    assert loaded == ["ragnarocks"]
    assert deck.read_bytes() == plain


def test_an_output_deleted_by_hand_is_built_again(project_dir):
    root, loaded = project_dir
    sheet = root / "out" / "rolling-thunder" / "play-sheet-a4.pdf"
    plain = sheet.read_bytes()
    os.unlink(sheet)
    assert "play-sheet-a4.pdf" in _build(root)
    assert loaded == ["rolling-thunder"]
    assert sheet.read_bytes() == plain
