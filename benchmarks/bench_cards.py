"""Benchmark the card pipeline on the 32-card Ragnarocks Mythology deck.

Prints the median wall time and peak memory of the whole process
``sheetgen build ragnarocks mythology-cards --profile a4`` (target: < 0.6 s, < 100 MB on the
2-core machine), the in-process time per profile, and the cost per distinct face.
Run: python benchmarks/bench_cards.py [--runs N] [--profiles a4,pod,...]
(the suite's smoke run, tests/test_benchmarks_run.py, times one profile in-process: it proves
the benchmark still runs.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from common import median_process, sheetgen_command  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PROFILES = ["a4", "letter", "gutterfold-a4", "gutterfold-letter", "pod", "pod-png"]


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--profiles", default=",".join(PROFILES),
                        help="the profiles timed in-process")
    args = parser.parse_args()
    runs = args.runs
    with tempfile.TemporaryDirectory() as out:
        cmd = sheetgen_command() + ["build", "ragnarocks", "mythology-cards", "--profile", "a4",
                                    "--out", out, "-q"]
        wall, peak, cpu = median_process(cmd, runs, cwd=str(ROOT))
        print(f"whole process, a4, 32 cards: median {wall:.3f} s wall, {cpu:.3f} s CPU, "
              f"fastest {median_process.fastest:.3f} s, peak {peak:.0f} MB "
              f"(target < 0.6 s wall, < 100 MB)")

        from sheetgen.api import BuildOptions, Session, select, build
        from sheetgen.load.project import Project

        project = Project.at(ROOT)
        for profile in args.profiles.split(","):
            times = []
            for _ in range(min(runs, max(3, runs // 2))):  # --runs 1: one
                start = time.perf_counter()
                build(project, "ragnarocks", ["mythology-cards"],
                      BuildOptions(profiles=[profile], out_dir=out))
                times.append(time.perf_counter() - start)
            print(f"in-process {profile:<18} median {statistics.median(times) * 1000:7.1f} ms")

        session = Session(project)
        selected = select(project, "ragnarocks", ["mythology-cards"])
        times = []
        for _ in range(5):
            start = time.perf_counter()
            prepared = session.prepare_all(selected)
            times.append(time.perf_counter() - start)
        cards = prepared[0][2].cards
        faces = len({c.front.key for c in cards} | {c.back.key for c in cards if c.back})
        per_face = statistics.median(times) / faces * 1000
        print(f"fill + fit per distinct face: {per_face:.2f} ms ({faces} faces)")


if __name__ == "__main__":
    main()
