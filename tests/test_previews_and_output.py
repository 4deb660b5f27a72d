"""PNG previews and a contact sheet; output files readable by others, written atomically."""

from __future__ import annotations

import errno
import os
import stat

import pytest
from PIL import Image

from sheetgen.api import BuildOptions, build
from sheetgen.base.errors import UserError
from sheetgen.base.output import OutputWriter


@pytest.mark.slow
def test_previews_and_contact_sheet(project, tmp_path):
    paths = build(project, "ragnarocks", ["mythology-cards", "reference"],
                  BuildOptions(profiles=["a4", "pod"], out_dir=tmp_path, previews=True))
    previews = sorted((tmp_path / "ragnarocks/previews").glob("*.png"))
    assert [p.stem for p in previews] == ["mythology-cards-a4", "mythology-cards-pod",
                                          "reference-a4", "reference-pod"]
    with Image.open(previews[0]) as a4, Image.open(previews[1]) as pod:
        assert max(a4.size) == 360 and a4.size[0] < a4.size[1]  # portrait A4
        assert abs(pod.size[0] / pod.size[1] - 198 / 270) < 0.01  # card with bleed
    sheet = tmp_path / "ragnarocks/contact-sheet.png"
    assert sheet in paths
    first = sheet.read_bytes()
    build(project, "ragnarocks", ["mythology-cards", "reference"],
          BuildOptions(profiles=["a4", "pod"], out_dir=tmp_path, previews=True))
    assert sheet.read_bytes() == first  # same input, same bytes


def test_outputs_follow_the_umask_not_mkstemp(tmp_path):
    old = os.umask(0o022)
    try:
        target = tmp_path / "out/x.pdf"
        OutputWriter.write_file(target, b"%PDF")
        OutputWriter.write_folder(tmp_path / "out/pngs", {"a.png": b"x"})
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "out/pngs").stat().st_mode) == 0o755


def test_writer_refuses_escapes_and_double_claims(tmp_path):
    writer = OutputWriter(tmp_path)
    writer.claim("game/a.pdf", "first")
    with pytest.raises(UserError, match="both write"):
        writer.claim("game/a.pdf", "second")
    with pytest.raises(UserError, match="leaves"):
        writer.claim("../elsewhere.pdf", "third")


def test_a_failing_write_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "a.pdf"
    target.write_bytes(b"old")

    def boom(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(UserError, match="a.pdf: cannot write: the disk is full"):
        OutputWriter.write_file(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.pdf"]
