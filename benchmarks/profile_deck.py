"""Profile the cold one-deck build: how much of it is Python, libraries, sheetgen's imports
and the build's own work.

The deck is issue 36's (``ragnarocks mythology-cards -p a4``, bench_compare.py), built cold:
a copy of the shipped project, an empty output folder and cache for every run. Four kinds of
process run one after another, ``--runs`` rounds (each figure the median of its runs, in CPU
seconds: user + system, steadier than wall time on a shared machine):

- python: the interpreter alone (``-c pass``: its start-up and the site packages);
- libraries: importing the third-party and standard-library modules the build imports (the
  list is taken from a build), none of sheetgen's own;
- imports: importing every module the build imports, sheetgen's too;
- build: the whole cold build.

Their differences are what sheetgen can change: its own imports (imports - libraries) and its
work (build - imports). Then the build's own stages, timed inside the process by
profile_catalogue.py's clock (load, prepare, checks, render, render-pdf, write; start is
Python, the imports and the command line). Last, the same build run twice in one process
(each into an empty output folder and cache): the second is the deck's work once the
process has paid its first-use costs (the modules a build imports when it needs them, the
models' validators, the fonts' and Jinja's first use), which is what the deck costs beyond
Python, its imports and those.
Run: ``python benchmarks/profile_deck.py [--runs N]``.
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
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import run_process, sheetgen_command  # noqa: E402
from profile_catalogue import STAGES  # noqa: E402

REPO = HERE.parent
DECK = ["ragnarocks", "mythology-cards", "-p", "a4"]

# A build in one process, as the sheetgen command runs it (sheetgen/__main__.py), that then
# writes the names of every module it imported (a script of its own: this file's imports would
# count as the build's).
_LIST_MODULES = """import atexit, json, sys
names = sys.argv[1]
atexit.register(lambda: json.dump(sorted(sys.modules), open(names, "w")))
sys.argv = ["sheetgen", *sys.argv[2:]]
from sheetgen.__main__ import run
run()
"""

# Imports the modules named in the file given; the command line's stand-in for pydantic's
# plugin loader (sheetgen/cli.py) is put in place first, as the build has it.
_IMPORT = """import importlib, json, os, sys, types
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
loader = types.ModuleType("pydantic.plugin._loader")
loader.get_plugins = lambda: ()
sys.modules.setdefault("pydantic.plugin._loader", loader)
for name in json.load(open(sys.argv[1])):
    try:
        importlib.import_module(name)
    except Exception:  # a module only importable as part of another (a frozen alias)
        pass
"""


# The same cold build twice in one process (each into its own empty folder and cache): the CPU
# seconds of each, written to the file given.
_TWICE = """import json, os, sys, time
report, project, out = sys.argv[1:4]
from sheetgen.cli import main
seconds = []
for n in range(2):
    os.environ["SHEETGEN_CACHE_DIR"] = f"{out}-cache-{n}"
    sys.argv = ["sheetgen", "--project", project, "build", "-q", *sys.argv[4:],
                "--out", f"{out}-{n}"]
    start = time.process_time()
    try:
        main()
    except SystemExit as exc:
        if exc.code:
            raise
    seconds.append(time.process_time() - start)
json.dump(seconds, open(report, "w"))
"""


def _cold(tmp: Path) -> tuple[Path, dict]:
    out, cache = tmp / "cold", tmp / "cold-cache"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    return out, {"SHEETGEN_CACHE_DIR": str(cache)}


def _module_lists(tmp: Path, python: list[str], project: Path) -> tuple[Path, Path]:
    """Return two files naming the modules a cold deck build imports: the libraries' (not
    sheetgen's), and all of them."""
    out, env = _cold(tmp)
    names_file = tmp / "modules.json"
    subprocess.run([*python, "-c", _LIST_MODULES, str(names_file), "--project", str(project),
                    "build", "-q", *DECK, "--out", str(out)], check=True,
                   env={**os.environ, **env}, stdout=subprocess.DEVNULL)
    names = [n for n in json.loads(names_file.read_text(encoding="utf-8"))
             if n not in ("__main__", "sitecustomize", "usercustomize")]
    libraries, every = tmp / "libraries.json", tmp / "every.json"
    libraries.write_text(json.dumps([n for n in names if n.split(".")[0] != "sheetgen"]))
    every.write_text(json.dumps(names))
    return libraries, every


def start_split(tmp: Path, project: Path, runs: int) -> dict[str, float]:
    """Print and return the median CPU seconds of python, libraries, imports and build."""
    command = sheetgen_command()
    python = command[:command.index("-m")]  # the same interpreter and byte-code cache
    libraries, every = _module_lists(tmp, python, project)
    kinds = {"python": lambda: run_process([*python, "-c", "pass"]),
             "libraries": lambda: run_process([*python, "-c", _IMPORT, str(libraries)]),
             "imports": lambda: run_process([*python, "-c", _IMPORT, str(every)])}

    def build():
        out, env = _cold(tmp)
        return run_process(command + ["--project", str(project), "build", "-q", *DECK,
                                      "--out", str(out)], env=env)

    kinds["build"] = build
    for run in kinds.values():  # warm-ups: byte code compiled, files in the page cache
        run()
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(runs):
        for kind, run in kinds.items():
            times[kind].append(run()[2])
    medians = {kind: statistics.median(values) for kind, values in times.items()}
    print(f"cold deck {' '.join(DECK)}: CPU seconds, median of {runs} alternating runs")
    for kind, seconds in medians.items():
        print(f"  {kind:<10} {seconds:7.3f} s")
    parts = {"python": medians["python"],
             "libraries": medians["libraries"] - medians["python"],
             "sheetgen imports": medians["imports"] - medians["libraries"],
             "build work": medians["build"] - medians["imports"]}
    print("  so:")
    for part, seconds in parts.items():
        print(f"    {part:<17} {seconds:7.3f} s  {100 * seconds / medians['build']:5.1f}%")
    return {**medians, **parts}


def stages(tmp: Path, project: Path, runs: int) -> dict[str, float]:
    """Print and return the median CPU seconds of the build's stages (profile_catalogue.py's
    clock, in the build's own process)."""
    command = sheetgen_command()
    python = command[:command.index("-m")]
    figures = []
    for n in range(runs):
        out, env = _cold(tmp)
        report = tmp / f"stages-{n}.json"
        subprocess.run([*python, str(HERE / "profile_catalogue.py"), "--child", str(report),
                        "--", "--project", str(project), "build", "-q", "--jobs", "1", *DECK,
                        "--out", str(out)], check=True, env={**os.environ, **env},
                       stdout=subprocess.DEVNULL)
        figures.append(json.loads(report.read_text(encoding="utf-8"))["stages"])
    medians = {stage: statistics.median(f[stage] for f in figures) for stage in STAGES}
    print(f"the build's stages, CPU seconds (median of {runs} runs):")
    for stage, seconds in medians.items():
        if seconds:
            print(f"  {stage:<11} {seconds:7.3f} s")
    return medians


def twice(tmp: Path, project: Path, runs: int) -> dict[str, float]:
    """Print and return the median CPU seconds of the deck built twice in one process: the
    first build, the second, and what only the first paid (its first-use costs)."""
    command = sheetgen_command()
    python = command[:command.index("-m")]
    figures = []
    for n in range(runs):
        report, out = tmp / f"twice-{n}.json", tmp / f"twice-{n}"
        subprocess.run([*python, "-c", _TWICE, str(report), str(project), str(out), *DECK],
                       check=True, stdout=subprocess.DEVNULL)
        figures.append(json.loads(report.read_text(encoding="utf-8")))
    first = statistics.median(f[0] for f in figures)
    second = statistics.median(f[1] for f in figures)
    print(f"the build twice in one process, CPU seconds (median of {runs} runs):")
    print(f"  first      {first:7.3f} s  (after the command line's imports)")
    print(f"  second     {second:7.3f} s  (the deck's work once the process is warm)")
    print(f"  first use  {first - second:7.3f} s  (only the first paid it)")
    return {"first": first, "second": second, "first use": first - second}


def main(argv: list[str] | None = None) -> dict:
    """Print and return the start-up split and the stages of the cold deck build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    print(f"load average at the start: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        project = tmp / "project"
        shutil.copytree(REPO / "data", project / "data")
        figures = {"split": start_split(tmp, project, args.runs),
                   "stages": stages(tmp, project, args.runs),
                   "twice": twice(tmp, project, args.runs)}
    print(f"load average at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    return figures


if __name__ == "__main__":
    main()
