"""Benchmark a whole game: ``sheetgen build roll-and-raid --profile a4`` (every component).

Prints the median wall time, CPU time and peak memory of the whole process (target: < 1.5 s
wall), the faces drawn (each distinct face is drawn once as a form and reused by its copies),
and faces drawn per second, whole process and in-process (prepare + impose + write).
Run: python benchmarks/bench_roll_and_raid.py [--runs N] [--profile a4]
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
GAME = "roll-and-raid"


def faces_drawn(project, profile: str, out: str) -> tuple[int, int, float]:
    """Build every component in-process once; return (faces drawn, cards/sheets, seconds)."""
    from sheetgen.api import Session, select
    from sheetgen.impose.components import component_for
    from sheetgen.impose.components.contract import RenderEnv
    from sheetgen.impose.imposition.common import ImposeOptions

    start = time.perf_counter()
    session = Session(project)
    prepared = session.prepare_all(select(project, GAME, []))
    drawn = items = 0
    for game, comp, ready in prepared:
        if profile not in session.profiles.accepting(comp.model.kind):
            continue
        env = RenderEnv(session.fonts, session.icons, ImposeOptions(footer="bench"),
                        title=comp.model.title)
        artifact = component_for(comp.model).render(ready, session.profiles.get(profile), env)
        Path(out, f"{comp.model.id}-{profile}.pdf").write_bytes(artifact.data)
        drawn += artifact.faces_drawn
        items += len(ready.cards)
    return drawn, items, time.perf_counter() - start


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--profile", default="a4")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        cmd = sheetgen_command() + ["build", GAME, "--profile", args.profile, "--out", out, "-q"]
        wall, peak, cpu = median_process(cmd, args.runs, cwd=str(ROOT))

        from sheetgen.load.project import Project

        project = Project.at(ROOT)
        faces_drawn(project, args.profile, out)  # warm-up (imports, font loading)
        runs = [faces_drawn(project, args.profile, out)
                for _ in range(min(args.runs, max(3, args.runs // 2)))]
        drawn, items = runs[0][0], runs[0][1]
        inproc = statistics.median(r[2] for r in runs)
    print(f"sheetgen build {GAME} --profile {args.profile} (every component), whole process: "
          f"median {wall:.3f} s wall, {cpu:.3f} s CPU, peak {peak:.0f} MB (target < 1.5 s wall)")
    print(f"faces drawn: {drawn} (for {items} cards and sheets); "
          f"{drawn / wall:.0f} faces/s whole process, {drawn / inproc:.0f} faces/s in-process "
          f"({inproc * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
