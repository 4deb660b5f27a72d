"""Forked helper processes of a build (prefetch.py, partner.py): ending one not needed."""

from __future__ import annotations

import os
import signal


def end_child(pid: int) -> None:
    """Kill child process ``pid`` (its work is no longer wanted) and reap it."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # it has ended already: only reaping is left
    os.waitpid(pid, 0)
