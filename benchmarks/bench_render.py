"""Benchmark the rendering part of a cold whole-catalogue build, in one process (--jobs 1).

Prints medians over N runs (each a fresh process) of CPU seconds: the whole build, drawing
and replaying face forms (``PdfDocument.form``), and writing the documents
(``PdfDocument.finish``: ReportLab formatting objects, font subsets, compression).
CPU, not wall time: the figure that stays steady on a shared machine.
Run: python benchmarks/bench_render.py [--runs N] [--game GAME]
(``--game``: one game's build; the suite's smoke run, tests/test_benchmarks_run.py, takes a
small game: it proves the benchmark still runs.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# one run, in a child process with the working tree's sheetgen first on the path
CHILD = """
import shutil, sys, tempfile, time
start = time.process_time()
import sheetgen.impose.pdf as pdf
spent = {"form": 0.0, "finish": 0.0}
depth = [0]
form, finish = pdf.PdfDocument.form, pdf.PdfDocument.finish

def timed_form(self, *args, **kwargs):
    depth[0] += 1
    began = time.process_time()
    try:
        return form(self, *args, **kwargs)
    finally:
        depth[0] -= 1
        if depth[0] == 0:
            spent["form"] += time.process_time() - began

def timed_finish(self):
    began = time.process_time()
    data = finish(self)
    spent["finish"] += time.process_time() - began
    return data

pdf.PdfDocument.form, pdf.PdfDocument.finish = timed_form, timed_finish
from click.testing import CliRunner
from sheetgen.cli import main
out = tempfile.mkdtemp()
result = CliRunner().invoke(main, ["build", *sys.argv[1:], "-q", "--no-cache", "--jobs", "1",
                                   "--out", out])
shutil.rmtree(out)
if result.exit_code:
    sys.exit(result.output)
print(time.process_time() - start, spent["form"], spent["finish"])
"""


def one_run(games: list[str]) -> tuple[float, float, float]:
    """Return (total, forms, writing) CPU seconds of one cold build of ``games`` (none: the
    whole catalogue)."""
    done = subprocess.run([sys.executable, "-c", CHILD, *games], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if done.returncode:
        raise SystemExit(done.stderr or done.stdout)
    total, forms, writing = map(float, done.stdout.split())
    return total, forms, writing


def main() -> None:
    """Run the benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", help="build one game (default the whole catalogue)")
    args = parser.parse_args()
    runs = [one_run([args.game] if args.game else []) for _ in range(args.runs)]
    for name, values in zip(("whole build", "face forms", "writing PDFs"), zip(*runs)):
        print(f"{name:14} {statistics.median(values):6.2f} s CPU (median of {len(runs)})")


if __name__ == "__main__":
    main()
