"""``python -m sheetgen`` and the ``sheetgen`` command: the command line run as a process."""

import _thread
import atexit
import importlib
import os
import sys
import types

from .cli import main


class _PillowImage(types.ModuleType):
    """``PIL.Image`` until something reads it: then the real module, imported at that moment
    (it takes this module's place in ``sys.modules``), answers every name looked up here."""

    # one thread takes the stand-in out and imports the real module; another waits for it
    # (it would otherwise read a module still being made, or import a second copy)
    _swap = _thread.RLock()

    def __getattr__(self, name: str):
        with self._swap:
            if sys.modules.get("PIL.Image") is self:
                del sys.modules["PIL.Image"]
            real = importlib.import_module("PIL.Image")
        return getattr(real, name)


def pillow_on_first_use() -> None:
    """Import Pillow's ``Image`` module when the process first uses it, not when ReportLab
    starts.

    ReportLab's utilities (``reportlab.lib.utils``, which its colours and canvas import)
    import ``PIL.Image`` at start-up: Pillow's C core and tag tables, about 12 ms of CPU in a
    process that may never read a raster image (a deck of vector art and text). Only an
    ``image`` of a PNG or JPEG, ``--previews`` and the Tabletop Simulator sheets read one, and
    the first name any code looks up in the stand-in imports the real module. The process
    only (this module): the Python API and an imported command line leave Pillow alone.
    """
    if "PIL.Image" in sys.modules:
        return
    try:  # the package alone (its version), so that ``import PIL.Image; PIL.Image`` works
        package = importlib.import_module("PIL")
    except ImportError:  # ReportLab says so when it starts
        return
    package.Image = sys.modules["PIL.Image"] = _PillowImage("PIL.Image")


def run() -> None:
    """Run the command line, then end the process without tearing the interpreter down.

    Freeing every module and object one by one takes about 15 ms of a one-deck build (issue
    21: start-up and exit time) and the operating system frees them at once. Exit handlers
    still run and the standard streams are flushed (every file sheetgen writes is closed by
    then); an exit code that is not a number, or a thread still running, takes Python's own
    exit.
    """
    pillow_on_first_use()
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    threading = sys.modules.get("threading")
    if not (code is None or isinstance(code, int)) or (threading is not None and any(
            not thread.daemon for thread in threading.enumerate()
            if thread is not threading.main_thread())):
        sys.exit(code)
    atexit._run_exitfuncs()  # what Python runs first when it exits (workers, temporary files)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed or full standard stream: Python reports it
        sys.exit(code)
    os._exit(code or 0)


if __name__ == "__main__":
    run()
