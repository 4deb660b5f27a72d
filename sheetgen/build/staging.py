"""All-or-nothing output: a build writes every file into a hidden folder inside ``out/`` first.

Only when every output of the build has been rendered and written there are they moved into
place, each with an atomic rename on the same file system. A failure at any stage before that
(imposition, rasterising, a full disk) removes the staging folder and leaves every previous
output byte-identical.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..base.output import OutputWriter, WrittenFile, output_errors


class Staging:
    """Collects a build's outputs in ``out/.staging-*/`` and moves them into place together."""

    def __init__(self, writer: OutputWriter):
        self.writer = writer
        self.root: Path | None = None
        self.moves: list[tuple[Path, Path]] = []
        self.created_out = False

    def __enter__(self) -> "Staging":
        return self

    def __exit__(self, *_exc) -> None:
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
        if self.created_out and not any(self.writer.out_dir.iterdir()):
            self.writer.out_dir.rmdir()  # a build that failed leaves no trace

    def _staged(self, final: Path) -> Path:
        if self.root is None:
            out_dir = self.writer.out_dir
            with output_errors(out_dir):
                existed = out_dir.exists()
                out_dir.mkdir(parents=True, exist_ok=True)
                self.created_out = not existed
                self.root = Path(tempfile.mkdtemp(prefix=".staging-", dir=out_dir))
        staged = self.root / f"{len(self.moves):05d}-{final.name}"
        self.moves.append((staged, final))
        return staged

    def file(self, final: Path, data: bytes | WrittenFile) -> None:
        """Stage ``data`` (bytes, or a file written already: moved) for ``final`` (a claimed
        output path)."""
        self.writer.write_file(self._staged(final), data, shown=final)

    def folder(self, final: Path, files: dict[str, bytes]) -> None:
        """Stage a folder of ``files`` for ``final``."""
        self.writer.write_folder(self._staged(final), files, shown=final)

    def commit(self) -> None:
        """Move every staged output into place (a folder replaces the old one whole), once
        no final path is anything sheetgen may not replace (a device, a FIFO, a link)."""
        for staged, final in self.moves:
            OutputWriter.check_replaceable(final, folder=staged.is_dir())
        for staged, final in self.moves:
            with output_errors(final):
                self._move(staged, final)

    @staticmethod
    def _move(staged: Path, final: Path) -> None:
        """Move one staged file or folder over ``final``."""
        final.parent.mkdir(parents=True, exist_ok=True)
        if not staged.is_dir():
            os.replace(staged, final)
            return
        old = final.with_name(f".{final.name}.old") if final.exists() else None
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
            final.rename(old)
        staged.rename(final)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
