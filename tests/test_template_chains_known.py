"""The templates a build's components name are looked up once per session: every component
gets the same files (each reported as read every time), and a session told that templates
changed looks again."""

from __future__ import annotations

from sheetgen.build.credits import template_chain
from sheetgen.load.project import Project
from sheetgen.load.reads import ReadRecorder


def _chain(project, names, known):
    with ReadRecorder().recording() as read:
        found = template_chain(project, names, known)
    return found, set(read.files())


def test_a_chain_found_once_is_given_again_and_reported_again(tmp_path):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "card-front.yaml").write_text("extends: card-base\nwidth: 63mm\n", "utf-8")
    (folder / "card-base.yaml").write_text("height: 88mm\n", "utf-8")
    project = Project.at(tmp_path)
    files = {folder / "card-front.yaml", folder / "card-base.yaml"}
    known: dict = {}
    first, read_first = _chain(project, {"card-front", "Odin", "#aa0000"}, known)
    assert first == files and files <= read_first
    (folder / "card-front.yaml").unlink()  # not looked for again: the session was not told
    again, read_again = _chain(project, {"card-front", "Thor"}, known)
    assert again == files and files <= read_again
    known.clear()  # what Session.reload_templates does
    assert _chain(project, {"card-front"}, known)[0] == set()
