"""A smoke run of the studio's benchmark (one start, one edit of each kind): the benchmark
cannot rot unnoticed, since the slow tier runs it end to end in a real browser."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from cdp import require_chromium
from studio_server import REPO


@pytest.mark.slow
def test_bench_serve_runs_every_measurement_once(tmp_path):
    require_chromium()
    env = {**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(tmp_path)}
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / "bench_serve.py"),
                          "--starts", "1", "--runs", "1", "--edits", "1"],
                         capture_output=True, text=True, timeout=600, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    # every figure measured, each a number: the first screen, a card edit, the memory after
    # edits and a template edit waited for on every front of the deck (32 Mythology cards)
    assert re.search(r"first screen of the 49-item deck after start: \d+\.\d\d s", out), out
    assert re.search(r"one card's text saved -> new image in the page: \d+ ms .*"
                     r"the server's CPU for it: \d+ ms", out), out
    assert re.search(r"resident memory after 1 more edits: \d+\.\d MB", out), out
    assert re.search(r"a template saved changing all 32 Mythology fronts -> all updated: "
                     r"\d+ ms .*the server's CPU for it: \d+ ms", out), out
