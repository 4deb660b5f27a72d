"""Time and size of 1, 10, 100 and 1000-sheet pads of every sheet (pod and a4), as medians.

Each run is a whole ``sheetgen build`` process (start-up included), so the numbers are what a
user waits for. Run: ``python benchmarks/bench_pads.py [--runs N] [--profiles pod,a4]
[--copies 1,10,100,1000]`` (the suite's smoke run, tests/test_benchmarks_run.py, builds the
small pads only: it proves the benchmark still runs).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import median_process, sheetgen_command  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SHEETS = [("roll-and-raid", "clan-sheet"), ("rolling-thunder", "play-sheet"),
          ("roll-and-might", "score-sheet"), ("roll-and-might", "legend")]
COPIES = "1,10,100,1000"


def main() -> None:
    """Print one line per (sheet, profile, copies): median seconds, peak MB, file size."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="pod,a4")
    parser.add_argument("--copies", default=COPIES, help="pad sizes, the first the base")
    args = parser.parse_args()
    print(f"{'sheet':<28} {'profile':<7} {'copies':>6} {'median s':>9} {'peak MB':>8} "
          f"{'bytes':>9} {'bytes/extra sheet':>18}")
    with tempfile.TemporaryDirectory() as out:
        for game, comp in SHEETS:
            for profile in args.profiles.split(","):
                base = None
                for copies in (int(n) for n in args.copies.split(",")):
                    cmd = sheetgen_command() + ["--project", str(REPO), "build", game, comp,
                                                "-p", profile, "--copies", str(copies), "-q",
                                                "--out", out]
                    result = median_process(cmd, runs=args.runs)  # (wall, peak[, cpu])
                    seconds, peak = result[0], result[1]
                    size = os.path.getsize(Path(out) / game / f"{comp}-{profile}.pdf")
                    base = (copies, size) if base is None else base
                    extra = (f"{(size - base[1]) / (copies - base[0]):.0f}"
                             if copies > base[0] else "-")
                    print(f"{game + ' ' + comp:<28} {profile:<7} {copies:>6} {seconds:>9.3f} "
                          f"{peak:>8.1f} {size:>9} {extra:>18}", flush=True)


if __name__ == "__main__":
    main()
