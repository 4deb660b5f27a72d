"""The studio's speed, measured in the browser (headless Chromium over the DevTools protocol)
from the moment a file is written to the moment the page shows the new images.

Prints medians of:
  1. one card's text saved (a Roll & Raid card's name) -> its new image loaded in the page;
  2. a template saved that changes all 32 Ragnarocks Mythology fronts -> all 32 loaded;
  3. `sheetgen serve` started -> the first screen of the 48-card Raid deck shown;
  4. the server's resident memory after 200 edits, against after 20 (no leak).

    python benchmarks/bench_serve.py [--edits 200] [--runs 15]
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from cdp import Browser, find_chromium  # noqa: E402

from common import sheetgen_command  # noqa: E402

FIRST_SCREEN = """(function(){var imgs=[].filter.call(document.querySelectorAll('#grid img'),
  function(i){var r=i.getBoundingClientRect();return r.top<innerHeight&&r.bottom>0;});
  return imgs.length>0&&imgs.every(function(i){return i.complete&&i.naturalWidth>0;});})()"""


def machine() -> str:
    """Return a line describing this machine."""
    cpu = ""
    try:
        cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text()).group(1)
    except (OSError, AttributeError):
        pass
    chromium = subprocess.run([find_chromium(), "--version"], capture_output=True,
                              text=True).stdout.strip()
    return (f"{platform.system()} {platform.machine()}, {cpu or 'unknown CPU'}, "
            f"{os.cpu_count()} cores (shared), Python {platform.python_version()}, {chromium}")


class Studio:
    """``sheetgen serve`` on a project copy, and one browser page on it."""

    def __init__(self, project: Path, browser: Browser, path: str):
        self.browser = browser
        self.started = time.time()
        self.log = Path(tempfile.mkstemp(prefix="bench-serve-", suffix=".log")[1])
        with self.log.open("w") as out:
            self.proc = subprocess.Popen([*sheetgen_command(), "--project", str(project),
                                          "serve", "--port", "0"], cwd=project, stdout=out,
                                         stderr=subprocess.STDOUT, text=True)
        while not re.search(r":(\d+)/", self.log.read_text()):
            time.sleep(0.002)
        port = re.search(r":(\d+)/", self.log.read_text()).group(1)
        browser.page("Page.navigate", url=f"http://127.0.0.1:{port}/{path}")

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

    def edit(self, path: Path, old: str, new: str, images: int) -> float:
        """Write the change; return ms until the page has shown ``images`` new images."""
        seen = self.browser.evaluate("window.studio.updates.length")
        text = path.read_text()
        if old not in text:
            self.stop()
            raise SystemExit(f"{path} no longer has {old!r}: update the benchmark's edit")
        written = time.time()
        path.write_text(text.replace(old, new, 1))
        done = self.wait(f"(function(){{var u=window.studio.updates.slice({seen});"
                         f"var d=u.filter(function(x){{return x.images>={images}}});"
                         "return d.length?d[0].at:0;})()")
        return done - written * 1000

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
        self.proc.send_signal(2)
        self.proc.wait(timeout=20)


def project_with(game: str, templates: list[str] = ()) -> Path:
    """Return a temporary project with a copy of ``game`` and of some templates."""
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    shutil.copytree(ROOT / "data" / game, folder / "data" / game)
    (folder / "templates").mkdir()
    for name in templates:
        shutil.copy(ROOT / "templates" / f"{name}.yaml", folder / "templates")
    return folder


def main() -> None:
    """Print the four figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--edits", type=int, default=200)
    args = parser.parse_args()
    os.environ["SHEETGEN_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-serve-cache-")
    browser = Browser(find_chromium(), Path(tempfile.mkdtemp(prefix="bench-chromium-")))
    browser.page("Emulation.setDeviceMetricsOverride", width=1280, height=900,
                 deviceScaleFactor=1, mobile=False)
    print(f"machine: {machine()}")

    starts, cpu = [], []
    raid = project_with("roll-and-raid")
    for _ in range(5):
        browser.page("Page.navigate", url="about:blank")
        studio = Studio(raid, browser, "#/grid/roll-and-raid/raid-cards")
        studio.wait(FIRST_SCREEN)
        starts.append(time.time() - studio.started)
        cpu.append(studio.cpu_seconds())
        studio.stop()
    print(f"first screen of the 48-card deck after start: {statistics.median(starts):.2f} s "
          f"median of {len(starts)} (target <= 1.5 s); the server's CPU by then: "
          f"{statistics.median(cpu):.2f} s")

    studio = Studio(raid, browser, "#/grid/roll-and-raid/raid-cards")
    studio.wait("window.studio.updates.length")
    cards = raid / "data" / "roll-and-raid" / "raid-cards.yaml"
    names = ["name: Lindisfarne,", "name: Lindisfarne Abbey,"]

    def rename(count: int) -> list[float]:
        """Rename the first card ``count`` times, back and forth."""
        out = []
        for _ in range(count):
            out.append(studio.edit(cards, names[0], names[1], 1))
            names.reverse()
        return out

    times = rename(args.runs)
    print(f"one card's text saved -> new image in the page: {statistics.median(times):.0f} ms "
          f"median of {len(times)} (target <= 150 ms)")
    rename(20)
    before = studio.rss_mb()
    rename(args.edits)
    after = studio.rss_mb()
    print(f"resident memory after {args.edits} more edits: {after:.1f} MB, was {before:.1f} MB: "
          f"{after - before:+.1f} MB (target <= 10 MB)")
    studio.stop()

    # tall enough to show all 32 cards: every changed image is on screen and waited for
    browser.page("Emulation.setDeviceMetricsOverride", width=1900, height=3200,
                 deviceScaleFactor=1, mobile=False)
    myth = project_with("ragnarocks", ["mythology-front"])
    studio = Studio(myth, browser, "#/grid/ragnarocks/mythology-cards")
    studio.wait("window.studio.updates.length")
    template = myth / "templates" / "mythology-front.yaml"
    band = ["repeat: 4mm", "repeat: 4.5mm"]  # the ornament band under the title
    times = []
    for _ in range(args.runs):
        times.append(studio.edit(template, band[0], band[1], 32))
        band.reverse()
    print(f"a template saved changing all 32 Mythology faces -> all updated: "
          f"{statistics.median(times):.0f} ms median of {len(times)} (target <= 600 ms)")
    studio.stop()
    browser.close()


if __name__ == "__main__":
    main()
