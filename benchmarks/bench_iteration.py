"""Benchmark a designer's loop: the whole catalogue cold, a rebuild with nothing changed, a
rebuild after one card's text changed, and the Mythology deck alone. The cold catalogue is
measured with the default --jobs (the machine's cores) and with --jobs 1.

Each figure is the median over N whole `sheetgen build` processes (wall and CPU seconds,
the CPU including the worker processes; peak memory of the largest process), on a copy of the
shipped project in a temporary folder. "Cold" builds into an empty output folder (no cache
record); "nothing changed" rebuilds into a full one; "one card" edits one Mythology card's
text before each run, so exactly that deck's outputs are stale.
Targets (issue 16, 2 cores): catalogue cold <= 2.0 s, nothing changed <= 0.3 s, one card
<= 0.6 s, peak <= 150 MB.
Run: python benchmarks/bench_iteration.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from common import run_process, sheetgen_command  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _figure(label: str, results: list[tuple[float, float, float]], target: str) -> None:
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[2] for r in results)
    peak = max(r[1] for r in results)
    print(f"{label:<34} median {wall:6.3f} s wall, {cpu:6.3f} s CPU, fastest "
          f"{min(r[0] for r in results):6.3f} s, peak {peak:5.0f} MB   (target {target})")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; {runs} runs each")
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(ROOT / "data", project / "data")
        build = sheetgen_command() + ["--project", str(project), "build", "-q"]

        def cold(extra: list[str]) -> tuple[float, float, float]:
            out = Path(tmp) / "cold"
            shutil.rmtree(out, ignore_errors=True)
            return run_process(build + extra + ["--out", str(out)])

        run_process(build + ["--out", str(Path(tmp) / "warmup")])
        _figure(f"full catalogue, cold, --jobs {os.cpu_count()}", [cold([]) for _ in range(runs)],
                "<= 2.0 s, 150 MB")
        _figure("full catalogue, cold, --jobs 1", [cold(["--jobs", "1"]) for _ in range(runs)],
                "serial, for comparison")
        warm = ["--out", str(Path(tmp) / "warm")]
        run_process(build + warm)
        _figure("full catalogue, nothing changed", [run_process(build + warm)
                                                    for _ in range(runs)], "<= 0.3 s")
        deck = project / "data" / "ragnarocks" / "mythology-cards.yaml"
        text = deck.read_text(encoding="utf-8")
        results = []
        for n in range(runs):
            deck.write_text(text.replace("name: Freya", f"name: Freya {n}"), encoding="utf-8")
            results.append(run_process(build + warm))
        deck.write_text(text, encoding="utf-8")
        _figure("full catalogue, one card changed", results, "<= 0.6 s")
        _figure("Mythology deck a4, cold", [cold(["ragnarocks", "mythology-cards", "-p", "a4"])
                                            for _ in range(runs)], "10x protograf")
        # issue 11: a variant of one component, stamped, in one profile
        _figure("variant frigg-reworked, a4", [cold(["ragnarocks", "mythology-cards", "-p", "a4",
                                                     "--variant", "frigg-reworked"])
                                               for _ in range(runs)], "< 1 s")


if __name__ == "__main__":
    main()
