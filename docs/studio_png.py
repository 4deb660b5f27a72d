"""Take docs/src/images/studio.png: the studio's face view of a Roll & Raid card in headless
Chromium, an element clicked (its source shown) and the element outlines on.

    python docs/studio_png.py
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from cdp import Browser, find_chromium  # noqa: E402
from studio_server import Served  # noqa: E402

FACE = "/face/roll-and-raid/raid-cards/1/front"


def main() -> None:
    """Serve the repository's games, open a face, click its name, save the screenshot."""
    served = Served(ROOT, "roll-and-raid")
    browser = Browser(find_chromium(), Path(tempfile.mkdtemp()))
    try:
        browser.page("Emulation.setDeviceMetricsOverride", width=1280, height=820,
                     deviceScaleFactor=1, mobile=False)
        browser.open(f"{served.base}/#{FACE}")
        while not browser.evaluate("window.studio.updates.length"):
            time.sleep(0.05)
        face = json.loads(served.get(f"/api{FACE}"))
        box = next(e["box"] for e in face["elements"] if e["name"] == "name")
        f = face["face"]
        rect = browser.evaluate("(function(){var r=document.querySelector('.stage svg')"
                                ".getBoundingClientRect();"
                                "return [r.left,r.top,r.width,r.height]})()")
        full_w, full_h = f["width"] + 2 * f["bleed"], f["height"] + 2 * f["bleed"]
        x = rect[0] + ((box[0] + box[2]) / 2 + f["bleed"]) / full_w * rect[2]
        y = rect[1] + (f["height"] - (box[1] + box[3]) / 2 + f["bleed"]) / full_h * rect[3]
        browser.evaluate("document.getElementById('ov-elements').click()")
        for kind in ("mousePressed", "mouseReleased"):
            browser.page("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                         clickCount=1)
        while not browser.evaluate("document.querySelectorAll('#sources .source').length"):
            time.sleep(0.05)
        time.sleep(0.3)
        browser.screenshot(ROOT / "docs" / "src" / "images" / "studio.png")
    finally:
        browser.close()
        served.stop()


if __name__ == "__main__":
    main()
