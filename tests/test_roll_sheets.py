"""The ready roll sheets of the print pack: a game-wide build writes one per player count of the
game's dice script (A4 and Letter), the How-to-print page names them and says how to make a
fresh one, and ``sheetgen dice -o FILE`` writes the same sheet (a PDF by its name) and refuses
a folder that does not exist. Its layout as a play aid: tests/test_roll_sheets_layout.py."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from pypdf import PdfReader

from conftest import run_cli

A4 = (595.3, 841.9)
LETTER = (612.0, 792.0)


def _text(path) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(str(path)).pages))


def _size(path) -> tuple[float, float]:
    box = PdfReader(str(path)).pages[0].mediabox
    return round(float(box.width), 1), round(float(box.height), 1)


@pytest.mark.slow
def test_a_game_build_writes_a_roll_sheet_per_player_count_and_the_page_names_them(
        copy_game, private_cache_dir):
    root = copy_game("rolling-thunder")
    # the player counts are the game's data: its dice script plays 1-3 players here
    dice = root / "data/rolling-thunder/dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace(
        "players: {min: 1, max: 4}", "players: {min: 1, max: 3}"), encoding="utf-8")
    assert yaml.safe_load(dice.read_text(encoding="utf-8"))["players"] == {"min": 1, "max": 3}
    out = root / "out"
    result = run_cli("--project", str(root), "build", "-q", "rolling-thunder", "--jobs", "1")
    assert result.exit_code == 0, result.output
    folder = out / "rolling-thunder"
    sheets = sorted(p.name for p in folder.glob("roll-sheet-*"))
    assert sheets == [f"roll-sheet-{n}p-{paper}.pdf" for n in (1, 2, 3)
                      for paper in ("a4", "letter")]
    for n in (1, 2, 3):
        a4, letter = folder / f"roll-sheet-{n}p-a4.pdf", folder / f"roll-sheet-{n}p-letter.pdf"
        assert _size(a4) == A4 and _size(letter) == LETTER
        text = _text(a4)
        words = "1 player" if n == 1 else f"{n} players"
        assert text.startswith(f"Rolling Thunder Roll sheet · {words} ")
        assert "Round 10" in text
        # the footer credits the fonts and the title band's scene, as the game's other pages
        assert "Fonts: SIL OFL 1.1" in text and "Scenes: CC0" in text
        # the very rolls `sheetgen dice` makes for the sample seed and that count, the dice
        # alone: no seed, no checking line for a public sample (a reader took "Seed: sample"
        # for a leftover placeholder)
        dummies = _thunder_dice(root, n)
        assert len(dummies) == (20 if n == 1 else 10 if n == 2 else 0)
        assert all(line in text for line in dummies)
        assert "sample" not in text and "digest" not in text and "commitment" not in text
        assert _text(letter).startswith(f"Rolling Thunder Roll sheet · {words} ")
    page = _text(folder / "how-to-print-a4.pdf")
    # what the files are first, the file names after, and no "N =" or "(or -letter.pdf)"
    # build jargon (issue 34)
    assert "5. Roll sheets (roll-sheet-1p-a4.pdf … roll-sheet-3p-a4.pdf): 3 files, one per " \
        "player count (1-3 players), one side, paper." in page
    assert "N =" not in page and "or -letter.pdf" not in page
    # in players' words: no command line, no tool name on a player's page (readers found
    # "a fresh one ... with sheetgen's dice command" jargon, and it overflowed qps)
    assert "Optional: print only your player count's." in page
    assert "sheetgen" not in page
    assert "roll-sheet-1p-a4.pdf" in _text(folder / "how-to-print-letter.pdf")


def _thunder_dice(root, players: int) -> list[str]:
    """Return the dummies' Thunder dice of the sample script, as the sheet's lines read
    (``Left dummy player's Thunder die: 5``); none when the count plays no dummy."""
    result = run_cli("--project", str(root), "dice", "rolling-thunder", "--seed", "sample",
                     "--players", str(players), "--format", "json")
    assert result.exit_code == 0, result.output
    events = [e for s in json.loads(result.output)["sections"] for e in s["events"]
              if e["kind"] == "roll" and e["seat"] == 0 and len(e["rolls"]) == 1]
    return [f"{e['label']}: {e['rolls'][0]['faces'][0]}" for e in events]


def test_a_build_of_named_components_writes_no_roll_sheet(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "-q", "rolling-thunder", "how-to-print", "-p", "a4",
                     "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "rolling-thunder").iterdir()) == ["how-to-print-a4.pdf"]
    # the page still names the sheets a whole build writes (the game's 1-4 players)
    assert "Roll sheets (roll-sheet-1p-a4.pdf … roll-sheet-4p-a4.pdf): 4 files, one per player " \
        "count (1-4 players)" in \
        _text(out / "rolling-thunder/how-to-print-a4.pdf")


@pytest.mark.slow
@pytest.mark.parametrize("game, files, counts", [
    ("roll-and-raid", 6, "1-6"), ("rolling-thunder", 4, "1-4"), ("roll-and-might", 5, "1-5"),
    ("reavers-of-midgard", 4, "2-5")])
def test_every_games_page_names_a_roll_sheet_per_player_count_its_rules_allow(
        built, game, files, counts):
    """Each rulebook's player counts (Roll & Raid's solo game is Destination: Paris, the one
    mode 1 player plays), as the How-to-print page of the shipped game names them."""
    page = _text(built(game, "how-to-print", "a4"))
    first, last = counts.split("-")
    assert f"roll-sheet-{first}p-a4.pdf … roll-sheet-{last}p-a4.pdf): {files} files, one per " \
           f"player count ({counts} players)" in page or \
        f"roll-sheet-{first}p-a4.pdf … roll-sheet-{last}p-a4.pdf: {files} files, one per " \
        f"player count ({counts} players)" in page  # Reavers' own template names no title
    assert "Optional: print only your player count's." in page


@pytest.mark.slow
def test_a_game_that_rolls_no_dice_ships_no_print_pack_roll_sheet(tmp_path):
    """Ragnarocks' script draws colours and deals cards, no dice: a print-pack sheet holds the
    dice alone, so the game has none, and its How-to-print page names none."""
    assert run_cli("build", "ragnarocks", "-p", "a4", "--out", str(tmp_path)).exit_code == 0
    files = sorted(p.name for p in (tmp_path / "ragnarocks").iterdir())
    assert "board-a4.pdf" in files and not [f for f in files if f.startswith("roll-sheet")]
    page = _text(tmp_path / "ragnarocks/how-to-print-a4.pdf")
    assert "roll-sheet" not in page and "Roll sheet" not in page


def test_a_solo_roll_and_raid_sheet_is_destination_paris(tmp_path):
    target = tmp_path / "solo.pdf"
    assert run_cli("dice", "roll-and-raid", "--seed", "sample", "--players", "1",
                   "-o", str(target)).exit_code == 0
    assert _text(target).startswith("Roll & Raid (Destination: Paris) Roll sheet · 1 player "
                                    "Game mode: Destination: Paris")


def test_dice_out_names_the_format_and_its_paper(tmp_path):
    target = tmp_path / "roll-sheet.pdf"
    result = run_cli("dice", "ragnarocks", "--seed", "sample", "--players", "2",
                     "-o", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(b"%PDF-") and _size(target) == A4
    assert _text(target).startswith("Ragnarocks Roll sheet · 2 players")
    result = run_cli("dice", "ragnarocks", "--seed", "sample", "--players", "2",
                     "-o", str(target), "--paper", "letter")
    assert result.exit_code == 0 and _size(target) == LETTER
    text = tmp_path / "rolls.txt"
    assert run_cli("dice", "ragnarocks", "--seed", "sample", "-n", "2", "-o",
                   str(text)).exit_code == 0
    assert text.read_text(encoding="utf-8").startswith("Ragnarocks: roll sheet for 2 players")


def test_dice_out_in_a_missing_folder_is_refused_and_nothing_is_made(tmp_path):
    target = tmp_path / "missing" / "deeper" / "x.pdf"
    result = run_cli("dice", "ragnarocks", "--seed", "sample", "--players", "2",
                     "-o", str(target))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"{target}: cannot write: its folder" in result.output
    assert "does not exist" in result.output
    assert list(tmp_path.iterdir()) == []  # no folder made, no file written


@pytest.mark.slow
def test_diff_out_in_a_missing_folder_is_refused_before_any_work(tmp_path):
    target = tmp_path / "missing" / "d.pdf"
    result = run_cli("diff", "roll-and-raid", "harsh-winter", "--out", str(target))
    assert result.exit_code == 2 and "does not exist" in result.output, result.output
    assert list(tmp_path.iterdir()) == []


def test_an_editions_roll_sheet_prints_its_own_words(tmp_path):
    target = tmp_path / "hoja.pdf"
    result = run_cli("dice", "roll-and-raid", "--edition", "es", "--seed", "sample",
                     "--players", "2", "-o", str(target))
    assert result.exit_code == 0, result.output
    text = _text(target)
    assert text.startswith("Roll & Raid Hoja de tiradas · 2 jugadores")
    assert "Oculto: doblar hacia atrás o cortar" in text and "Semilla: sample" in text
    assert "en la tira oculta" in text and "página 1" in text
    assert "Hidden" not in text and "fold" not in text and "Roll sheet" not in text


@pytest.mark.slow
def test_a_roll_sheet_deleted_or_outdated_is_written_again_and_only_it(copy_game,
                                                                      private_cache_dir):
    """The roll sheets are outputs of the game like its PDFs: a build after one was deleted
    writes it again (never "up to date"), and a change of the dice writes the sheets again
    without drawing the cards."""
    root = copy_game("rolling-thunder")
    build = ("--project", str(root), "build", "rolling-thunder", "--jobs", "1")
    assert run_cli(*build).exit_code == 0
    folder = root / "out" / "rolling-thunder"
    sheet = folder / "roll-sheet-2p-a4.pdf"
    before = sheet.read_bytes()
    play_sheet = (folder / "play-sheet-a4.pdf").stat().st_mtime_ns
    sheet.unlink()
    again = run_cli(*build)
    assert again.exit_code == 0, again.output
    assert "up to date" not in again.output
    assert sheet.read_bytes() == before
    assert (folder / "play-sheet-a4.pdf").stat().st_mtime_ns == play_sheet
    assert "up to date" in run_cli(*build).output
    dice = root / "data/rolling-thunder/dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace(
        "players: {min: 1, max: 4}", "players: {min: 1, max: 3}"), encoding="utf-8")
    changed = run_cli(*build)
    assert changed.exit_code == 0, changed.output
    assert "roll-sheet-3p-a4.pdf): 3 files" in _text(folder / "how-to-print-a4.pdf")
