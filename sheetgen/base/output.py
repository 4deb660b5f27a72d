"""Write build output atomically, and refuse two outputs claiming one path or leaving out/.

A file is written to a temporary name beside its target and renamed over it, so a failed or
interrupted build leaves the previous file whole. A folder of files (PNG exports) is written
to a temporary folder and swapped in the same way. sheetgen replaces only what it could have
written: a regular file (or, for a folder output, a folder), never a device, a FIFO, a socket
or a symbolic link; ``-`` as a file name means standard output.
"""

from __future__ import annotations

import errno
import io
import os
import shutil
import stat
import sys
import tempfile
import weakref
from contextlib import contextmanager
from pathlib import Path

from .errors import Problem, UserError, display_path, user_error

STDOUT = "-"  # the file name that means standard output (dice scripts, diff pictures)


class WrittenFile:
    """An output already written to a temporary file as it was made (a PDF formatted straight
    to disk, issue 36: the file is never held in memory whole), in place of its bytes.

    :meth:`OutputWriter.write_file` moves it to its temporary name beside the target, then
    renames it over the target as it would write bytes. Until moved, the file belongs to this
    object: it is deleted when the object is collected (a failed build leaves nothing), or
    handed over when the object is pickled (a worker process sends its output to the build).
    """

    def __init__(self, path: str):
        self.path = path
        self._delete = weakref.finalize(self, _unlink, path)
        _LIVE.add(self)

    @classmethod
    def create(cls) -> tuple["WrittenFile", io.BufferedWriter]:
        """Return a new, empty temporary file and its handle, open for writing."""
        fd, path = tempfile.mkstemp(prefix="sheetgen-", suffix=".part")
        return cls(path), os.fdopen(fd, "wb")

    def read_bytes(self) -> bytes:
        """Return the file's bytes (a preview of it, a test)."""
        return Path(self.path).read_bytes()

    def move_to(self, target: str | Path) -> None:
        """Move the file to ``target`` (a temporary name, on any file system); it is no
        longer this object's to delete."""
        try:
            os.replace(self.path, target)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            shutil.copyfile(self.path, target)  # in chunks: never the whole file in memory
            _unlink(self.path)
        self._delete.detach()

    def discard(self) -> None:
        """Delete the file now, unless it was moved or handed over."""
        self._delete()

    def __getstate__(self) -> dict:
        self._delete.detach()  # the receiving process owns the file now
        return {"path": self.path}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["path"])


# every WrittenFile of this process not yet collected (written_files_discarded)
_LIVE: weakref.WeakSet = weakref.WeakSet()


@contextmanager
def written_files_discarded():
    """Delete, when the block ends, every file a WrittenFile made in it still owns (never
    moved into place: a failed build, ``validate``), not waiting for the objects to be
    collected (the cycle collector may be off, a test process may end without finalizers)."""
    before = set(_LIVE)
    try:
        yield
    finally:
        for written in list(_LIVE):
            if written not in before:
                written.discard()


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class OutputWriter:
    """Claims output paths inside ``out_dir`` and writes them atomically."""

    def __init__(self, out_dir: Path):
        self.out_dir = Path(out_dir).resolve()
        self.claimed: dict[Path, str] = {}

    def claim(self, relative: str, owner: str) -> Path:
        """Reserve ``out_dir/relative`` for ``owner``; a second claim or an escape is an error."""
        path = self.out_dir / relative
        # the folder is resolved, not the file: a link in its place is refused when written
        path = path.parent.resolve() / path.name if path.name != ".." else path.resolve()
        if not path.is_relative_to(self.out_dir):
            raise UserError(f"{owner}: output path {relative!r} leaves {self.out_dir}")
        if path in self.claimed:
            raise UserError(f"{owner} and {self.claimed[path]} would both write {path}")
        self.claimed[path] = owner
        return path

    @staticmethod
    def check_replaceable(path: Path, folder: bool = False, shown: Path | None = None) -> None:
        """Refuse ``path`` unless it is missing or what sheetgen writes there: a regular file
        (a real folder when ``folder``), never a device, FIFO, socket or symbolic link."""
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return
        except OSError:
            return  # a name the system refuses: the write itself reports it
        if stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode):
            return
        shown = Path(shown or path)  # named as written: a link is not shown as its target
        raise UserError(Problem(str(Path(display_path(shown.parent)) / shown.name), 0,
                                f"cannot write: it is {_kind(mode)}, and sheetgen replaces "
                                f"only {'folders' if folder else 'regular files'} (give "
                                "another path)"))

    @staticmethod
    def write_file(path: Path, data: bytes | WrittenFile, shown: Path | None = None) -> None:
        """Write ``data`` (bytes, or a file written already: moved) to ``path`` atomically;
        an OS refusal is a UserError naming ``path`` (or ``shown``, the final place of a
        staged file)."""
        with output_errors(shown or path):
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir() and not path.is_symlink():
                raise user_error(path, 0, "cannot write the file: a folder has this name")
            OutputWriter.check_replaceable(path, shown=shown)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            try:
                if isinstance(data, WrittenFile):
                    os.close(fd)
                    data.move_to(tmp)
                else:
                    with os.fdopen(fd, "wb") as handle:
                        handle.write(data)
                os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are shared files
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise

    @staticmethod
    def write_folder(path: Path, files: dict[str, bytes], shown: Path | None = None) -> None:
        """Replace folder ``path`` with exactly ``files``, swapping a finished copy in."""
        with output_errors(shown or path):
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not path.is_dir():
                raise user_error(path, 0, "cannot write the folder: a file has this name")
            OutputWriter.check_replaceable(path, folder=True, shown=shown)
            OutputWriter._swap_folder(path, files)

    @staticmethod
    def _swap_folder(path: Path, files: dict[str, bytes]) -> None:
        tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
        os.chmod(tmp, 0o777 & ~_umask())
        try:
            for name, data in files.items():
                (tmp / name).write_bytes(data)  # plain writes follow the umask
            old = None
            if path.exists():
                old = path.with_name(f".{path.name}.old")
                shutil.rmtree(old, ignore_errors=True)
                path.rename(old)
            tmp.rename(path)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise


class StdoutRefused(OSError):
    """Standard output refused a write (a full disk, a closed pipe): not a bug of sheetgen."""


class _StdoutFile(io.FileIO):
    """Standard output's file descriptor, whose failed writes say they are standard output's."""

    def write(self, data) -> int | None:
        """Write to standard output; an operating system's refusal is a StdoutRefused."""
        try:
            return super().write(data)
        except OSError as exc:
            raise StdoutRefused(exc.errno, exc.strerror) from None


def guard_stdout() -> bool:
    """Put sys.stdout (the process's own, with its encoding and buffering) over a file whose
    refusals are StdoutRefused; return False, changing nothing, when it is not file 1."""
    out = sys.stdout
    try:
        if out is not sys.__stdout__ or out.fileno() != 1:
            return False
    except (AttributeError, OSError, ValueError):
        return False
    out.flush()
    raw = _StdoutFile(1, "w", closefd=False)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=out.encoding,
                                  errors=out.errors, line_buffering=out.line_buffering,
                                  write_through=out.write_through)
    return True


def silence_stdout() -> None:
    """Point file 1 at the null device, so that the flush at exit cannot fail again."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)


def check_file_target(target: str | Path | None) -> None:
    """Refuse, before any work, an output FILE (``-o FILE``) whose folder does not exist: a
    mistyped folder is a mistake to report, not one to create. (An output FOLDER, ``build
    --out DIR``, is made when missing: naming a new folder is what that option is for.)"""
    if target is None or str(target) == STDOUT:
        return
    folder = Path(target).parent
    if not folder.is_dir():
        blocker = next((p for p in Path(target).parents if p.exists() and not p.is_dir()), None)
        reason = (f"{blocker} is a file, not a folder" if blocker is not None else
                  f"its folder {display_path(folder)} does not exist (make it first, or "
                  "choose another path)")
        raise user_error(Path(target), 0, f"cannot write: {reason}")


def write_target(target: str | Path, data: bytes) -> None:
    """Write ``data`` to the file ``target`` names (atomically), or to standard output when
    ``target`` is ``-``."""
    if str(target) == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        OutputWriter.write_file(Path(target), data)


def _kind(mode: int) -> str:
    """Name the kind of file system entry ``mode`` describes."""
    kinds = [(stat.S_ISLNK, "a symbolic link"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"), (stat.S_ISREG, "a file")]
    return next((name for test, name in kinds if test(mode)), "not a regular file")


@contextmanager
def output_errors(path: Path | None = None):
    """Turn an operating system's refusal to write ``path`` (default: the file the error
    names) into a UserError naming it: permission, a parent that is a file, a full disk."""
    try:
        yield
    except StdoutRefused:
        raise
    except OSError as exc:
        where = Path(path if path is not None else exc.filename or "output")
        raise user_error(where, 0, f"cannot write: {_reason(exc, where)}") from None


def _reason(exc: OSError, path: Path) -> str:
    """Say why a write failed, in words a user can act on."""
    if exc.errno == errno.EEXIST and path.exists() and not path.is_dir():
        return f"it is {_kind(os.stat(path).st_mode)}, not a folder"
    blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        return f"{blocker} is a file, not a folder"
    reasons = {
        errno.EACCES: "permission denied (choose another --out folder or fix its permissions)",
        errno.EPERM: "permission denied (choose another --out folder or fix its permissions)",
        errno.ENOSPC: "the disk is full; the previous file is untouched",
        errno.EDQUOT: "the disk quota is exceeded; the previous file is untouched",
        errno.EROFS: "the file system is read-only",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return reasons.get(exc.errno, exc.strerror or str(exc))


def _umask() -> int:
    """Return the process umask (reading it means setting it, so set it straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
