"""A big deck's made faces kept in files while its pages are drawn (issue 36).

The build's workers make and check a big deck's faces (``FaceBuilder.made_here``); each
worker also writes the elements and origins it made, pickled and compressed, to a file of its
own in a folder of the build, and a page reads its faces back from there instead of making
them again (reading a face back costs about a third of making it: no filling, validating or
text fitting). The folder is deleted once no face can read it, or as the process ends.
"""

from __future__ import annotations

import os
import pickle
import shutil
import tempfile
import weakref
import zlib
from pathlib import Path


def _remove(path: str, owner: int, descriptors: dict) -> None:
    """Close the files open for reading and delete the folder ``path``, in the process that
    made it only (a forked worker inherits the folder's object, never its removal)."""
    if os.getpid() == owner:
        for descriptor in descriptors.values():
            os.close(descriptor)
        descriptors.clear()
        shutil.rmtree(path, ignore_errors=True)


class FaceFolder:
    """A temporary folder of made faces, deleted with its last reader (or at exit)."""

    def __init__(self) -> None:
        self.path = tempfile.mkdtemp(prefix="sheetgen-faces-")
        # each file read, open while the folder lives: a page reads a face at a time, and
        # opening the file for each cost more than reading the face (about 0.15 ms a face)
        self._open: dict[str, int] = {}
        weakref.finalize(self, _remove, self.path, os.getpid(), self._open)

    def read(self, name: str, offset: int, length: int) -> bytes:
        """Return ``length`` bytes at ``offset`` of the folder's file ``name``."""
        descriptor = self._open.get(name)
        if descriptor is None:
            descriptor = self._open[name] = os.open(os.path.join(self.path, name), os.O_RDONLY)
        return os.pread(descriptor, length, offset)

    def writer(self, name: str) -> "FaceWriter":
        """Return a writer of the folder's file ``name`` (one a worker's share)."""
        return FaceWriter(Path(self.path) / name)


class FaceWriter:
    """Appends made faces to one file of a FaceFolder; each is stored at (name, offset,
    length)."""

    def __init__(self, path: Path) -> None:
        self.name = path.name
        self._file = open(path, "wb")  # closed by close(), once the share is written
        self._at = 0
        self._whole = True

    def write(self, elements: list, origins: list) -> tuple[str, int, int] | None:
        """Store a face's elements and origins; return where, or None when they cannot be
        stored (an element that does not pickle: its page makes it again)."""
        if self._file is None:  # writing failed once: the offsets after it are unknown
            return None
        try:
            data = zlib.compress(pickle.dumps((elements, origins), pickle.HIGHEST_PROTOCOL), 1)
        except Exception:  # noqa: BLE001 - whatever does not pickle is made again
            return None
        try:
            self._file.write(data)
        except OSError:  # a full disk: the share is made again by its pages
            self._whole = False
            self.close()
            return None
        where = (self.name, self._at, len(data))
        self._at += len(data)
        return where

    def close(self) -> bool:
        """Close the file; return whether everything written is stored (False: a write
        failed, or flushing the last ones did, so none of the share is to be read)."""
        if self._file is None:
            return False
        try:
            self._file.close()
        except OSError:
            return False
        finally:
            self._file = None
        return self._whole


class StoredFace:
    """Reads one face's elements and origins back from its folder (the face's remake)."""

    __slots__ = ("folder", "name", "offset", "length")

    def __init__(self, folder: FaceFolder, where: tuple[str, int, int]) -> None:
        self.folder = folder  # kept alive while a face can read it
        self.name, self.offset, self.length = where

    def __call__(self) -> tuple[list, list]:
        """Return the face's elements and origins, read back from the folder's file."""
        data = self.folder.read(self.name, self.offset, self.length)
        return pickle.loads(zlib.decompress(data))


class AwaitedFace:
    """A face's remake while the workers make its share: waits for the share, then reads the
    face back from its folder (or, when it was not stored, makes it again: ``remake``)."""

    __slots__ = ("stored", "index", "remake")

    def __init__(self, stored, index: int, remake) -> None:
        self.stored, self.index, self.remake = stored, index, remake

    def __call__(self) -> tuple[list, list]:
        """Return the face's elements and origins once its share is back."""
        stored = self.stored(self.index)
        return stored() if stored is not None else self.remake()
