"""A build's PDF is written to a temporary file as it is formatted, never held whole in memory
(issue 36), then moved into place as bytes would be written: the same bytes and mode, and a
build that fails leaves neither a temporary file nor a changed output."""

from __future__ import annotations

import errno
import gc
import os
import pickle
import tempfile

import pytest

from sheetgen.api import BuildOptions, build
from sheetgen.base.errors import UserError
from sheetgen.base.output import OutputWriter, WrittenFile
from sheetgen.build import transaction
from sheetgen.write.fast_canvas import FastCanvas

pytestmark = pytest.mark.usefixtures("private_cache_dir")


@pytest.fixture
def spool_dir(tmp_path, monkeypatch):
    """A temporary folder of its own for the written files (to see what is left in it)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _written(data: bytes) -> WrittenFile:
    written, handle = WrittenFile.create()
    with handle:
        handle.write(data)
    return written


def test_a_written_file_is_moved_into_place_as_bytes_are_written(tmp_path, spool_dir):
    OutputWriter.write_file(tmp_path / "from-bytes.pdf", b"%PDF-1.4 same")
    OutputWriter.write_file(tmp_path / "moved.pdf", _written(b"%PDF-1.4 same"))
    gc.collect()
    assert (tmp_path / "moved.pdf").read_bytes() == b"%PDF-1.4 same"
    assert os.stat(tmp_path / "moved.pdf").st_mode == os.stat(tmp_path / "from-bytes.pdf").st_mode
    assert not list(spool_dir.iterdir())  # moved, not copied
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_written_file_never_moved_is_deleted(spool_dir):
    written = _written(b"lost")
    assert os.path.exists(written.path)
    path = written.path
    del written
    gc.collect()
    assert not os.path.exists(path)


def test_a_pickled_written_file_belongs_to_the_process_that_receives_it(spool_dir):
    written = _written(b"sent by a worker")
    path, sent = written.path, pickle.dumps(written)
    del written  # the worker's copy goes: the file stays for the build
    gc.collect()
    assert os.path.exists(path)
    received = pickle.loads(sent)
    assert received.read_bytes() == b"sent by a worker"
    del received
    gc.collect()
    assert not os.path.exists(path)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_builds_pdfs_go_through_written_files_and_leave_none(project, tmp_path, spool_dir,
                                                              monkeypatch, jobs):
    made = []
    create = WrittenFile.create.__func__

    def counted(cls):
        written, handle = create(cls)
        made.append(written.path)
        return written, handle

    monkeypatch.setattr(WrittenFile, "create", classmethod(counted))
    out = tmp_path / "out"
    build(project, "ragnarocks", ["mythology-cards", "standees"],
          BuildOptions(profiles=["a4"], out_dir=out, cache=False, jobs=jobs))
    gc.collect()
    pdfs = sorted(out.rglob("*.pdf"))
    assert [p.name for p in pdfs] == ["mythology-cards-a4.pdf", "standees-a4.pdf"]
    assert all(p.read_bytes().startswith(b"%PDF-") and p.read_bytes().endswith(b"%%EOF\n")
               for p in pdfs)
    if jobs == 1:  # forked workers make theirs in their own processes
        assert len(made) == 2
    assert not list(spool_dir.iterdir())


def test_a_build_that_fails_after_rendering_leaves_no_file_and_the_old_output(
        project, tmp_path, spool_dir, monkeypatch):
    out = tmp_path / "out"
    build(project, "ragnarocks", ["standees"],
          BuildOptions(profiles=["a4"], out_dir=out, cache=False, jobs=1))
    [old] = out.rglob("*.pdf")
    before = old.read_bytes()
    old.write_bytes(b"the designer's old file")

    def failing(*args, **kwargs):
        raise UserError("the disk is full")

    monkeypatch.setattr(transaction, "_stage", failing)
    gc.disable()  # as `sheetgen build` runs: nothing waits for the cycle collector
    try:
        with pytest.raises(UserError):
            build(project, "ragnarocks", ["standees"],
                  BuildOptions(profiles=["a4"], out_dir=out, cache=False, jobs=1))
        assert not list(spool_dir.iterdir())
    finally:
        gc.enable()
    assert old.read_bytes() == b"the designer's old file" != before


def test_validate_leaves_no_written_file(project, tmp_path, spool_dir):
    gc.disable()
    try:
        build(project, "ragnarocks", ["standees"],
              BuildOptions(profiles=["a4"], out_dir=tmp_path / "out", cache=False, jobs=1),
              write=False)
        assert not list(spool_dir.iterdir())
    finally:
        gc.enable()
    assert not (tmp_path / "out").exists()


def test_a_full_disk_while_the_file_is_written_is_a_message_and_leaves_nothing(
        project, tmp_path, spool_dir, monkeypatch):
    def full(canvas, handle):
        handle.write(b"%PDF-1.4 half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(FastCanvas, "pdf_into", full)
    with pytest.raises(UserError, match="the disk is full"):
        build(project, "ragnarocks", ["standees"],
              BuildOptions(profiles=["a4"], out_dir=tmp_path / "out", cache=False, jobs=1))
    gc.collect()
    assert not list(spool_dir.iterdir())
    assert not (tmp_path / "out").exists()
