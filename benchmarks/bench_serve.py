"""The studio's speed, measured in the browser (headless Chromium over the DevTools protocol)
from the moment a file is written to the moment the page shows the new images.

Prints medians of:
  1. `sheetgen serve` started -> the first screen of the 48-card Raid deck shown;
  2. one card's text saved (the first Raid card's name) -> its new image loaded in the page;
  3. a template saved that changes every Ragnarocks Mythology front -> all of them loaded;
  4. the server's resident memory after many edits, against after 20 (no leak).
Each with the server's CPU time (user and system) it took: on a shared machine the wall
time is mostly waiting for a core, the CPU time is the studio's own work. Edits start once the
studio is idle (the rest of the game prepared, its checks run), and each edit's CPU time is
counted until the server is idle again: its print checks, which follow the new images, are
part of what an edit costs.

The benchmark cannot rot: it edits temporary copies it wrote itself. The deck's file is
written back as plain YAML (the same items, no comments), and each edit gives the first item a
name it never had; the deck's front template is copied into the project with one element of
the benchmark's own added, and each edit gives it a colour it never had (so every edit draws
new pictures: none is kept from an earlier one). A smoke run (``--runs 1``) is in the slow
test tier (tests/test_bench_serve.py).

    python benchmarks/bench_serve.py [--starts 5] [--runs 15] [--edits 200]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from cdp import Browser, find_chromium  # noqa: E402

from common import sheetgen_command  # noqa: E402

FIRST_SCREEN = """(function(){var imgs=[].filter.call(document.querySelectorAll('#grid img'),
  function(i){var r=i.getBoundingClientRect();return r.top<innerHeight&&r.bottom>0;});
  return imgs.length>0&&imgs.every(function(i){return i.complete&&i.naturalWidth>0;});})()"""
MARK = "bench-edit"   # the id of the element the benchmark adds to a template


def machine() -> str:
    """Return a line describing this machine and its load now."""
    cpu = ""
    try:
        cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text()).group(1)
    except (OSError, AttributeError):
        pass
    chromium = subprocess.run([find_chromium(), "--version"], capture_output=True,
                              text=True).stdout.strip()
    return (f"{platform.system()} {platform.machine()}, {cpu or 'unknown CPU'}, "
            f"{os.cpu_count()} cores (shared), Python {platform.python_version()}, {chromium}")


def load() -> str:
    """Return the machine's load averages (1, 5, 15 minutes)."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


class Studio:
    """``sheetgen serve`` on a project copy, and one browser page on it."""

    def __init__(self, project: Path, browser: Browser, path: str, timeout: float = 60):
        self.browser = browser
        self.started = time.time()
        self.log = Path(tempfile.mkstemp(prefix="bench-serve-", suffix=".log")[1])
        with self.log.open("w") as out:
            self.proc = subprocess.Popen([*sheetgen_command(), "--project", str(project),
                                          "serve", "--port", "0"], cwd=project, stdout=out,
                                         stderr=subprocess.STDOUT, text=True)
        end = time.monotonic() + timeout
        while not (found := re.search(r":(\d+)/", self.log.read_text())):
            if self.proc.poll() is not None or time.monotonic() > end:
                self.stop()
                raise SystemExit(f"sheetgen serve did not start:\n{self.log.read_text()}")
            time.sleep(0.002)
        browser.page("Page.navigate", url=f"http://127.0.0.1:{found.group(1)}/{path}")

    def wait(self, condition: str, timeout: float = 60) -> object:
        """Return the page's value of ``condition`` once truthy."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                value = self.browser.evaluate(condition)
            except RuntimeError:
                value = None
            if value:
                return value
            time.sleep(0.005)
        self.stop()  # never left running after a failed measurement
        raise SystemExit(f"timed out waiting for {condition}; the server said:\n"
                         f"{self.log.read_text()[-3000:]}")

    def edit(self, path: Path, text: str, images: int) -> float:
        """Write ``text`` to ``path``; return ms until the page has shown ``images`` new
        images."""
        seen = self.browser.evaluate("window.studio.updates.length")
        written = time.time()
        path.write_text(text)
        done = self.wait(f"(function(){{var u=window.studio.updates.slice({seen});"
                         f"var d=u.filter(function(x){{return x.images>={images}}});"
                         "return d.length?d[0].at:0;})()")
        return done - written * 1000

    def settle(self, quiet: float = 0.3, timeout: float = 60) -> None:
        """Wait until the server has used under a tenth of a core for ``quiet`` seconds (its
        warm-up, or an edit's checks, done; following the files costs a little CPU)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            before = self.cpu_seconds()
            time.sleep(quiet)
            if self.cpu_seconds() - before <= quiet / 10:
                return

    def timed_edit(self, path: Path, text: str, images: int) -> tuple[float, float]:
        """Return the ms from writing ``text`` to ``path`` until the page has shown
        ``images`` new images, and the server's CPU ms for the edit (until it is idle)."""
        self.settle()
        cpu = self.cpu_seconds()
        shown = self.edit(path, text, images)
        self.settle()
        return shown, (self.cpu_seconds() - cpu) * 1000

    def cpu_seconds(self) -> float:
        """Return the CPU time the server has used so far (user and system)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        """Return the server's resident memory in MB."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s*(\d+)", status).group(1)) / 1024

    def stop(self) -> None:
        """Stop the server."""
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:  # a busy machine: never left running
                self.proc.kill()
                self.proc.wait()


def project_with(game: str) -> Path:
    """Return a temporary project holding a copy of ``game``."""
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    shutil.copytree(ROOT / "data" / game, folder / "data" / game)
    (folder / "templates").mkdir()
    return folder


def plain_deck(project: Path, game: str, deck: str) -> tuple[Path, dict]:
    """Write the deck's file back as plain YAML (the same data: the benchmark's edits then
    never depend on how it is written) and return its path and data."""
    path = project / "data" / game / f"{deck}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data.get("items"), list) or not data["items"] \
            or not isinstance(data["items"][0].get("name"), str):
        raise SystemExit(f"{path}: the benchmark renames the first item; this deck's items "
                         "have no name (choose another deck)")
    path.write_text(dump(data), encoding="utf-8")
    return path, data


def dump(data: dict) -> str:
    """Return ``data`` as YAML, in its own key order."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)


def renamed(data: dict):
    """Return a function giving the deck's text for edit ``n``: its first item named with
    ``n`` (a name no earlier edit gave it)."""
    name = data["items"][0]["name"]

    def text(n: int) -> str:
        data["items"][0]["name"] = f"{name} {n}"
        return dump(data)
    return text


def marked_template(project: Path, deck: dict):
    """Copy the deck's front template into the project with an element of the benchmark's
    own (a small box in the middle of the face); return the copy's path and a function giving
    its text for edit ``n``: the box in a colour of its own (every front changes)."""
    name = deck["front"]
    source = ROOT / "templates" / f"{name}.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.setdefault("elements", []).append(
        {"id": MARK, "type": "box", "x": "20mm", "y": "40mm", "w": "3mm", "h": "3mm"})

    def text(n: int) -> str:
        data["elements"][-1]["fill"] = f"#{0x204060 + 37 * n:06x}"
        return dump(data)
    path = project / "templates" / f"{name}.yaml"
    path.write_text(text(0), encoding="utf-8")
    return path, text


def main() -> None:
    """Print the four figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=5, help="studio starts timed")
    parser.add_argument("--runs", type=int, default=15, help="edits timed of each kind")
    parser.add_argument("--edits", type=int, default=200, help="edits for the memory figure")
    args = parser.parse_args()
    os.environ["SHEETGEN_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-serve-cache-")
    browser = Browser(find_chromium(), Path(tempfile.mkdtemp(prefix="bench-chromium-")))
    try:
        measure(browser, args)
    finally:
        browser.close()


def measure(browser: Browser, args) -> None:
    """Print the four figures, measured with ``browser``."""
    browser.page("Emulation.setDeviceMetricsOverride", width=1280, height=900,
                 deviceScaleFactor=1, mobile=False)
    print(f"machine: {machine()}")
    print(f"load average at start: {load()}")

    raid = project_with("roll-and-raid")
    cards, deck = plain_deck(raid, "roll-and-raid", "raid-cards")
    starts, cpu = [], []
    for _ in range(args.starts):
        browser.page("Page.navigate", url="about:blank")
        studio = Studio(raid, browser, "#/grid/roll-and-raid/raid-cards")
        studio.wait(FIRST_SCREEN)
        starts.append(time.time() - studio.started)
        cpu.append(studio.cpu_seconds())
        studio.stop()
    print(f"first screen of the {len(deck['items'])}-item deck after start: "
          f"{statistics.median(starts):.2f} s median of {len(starts)} (each: "
          + " ".join(f"{s:.2f}" for s in starts) + "; target <= 1.0 s idle, 1.5 s loaded); "
          f"the server's CPU by then: {statistics.median(cpu):.2f} s")

    studio = Studio(raid, browser, "#/grid/roll-and-raid/raid-cards")
    studio.wait("window.studio.updates.length")
    text, edits = renamed(deck), iter(range(1, 1 << 30))

    def rename(count: int) -> list[float]:
        """Rename the first card ``count`` times, a new name each time."""
        return [studio.edit(cards, text(next(edits)), 1) for _ in range(count)]

    times, cpu = zip(*(studio.timed_edit(cards, text(next(edits)), 1)
                       for _ in range(args.runs)))
    print(f"one card's text saved -> new image in the page: {statistics.median(times):.0f} ms "
          f"median of {len(times)} (target <= 150 ms); the server's CPU for it: "
          f"{statistics.median(cpu):.0f} ms")
    rename(min(20, args.edits))
    before = studio.rss_mb()
    rename(args.edits)
    after = studio.rss_mb()
    print(f"resident memory after {args.edits} more edits: {after:.1f} MB, was {before:.1f} MB: "
          f"{after - before:+.1f} MB (target <= 10 MB)")
    studio.stop()

    # tall enough to show every card: every changed image is on screen and waited for
    browser.page("Emulation.setDeviceMetricsOverride", width=1900, height=3200,
                 deviceScaleFactor=1, mobile=False)
    myth = project_with("ragnarocks")
    _, mythology = plain_deck(myth, "ragnarocks", "mythology-cards")
    faces = len(mythology["items"])
    template, text = marked_template(myth, mythology)
    studio = Studio(myth, browser, "#/grid/ragnarocks/mythology-cards")
    studio.wait("window.studio.updates.length")
    times, cpu = zip(*(studio.timed_edit(template, text(n), faces)
                       for n in range(1, args.runs + 1)))
    print(f"a template saved changing all {faces} Mythology fronts -> all updated: "
          f"{statistics.median(times):.0f} ms median of {len(times)} (target <= 300 ms); "
          f"the server's CPU for it: {statistics.median(cpu):.0f} ms")
    studio.stop()
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    main()
