"""Write build output atomically, and refuse two outputs claiming one path or leaving out/.

A file is written to a temporary name beside its target and renamed over it, so a failed or
interrupted build leaves the previous file whole. A folder of files (PNG exports) is written
to a temporary folder and swapped in the same way.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .errors import UserError, user_error


class OutputWriter:
    """Claims output paths inside ``out_dir`` and writes them atomically."""

    def __init__(self, out_dir: Path):
        self.out_dir = Path(out_dir).resolve()
        self.claimed: dict[Path, str] = {}

    def claim(self, relative: str, owner: str) -> Path:
        """Reserve ``out_dir/relative`` for ``owner``; a second claim or an escape is an error."""
        path = (self.out_dir / relative).resolve()
        if not path.is_relative_to(self.out_dir):
            raise UserError(f"{owner}: output path {relative!r} leaves {self.out_dir}")
        if path in self.claimed:
            raise UserError(f"{owner} and {self.claimed[path]} would both write {path}")
        self.claimed[path] = owner
        return path

    @staticmethod
    def write_file(path: Path, data: bytes, shown: Path | None = None) -> None:
        """Write ``data`` to ``path`` atomically; an OS refusal is a UserError naming ``path``
        (or ``shown``, the final place of a staged file)."""
        with output_errors(shown or path):
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                raise user_error(path, 0, "cannot write the file: a folder has this name")
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            try:
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


@contextmanager
def output_errors(path: Path | None = None):
    """Turn an operating system's refusal to write ``path`` (default: the file the error
    names) into a UserError naming it: permission, a parent that is a file, a full disk."""
    try:
        yield
    except OSError as exc:
        where = Path(path if path is not None else exc.filename or "output")
        raise user_error(where, 0, f"cannot write: {_reason(exc, where)}") from None


def _reason(exc: OSError, path: Path) -> str:
    """Say why a write failed, in words a user can act on."""
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
