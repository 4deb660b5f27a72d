"""The whole comparison of issue 36 in one sitting: sheetgen against protograf, alternately.

Each round builds, one after another: the whole catalogue cold (``--jobs`` the machine's
cores), the Ragnarocks Mythology deck in protograf 0.6.0 (benchmarks/protograf_deck.py, in its
own venv of Python 3.13: ``--protograf-venv`` names one made already, otherwise one is made in
a temporary folder), and the same deck in sheetgen, cold, in a4. Every cold run has a fresh
output folder and cache. The ratios are of the medians (wall, and CPU for reference):
catalogue = protograf's deck / sheetgen's catalogue (goal >= 1.1), deck = protograf's deck /
sheetgen's deck (goal >= 6). Then the big decks of bench_scale.py (goals: 3,200 cards at
>= 1,000 faces/s and <= 150 MB; 32,000 cards within 1.2x that memory).
Run (a quiet machine): ``python benchmarks/bench_compare.py --runs 7
--protograf-venv /work/venv-protograf``; ``--scale`` sets the big decks' sizes (none: skip).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench_scale  # noqa: E402
from bench_iteration import _machine  # noqa: E402
from common import run_process, sheetgen_command  # noqa: E402
from protograf_deck import VERSION, prepare, python313  # noqa: E402

REPO = HERE.parent


def _median(results: list, column: int) -> float:
    return statistics.median(r[column] for r in results)


def _line(label: str, results: list) -> None:
    print(f"  {label:<34} median {_median(results, 0):7.3f} s wall, {_median(results, 2):7.3f} s "
          f"CPU, fastest {min(r[0] for r in results):7.3f} s, peak "
          f"{max(r[1] for r in results):5.0f} MB")


def compare(runs: int, tmp: Path, venv: Path | None) -> dict:
    """Run the catalogue, protograf's deck and sheetgen's deck alternately; print and return
    the ratios of their medians."""
    project = tmp / "project"
    shutil.copytree(REPO / "data", project / "data")
    build = sheetgen_command() + ["--project", str(project), "build", "-q"]

    def cold(extra: list[str]):
        out, cache = tmp / "cold", tmp / "cold-cache"
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        return run_process(build + extra + ["--out", str(out)],
                           env={"SHEETGEN_CACHE_DIR": str(cache)})

    python = python313()
    if python is None and venv is None:
        raise SystemExit(f"protograf {VERSION} needs Python 3.13; none found (or give "
                         "--protograf-venv)")
    folder = tmp / "protograf"
    folder.mkdir()
    protograf = prepare(folder, python or "", venv)
    deck = ["ragnarocks", "mythology-cards", "-p", "a4"]
    cold([]), cold(deck), run_process(protograf, cwd=str(folder))  # warm-ups (and proofs)
    catalogue, theirs, ours = [], [], []
    for _ in range(runs):
        catalogue.append(cold([]))
        theirs.append(run_process(protograf, cwd=str(folder)))
        ours.append(cold(deck))
    print(f"alternating runs, {runs} each:")
    _line(f"catalogue cold, --jobs {os.cpu_count()}", catalogue)
    _line(f"Mythology deck, protograf {VERSION}", theirs)
    _line("Mythology deck a4 cold, sheetgen", ours)
    ratios = {"catalogue": _median(theirs, 0) / _median(catalogue, 0),
              "deck": _median(theirs, 0) / _median(ours, 0),
              "catalogue CPU": _median(theirs, 2) / _median(catalogue, 2),
              "deck CPU": _median(theirs, 2) / _median(ours, 2)}
    print(f"  catalogue / protograf deck: {ratios['catalogue']:.2f}x wall "
          f"({ratios['catalogue CPU']:.2f}x CPU)   goal >= 1.1x")
    print(f"  deck / protograf deck:      {ratios['deck']:.2f}x wall "
          f"({ratios['deck CPU']:.2f}x CPU)   goal >= 6x")
    return ratios


def main(argv: list[str] | None = None) -> dict:
    """Print the machine, the side-by-side ratios and the big decks' figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--protograf-venv", type=Path, default=None,
                        help=f"a venv with protograf {VERSION} installed (default: made here)")
    parser.add_argument("--scale", type=int, nargs="*", default=[3200, 32000],
                        help="the big decks' sizes in cards (none: skip them)")
    parser.add_argument("--scale-runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"machine: {_machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        figures = compare(args.runs, Path(tmp), args.protograf_venv)
    if args.scale:
        figures["scale"] = bench_scale.main(["--cards", *map(str, args.scale),
                                             "--runs", str(args.scale_runs)])
    else:
        print(f"load average at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    return figures


if __name__ == "__main__":
    main()
