"""Style is enforced by a tool, not by review: ruff with the rules in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
