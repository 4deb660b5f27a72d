"""Benchmark a designer's loop: the whole catalogue cold, a rebuild with nothing changed, a
rebuild after one card's text changed, and the Mythology deck alone, cold, side by side with
the same deck in protograf 0.6.0 (installed by this script into a throw-away venv of Python
3.13, which protograf 0.6.0 needs: without one that column is skipped with a note; the deck is
described in protograf_deck.py; the two run alternately and the ratio is of their medians).
The cold catalogue is measured with the default --jobs (the machine's cores) and with --jobs 1.

Each figure is the median over N whole `sheetgen build` processes (wall and CPU seconds,
the CPU including the worker processes; peak memory of the largest process), on a copy of the
shipped project in a temporary folder. "Cold" builds into an empty output folder with an empty
SHEETGEN_CACHE_DIR (no cache record, no cached dice rules); "nothing changed" rebuilds into a
full one; "one card" edits one Mythology card's text before each run, so exactly that deck's
outputs are stale.
Targets (issue 16, 2 cores): catalogue cold <= 2.0 s, nothing changed <= 0.3 s, one card
<= 0.6 s, peak <= 150 MB; issue 21: the cold Mythology deck (a4) <= 0.4 s, the cold catalogue
no slower.
Run: python benchmarks/bench_iteration.py [--runs N] [--protograf-dir DIR] (DIR keeps the
venv between runs; default: a temporary folder, removed afterwards).
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
from protograf_deck import VERSION as PROTOGRAF, prepare as prepare_protograf  # noqa: E402
from protograf_deck import python313  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _figure(label: str, results: list[tuple[float, float, float]], target: str) -> None:
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[2] for r in results)
    peak = max(r[1] for r in results)
    print(f"{label:<34} median {wall:6.3f} s wall, {cpu:6.3f} s CPU, fastest "
          f"{min(r[0] for r in results):6.3f} s, peak {peak:5.0f} MB   (target {target})")


def _machine() -> str:
    """Describe the machine: CPU model, cores, memory, load, Python."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        memory = next(int(line.split()[1]) // 1024 for line in
                      Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal"))
    except (OSError, StopIteration, ValueError):
        memory = 0
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    return (f"{model}, {os.cpu_count()} cores, {memory} MB, {platform.system()} "
            f"{platform.machine()}, Python {platform.python_version()}; load average {load}")


def _side_by_side(cold, runs: int, folder: Path) -> None:
    """Time the cold Mythology deck in sheetgen and in protograf, alternately; print the
    ratio. Without Python 3.13 (protograf 0.6.0 needs it) only sheetgen's figure is printed."""
    deck = ["ragnarocks", "mythology-cards", "-p", "a4"]
    python = python313()
    if python is None:
        _figure("Mythology deck a4, cold", [cold(deck) for _ in range(runs)], "<= 0.4 s")
        print(f"{'same deck, protograf ' + PROTOGRAF:<34} skipped: it needs Python 3.13, "
              "and none was found (python3.13 on PATH or a pyenv version)")
        return
    folder.mkdir(parents=True, exist_ok=True)
    protograf = prepare_protograf(folder, python)
    run_process(protograf, cwd=str(folder))  # warm-up (and proof it builds)
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(cold(deck))
        theirs.append(run_process(protograf, cwd=str(folder)))
    _figure("Mythology deck a4, cold", ours, "<= 0.4 s")
    _figure(f"same deck, protograf {PROTOGRAF}", theirs, "(reference)")
    ratio = statistics.median(r[0] for r in theirs) / statistics.median(r[0] for r in ours)
    cpu = statistics.median(r[2] for r in theirs) / statistics.median(r[2] for r in ours)
    print(f"{'sheetgen is faster by':<34} {ratio:6.1f}x wall, {cpu:.1f}x CPU "
          "(ratio of medians)")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--protograf-dir", type=Path, default=None)
    args = parser.parse_args()
    runs = args.runs
    print(f"machine: {_machine()}; {runs} runs each")
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(ROOT / "data", project / "data")
        build = sheetgen_command() + ["--project", str(project), "build", "-q"]

        def cold(extra: list[str]) -> tuple[float, float, float]:
            out, cache = Path(tmp) / "cold", Path(tmp) / "cold-cache"
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(cache, ignore_errors=True)
            return run_process(build + extra + ["--out", str(out)],
                               env={"SHEETGEN_CACHE_DIR": str(cache)})

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
        _side_by_side(cold, runs, (args.protograf_dir or Path(tmp) / "protograf").resolve())
        _figure("Mythology deck, all 5 profiles, cold", [cold(["ragnarocks", "mythology-cards"])
                                                         for _ in range(runs)], "(the deck's "
                "default outputs, on the workers)")
        print(f"load average at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
        # issue 11: a variant of one component, stamped, in one profile
        _figure("variant frigg-reworked, a4", [cold(["ragnarocks", "mythology-cards", "-p", "a4",
                                                     "--variant", "frigg-reworked"])
                                               for _ in range(runs)], "< 1 s")


if __name__ == "__main__":
    main()
