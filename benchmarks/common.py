"""Helpers for benchmark scripts: run a whole process several times, report medians."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def sheetgen_command() -> list[str]:
    """Return ``python -m sheetgen`` running this working tree's sheetgen (never an installed
    copy, which may be older).

    Its byte code is cached (in a folder of the temporary directory), as an installed copy's
    is: ``pip install`` compiles every module, while a shell with PYTHONDONTWRITEBYTECODE set
    (as this machine's) would otherwise compile sheetgen's source again in every process.
    """
    import tempfile

    root = Path(__file__).resolve().parent.parent
    env = shutil.which("env") or "/usr/bin/env"
    pycache = Path(tempfile.gettempdir()) / "sheetgen-bench-pycache"
    return [env, "-u", "PYTHONDONTWRITEBYTECODE", f"PYTHONPYCACHEPREFIX={pycache}",
            f"PYTHONPATH={root}", sys.executable, "-m", "sheetgen"]


def run_process(args: list[str], cwd: str | None = None,
                env: dict | None = None) -> tuple[float, float, float]:
    """Run ``args`` once (with ``env`` added to the environment); return (wall seconds, peak
    memory in MB, CPU seconds) of it."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, **env} if env else None)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{proc.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def median_process(args: list[str], runs: int = 7,
                   cwd: str | None = None) -> tuple[float, float, float]:
    """Return median wall seconds, largest peak MB and median CPU seconds over ``runs`` runs.

    CPU time is the steadier figure on a shared machine; wall time is what the target names.
    The fastest run is kept in ``median_process.fastest`` (the least disturbed estimate).
    """
    run_process(args, cwd)
    results = [run_process(args, cwd) for _ in range(runs)]
    median_process.fastest = min(r[0] for r in results)
    return (statistics.median(r[0] for r in results), max(r[1] for r in results),
            statistics.median(r[2] for r in results))
