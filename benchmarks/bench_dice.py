"""Dice engine timings (printed, never asserted): python benchmarks/bench_dice.py [--runs N]

* rolls per second of the generator (target: >= 500,000 d6/s in pure Python);
* script generation per game at its largest player count, per format (target: < 50 ms
  after start-up for every format except PDF);
* ``sheetgen dice`` as a whole process (target: < 0.4 s), with the validation cache warm
  and cold.

Each figure is the median of ``--runs`` timings (default 7; the generator's at most 5):
``--runs 1`` is the suite's smoke run (tests/test_benchmarks_run.py), which only proves the
benchmark still runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from sheetgen.dice.api import make_script  # noqa: E402
from sheetgen.dice.formats import writer  # noqa: E402
from sheetgen.dice.rng import Keyed, address  # noqa: E402
from sheetgen.load.project import Project  # noqa: E402
from test_dice_project import make_project  # noqa: E402

MAX_PLAYERS = {"roll-and-raid": 6, "rolling-thunder": 4, "roll-and-might": 5,
               "reavers-of-midgard": 5, "ragnarocks": 6}


def median_time(fn, repeat: int = 7) -> float:
    """Return the median wall time of ``fn()`` in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_generator(runs: int) -> None:
    keyed = Keyed.from_seed("bench")
    n = 1_000_000
    repeat = min(runs, 5)
    bulk = median_time(lambda: keyed.stream(address("g", 4, 1, 1, "bulk", 0)).rolls(6, n),
                       repeat)

    def singles():
        u = keyed.stream(address("g", 4, 1, 1, "one", 0)).uniform
        for _ in range(200_000):
            u(6)

    one = median_time(singles, repeat)
    print(f"generator: {n / bulk:>12,.0f} d6/s in bulk (Stream.rolls)")
    print(f"generator: {200_000 / one:>12,.0f} d6/s one at a time (Stream.uniform)")


def bench_scripts(project: Project, runs: int) -> None:
    print(f"\n{'game (players)':<26}{'build':>8}" + "".join(f"{f:>8}" for f in
                                                        ("text", "json", "csv", "html", "pdf")))
    for game, players in MAX_PLAYERS.items():
        make_script(project, game, players, seed="warm")  # validation cache and imports
        build = median_time(lambda: make_script(project, game, players, seed="bench"), runs)
        script = make_script(project, game, players, seed="bench")
        cells = []
        for fmt in ("text", "json", "csv", "html", "pdf"):
            render = writer(fmt)
            render(script)
            cells.append(median_time(lambda: render(script), min(runs, 5) if fmt == "pdf"
                                     else runs))
        print(f"{f'{game} ({players})':<26}{build * 1000:>6.1f}ms" +
              "".join(f"{c * 1000:>6.1f}ms" for c in cells))


def bench_process(root: Path, runs: int) -> None:
    cmd = [sys.executable, "-m", "sheetgen", "--project", str(root), "dice", "roll-and-raid",
           "--seed", "bench", "--players", "6", "--format"]
    for fmt in ("text", "html"):
        for label, cold in (("warm cache", False), ("cold cache", True)):
            times = []
            for _ in range(runs):
                env = dict(os.environ)
                if cold:
                    env["SHEETGEN_CACHE_DIR"] = tempfile.mkdtemp()
                t = time.perf_counter()
                subprocess.run(cmd + [fmt], check=True, stdout=subprocess.DEVNULL, env=env,
                               cwd=REPO)
                times.append(time.perf_counter() - t)
            print(f"sheetgen dice roll-and-raid -n 6 -f {fmt:<5} ({label}): "
                  f"median {statistics.median(times):.3f} s")
    bare = [sys.executable, "-c", "pass"]
    t = median_time(lambda: subprocess.run(bare, check=True), runs)
    print(f"(bare '{Path(sys.executable).name} -c pass': {t:.3f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timings per figure (median)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SHEETGEN_CACHE_DIR"] = str(Path(tmp) / "cache")
        root = make_project(Path(tmp) / "project")
        bench_generator(runs)
        bench_scripts(Project.at(root), runs)
        print()
        bench_process(root, runs)


if __name__ == "__main__":
    main()
