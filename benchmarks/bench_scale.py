"""Time a big deck of distinct faces, cold, on A4: faces per second and peak memory.

The deck is the Ragnarocks Mythology deck's 32 cards repeated with numbered names ("Freya 1",
"Freya 2" ...), so every card is a distinct face, in a temporary copy of the game (every file as
shipped, the deck replaced). Each size is built as a whole
``sheetgen build ragnarocks mythology-cards -p a4`` process into an empty output folder and
cache; the figure is the median of the runs (sizes alternating), with the peak resident
memory of the largest process (the build's own, or a worker's).
Targets (issue 36): 3,200 cards at >= 1,000 faces/s (fronts and backs: 6,400 faces) with a
peak <= 150 MB; 32,000 cards within 1.2x that memory.
Run: ``python benchmarks/bench_scale.py [--cards 3200 32000] [--runs N]``.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from common import run_process, sheetgen_command  # noqa: E402

from sheetgen.load.yamlload import MAX_COMPONENT_BYTES  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "data" / "ragnarocks"
DECK = "mythology-cards"


def make_project(folder: Path, cards: int) -> Path:
    """Write a project in ``folder`` holding a copy of Ragnarocks whose Mythology deck has
    ``cards`` cards (the 32 repeated with numbered names); return the project folder. The
    game is copied whole, as shipped, so the benchmark follows its files as they change."""
    game = folder / "data" / "ragnarocks"
    shutil.copytree(GAME, game)
    deck = yaml.safe_load((GAME / f"{DECK}.yaml").read_text(encoding="utf-8"))
    items = deck["items"]
    deck["items"] = [_numbered(items[n % len(items)], n // len(items) + 1) for n in range(cards)]
    (game / f"{DECK}.yaml").write_text(yaml.safe_dump(deck, allow_unicode=True, sort_keys=False),
                                       encoding="utf-8")
    return folder


def _numbered(item: dict, number: int) -> dict:
    """Return ``item`` named (and, when it has one, its id numbered) with ``number``."""
    copy = {**item, "name": f"{item['name']} {number}"}
    if "id" in item:
        copy["id"] = f"{item['id']}-{number}"
    return copy


def build(project: Path, out: Path) -> tuple[float, float, float]:
    """Build the deck cold in a4 into ``out``; return (wall s, peak MB, CPU s)."""
    shutil.rmtree(out, ignore_errors=True)
    cache = out.with_name(out.name + "-cache")
    shutil.rmtree(cache, ignore_errors=True)
    result = run_process(sheetgen_command() + ["--project", str(project), "build", "-q",
                                               "--out", str(out), "ragnarocks", DECK, "-p",
                                               "a4"], env={"SHEETGEN_CACHE_DIR": str(cache)})
    return result


def pages_of(pdf: Path) -> int:
    """Return the page count a PDF's page tree states (the benchmark times whole decks)."""
    data = pdf.read_bytes()
    return int(re.search(rb"/Count (\d+) /Kids", data).group(1))


def main(argv: list[str] | None = None) -> dict[int, tuple[float, float, float]]:
    """Print, per deck size, the median wall and CPU seconds, faces per second and the peak
    memory; return them by size (cards -> (wall, CPU, peak MB))."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[3200, 32000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"load average at the start: {load}; {args.runs} runs each, sizes alternating")
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        projects = {n: make_project(Path(tmp) / f"p{n}", n) for n in args.cards}
        for n, project in projects.items():
            size = (project / "data" / "ragnarocks" / f"{DECK}.yaml").stat().st_size
            if size > MAX_COMPONENT_BYTES:  # sheetgen would refuse it: the benchmark is wrong
                raise SystemExit(f"{n} cards: the deck's file is {size / 1e6:.1f} MB, over "
                                 f"sheetgen's limit of {MAX_COMPONENT_BYTES / 1e6:g} MB for a "
                                 "component's file")
        results: dict[int, list] = {n: [] for n in projects}
        for _ in range(args.runs):
            for n in projects:
                out = Path(tmp) / f"out{n}"
                results[n].append(build(projects[n], out))
                pages = pages_of(out / "ragnarocks" / f"{DECK}-a4.pdf")
                if pages != 2 * math.ceil(n / 9):  # fronts and backs, nine to a page
                    raise SystemExit(f"{n} cards gave {pages} pages, not {2 * math.ceil(n / 9)}")
        for n in projects:
            wall = statistics.median(r[0] for r in results[n])
            cpu = statistics.median(r[2] for r in results[n])
            peak = max(r[1] for r in results[n])
            figures[n] = (wall, cpu, peak)
            # faces per CPU second: the figure that a loaded machine does not distort
            print(f"{n:>6} cards ({2 * n} faces): median {wall:7.2f} s wall, {cpu:7.2f} s CPU, "
                  f"{2 * n / wall:6.0f} faces/s ({2 * n / cpu:.0f} per CPU s), peak "
                  f"{peak:5.0f} MB")
    if len(figures) > 1:
        small, large = min(figures), max(figures)
        print(f"memory {large} / {small} cards: {figures[large][2] / figures[small][2]:.2f}x")
    print(f"load average at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    return figures


if __name__ == "__main__":
    main()
