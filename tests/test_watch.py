"""``watch`` rebuilds on change, survives user errors and keeps the last good output."""

from __future__ import annotations

import threading
import time

from sheetgen.api import BuildOptions, build
from sheetgen.load.project import Project
from sheetgen.build.watch import rebuild, snapshot, watch


def test_snapshot_sees_edits(copy_game):
    project = Project.at(copy_game("ragnarocks"))
    before = snapshot(project)
    deck = project.root / "data/ragnarocks/mythology-cards.yaml"
    deck.write_text(deck.read_text() + "\n")
    import os

    os.utime(deck, (time.time() + 5, time.time() + 5))
    assert snapshot(project) != before


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

    def run_build():
        return build(project, "ragnarocks", ["mythology-cards"], BuildOptions(profiles=["pod"]))

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
