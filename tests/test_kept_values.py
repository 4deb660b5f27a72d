"""Values a warm process keeps across changes (reads.kept): made again exactly when a file
they read (by the record of reads) holds other content, or a folder they listed other names;
the studio's print guide counts the flowed Clarifications cards again after a template edit."""

from __future__ import annotations

import io
import os
import re
import shutil
import time

from pypdf import PdfReader

from conftest import REPO
from pdfcheck import placements
from sheetgen.load import reads
from sheetgen.load.project import Project
from sheetgen.studio.live import Studio


def made_from(path, calls: list):
    """Return a make() reading ``path`` (reported as read) and counting its calls."""
    def make():
        calls.append(1)
        reads.opened(path)
        return path.read_text() if path.is_file() else None
    return make


def test_a_value_is_kept_while_its_file_holds_the_same_content(tmp_path):
    source, cache, calls = tmp_path / "a.txt", {}, []
    source.write_text("one")
    past = time.time() - 60
    os.utime(source, (past, past))   # an old file: its stamp alone says it is unchanged
    assert reads.kept(cache, "k", made_from(source, calls)) == "one"
    assert reads.kept(cache, "k", made_from(source, calls)) == "one"
    assert len(calls) == 1
    source.write_text("two")
    assert reads.kept(cache, "k", made_from(source, calls)) == "two"
    assert len(calls) == 2


def test_a_save_that_keeps_the_stamp_is_still_a_change(tmp_path):
    source, cache, calls = tmp_path / "a.txt", {}, []
    source.write_text("one")
    assert reads.kept(cache, "k", made_from(source, calls)) == "one"
    stat = source.stat()
    source.write_text("two")   # same size, and the stamp put back: a save within one tick
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert reads.kept(cache, "k", made_from(source, calls)) == "two"


def test_a_file_looked_for_that_appears_is_a_change(tmp_path):
    source, cache, calls = tmp_path / "later.txt", {}, []
    assert reads.kept(cache, "k", made_from(source, calls)) is None
    assert reads.kept(cache, "k", made_from(source, calls)) is None
    assert len(calls) == 1
    source.write_text("here")
    assert reads.kept(cache, "k", made_from(source, calls)) == "here"


def test_a_folder_listed_that_gains_a_file_is_a_change(tmp_path):
    folder, cache = tmp_path / "variants", {}

    def make():
        reads.opened(folder)
        return sorted(p.name for p in folder.iterdir())
    folder.mkdir()
    (folder / "a.yaml").write_text("")
    assert reads.kept(cache, "k", make) == ["a.yaml"]
    (folder / "b.yaml").write_text("")
    assert reads.kept(cache, "k", make) == ["a.yaml", "b.yaml"]


def test_a_kept_value_reports_its_files_at_every_use(tmp_path):
    source, cache = tmp_path / "a.txt", {}
    source.write_text("one")
    reads.kept(cache, "k", made_from(source, []))
    with reads.part() as second:
        reads.kept(cache, "k", made_from(source, []))
    assert second.files() == [source]


def _guide_count(live, view) -> int:
    """Return the Clarifications cards the How-to-print page lists, read from its PDF."""
    cv = live.workspace.ready(view, "how-to-print")
    _, document = live.printed(view, cv, "-")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(document.pdf)).pages)
    return int(re.search(r"clarifications-a4\.pdf\s*\)?:\s*(\d+)", text).group(1))


def _printed_cards(live, view) -> int:
    """Return the cards on the fronts pages of the Clarifications deck's a4 PDF."""
    cv = live.workspace.ready(view, "clarifications")
    _, document = live.printed(view, cv, "a4")
    reader = PdfReader(io.BytesIO(document.pdf))
    return sum(len(placements(reader, i)) for i in range(0, len(reader.pages), 2))


def test_the_studio_counts_flowed_cards_again_after_a_template_edit(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    game = "roll-and-raid"
    shutil.copytree(REPO / "data" / game, tmp_path / "data" / game)
    (tmp_path / "templates").mkdir()
    live = Studio(Project.at(tmp_path), [game])
    view = live.workspace.view(game)
    before = _guide_count(live, view)
    assert before == _printed_cards(live, view) == 3
    # the project's own Clarifications front, its column shorter: the rulings flow on further
    template = tmp_path / "templates" / "clarifications-front.yaml"
    template.write_text((REPO / "templates" / template.name).read_text()
                        .replace("h: 63.7mm", "h: 40mm"))
    live.changed({template})
    after = _guide_count(live, view)
    assert after > before
    assert after == _printed_cards(live, view)
    template.unlink()   # the built-in one again
    live.changed({template})
    assert _guide_count(live, view) == before
