"""The DevTools client starts Chromium wherever the tests' temporary folder is."""

from __future__ import annotations

import pytest

from cdp import Browser, require_chromium


@pytest.mark.slow
def test_chromium_starts_under_a_long_tmpdir(tmp_path, monkeypatch):
    # a pytest tmp_path plus a folder name: past the length at which Chromium could not make
    # its singleton socket under $TMPDIR and closed the DevTools pipe at once
    long_tmp = tmp_path / ("t" * 60)
    long_tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(long_tmp))
    browser = Browser(require_chromium(), tmp_path / "profile")
    try:
        assert browser.call("Browser.getVersion")["product"].startswith(("Chrome", "Headless"))
    finally:
        browser.close()
