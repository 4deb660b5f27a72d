"""A roll sheet's band scene is parsed once a process, and again once its file changes (the
studio must never draw a stale scene)."""

from __future__ import annotations

import os
import shutil

from conftest import REPO

from sheetgen.dice.formats import as_pdf
from sheetgen.fill.art.read import read_art


def test_scene_art_is_parsed_once_and_again_when_the_file_changes(tmp_path):
    scene = tmp_path / "sea.svg"
    shutil.copy(REPO / "templates" / "art" / "scenes" / "sea.svg", scene)
    reads = []

    def counted(path):
        reads.append(path)
        return read_art(path)

    first = as_pdf.scene_art(scene, counted)
    assert as_pdf.scene_art(scene, counted) is first and len(reads) == 1
    # the file changed: a shape fewer, and a later modification time
    text = scene.read_text(encoding="utf-8")
    cut = text.rindex("<path")
    scene.write_text(text[:cut] + text[text.index(">", cut) + 1:], encoding="utf-8")
    later = os.stat(scene).st_mtime_ns + 1_000_000_000
    os.utime(scene, ns=(later, later))
    changed = as_pdf.scene_art(scene, counted)
    assert len(reads) == 2 and changed is not first
    assert len(changed.shapes) == len(first.shapes) - 1
