"""Start ``sheetgen serve`` in a subprocess for the studio's tests and benchmark."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


class Served:
    """A running ``sheetgen serve`` on a free port; stopped by ``stop``."""

    def __init__(self, project: Path, *args: str, env: dict | None = None):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "--project", str(project), "serve", *args,
             "--port", "0"], cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})})
        self.started = time.time()
        line = self.proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.stop()
            raise RuntimeError(f"serve did not start: {line}{self.proc.stdout.read()}")
        self.port = int(found.group(1))
        self.base = f"http://127.0.0.1:{self.port}"

    def get(self, path: str) -> bytes:
        """Return the body of a GET request to the studio."""
        with urllib.request.urlopen(self.base + path, timeout=30) as reply:
            return reply.read()

    def stop(self) -> None:
        """Stop the server (Ctrl+C, as a user would)."""
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()


def wait_until(condition, timeout: float = 20.0, step: float = 0.02):
    """Return the first truthy value of ``condition()``; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s waiting for {condition.__doc__ or 'it'}")
