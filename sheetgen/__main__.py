"""``python -m sheetgen`` and the ``sheetgen`` command: the command line run as a process."""

import atexit
import os
import sys

from .cli import main


def run() -> None:
    """Run the command line, then end the process without tearing the interpreter down.

    Freeing every module and object one by one takes about 15 ms of a one-deck build (issue
    21: start-up and exit time) and the operating system frees them at once. Exit handlers
    still run and the standard streams are flushed (every file sheetgen writes is closed by
    then); an exit code that is not a number, or a thread still running, takes Python's own
    exit.
    """
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
