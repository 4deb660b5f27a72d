"""The studio end to end, in headless Chromium: a project copy served by ``sheetgen serve``;
edit a card's text and its picture changes in place; break the YAML and the page shows the
mistakes as ``validate`` prints them, the last good faces dimmed (a broken dice.yaml too); fix
it and they go; click an element and the page shows its template line and the item's line."""

from __future__ import annotations

import base64
import io
import json
import os
import subprocess
import sys

import pytest
from PIL import Image, ImageChops

from cdp import Browser, require_chromium
from sheetgen.tools.newgame import new_project
from studio_server import REPO, Served, wait_until

pytestmark = pytest.mark.slow  # a headless browser

GAME = "test-game"
OLD_TEXT = "Look at the top card of the deck."
NEW_TEXT = "Draw three cards, keep one and shuffle the others back."


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    project = new_project(tmp_path_factory.mktemp("studio") / "proj", GAME)
    served = Served(project, GAME, env={"SHEETGEN_CACHE_DIR": str(cache)})
    browser = Browser(require_chromium(), tmp_path_factory.mktemp("chromium-profile"))
    browser.page("Emulation.setDeviceMetricsOverride", width=1200, height=900,
                  deviceScaleFactor=1, mobile=False)
    yield served, browser, project
    browser.close()
    served.stop()


def updates(browser) -> list:
    return browser.evaluate("window.studio.updates")


def element_png(browser, selector: str) -> Image.Image:
    """Return the pixels of one image of the page, as the browser shows them (decoded and
    painted)."""
    browser.evaluate(f"document.querySelector({json.dumps(selector)}).decode().then("
                     "function(){return new Promise(function(done){requestAnimationFrame("
                     "function(){requestAnimationFrame(function(){done(true)})})})})")
    box = browser.evaluate(f"(function(){{var r=document.querySelector({json.dumps(selector)})"
                           ".getBoundingClientRect();"
                           "return [r.left+scrollX,r.top+scrollY,r.width,r.height];})()")
    shot = browser.page("Page.captureScreenshot", format="png", clip={
        "x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1})
    return Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")


def src(browser, selector: str) -> str:
    return browser.evaluate(f"document.querySelector({json.dumps(selector)}).getAttribute('src')")


def banner_lines(browser) -> list[str]:
    return browser.evaluate("[].map.call(document.querySelectorAll('#banner .problem'),"
                            "function(d){return d.textContent})")


def validate_errors(project) -> list[str]:
    """Return what ``sheetgen validate`` prints for the project, without ``error: ``."""
    run = subprocess.run([sys.executable, "-m", "sheetgen", "--project", ".", "validate"],
                         cwd=project, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 2, run.stderr
    return [line.removeprefix("error: ") for line in run.stderr.splitlines()
            if line.startswith("error: ")]


def test_edit_break_fix_and_click_to_source(studio):
    served, browser, project = studio
    deck = project / "data" / GAME / "deck.yaml"
    browser.open(f"{served.base}/#/grid/{GAME}/deck")
    wait_until(lambda: updates(browser))
    tiles = browser.evaluate("document.querySelectorAll('#grid .tile').length")
    assert tiles == 5  # five items (copies are one tile each)
    first, second = "#grid .tile:nth-child(1) img", "#grid .tile:nth-child(2) img"
    browser.evaluate("window.scrollTo(0, 60); window.notReloaded = true")
    scroll = browser.evaluate("window.scrollY")
    before, second_src = element_png(browser, first), src(browser, second)

    # a card's text edited: its picture changes in place, the other cards keep theirs
    seen = len(updates(browser))
    deck.write_text(deck.read_text().replace(OLD_TEXT, NEW_TEXT))
    # any update since the save that loaded a picture: the print checks' update can follow
    # it at once, and the last update alone would then never show one
    wait_until(lambda: browser.evaluate(
        f"window.studio.updates.slice({seen}).some(function (u) {{ return u.images >= 1; }})"))
    after = element_png(browser, first)
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    assert (changed[3] - changed[1]) < after.height / 2  # only the text area changed
    assert src(browser, second) == second_src
    assert browser.evaluate("window.notReloaded") is True
    assert browser.evaluate("window.scrollY") == scroll

    # broken: every mistake as validate prints it, the last good faces dimmed
    good = deck.read_text()
    deck.write_text(good.replace("value: 2,", "value: 2, text: [oops,"))
    lines = wait_until(lambda: banner_lines(browser))
    expected = validate_errors(project)
    assert expected and lines == expected
    assert any("deck.yaml:" in line for line in lines)
    assert browser.evaluate("document.getElementById('grid').classList.contains('stale')")
    assert src(browser, first) is not None

    # fixed: the banner goes, the faces are live again
    deck.write_text(good)
    wait_until(lambda: browser.evaluate("document.getElementById('banner').hidden"))
    assert not browser.evaluate("document.getElementById('grid').classList.contains('stale')")

    # a broken dice.yaml: the grid's banner lists it as validate does; fixed, it goes
    dice = project / "data" / GAME / "dice.yaml"
    good_dice = dice.read_text()
    dice.write_text(good_dice.replace("rounds: 6", "rounds: six"))
    rounds_line = next(n for n, text in enumerate(good_dice.splitlines(), 1)
                       if text.startswith("rounds:"))
    lines = wait_until(lambda: banner_lines(browser))
    assert lines == validate_errors(project)
    assert any(f"dice.yaml:{rounds_line}: " in line for line in lines)
    dice.write_text(good_dice)
    wait_until(lambda: browser.evaluate("document.getElementById('banner').hidden"))
    assert banner_lines(browser) == []

    # click the text element of the first card: its template line and the item's line
    browser.open(f"{served.base}/#/face/{GAME}/deck/0/front")
    wait_until(lambda: browser.evaluate(
        "(function(){var i=document.querySelector('.stage img');return !!i&&"
        "document.getElementById('face-title').textContent!==''&&i.complete&&"
        "i.naturalWidth>0})()"))
    face = json.loads(served.get(f"/api/face/{GAME}/deck/0/front"))
    box = next(e["box"] for e in face["elements"] if e["name"] == "text")
    f = face["face"]
    rect = browser.evaluate("(function(){var r=document.querySelector('.stage svg')"
                            ".getBoundingClientRect();return [r.left,r.top,r.width,r.height];})()")
    full_w, full_h = f["width"] + 2 * f["bleed"], f["height"] + 2 * f["bleed"]
    x = rect[0] + (box[0] + box[2]) / 2 / full_w * rect[2] + f["bleed"] / full_w * rect[2]
    y = rect[1] + (f["height"] - (box[1] + box[3]) / 2 + f["bleed"]) / full_h * rect[3]
    for kind in ("mousePressed", "mouseReleased"):
        browser.page("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                     clickCount=1)
    shown = wait_until(lambda: browser.evaluate(
        "[].map.call(document.querySelectorAll('#sources .source'),function(s){return ["
        "s.getAttribute('data-what'), s.querySelector('.where').textContent,"
        "s.querySelector('.here').textContent, s.querySelector('a').getAttribute('href')]})"))
    template = project / "templates" / f"{GAME}-card-front.yaml"
    template_line = next(n for n, text in enumerate(template.read_text().splitlines(), 1)
                         if "{id: text," in text)
    item_line = next(n for n, text in enumerate(deck.read_text().splitlines(), 1)
                     if "name: Scout" in text)
    what = {entry[0]: entry for entry in shown}
    assert what["template element text"][1].endswith(f"{GAME}-card-front.yaml:{template_line}")
    assert "{id: text," in what["template element text"][2]
    assert what["template element text"][3] == f"vscode://file{template}:{template_line}"
    assert what["field text"][1].endswith(f"deck.yaml:{item_line}")
    assert NEW_TEXT in what["field text"][2]


SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
          '<rect x="0" y="0" width="10" height="10"/></svg>')
RING = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path d="M5 0a5 5 0 1 0 0.001 0zM5 3a2 2 0 1 1-0.001 0z" fill-rule="evenodd"/></svg>')


@pytest.mark.slow
def test_an_icon_a_font_and_a_colour_each_change_the_picture_in_the_page(tmp_path):
    """B1, B2 in the browser: the first card's picture, as painted, after each change."""
    import shutil

    project = new_project(tmp_path / "proj", GAME)
    (project / "templates" / "icons").mkdir(parents=True, exist_ok=True)
    icon = project / "templates" / "icons" / "die.svg"
    icon.write_text(SQUARE)
    (project / "fonts" / "mine").mkdir(parents=True)
    for style in ("Regular", "Bold"):
        shutil.copy(REPO / "fonts" / f"Cinzel-{style}.ttf",
                    project / "fonts" / "mine" / f"Title-{style}.ttf")
    (project / "fonts" / "fonts.yaml").write_text(
        "families:\n  title:\n    regular: mine/Title-Regular.ttf\n"
        "    bold: mine/Title-Bold.ttf\n")
    game = project / "data" / GAME / "game.yaml"
    served = Served(project, GAME, env={"SHEETGEN_CACHE_DIR": str(tmp_path / "cache")})
    browser = Browser(require_chromium(), tmp_path / "chromium-profile")
    try:
        browser.page("Emulation.setDeviceMetricsOverride", width=1200, height=900,
                     deviceScaleFactor=1, mobile=False)
        browser.open(f"{served.base}/#/grid/{GAME}/deck")
        wait_until(lambda: updates(browser))
        first = "#grid .tile:nth-child(1) img"
        changes = [
            lambda: icon.write_text(RING),
            lambda: shutil.copy(REPO / "fonts" / "AlegreyaSans-Bold.ttf",
                                project / "fonts" / "mine" / "Title-Bold.ttf"),
            lambda: game.write_text(game.read_text().replace('"#2f5d8a"', '"#c0392b"')),
        ]
        for change in changes:
            old_src, before = src(browser, first), element_png(browser, first)
            change()
            wait_until(lambda: src(browser, first) != old_src and browser.evaluate(
                f"(function(){{var i=document.querySelector({json.dumps(first)});"
                "return i.complete&&i.naturalWidth>0})()"))
            after = element_png(browser, first)
            assert ImageChops.difference(before, after).getbbox() is not None
        def reddish(image):
            return sum(n for n, (r, g, b) in image.getcolors(image.width * image.height)
                       if r > 150 and g < 110 and b < 100)
        # the new colour (#c0392b, was #2f5d8a) is painted
        assert reddish(after) > 0.005 * after.width * after.height and reddish(before) == 0
        assert browser.evaluate(
            "document.getElementById('rebuilt').textContent").startswith("last rebuilt ")
    finally:
        browser.close()
        served.stop()
