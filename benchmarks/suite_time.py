"""Where the test suite's time goes: the summed seconds of each tier, file and test.

Runs the README's suite (``pytest -n auto``) with a JUnit report, or reads the report of an
earlier run, and prints the summed test time (setup, call and teardown: a module-scoped build
counts in its first test) of the fast tier (``-m "not slow"``) and of the slow tier, then the
files and the tests that cost most. Summed times are steadier than the wall clock on a shared
machine, and they show what parallel workers cannot hide: a run on two cores lasts at least
the slow tier's sum over two, and at least its longest test; and the run's tail: how long one
xdist worker ran on alone after the other had run out of tests. With ``--cpu`` it sums each
test's CPU seconds instead (its own and its child processes', recorded by tests/conftest.py),
which a loaded machine inflates far less than wall seconds.

A run made here also prints its wall time and the load average before and after (the goals,
issue 36: the whole suite under 8 minutes on two cores from a clean clone, the fast tier under
2 minutes).

Run: python benchmarks/suite_time.py [--junit report.xml] [--cpu] [--top N] [-- PYTEST ARGS...]
(the fast tier alone: ``python benchmarks/suite_time.py -- -m "not slow"``)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def node_id(classname: str, name: str) -> str:
    """Return the pytest node id of a JUnit test case (``tests.games.test_x.Class`` + name)."""
    parts = classname.split(".")
    if "@" in name.rpartition("]")[2]:  # an xdist group's name, after the parameters
        name = name[:name.rindex("@")]
    for cut in range(len(parts), 0, -1):
        path = "/".join(parts[:cut]) + ".py"
        if (ROOT / path).is_file():
            return "::".join([path, *parts[cut:], name])
    return "::".join([classname.replace(".", "/") + ".py", name])


def read_junit(path: Path, cpu: bool = False) -> dict[str, float]:
    """Return ``{node id: seconds}`` of every test case of a JUnit XML report: wall seconds, or
    with ``cpu`` the CPU seconds tests/conftest.py records (property ``cpu``; 0 if absent)."""
    out = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        test = node_id(case.get("classname", ""), case.get("name", ""))
        if cpu:
            found = [p.get("value") for p in case.iter("property") if p.get("name") == "cpu"]
            out[test] = float(found[0]) if found else 0.0
        else:
            out[test] = float(case.get("time", 0))
    return out


def read_ends(path: Path) -> dict[str, tuple[str, float, float]]:
    """Return ``{node id: (xdist worker, clock time it ended, wall seconds)}`` of every test
    case of a JUnit report that has the properties tests/conftest.py records."""
    out = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        found = {p.get("name"): p.get("value") for p in case.iter("property")}
        if "worker" in found and "ended" in found:
            out[node_id(case.get("classname", ""), case.get("name", ""))] = (
                found["worker"], float(found["ended"]), float(case.get("time", 0)))
    return out


def tail(ends: dict[str, tuple[str, float, float]], top: int = 5) -> str:
    """Return the run's tail as text: how long the last worker ran on after another had run
    out of tests, and the tests it ran then (the longest first)."""
    last: dict[str, float] = {}
    for worker, ended, _ in ends.values():
        last[worker] = max(last.get(worker, ended), ended)
    if len(last) < 2:
        return ""
    idle_from = min(last.values())
    busy = max(last, key=last.get)
    alone = sorted(((seconds, test) for test, (worker, ended, seconds) in ends.items()
                    if worker == busy and ended > idle_from), reverse=True)
    lines = [f"\ntail: {busy} ran alone for {last[busy] - idle_from:.1f} s at the end "
             f"(wall seconds of its last tests, the longest first):"]
    lines += [f"{seconds:8.1f}  {test}" for seconds, test in alone[:top]]
    return "\n".join(lines)


def fast_tier(pytest_args: tuple[str, ...] = ()) -> set[str]:
    """Return the node ids of the fast tier, as ``pytest -m "not slow"`` collects them (among
    the files or tests ``pytest_args`` name, if it names any)."""
    paths = [a for a in pytest_args if (ROOT / a.split("::")[0]).exists()]
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                           "no:cacheprovider", "-m", "not slow", "-n", "0", *paths],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    return {line.strip() for line in done.stdout.splitlines() if "::" in line}


def report(times: dict[str, float], fast: set[str], top: int) -> str:
    """Return the tiers' sums, then the ``top`` files and tests by time, as text."""
    lines = []
    for tier, ids in (("fast", [t for t in times if t in fast]),
                      ("slow", [t for t in times if t not in fast])):
        longest = max((times[t] for t in ids), default=0.0)
        lines.append(f"{tier:5} tier: {len(ids):5} tests, {sum(times[t] for t in ids):8.1f} s "
                     f"summed, longest test {longest:.1f} s")
    lines.append(f"all       : {len(times):5} tests, {sum(times.values()):8.1f} s summed")
    files: dict[str, list[float]] = defaultdict(list)
    for test, seconds in times.items():
        files[test.split("::")[0]].append(seconds)
    lines.append(f"\nfiles by summed time (top {top}): seconds, tests, longest test, tier")
    for path, spent in sorted(files.items(), key=lambda item: -sum(item[1]))[:top]:
        tier = "fast" if any(t.split("::")[0] == path for t in fast) else "slow"  # any test
        lines.append(f"{sum(spent):8.1f} {len(spent):5} {max(spent):7.1f}  {tier}  {path}")
    lines.append(f"\ntests by time (top {top}):")
    for test, seconds in sorted(times.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"{seconds:8.1f}  {'fast' if test in fast else 'slow'}  {test}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> str:
    """Run (or read) the suite's JUnit report and print where its time goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junit", type=Path, help="read this JUnit XML instead of running")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--cpu", action="store_true",
                        help="sum CPU seconds (this process and its children), not wall seconds:"
                             " steadier on a loaded machine")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = parser.parse_args(argv)
    junit, wall = args.junit, ""
    if junit is None:
        junit = Path(tempfile.mkdtemp(prefix="suite-time-")) / "junit.xml"
        load = os.getloadavg()[0]
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pytest", "-n", "auto", "-q", "-p",
                        "no:cacheprovider", f"--junitxml={junit}", *args.pytest_args],
                       cwd=ROOT, check=False)
        seconds = time.perf_counter() - start
        wall = (f"wall: {seconds:.1f} s ({int(seconds // 60)} min {seconds % 60:.0f} s) on "
                f"{os.cpu_count()} cores, load average {load:.1f} at the start, "
                f"{os.getloadavg()[0]:.1f} at the end\n")
    text = wall + ("CPU seconds\n" if args.cpu else "") + report(
        read_junit(junit, args.cpu), fast_tier(tuple(args.pytest_args)), args.top) + tail(
        read_ends(junit))
    print(text)
    return text


if __name__ == "__main__":
    main()
