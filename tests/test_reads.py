"""One record of reads: every file a build reads is reported to the build's recorder, and the
build record takes each output's inputs from it (issue 32: B5, B6)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from pypdf import PdfReader

from conftest import REPO, write_files
from sheetgen.api import BuildOptions, build
from sheetgen.load.project import Project
from sheetgen.load.reads import ReadRecorder

GAME = "id: t\nname: T\ncomponents: [deck]\n"
DECK = ("id: deck\ntitle: Deck\nkind: cards\nfront: card\nprofiles: [pod]\n"
        "items_from: {csv: deck.csv}\n")
BASE = """size: poker
elements:
  - {id: name, type: text, x: 5mm, y: 5mm, w: 50mm, h: 10mm, size: 12, text: "{{ name }}"}
"""
CARD = """extends: base
elements:
  - {id: credit, type: text, x: 5mm, y: 25mm, w: 53mm, h: 55mm, size: 7, role: credit,
     text: "{{ credits }}"}
"""
FONTS = "families:\n  body:\n    regular: mine/Body.ttf\n"
CREDIT = "credit:\n  line: \"Icons by Tester, version one\"\n  short: \"Icons: Tester one\"\n"


@pytest.fixture
def project(tmp_path):
    write_files(tmp_path, {
        "data/t/game.yaml": GAME, "data/t/deck.yaml": DECK,
        "data/t/deck.csv": "name\nAlpha\nBeta\n",
        "templates/base.yaml": BASE, "templates/card.yaml": CARD,
        "templates/icons/credit.yaml": CREDIT, "fonts/fonts.yaml": FONTS})
    (tmp_path / "fonts" / "mine").mkdir()
    shutil.copy(REPO / "fonts" / "AlegreyaSans-Regular.ttf",
                tmp_path / "fonts" / "mine" / "Body.ttf")
    return tmp_path


def _sheetgen(root, *args: str) -> str:
    """Run ``sheetgen`` in a new process, as a user does (each build its own process)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "sheetgen", "--project", str(root), *args],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _output(root, out: str = "out"):
    return next((root / out / "t").glob("deck-*.pdf"))


def test_a_build_records_every_file_it_read(project):
    recorder = ReadRecorder()
    build(Project.at(project), "t", None, BuildOptions(profiles=["pod"]), reads=recorder)
    files = set(recorder.files())
    for relative in ("data/t/game.yaml", "data/t/deck.yaml", "data/t/deck.csv",
                     "templates/base.yaml", "templates/card.yaml", "templates/icons/credit.yaml",
                     "fonts/fonts.yaml", "fonts/mine/Body.ttf",
                     "profiles.yaml"):  # absent: a profiles.yaml made later is a change
        assert project / relative in files, relative
    assert not any(p.is_relative_to(project / "out") for p in files)


@pytest.mark.parametrize("jobs", [1, 2], ids=["in-process", "workers"])
def test_the_files_a_build_holds_are_those_kept_for_the_process_or_drawn(project, jobs):
    """A reader of process state (fonts, profiles, credits) or of a file drawn as it is (an
    icon, art, an image) reports it held, also from a forked worker; the studio starts afresh
    on those alone (workspace.py). Templates, component files and tables are not held."""
    (project / "data/t/other.yaml").write_text(DECK.replace("id: deck", "id: other"))
    (project / "data/t/game.yaml").write_text(GAME.replace("[deck]", "[deck, other]"))
    recorder = ReadRecorder()
    build(Project.at(project), "t", None, BuildOptions(profiles=["pod"], jobs=jobs),
          reads=recorder)
    held = set(recorder.held())
    assert held <= set(recorder.files())
    for relative in ("fonts/fonts.yaml", "fonts/mine/Body.ttf", "profiles.yaml",
                     "templates/icons/credit.yaml"):
        assert project / relative in held, relative
    for relative in ("data/t/game.yaml", "data/t/deck.yaml", "data/t/deck.csv",
                     "templates/base.yaml", "templates/card.yaml"):
        assert project / relative in recorder and project / relative not in held, relative


def test_a_credit_file_made_later_for_an_art_set_a_deck_draws_is_an_input(project):
    """An art set without a credit.yaml: the file made later credits the set in the footers
    and credits of every output drawing it (it was answered "up to date")."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
           '<rect width="10" height="10"/></svg>')
    write_files(project, {"templates/art/mine/thing.svg": svg + "\n", "templates/card.yaml": CARD
                          + "  - {id: art, type: icon, icon: mine/thing, x: 20mm, y: 5mm, "
                          "w: 15mm, h: 15mm}\n"})
    _sheetgen(project, "build", "t")
    assert "up to date" in _sheetgen(project, "build", "t")
    (project / "templates/art/mine/credit.yaml").write_text(
        'credit:\n  line: "Art: mine, by Tester"\n  short: "Art: Tester"\n')
    assert "up to date" not in _sheetgen(project, "build", "t")
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(_output(project)).pages)
    assert "Art: mine, by Tester" in text
    _sheetgen(project, "build", "t", "--no-cache", "--out", str(project / "cold"))
    assert _output(project, "cold").read_bytes() == _output(project).read_bytes()


def test_b5_a_font_in_a_subfolder_of_fonts_is_an_input(project):
    _sheetgen(project, "build", "t")
    before = _output(project).read_bytes()
    shutil.copy(REPO / "fonts" / "Cinzel-Regular.ttf", project / "fonts" / "mine" / "Body.ttf")
    said = _sheetgen(project, "build", "t")
    assert "up to date" not in said
    _sheetgen(project, "build", "t", "--no-cache", "--out", str(project / "cold"))
    after = _output(project).read_bytes()
    assert after != before
    assert after == _output(project, "cold").read_bytes()


def test_b6_a_credit_file_is_an_input(project):
    _sheetgen(project, "build", "t")
    text = PdfReader(_output(project)).pages[0].extract_text()
    assert "version one" in text and "version two" not in text
    (project / "templates" / "icons" / "credit.yaml").write_text(
        CREDIT.replace("one", "two"), encoding="utf-8")
    said = _sheetgen(project, "build", "t")
    assert "up to date" not in said
    text = PdfReader(_output(project)).pages[0].extract_text()
    assert "version two" in text and "version one" not in text


def test_a_build_with_nothing_to_do_reports_the_files_its_outputs_were_made_from(project):
    first, second = ReadRecorder(), ReadRecorder()
    build(Project.at(project), "t", None, BuildOptions(profiles=["pod"]), reads=first)
    assert build(Project.at(project), "t", None, BuildOptions(profiles=["pod"]),
                 reads=second) == []
    assert project / "fonts" / "mine" / "Body.ttf" in second
    assert project / "templates" / "base.yaml" in second


def test_a_file_reported_again_reaches_every_recorder_opened_since(tmp_path):
    """A font or icon is reported on every use; a report to the same recorders again is
    skipped, but one inside a newly opened recorder (another component's part of the build)
    still reaches it, as held when the reader holds it."""
    from sheetgen.load import reads

    font = tmp_path / "Body.ttf"
    outer = ReadRecorder()
    with outer.recording():
        reads.opened(font, held=True)
        with reads.part() as first:
            reads.opened(font, held=True)
            reads.opened(font, held=True)
        with reads.part() as second:
            reads.opened(str(font))
            reads.opened(font, held=True)
        with reads.part() as third:
            reads.opened(font)
    assert outer.files() == [font] and outer.held() == [font]
    assert first.files() == second.files() == third.files() == [font]
    assert first.held() == second.held() == [font] and third.held() == []
