"""Benchmark the print checks over every distinct face of the shipped catalogue.

Collects the faces a validate of all games checks, then prints the median CPU seconds
(``time.process_time``) of checking them all again: as a build does (drawings of element
objects shared by faces kept) and with no drawing cache. Measured at landing (2-core machine,
shared): about 0.3 s for 448 faces with the cache; the checks before issue 16's work took
about 1.2 s for the same faces (in a whole cold build, 1.2-1.3 s of CPU before, 0.31-0.34 s
after).
Run: python benchmarks/bench_checks.py [--runs N] [--game GAME]
(``--game``: one game's faces only; the suite's smoke run, tests/test_benchmarks_run.py, takes
a small game: it proves the benchmark still runs.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def collect_faces(games: list[str] | None = None) -> list:
    """Return (face, origins, fonts, icons, rules) of every face a validate of ``games``
    (default every game) checks."""
    from sheetgen import api
    from sheetgen.checks import findings
    from sheetgen.load.project import Project

    faces = []
    inspect = findings.ComponentChecks.inspect

    def keep(self, face, origins):
        if face.key not in self._seen:
            faces.append((face, origins, self.fonts, self.icons, self.rules))
        return inspect(self, face, origins)

    findings.ComponentChecks.inspect = keep
    try:
        api.validate(Project.at(ROOT), games)
    finally:
        findings.ComponentChecks.inspect = inspect
    return faces


def main() -> None:
    """Print the figures."""
    from sheetgen.checks.face_checks import check_face
    from sheetgen.checks.record import DrawingCache

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", help="one game's faces (default every game's)")
    args = parser.parse_args()
    runs = args.runs
    faces = collect_faces([args.game] if args.game else None)
    for label, make_cache in (("drawings of shared elements kept", DrawingCache),
                              ("no drawing cache", lambda: None)):
        times = []
        for _ in range(runs):
            cache = make_cache()
            start = time.process_time()
            for face, origins, fonts, icons, rules in faces:
                check_face(face, origins, fonts, icons, rules, cache)
            times.append(time.process_time() - start)
        print(f"print checks of {len(faces)} faces, {label}: median "
              f"{statistics.median(times):.3f} s CPU, fastest {min(times):.3f} s")


if __name__ == "__main__":
    main()
