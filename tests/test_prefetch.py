"""A one-output build reads its fonts and the art its component names in a forked child while
it prepares the faces (issue 21: the cold start): the same fonts, art and bytes, and this
process reads none of the art files the child sent."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from reportlab.pdfbase.ttfonts import TTFontFace

from conftest import REPO, run_cli
from sheetgen.fill.art import read as art_read
from sheetgen.fill.art.read import read_art
from sheetgen.write.font_subsets import SubsetCachingTTFont, face_state
from sheetgen.build.prefetch import Prefetch, names_written
from sheetgen.fill.icons import IconBook
from sheetgen.load.project import Project

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the prefetch child is forked")


def _write(path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_names_written_in_a_component_and_its_templates_in_order(tmp_path):
    _write(tmp_path / "templates/front.yaml",
           'extends: base\nelements:\n  - {type: icon, icon: "fluent/{{ picture or \'sun\' }}"}\n')
    _write(tmp_path / "templates/base.yaml", "elements:\n  - {type: icon, icon: crown}\n")
    deck = _write(tmp_path / "data/demo/cards.yaml",
                  "front: front\nitems:\n  - {name: Odin, picture: raven}\n")
    files = {name: tmp_path / "templates" / f"{'art/' if '/' in name else 'icons/'}{name}.svg"
             for name in ("crown", "raven", "unused", "fluent/raven", "fluent/sun")}
    names = names_written(deck, [tmp_path / "templates"], files)
    # the deck's words first (raven: the icon and the art), then front's, then base's
    assert names == ["raven", "fluent/raven", "fluent/sun", "crown"]


def test_the_child_sends_the_art_the_build_would_read(tmp_path):
    files = IconBook.for_project(Project(REPO)).files
    broken = _write(tmp_path / "broken.svg", "<svg><path d='M 1'/></svg>")
    files = {"runestone": files["runestone"], "fluent/raven": files["fluent/raven"],
             "broken": broken}
    prefetch = Prefetch([], ["runestone", "broken", "fluent/raven"], files)
    try:
        taken = {}
        while len(taken) < 2 and not prefetch.finished:  # the records arrive as it reads
            for name in ("runestone", "fluent/raven"):
                if name not in taken:
                    art = prefetch.take(name)
                    if art is not None:
                        taken[name] = art
        taken.update({name: prefetch.take(name) for name in ("runestone", "fluent/raven")
                      if name not in taken})
        assert taken["runestone"] == read_art(files["runestone"])
        assert taken["fluent/raven"] == read_art(files["fluent/raven"])
        assert prefetch.take("runestone") is None  # taken once
        assert prefetch.take("broken") is None  # unreadable: left for the build to report
        assert prefetch.take("unknown") is None
    finally:
        prefetch.close()
    with pytest.raises(ChildProcessError):  # the child is stopped and reaped
        os.waitpid(prefetch._pid, os.WNOHANG)


def test_a_one_deck_build_takes_its_art_from_the_child(tmp_path, monkeypatch):
    # the build waits for each name until the child has sent everything, so that no name is
    # read here because this (shared, busy) machine ran the child late
    def patient(prefetch, name):
        while name not in prefetch._arrived and not prefetch.finished:
            prefetch._receive()
            time.sleep(0.001)
        return take(prefetch, name)

    take = Prefetch.take
    monkeypatch.setattr(Prefetch, "take", patient)
    read_here = []
    original = art_read.read_art

    def counting(path):
        read_here.append(path.name)
        return original(path)

    monkeypatch.setattr(art_read, "read_art", counting)
    outputs = {}
    for jobs in ("1", "2"):
        read_here.clear()
        out = tmp_path / jobs
        result = run_cli("--project", str(REPO), "build", "ragnarocks", "mythology-cards",
                         "-p", "a4", "-q", "--no-cache", "--jobs", jobs, "--out", str(out))
        assert result.exit_code == 0, result.output
        outputs[jobs] = ((out / "ragnarocks/mythology-cards-a4.pdf").read_bytes(),
                         len(read_here))
    assert outputs["1"][0] == outputs["2"][0]
    assert outputs["1"][1] >= 60  # serially, every picture and emblem is read here
    assert outputs["2"][1] == 0  # beside the child, none is


def test_the_child_sends_each_font_as_this_process_would_parse_it(tmp_path):
    regular = REPO / "fonts" / "AlegreyaSans-Regular.ttf"
    broken = tmp_path / "Broken.ttf"
    broken.write_bytes(b"not a font")
    prefetch = Prefetch([broken, regular], [], {})
    try:
        while not prefetch.finished:
            prefetch._receive()
            time.sleep(0.001)
        face = prefetch.take_font(regular)
        assert prefetch.take_font(broken) is None  # left for the build to report
    finally:
        prefetch.close()
    parsed = TTFontFace(str(regular))
    assert face_state(face) == face_state(parsed)
    assert [face._pdfScale(w) for w in (0, 517, 1999.5)] == [
        parsed._pdfScale(w) for w in (0, 517, 1999.5)]
    # a font made from the child's face is the font this process would make
    given = SubsetCachingTTFont("Probe", str(regular), face)
    made = SubsetCachingTTFont("Probe", str(regular))
    assert given.face is face
    objects = ("face", "state", "encoding")  # compared below, by what they hold
    assert ({k: v for k, v in vars(given).items() if k not in objects}
            == {k: v for k, v in vars(made).items() if k not in objects})
    assert vars(given.encoding) == vars(made.encoding)
    assert len(given.state) == len(made.state) == 0


def test_a_one_deck_build_prints_the_same_bytes_beside_the_child(tmp_path):
    # fresh processes: each parses its fonts (this one may have registered them already)
    pdfs = {}
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        done = subprocess.run(
            [sys.executable, "-m", "sheetgen", "--project", str(REPO), "build", "ragnarocks",
             "mythology-cards", "-p", "a4", "-q", "--no-cache", "--jobs", jobs, "--out",
             str(out)], capture_output=True, text=True, timeout=300,
            env={**os.environ, "PYTHONPATH": str(REPO),
                 "SHEETGEN_CACHE_DIR": str(tmp_path / f"cache-{jobs}")})
        assert done.returncode == 0, done.stderr
        pdfs[jobs] = (out / "ragnarocks/mythology-cards-a4.pdf").read_bytes()
    assert pdfs["1"] == pdfs["2"]


def test_a_build_whose_fork_is_refused_checks_and_reads_here(tmp_path, monkeypatch):
    def build(jobs: str, out):
        result = run_cli("--project", str(REPO), "build", "ragnarocks", "clarifications",
                         "-p", "a4", "-q", "--no-cache", "--jobs", jobs, "--out", str(out))
        assert result.exit_code == 0, result.output
        return (out / "ragnarocks/clarifications-a4.pdf").read_bytes()

    serial = build("1", tmp_path / "serial")

    def refused():
        raise BlockingIOError("fork: resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refused)  # neither the prefetch nor the checks' child
    assert build("2", tmp_path / "refused") == serial
