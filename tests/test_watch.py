"""``watch`` rebuilds on change, survives user errors and keeps the last good output."""

from __future__ import annotations

import threading
import time

import pytest

from conftest import write_files

from sheetgen.api import BuildOptions, build
from sheetgen.load.project import Project
from sheetgen.build.watch import rebuild, stamps, watch


def test_stamps_see_edits_and_files_made_later(copy_game):
    project = Project.at(copy_game("ragnarocks"))
    deck = project.root / "data/ragnarocks/mythology-cards.yaml"
    later = project.root / "profiles.yaml"
    before = stamps([deck, later])
    assert before[later] is None
    deck.write_text(deck.read_text() + "\n")
    import os

    os.utime(deck, (time.time() + 5, time.time() + 5))
    assert stamps([deck]) != {deck: before[deck]}
    later.write_text("profiles: {}\n")
    assert stamps([later])[later] is not None


def wait_for(condition, timeout: float = 60.0) -> bool:
    """Poll ``condition`` until it holds or ``timeout`` seconds pass (builds are slower on a
    loaded machine; a fixed sleep made this test fail there)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_watch_rebuilds_after_a_broken_edit_is_fixed(copy_game):
    from pypdf import PdfReader

    root = copy_game("ragnarocks")
    project = Project.at(root)
    pdf = root / "out/ragnarocks/mythology-cards-pod.pdf"
    messages: list[str] = []

    def run_build(reads):
        return build(project, "ragnarocks", ["mythology-cards"], BuildOptions(profiles=["pod"]),
                     reads=reads)

    # a daemon thread: it stops polling by itself after its rounds, and never holds the run
    thread = threading.Thread(target=watch, args=(project, run_build, messages.append),
                              kwargs={"interval": 0.1, "debounce": 0.05, "rounds": 3000},
                              daemon=True)
    thread.start()
    deck = root / "data/ragnarocks/mythology-cards.yaml"
    good = deck.read_text()
    assert wait_for(lambda: any("built" in m for m in messages) and pdf.exists())
    first = pdf.read_bytes()
    deck.write_text(good.replace("front: mythology-front", "front: nope"))
    assert wait_for(lambda: any("unknown template 'nope'" in m for m in messages)), messages
    assert pdf.read_bytes() == first  # the last good PDF survives the broken build
    deck.write_text(good.replace("name: Freya", "name: Freyja"))
    assert wait_for(lambda: sum("built" in m for m in messages) >= 2), messages
    assert "Freyja" in PdfReader(pdf).pages[0].extract_text()


def test_rebuild_reports_success_and_failure():
    from sheetgen.base.errors import UserError

    said: list[str] = []
    assert rebuild(lambda: ["a.pdf"], said.append)
    assert not rebuild(lambda: (_ for _ in ()).throw(UserError("bad")), said.append)
    assert "built 1 file(s)" in said[0] and "error: sheetgen: bad" in said[1]


GAME = "id: t\nname: T\ncomponents: [deck]\n"
DECK = ("id: deck\ntitle: Deck\nkind: cards\nfront: card\nprofiles: [pod]\n"
        "items:\n  - {name: Alpha}\n")
CARD = """size: card
elements:
  - {id: name, type: text, x: 5mm, y: 5mm, w: 40mm, h: 10mm, size: 12, text: "{{ name }}"}
"""


@pytest.mark.parametrize("notify", [False, True], ids=["polling", "watchfiles"])
def test_b4_watch_follows_the_projects_profiles_yaml(tmp_path, notify):
    from pypdf import PdfReader

    write_files(tmp_path, {"data/t/game.yaml": GAME, "data/t/deck.yaml": DECK,
                           "templates/card.yaml": CARD,
                           "profiles.yaml": "sizes:\n  card: [60, 80]\n"})
    project = Project.at(tmp_path)
    pdf = tmp_path / "out/t/deck-pod.pdf"
    messages: list[str] = []
    done = threading.Event()
    thread = threading.Thread(
        target=watch, args=(project, lambda reads: build(project, "t", None, BuildOptions(),
                                                         reads=reads), messages.append),
        kwargs={"interval": 0.1, "debounce": 0.05, "stop": done.is_set, "notify": notify},
        daemon=True)
    thread.start()
    try:
        assert wait_for(lambda: any("built" in m for m in messages) and pdf.exists()), messages
        width = float(PdfReader(pdf).pages[0].trimbox.width)
        assert abs(width - 60 / 25.4 * 72) < 0.01
        (tmp_path / "profiles.yaml").write_text("sizes:\n  card: [50, 80]\n")
        assert wait_for(lambda: sum("built" in m for m in messages) >= 2, timeout=30), messages
        width = float(PdfReader(pdf).pages[0].trimbox.width)
        assert abs(width - 50 / 25.4 * 72) < 0.01
    finally:
        done.set()
        thread.join(timeout=30)


def test_watch_takes_in_an_edit_saved_while_its_watcher_starts(tmp_path, monkeypatch):
    """An edit saved after the watch last compared stamps but before the operating system's
    watcher exists has no event: the watch compares stamps again at every wait, so it is
    built (it used to wait for some later event, and under load the test above timed out)."""
    import watchfiles
    from pypdf import PdfReader

    write_files(tmp_path, {"data/t/game.yaml": GAME, "data/t/deck.yaml": DECK,
                           "templates/card.yaml": CARD,
                           "profiles.yaml": "sizes:\n  card: [60, 80]\n"})
    project = Project.at(tmp_path)
    deck, pdf = tmp_path / "data/t/deck.yaml", tmp_path / "out/t/deck-pod.pdf"
    real, starts = watchfiles.watch, []

    def late_watcher(*args, **kwargs):
        if not starts:  # the first watcher: the edit lands just before it starts
            deck.write_text(DECK.replace("Alpha", "Beta"))
        starts.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(watchfiles, "watch", late_watcher)
    messages: list[str] = []
    watch(project, lambda reads: build(project, "t", None, BuildOptions(), reads=reads),
          messages.append, interval=0.1, debounce=0.05, rounds=50, notify=True,
          stop=lambda: sum("built" in m for m in messages) >= 2)
    assert starts and sum("built" in m for m in messages) == 2, messages
    assert "Beta" in PdfReader(pdf).pages[0].extract_text()


FONT_CARD = """size: card
elements:
  - {id: name, type: text, x: 5mm, y: 5mm, w: 40mm, h: 10mm, size: 12, font: mine,
     text: "{{ name }}"}
"""


@pytest.mark.parametrize("jobs", [1, 2], ids=["in-process", "workers"])
def test_a_watched_build_after_a_font_file_changes_writes_a_fresh_builds_bytes(tmp_path, jobs):
    """ReportLab registers a font once per process under its name: the watch's next build
    registers the changed file again (fonts.FontBook, as the studio's), so it writes the
    bytes a new process writes with --no-cache."""
    import shutil
    import subprocess
    import sys

    from conftest import REPO

    deck = DECK.replace("[{name: Alpha}]", "[{name: Alpha}, {name: Beta}]")
    write_files(tmp_path, {"data/t/game.yaml": GAME.replace("[deck]", "[deck, other]"),
                           "data/t/deck.yaml": deck,
                           "data/t/other.yaml": deck.replace("id: deck", "id: other"),
                           "templates/card.yaml": FONT_CARD,
                           "profiles.yaml": "sizes:\n  card: [60, 80]\n",
                           "fonts/fonts.yaml": "families:\n  mine:\n    regular: Body.ttf\n"})
    body = tmp_path / "fonts" / "Body.ttf"
    shutil.copy(REPO / "fonts" / "AlegreyaSans-Regular.ttf", body)
    project = Project.at(tmp_path)
    pdf = tmp_path / "out/t/deck-pod.pdf"
    messages: list[str] = []
    done = threading.Event()
    thread = threading.Thread(
        target=watch, args=(project, lambda reads: build(project, "t", None,
                                                         BuildOptions(jobs=jobs), reads=reads),
                            messages.append),
        kwargs={"interval": 0.1, "debounce": 0.05, "stop": done.is_set, "notify": False},
        daemon=True)
    thread.start()
    try:
        assert wait_for(lambda: any("built" in m for m in messages) and pdf.exists()), messages
        first = pdf.read_bytes()
        shutil.copy(REPO / "fonts" / "Cinzel-Regular.ttf", body)  # same name, another face
        assert wait_for(lambda: sum("built" in m for m in messages) >= 2, timeout=30), messages
    finally:
        done.set()
        thread.join(timeout=30)
    assert "error" not in " ".join(messages), messages
    watched = pdf.read_bytes()
    assert watched != first
    cold = tmp_path / "cold"
    subprocess.run([sys.executable, "-m", "sheetgen", "--project", str(tmp_path), "build", "t",
                    "--no-cache", "--out", str(cold), "-q"], check=True, timeout=300,
                   env={**__import__("os").environ, "PYTHONPATH": str(REPO)})
    assert (cold / "t" / "deck-pod.pdf").read_bytes() == watched
    assert (cold / "t" / "other-pod.pdf").read_bytes() == (tmp_path / "out/t/other-pod.pdf"
                                                           ).read_bytes()
