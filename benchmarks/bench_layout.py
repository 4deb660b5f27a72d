"""Benchmark placing faces without millimetres: the Mythology deck's faces filled and checked.

Prints the median CPU seconds (``time.process_time``) of filling and checking the 32 Mythology
cards with the shipped template (one stack, `by:` sizes) and with the same front written with
coordinates (``--coordinates FILE``, e.g. an older ``templates/mythology-front.yaml`` from git:
``git show 5b26879:templates/mythology-front.yaml > /tmp/old-front.yaml``). Measured at
landing (2-core machine, shared): 0.096-0.112 s with the stack, 0.088-0.099 s with
coordinates: placing costs about 0.3-0.4 ms a card.
Run: python benchmarks/bench_layout.py [--runs N] [--coordinates FILE]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def fill_seconds(root: Path, runs: int) -> float:
    """Return the median CPU seconds of filling and checking the Mythology deck of ``root``."""
    from sheetgen.api import Session, select
    from sheetgen.load.project import Project

    times = []
    for _ in range(runs + 1):  # the first run warms fonts and icons
        project = Project.at(root)
        start = time.process_time()
        Session(project).prepare_all(select(project, "ragnarocks", ["mythology-cards"]))
        times.append(time.process_time() - start)
    return statistics.median(times[1:])


def main() -> None:
    """Print the medians."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--coordinates", type=Path, help="a Mythology front with coordinates")
    args = parser.parse_args()
    print(f"stack template: {fill_seconds(ROOT, args.runs):.3f} s CPU (32 cards)")
    if args.coordinates:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            shutil.copytree(ROOT / "data" / "ragnarocks", root / "data" / "ragnarocks")
            (root / "templates").mkdir()
            shutil.copyfile(args.coordinates, root / "templates" / "mythology-front.yaml")
            print(f"coordinates:    {fill_seconds(root, args.runs):.3f} s CPU (32 cards)")


if __name__ == "__main__":
    main()
