"""A small Chrome DevTools Protocol client over ``--remote-debugging-pipe`` (no dependency).

Chromium reads commands from file descriptor 3 and writes replies and events to 4, each a
JSON message ended by a NUL byte. This is enough to open a page in headless Chromium (the
Debian package), tap on it with real input events, read the DOM and take screenshots.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest


def find_chromium() -> str | None:
    """Return the path of a Chromium or Chrome executable, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        if path := shutil.which(name):
            return path
    return None


def require_chromium() -> str:
    """Return Chromium's path; without one, skip the test with its reason, or fail under CI.

    CI (``CI=true``, set by ``.ci/run``) installs Debian's chromium, so a missing browser there
    is a broken install, never a silent skip.
    """
    chromium = find_chromium()
    if chromium:
        return chromium
    reason = "needs Chromium (Debian's chromium package; .ci/run installs it)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but no Chromium found: {reason}")
    pytest.skip(reason)


class Browser:
    """One headless Chromium with one page, driven over the DevTools pipe."""

    def __init__(self, executable: str, profile: Path, width: int = 390, height: int = 844):
        to_child, self._out = os.pipe()
        self._in, from_child = os.pipe()

        def wire():  # runs in the child: the pipe ends become fds 3 and 4
            a, b = os.dup(to_child), os.dup(from_child)
            os.dup2(a, 3)
            os.dup2(b, 4)

        # Chromium puts its profile's singleton socket in a folder under $TMPDIR: a long
        # TMPDIR (a pytest tmp_path) passes the 107-byte limit of a socket's path and
        # Chromium exits at once ("Failed to create socket directory"). Its own short one:
        self._tmp = tempfile.mkdtemp(prefix="cdp-", dir="/tmp")
        self.proc = subprocess.Popen(
            [executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
             "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=wire, env={**os.environ, "TMPDIR": self._tmp})
        os.close(to_child)
        os.close(from_child)
        self._buf = b""
        self._id = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.page("Page.enable")
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=2, mobile=True)

    def _send(self, message: dict) -> int:
        self._id += 1
        os.write(self._out, json.dumps({"id": self._id, **message}).encode() + b"\0")
        return self._id

    def _reply(self, wanted: int, timeout: float = 30) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            while b"\0" in self._buf:
                raw, self._buf = self._buf.split(b"\0", 1)
                msg = json.loads(raw)
                if msg.get("id") == wanted:
                    if "error" in msg:
                        raise RuntimeError(f"CDP error: {msg['error']}")
                    return msg.get("result", {})
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buf += chunk
        raise TimeoutError("no reply from Chromium")

    def call(self, method: str, **params) -> dict:
        """Send a browser-level command and return its result."""
        return self._reply(self._send({"method": method, "params": params}))

    def page(self, method: str, **params) -> dict:
        """Send a command to the page's session and return its result."""
        return self._reply(self._send({"method": method, "params": params,
                                       "sessionId": self.session}))

    def evaluate(self, expression: str):
        """Return the JSON value of a JavaScript expression evaluated in the page."""
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page error: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str) -> None:
        """Navigate and wait until the document has loaded."""
        self.page("Page.navigate", url=url)
        for _ in range(200):
            if self.evaluate("document.readyState") == "complete":
                return
            time.sleep(0.05)
        raise TimeoutError(f"{url} did not load")

    def tap(self, selector: str) -> None:
        """Tap the centre of the element ``selector`` with real touch input."""
        box = self.evaluate(
            f"(function(){{var r=document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect();return [r.left+r.width/2, r.top+r.height/2];})()")
        point = {"x": box[0], "y": box[1]}
        self.page("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
        self.page("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def screenshot(self, path: Path) -> None:
        """Save a PNG of the viewport."""
        data = self.page("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        """Close the browser."""
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError, TimeoutError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._in)
        os.close(self._out)
        shutil.rmtree(self._tmp, ignore_errors=True)
