"""``watch`` rebuilds on change, survives user errors and keeps the last good output."""

from __future__ import annotations

import threading
import time

from sheetgen.api import BuildOptions, build
from sheetgen.project import Project
from sheetgen.watch import rebuild, snapshot, watch


def test_snapshot_sees_edits(copy_game):
    project = Project.at(copy_game("ragnarocks"))
    before = snapshot(project)
    deck = project.root / "data/ragnarocks/mythology-cards.yaml"
    deck.write_text(deck.read_text() + "\n")
    import os

    os.utime(deck, (time.time() + 5, time.time() + 5))
    assert snapshot(project) != before


def test_watch_rebuilds_after_a_broken_edit_is_fixed(copy_game):
    root = copy_game("ragnarocks")
    project = Project.at(root)
    pdf = root / "out/ragnarocks/mythology-cards-pod.pdf"
    messages: list[str] = []

    def run_build():
        return build(project, "ragnarocks", ["mythology-cards"], BuildOptions(profiles=["pod"]))

    thread = threading.Thread(target=watch, args=(project, run_build, messages.append),
                              kwargs={"interval": 0.1, "debounce": 0.05, "rounds": 40})
    thread.start()
    deck = root / "data/ragnarocks/mythology-cards.yaml"
    good = deck.read_text()
    time.sleep(0.8)
    assert pdf.exists()
    first = pdf.read_bytes()
    deck.write_text(good.replace("front: mythology-front", "front: nope"))
    time.sleep(1.0)
    assert any("unknown template 'nope'" in m for m in messages)
    assert pdf.read_bytes() == first  # the last good PDF survives the broken build
    deck.write_text(good.replace("name: Freya", "name: Freyja"))
    thread.join()
    assert "Freyja" in __import__("pypdf").PdfReader(pdf).pages[0].extract_text()


def test_rebuild_reports_success_and_failure():
    from sheetgen.errors import UserError

    said: list[str] = []
    assert rebuild(lambda: ["a.pdf"], said.append)
    assert not rebuild(lambda: (_ for _ in ()).throw(UserError("bad")), said.append)
    assert "built 1 file(s)" in said[0] and "error: sheetgen: bad" in said[1]
