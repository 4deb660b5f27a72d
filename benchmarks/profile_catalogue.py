"""Profile the cold catalogue build: where its CPU time goes, by stage and by component.

Each run is one whole cold ``sheetgen build`` process (a copy of the shipped project, an empty
output folder and cache) with ``--jobs 1``, so every stage runs in the one process that is
measured (the workers of a ``--jobs 2`` build would hide theirs). Inside it, the stages are
timed in CPU seconds (``time.process_time``), each stage counting only its own time (the print
checks run while faces are prepared; their time is not counted twice):

- start: Python, the imports and the command line, up to the build;
- load: reading and validating the games (and the session's fonts, icons, templates);
- prepare: building every face (templates, elements, text fitting);
- checks: the print checks (each distinct face recorded and measured, colour, seams);
- render: drawing the faces and imposing the pages;
- render-pdf: formatting each finished PDF document into bytes (fonts subset, streams);
- roll-sheets: the print pack's roll sheets of each game built whole (their scripts, die
  faces, layout and PDF; a ``--jobs 2`` build draws them in its workers);
- write: staging the files into the output folder and the build record.

Per component, its prepare, checks and render time. Each figure is the median over the runs;
the costliest components are listed first. A ``--jobs N`` whole-process figure (wall and CPU,
no profiling) is printed too, for the catalogue as users build it.
Run: ``python benchmarks/profile_catalogue.py [--runs N] [--top K] [--jobs N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import run_process, sheetgen_command  # noqa: E402

REPO = HERE.parent
PARTS = ("prepare", "checks", "render", "render-pdf")
STAGES = ("start", "load", "prepare", "checks", "render", "render-pdf", "roll-sheets", "write")


class Clock:
    """CPU time by stage, each stage counting only its own (an inner stage pauses the outer),
    and by component."""

    def __init__(self):
        self.stages: dict[str, float] = dict.fromkeys(STAGES, 0.0)
        self.components: dict[str, dict[str, float]] = {}
        self._stack: list[str] = []
        self._since = time.process_time()
        self.component: str | None = None

    def _switch(self) -> None:
        now = time.process_time()
        stage = self._stack[-1] if self._stack else "start"
        self.stages[stage] += now - self._since
        if self.component is not None and stage in PARTS:
            mine = self.components.setdefault(self.component, {})
            mine[stage] = mine.get(stage, 0.0) + now - self._since
        self._since = now

    def timed(self, stage: str, function):
        """Return ``function`` counting its time to ``stage``."""
        def wrapper(*args, **kwargs):
            self._switch()
            self._stack.append(stage)
            try:
                return function(*args, **kwargs)
            finally:
                self._switch()
                self._stack.pop()
        wrapper.__wrapped__ = function
        return wrapper

    def finish(self) -> dict:
        """Return the figures (the time since the last stage counts to where it was)."""
        self._switch()
        return {"stages": self.stages, "components": self.components}


def _instrument(clock: Clock) -> None:
    """Wrap the build's stage functions (in this process) with ``clock``."""
    from sheetgen.build import component_build, session, transaction
    from sheetgen.checks import findings, seams
    from sheetgen.impose import pdf

    transaction.select = clock.timed("load", transaction.select)
    transaction.Session = clock.timed("load", transaction.Session)
    transaction._stage = clock.timed("write", transaction._stage)
    roll_sheets = sys.modules["sheetgen.build.roll_sheets"]
    roll_sheets.render_roll_sheets = clock.timed("roll-sheets", roll_sheets.render_roll_sheets)
    build_record = sys.modules["sheetgen.build.build_record"]
    for name in ("finish",):
        setattr(build_record.BuildRecord, name,
                clock.timed("write", getattr(build_record.BuildRecord, name)))
    session.Session.prepare_all = clock.timed("prepare", session.Session.prepare_all)
    checks = findings.ComponentChecks
    for name in ("inspect", "check_component", "check_symbols"):
        setattr(checks, name, clock.timed("checks", getattr(checks, name)))
    seams.seam_problems = clock.timed("checks", seams.seam_problems)
    component_build._output = clock.timed("render", component_build._output)
    pdf.PdfDocument.finish = clock.timed("render-pdf", pdf.PdfDocument.finish)

    def per_component(function, index_of):
        def wrapper(work, *args, **kwargs):
            game, comp = work.selected[index_of(args)][:2]
            clock._switch()
            language = f"[{game.edition.code}]" if game.edition is not None else ""
            clock.component = f"{game.spec.id}{language}/{comp.model.id} ({comp.model.kind})"
            try:
                return function(work, *args, **kwargs)
            finally:
                clock._switch()
                clock.component = None
        return wrapper

    component_build._prepare = per_component(component_build._prepare, lambda a: a[0])
    component_build._render = per_component(component_build._render, lambda a: a[0].index)


def child(out: str, args: list[str]) -> None:
    """Build once in this process with the stages timed; write the figures to ``out``."""
    started = time.process_time()  # the interpreter's own start is in the parent's figure
    clock = Clock()
    clock.stages["start"] = started
    sys.path.insert(0, str(REPO))
    import sheetgen.build.build_record  # noqa: F401 - instrumented below
    import sheetgen.build.roll_sheets  # noqa: F401 - instrumented below
    from sheetgen.cli import main

    _instrument(clock)
    try:
        main(args, standalone_mode=False)
    finally:
        Path(out).write_text(json.dumps(clock.finish()), encoding="utf-8")


def _cold_env(tmp: Path) -> tuple[Path, dict]:
    out, cache = tmp / "cold", tmp / "cold-cache"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    return out, {**os.environ, "SHEETGEN_CACHE_DIR": str(cache)}


def profile_runs(project: Path, tmp: Path, runs: int) -> list[dict]:
    """Return the figures of ``runs`` profiled cold serial builds of ``project``."""
    figures = []
    command = sheetgen_command()
    # the same interpreter and byte-code cache as sheetgen_command, running this script
    prefix = command[:command.index("-m")]
    for n in range(runs):
        out, env = _cold_env(tmp)
        report = tmp / f"profile-{n}.json"
        subprocess.run([*prefix, str(Path(__file__).resolve()), "--child", str(report), "--",
                        "--project", str(project), "build", "-q", "--jobs", "1",
                        "--out", str(out)], check=True, env=env, stdout=subprocess.DEVNULL)
        figures.append(json.loads(report.read_text(encoding="utf-8")))
    return figures


def report(figures: list[dict], top: int) -> dict:
    """Print the medians by stage and the ``top`` costliest components; return the medians."""
    stages = {stage: statistics.median(f["stages"][stage] for f in figures) for stage in STAGES}
    total = sum(stages.values())
    print(f"cold catalogue, --jobs 1, CPU seconds by stage (median of {len(figures)} runs):")
    for stage, seconds in stages.items():
        print(f"  {stage:<8} {seconds:7.3f} s  {100 * seconds / total:5.1f}%")
    print(f"  {'total':<8} {total:7.3f} s")
    names = {name for f in figures for name in f["components"]}
    rows = []
    for name in names:
        parts = {part: statistics.median(f["components"].get(name, {}).get(part, 0.0)
                                         for f in figures)
                 for part in PARTS}
        rows.append((sum(parts.values()), name, parts))
    rows.sort(reverse=True)
    print(f"costliest components ({min(top, len(rows))} of {len(rows)}), CPU seconds:")
    print(f"  {'component':<52}" + "".join(f"{part:>11}" for part in PARTS) + f"{'total':>8}")
    for whole, name, parts in rows[:top]:
        print(f"  {name:<52}" + "".join(f"{parts[part]:11.3f}" for part in PARTS)
              + f"{whole:8.3f}")
    kinds: dict[str, dict[str, float]] = {}
    for _, name, parts in rows:
        kind = kinds.setdefault(name.rsplit("(", 1)[1].rstrip(")"), dict.fromkeys(PARTS, 0.0))
        for part in PARTS:
            kind[part] += parts[part]
    print("by kind of component, CPU seconds:")
    for kind, parts in sorted(kinds.items(), key=lambda item: -sum(item[1].values())):
        print(f"  {kind:<52}" + "".join(f"{parts[part]:11.3f}" for part in PARTS)
              + f"{sum(parts.values()):8.3f}")
    return {"stages": stages, "components": {name: parts for _, name, parts in rows}}


def main(argv: list[str] | None = None) -> dict:
    """Profile the cold catalogue; print and return the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="also time whole cold builds with this many workers (0: skip)")
    parser.add_argument("--games", nargs="*", default=None,
                        help="copy only these games (default: every shipped game)")
    args = parser.parse_args(argv)
    print(f"load average at the start: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        project = tmp / "project"
        for game in args.games or [p.name for p in (REPO / "data").iterdir() if p.is_dir()]:
            shutil.copytree(REPO / "data" / game, project / "data" / game)
        medians = report(profile_runs(project, tmp, args.runs), args.top)
        if args.jobs:
            whole = []
            for _ in range(args.runs):
                out, env = _cold_env(tmp)
                whole.append(run_process(sheetgen_command() + [
                    "--project", str(project), "build", "-q", "--jobs", str(args.jobs),
                    "--out", str(out)], env={"SHEETGEN_CACHE_DIR": env["SHEETGEN_CACHE_DIR"]}))
            wall = statistics.median(r[0] for r in whole)
            cpu = statistics.median(r[2] for r in whole)
            print(f"whole process, --jobs {args.jobs}, unprofiled: median {wall:.3f} s wall, "
                  f"{cpu:.3f} s CPU, peak {max(r[1] for r in whole):.0f} MB")
            medians["whole"] = {"wall": wall, "cpu": cpu}
    print(f"load average at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    return medians


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[4:])
    else:
        main()
