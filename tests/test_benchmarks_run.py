"""Benchmarks cannot rot: every script of ``benchmarks/`` that has no smoke run of its own
(tests/test_benchmarks_smoke.py, tests/test_bench_serve.py) runs once here, one timed run,
in the slow tier, and must print its figures. A smoke run proves the script still runs, not
what it measures: where a script takes a smaller input (one game, one profile, small pads) the
run takes it (the whole catalogue is built and checked by tests/test_golden.py and the games'
tests).
(bench_iteration is left out: it installs protograf from the network into a venv of its own;
bench_compare measures the same catalogue and deck against protograf, and has its smoke run.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow

# script -> its arguments for one iteration
ONE_RUN = {
    "bench_art": ["--runs", "1"],
    "bench_board": ["--runs", "1"],
    "bench_cards": ["--runs", "1", "--profiles", "a4"],
    "bench_checks": ["--runs", "1", "--game", "rolling-thunder"],
    "bench_dice": ["--runs", "1"],
    "bench_layout": ["--runs", "1"],
    "bench_pads": ["--runs", "1", "--profiles", "a4", "--copies", "1,10"],
    "bench_render": ["--runs", "1", "--game", "rolling-thunder"],
    "bench_roll_and_raid": ["--runs", "1"],
    "profile_deck": ["--runs", "1"],
}
FIGURE = re.compile(r"\d+\.\d+")  # a measured figure (seconds, MB, rolls a second...)


@pytest.mark.parametrize("script", sorted(ONE_RUN))
def test_benchmark_runs_once_and_prints_figures(script, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(tmp_path)}
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / f"{script}.py"),
                          *ONE_RUN[script]], capture_output=True, text=True, timeout=900,
                         env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert FIGURE.search(run.stdout), run.stdout


def test_every_benchmark_has_a_smoke_run():
    # a new benchmark gets its one run here (or a smoke test of its own)
    others = {"common", "protograf_deck", "fuzz_long", "bench_compare", "bench_scale",
              "bench_serve", "profile_catalogue", "suite_time", "bench_iteration"}
    scripts = {p.stem for p in (REPO / "benchmarks").glob("*.py")}
    assert scripts - others == set(ONE_RUN)
