"""Time SVG art: importing the reader, reading each shipped piece, drawing each as a form.

Figures for README's "Dependencies, and why" (sheetgen's own reader on defusedxml). Prints
medians over the shipped icons (one-colour, game-icons) and colour art (Fluent Emoji Flat).
Run: ``python benchmarks/bench_art.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from sheetgen.fill.art.read import read_art  # noqa: E402
from sheetgen.fill.icons import IconBook  # noqa: E402


def import_seconds(runs: int) -> float:
    """Return the median time a fresh process takes to import the SVG reader, less Python's
    own start."""
    def timed(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
        return time.perf_counter() - start

    bare = statistics.median(timed("pass") for _ in range(runs))
    return statistics.median(timed("import sheetgen.fill.art.read") for _ in range(runs)) - bare


def per_file(files: list[Path], runs: int) -> tuple[float, float]:
    """Return the median seconds to read one file, and to draw it as a form once read."""
    reads, draws = [], []
    for path in files:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            read_art(path)
            times.append(time.perf_counter() - start)
        reads.append(min(times))
        book = IconBook({"x": path})
        book.art("x")
        canvas = Canvas(BytesIO(), invariant=1)
        start = time.perf_counter()
        book.form_name(canvas, "x")
        draws.append(time.perf_counter() - start)
    return statistics.median(reads), statistics.median(draws)


def main() -> None:
    """Print the import time, and per set the median read and form-drawing times."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"import sheetgen.fill.art.read (defusedxml included): "
          f"{import_seconds(args.runs) * 1000:.0f} ms")
    sets = {"game-icons (one colour)": sorted((REPO / "templates/icons").glob("*.svg")),
            "colour art": sorted((REPO / "templates/art").glob("*/*.svg"))}
    print(f"{'set':<26} {'files':>5} {'read ms':>8} {'form ms':>8}")
    for name, files in sets.items():
        read, draw = per_file(files, args.runs)
        print(f"{name:<26} {len(files):>5} {read * 1000:>8.2f} {draw * 1000:>8.2f}")


if __name__ == "__main__":
    main()
