"""Output hygiene: ink-saving outputs have their own names, a game-wide build in a profile
some components lack builds the others, and outputs of removed components are listed by
``build`` and removed by ``sheetgen clean`` (which touches only what sheetgen wrote)."""

from __future__ import annotations

import re
import shutil

import pytest
from pypdf import PdfReader

from conftest import REPO, run_cli
from sheetgen.build import clean as clean_module
from sheetgen.generate.games import load_game
from sheetgen.load.project import Project


def _fills(pdf) -> set[str]:
    """Return the fill colours (rg operands) a PDF's pages and forms set."""
    reader = PdfReader(pdf)
    found: set[str] = set()
    for page in reader.pages:
        data = page.get_contents().get_data()
        resources = page["/Resources"].get("/XObject") or {}
        for ref in resources.values():
            data += ref.get_object().get_data()
        found |= {" ".join(line.split()[:3]) for line in data.decode("latin-1").splitlines()
                  if line.endswith(" rg")}
    return found


def test_ink_saver_outputs_get_their_own_suffix_and_leave_the_normal_pdf(tmp_path):
    out = tmp_path / "out"
    args = ["build", "-q", "roll-and-might", "cards", "-p", "a4", "--out", str(out)]
    assert run_cli(*args).exit_code == 0
    normal = out / "roll-and-might" / "cards-a4.pdf"
    before = normal.read_bytes()
    result = run_cli(*args, "--ink-saver")
    assert result.exit_code == 0, result.output
    ink = out / "roll-and-might" / "cards-a4-ink.pdf"
    assert ink.is_file() and normal.read_bytes() == before
    assert _fills(ink) != _fills(normal)  # the ink-saving copy is the one with pale tints
    both = run_cli(*args, "--ink-saver", "--cmyk")
    assert both.exit_code == 0 and (out / "roll-and-might" / "cards-a4-cmyk-ink.pdf").is_file()
    assert normal.read_bytes() == before


@pytest.mark.slow
def test_a_game_wide_build_in_a_profile_builds_every_component_that_takes_it(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "-q", "roll-and-raid", "-p", "pod", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "skipped roll-and-raid printable-dice: dice components do not take pod (they " \
           "take a4, letter, tts)" in result.output
    built = sorted(p.name for p in (out / "roll-and-raid").iterdir())
    game = load_game(Project.at(REPO), "roll-and-raid")
    takers = [c.model.id for c in game.components if c.model.kind != "dice"]
    assert len(takers) >= 5 and built == sorted(f"{cid}-pod.pdf" for cid in takers)
    named = run_cli("build", "-q", "roll-and-raid", "printable-dice", "-p", "pod", "--out",
                    str(tmp_path / "named"))
    assert named.exit_code == 2
    assert "dice component 'printable-dice' cannot be built in profile 'pod'" in named.output
    assert not (tmp_path / "named").exists()
    nobody = run_cli("build", "-q", "rolling-thunder", "printable-dice", "-p", "a4", "-p",
                     "pod-png", "--out", str(tmp_path / "nobody"))
    assert nobody.exit_code == 2 and not (tmp_path / "nobody").exists()


def _drop_component(root, game: str, component: str) -> None:
    path = root / "data" / game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    line = re.compile(rf"^  - {re.escape(component)}( +#.*)?\n", re.MULTILINE)
    assert line.search(text)
    path.write_text(line.sub("", text, count=1), encoding="utf-8")


@pytest.mark.slow
def test_outputs_of_removed_components_are_listed_and_cleaned_and_nothing_else(copy_game):
    root = copy_game("rolling-thunder")
    # the How-to-print page names every component: without it, one can be dropped alone
    _drop_component(root, "rolling-thunder", "how-to-print")
    out = root / "out" / "rolling-thunder"
    build = ["--project", str(root), "build", "-q", "rolling-thunder", "-p", "a4", "-p", "tts"]
    assert run_cli(*build).exit_code == 0
    _drop_component(root, "rolling-thunder", "printable-dice")
    mine = out / "notes.pdf"  # a file sheetgen did not write, in its output folder
    mine.write_bytes(b"%PDF my notes")
    (out / "printable-dice-tts" / "my-die.png").write_bytes(b"mine")  # inside an output folder
    result = run_cli(*build)
    assert result.exit_code == 0, result.output
    stale = [line for line in result.output.splitlines() if line.startswith("stale: ")]
    assert len(stale) == 2 and all("has no component 'printable-dice'" in s for s in stale)
    assert any("printable-dice-a4.pdf" in s for s in stale)
    assert any("printable-dice-tts" in s for s in stale)
    edited = out / "printable-dice-a4.pdf"
    sheet = (out / "play-sheet-a4.pdf").read_bytes()
    dry = run_cli("--project", str(root), "clean", "--dry-run")
    assert dry.exit_code == 0 and "would remove" in dry.output and edited.exists()
    result = run_cli("--project", str(root), "clean")
    assert result.exit_code == 0, result.output
    assert not edited.exists()
    # the tts folder holds a file sheetgen did not write: it is kept whole
    assert "my-die.png" in [p.name for p in (out / "printable-dice-tts").iterdir()]
    assert (out / "printable-dice-tts" / "die-1.png").exists()
    assert f"kept {out / 'printable-dice-tts'}: changed since sheetgen wrote it" in result.output
    (out / "printable-dice-tts" / "my-die.png").unlink()
    assert "removed" in run_cli("--project", str(root), "clean").output
    assert not (out / "printable-dice-tts").exists()
    assert mine.read_bytes() == b"%PDF my notes"
    assert (out / "play-sheet-a4.pdf").read_bytes() == sheet
    again = run_cli("--project", str(root), "build", "rolling-thunder", "-p", "a4")
    assert "stale:" not in again.output


@pytest.mark.slow
def test_clean_keeps_an_output_changed_since_it_was_written_and_cleans_removed_games(
        copy_game):
    root = copy_game("rolling-thunder")
    _drop_component(root, "rolling-thunder", "how-to-print")  # it names printable-dice
    copy = root / "data" / "thunder-copy"  # a game of the project's own (not a built-in one)
    shutil.copytree(root / "data" / "rolling-thunder", copy)
    game = copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: rolling-thunder",
                                                             "id: thunder-copy"), "utf-8")
    for game_id in ("rolling-thunder", "thunder-copy"):
        built = run_cli("--project", str(root), "build", "-q", game_id, "-p", "a4")
        assert built.exit_code == 0, built.output
    _drop_component(root, "rolling-thunder", "printable-dice")
    edited = root / "out" / "rolling-thunder" / "printable-dice-a4.pdf"
    edited.write_bytes(edited.read_bytes() + b"% edited by hand\n")
    shutil.rmtree(copy)
    gone = sorted((root / "out" / "thunder-copy").iterdir())
    listed = run_cli("--project", str(root), "build", "-q", "rolling-thunder", "-p", "a4")
    assert "game 'thunder-copy' no longer exists" in listed.output
    result = run_cli("--project", str(root), "clean")
    assert result.exit_code == 0, result.output
    assert edited.exists() and f"kept {edited}: changed since sheetgen wrote it" in \
        result.output
    assert gone and not any(p.exists() for p in gone)


@pytest.mark.slow
def test_a_game_wide_tts_build_includes_the_printable_dice(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "-q", "rolling-thunder", "-p", "tts", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "skipped" not in result.output  # every kind takes tts, printable dice too
    assert sorted(p.name for p in (out / "rolling-thunder").iterdir()) == [
        "clarifications-tts", "dice-stickers-tts", "how-to-print-tts", "play-sheet-tts",
        "printable-dice-tts"]  # the stickers are their own file since issue 34


def test_a_build_that_wrote_every_recorded_output_reads_no_game_for_stale_ones(
        copy_game, monkeypatch):
    root = copy_game("rolling-thunder")
    out = root / "out"
    result = run_cli("--project", str(root), "build", "-q", "rolling-thunder", "play-sheet",
                     "-p", "a4", "--out", str(out))
    assert result.exit_code == 0, result.output
    written = [out / "rolling-thunder" / "play-sheet-a4.pdf"]
    read = []
    monkeypatch.setattr(clean_module, "_components",
                        lambda project, game: read.append(game) or [])
    project = Project.at(root)
    assert clean_module.stale_outputs(project, out, just_built=written) == []
    assert read == []  # every recorded output was just built: no game.yaml read
    # without it, the same record is checked against the game's components
    assert [s.component for s in clean_module.stale_outputs(project, out)] == ["play-sheet"]
    assert read == ["rolling-thunder"]
