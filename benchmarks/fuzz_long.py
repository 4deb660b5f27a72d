"""The long fuzz run: thousands of hostile mutations over every game's YAML files.

    python benchmarks/fuzz_long.py [--per-file 40] [--seed long] [--workers 2] [GAME ...]

Each case replaces one file (a game's data file or a template it uses) with a mutated copy
(see tests/fuzzcases.py) and runs ``validate GAME COMPONENT`` on the component reading it, or,
for the game's smallest component, every third time ``build ... -p a4`` over earlier outputs.
It prints counts, never asserts: cases, exit codes, tracebacks, errors without ``path:line``,
outputs lost or changed by a failed command, files created outside ``out/``, the slowest
case. The suite's tests/test_fuzz.py runs about a hundred, every kind of mutation once.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from fuzzcases import Sandbox, cases, component_for, game_files  # noqa: E402

GAMES = ["ragnarocks", "roll-and-might", "rolling-thunder", "roll-and-raid",
         "reavers-of-midgard"]
MEMORY_LIMIT = 4 * 1024**3  # a memory bomb becomes a MemoryError (a traceback), not a kill


def run_game(job: tuple[str, int, str]) -> dict:
    """Run every case of one game in its own sandbox; return its counts and examples."""
    game, per_file, seed = job
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    small = component_for(game, f"data/{game}/game.yaml")
    with tempfile.TemporaryDirectory(prefix=f"fuzz-{game}-") as tmp:
        box = Sandbox(Path(tmp), [game])
        baseline = box.invoke(["build", game, small, "-p", "a4", "--out", str(box.out), "-q"])
        counts: collections.Counter = collections.Counter()
        examples: dict[str, list[str]] = collections.defaultdict(list)
        slowest = (0.0, "")
        classes: collections.Counter = collections.Counter()
        class_example: dict[str, str] = {}
        built = 0
        for case in cases(game, per_file * len(game_files(game)), seed=seed):
            component = component_for(game, case.file)
            command = ["validate", game, component]
            if component == small:
                built += 1
                if built % 3 == 0:
                    command = ["build", game, small, "-p", "a4", "--out", str(box.out), "-q"]
            outcome = box.run(case, command)
            counts["cases"] += 1
            counts[f"exit {outcome.exit_code}"] += 1
            counts[command[0]] += 1
            if outcome.traceback:  # one class per exception type and place
                where = outcome.traceback.split(": ", 1)[0] + " at " + \
                    outcome.traceback.rsplit(" at ", 1)[-1]
                classes[where] += 1
                if where not in class_example:
                    class_example[where] = f"{case.file} [{case.mutation}]: {outcome.traceback}"
            for name, found in (("tracebacks", outcome.traceback),
                                ("errors without path:line", outcome.unlocated),
                                ("lost outputs", outcome.lost_outputs),
                                ("files outside out/", outcome.strays)):
                if found:
                    counts[name] += 1
                    if len(examples[name]) < 5:
                        examples[name].append(f"{case.file} [{case.mutation}]: "
                                              f"{str(found)[:300]}")
            if outcome.seconds > slowest[0]:
                slowest = (outcome.seconds, f"{case.file} [{case.mutation}] {command[0]}")
    return {"game": game, "counts": counts, "examples": examples, "slowest": slowest,
            "baseline": baseline.exit_code, "classes": classes, "class_example": class_example}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--per-file", type=int, default=40, help="cases per YAML file")
    parser.add_argument("--seed", default="long")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        results = pool.map(run_game, [(g, args.per_file, args.seed) for g in args.games],
                           chunksize=1)
    total: collections.Counter = collections.Counter()
    rules = ["tracebacks", "errors without path:line", "lost outputs", "files outside out/"]
    print(f"{'game':<20} {'cases':>6} {'exit 0':>7} {'exit 2':>7} {'builds':>7} "
          + " ".join(f"{r:>10}" for r in ("tracebacks", "unlocated", "lost", "outside")))
    for res in results:
        c = res["counts"]
        total.update(c)
        print(f"{res['game']:<20} {c['cases']:>6} {c['exit 0']:>7} {c['exit 2']:>7} "
              f"{c['build']:>7} " + " ".join(f"{c[r]:>10}" for r in rules)
              + ("" if res["baseline"] == 0 else "   (baseline build failed)"))
    print(f"{'all':<20} {total['cases']:>6} {total['exit 0']:>7} {total['exit 2']:>7} "
          f"{total['build']:>7} " + " ".join(f"{total[r]:>10}" for r in rules))
    other_exits = sorted(k for k in total if k.startswith("exit ") and k not in ("exit 0",
                                                                              "exit 2"))
    print(f"other exit codes: {', '.join(f'{k}: {total[k]}' for k in other_exits) or 'none'}")
    for res in results:
        seconds, what = res["slowest"]
        print(f"slowest case of {res['game']}: {seconds:.1f} s  {what}")
        for rule, lines in res["examples"].items():
            for line in lines:
                print(f"  {rule}: {line}")
    classes: collections.Counter = collections.Counter()
    class_example: dict[str, str] = {}
    for res in results:
        classes.update(res["classes"])
        class_example = {**res["class_example"], **class_example}
    print(f"traceback classes: {len(classes)}")
    for where, count in classes.most_common():
        print(f"  {count:>5}  {where}\n         e.g. {class_example[where][:400]}")
    print(f"{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
