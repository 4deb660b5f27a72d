"""A rebuild skips loading every game whose files kept their stamps (uptodate.py): with nothing
changed the command line answers before loading any game; a changed file reloads the games
that read it (every game, when they all read it); a file no build read reloads nothing; an
output another command rewrote is built again; a file saved while the build ran is built by
the next one, wherever it lies."""

from __future__ import annotations

import os
import shutil

import pytest

from PIL import Image

from conftest import REPO, run_cli, write_files
from sheetgen import api
from sheetgen.build import selection, transaction

pytestmark = pytest.mark.slow  # the project builds two games first (once for the module)

GAMES = ["ragnarocks", "rolling-thunder"]
BUILD = ["build", "-p", "a4", "-q"]


def _spy(patch) -> list[str]:
    """Record the id of every game a build loads, in the returned list."""
    loaded: list[str] = []
    real = selection.load_game

    def spy(project, game_id, *args, **kwargs):
        loaded.append(game_id)
        return real(project, game_id, *args, **kwargs)

    patch.setattr(selection, "load_game", spy)
    return loaded


@pytest.fixture(scope="module")
def built_once(tmp_path_factory):
    """The two games copied into a project and built once for the module's tests; the project
    and its out/ folder are kept as a snapshot with their modification times, which each test
    restores at the same place (the build records name files by path and stamp: the restored
    project is the one built, up to date)."""
    base = tmp_path_factory.mktemp("uptodate")
    root, snapshot = base / "project", base / "snapshot"
    for game in GAMES:
        shutil.copytree(REPO / "data" / game, root / "data" / game)
    with pytest.MonkeyPatch.context() as patch:
        loaded = _spy(patch)
        result = run_cli("--project", str(root), *BUILD)
    assert result.exit_code == 0, result.output
    assert sorted(loaded) == GAMES
    shutil.copytree(root, snapshot)  # copy2: each file's modification time kept
    return root, snapshot


@pytest.fixture
def project_dir(built_once, monkeypatch):
    """The built project as it was after its build (restored from the snapshot), and the list
    of games each later build loads."""
    root, snapshot = built_once
    shutil.rmtree(root)
    shutil.copytree(snapshot, root)
    return root, _spy(monkeypatch)


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


def test_a_file_no_build_read_loads_no_game(project_dir):
    root, loaded = project_dir
    # beside the files the games read, in the folders they read from: none of them is read
    write_files(root, {"templates/unused.yaml": "size: poker\nelements: []\n",
                       "templates/icons/notes.txt": "ideas\n",
                       "data/rolling-thunder/notes.md": "# playtest notes\n",
                       "data/ragnarocks/art/sketch.txt": "a sketch\n"})
    (root / "fonts").mkdir()
    (root / "fonts" / "Unused.ttf").write_bytes((REPO / "fonts" /
                                                 "AlegreyaSans-Regular.ttf").read_bytes())
    assert "up to date" in _build(root)
    assert loaded == []


def test_a_file_every_game_read_loads_every_game(project_dir):
    root, loaded = project_dir
    # the project's own profiles.yaml: each game's build looked for it (and found none)
    (root / "profiles.yaml").write_text("profiles: {}\n", encoding="utf-8")
    _build(root)
    assert sorted(loaded) == GAMES


PICTURE_GAME = {
    "data/t/game.yaml": "id: t\nname: T\ncomponents: [deck, other]\n",
    "data/t/deck.yaml": ("id: deck\ntitle: Deck\nkind: cards\nfront: card\nprofiles: [pod]\n"
                         "items:\n  - {name: Solo}\n"),
    "data/t/other.yaml": ("id: other\ntitle: Other\nkind: cards\nfront: plain\n"
                          "profiles: [pod]\nitems:\n  - {name: Duo}\n"),
    "templates/card.yaml": ("size: poker\nelements:\n  - {id: art, type: image, "
                            "src: pictures/art.png, x: 0, y: 0, w: 100%, h: 100%}\n"),
    "templates/plain.yaml": ("size: poker\nelements:\n  - {id: name, type: text, x: 5mm, "
                             "y: 5mm, w: 50mm, h: 10mm, size: 12, text: \"{{ name }}\"}\n")}


def test_a_file_saved_after_a_worker_read_it_is_built_next(tmp_path, monkeypatch):
    """Each component is built in a forked worker, which sends back the stamps the files had
    when it read them: the picture saved after the worker drew it, before this process heard
    of it, is a change for the next build."""
    write_files(tmp_path, PICTURE_GAME)
    picture = tmp_path / "templates" / "pictures" / "art.png"
    picture.parent.mkdir()
    Image.new("RGB", (750, 1050), "#3366aa").save(picture)
    built = transaction.build_components

    def built_then_saved(*args, **kwargs):
        results = built(*args, **kwargs)
        # the editor saves the picture after the worker drew it, before the build records
        Image.new("RGB", (750, 1050), "#aa3333").save(picture)
        return results

    command = ["--project", str(tmp_path), "build", "t", "-q", "-j", "2"]
    with monkeypatch.context() as patch:
        patch.setattr(transaction, "build_components", built_then_saved)
        assert run_cli(*command).exit_code == 0
    deck = tmp_path / "out" / "t" / "deck-pod.pdf"
    blue = deck.read_bytes()
    result = run_cli(*command)
    assert result.exit_code == 0 and "up to date" not in result.output, result.output
    assert deck.read_bytes() != blue  # drawn again, red
    cold = tmp_path / "cold"
    assert run_cli(*command, "--no-cache", "--out", str(cold)).exit_code == 0
    assert (cold / "t" / "deck-pod.pdf").read_bytes() == deck.read_bytes()
    assert "up to date" in run_cli(*command).output  # and now recorded


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


def test_a_project_copied_with_its_outputs_is_checked_in_its_new_place(project_dir, tmp_path):
    # The record names the files the build read where it read them: a copy of the project and
    # its out/ folder must not be answered "up to date" from the original's unchanged files.
    root, _ = project_dir
    copy = tmp_path / "copied"
    shutil.copytree(root, copy)
    sheet = copy / "data" / "rolling-thunder" / "play-sheet.yaml"
    sheet.write_text("id: [unclosed\n", encoding="utf-8")
    result = run_cli("--project", str(copy), *BUILD)
    assert result.exit_code == 2, result.output
    assert "copied/data/rolling-thunder/play-sheet.yaml:" in result.output
