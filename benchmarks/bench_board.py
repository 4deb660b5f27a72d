"""Time the Ragnarocks board (both sides) in pod and a4 (tiled), each as a whole process.

Target (issue 5): under 1 s median wall per build. Each side is drawn once as a form and
every tile places it, so tiling should cost little more than pod. Run:
``python benchmarks/bench_board.py [--runs N]``.
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


def main() -> None:
    """Print one line per profile: median wall and CPU seconds, peak MB, pages' file size."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"{'component':<18} {'profile':<10} {'median s':>9} {'cpu s':>7} {'peak MB':>8} "
          f"{'bytes':>8}")
    with tempfile.TemporaryDirectory() as out:
        for component, profiles in (("board", ["pod"]), ("board", ["a4"]),
                                    ("board", ["pod", "a4"]), ("tokens", ["a4"])):
            cmd = sheetgen_command() + ["--project", str(REPO), "build", "ragnarocks",
                                        component, "-q", "--out", out]
            for profile in profiles:
                cmd += ["-p", profile]
            wall, peak, cpu = median_process(cmd, runs=args.runs)
            size = sum(os.path.getsize(Path(out) / "ragnarocks" / f"{component}-{p}.pdf")
                       for p in profiles)
            print(f"{component:<18} {'+'.join(profiles):<10} {wall:>9.3f} {cpu:>7.3f} "
                  f"{peak:>8.1f} {size:>8}", flush=True)


if __name__ == "__main__":
    main()
