"""The table page in a real headless Chromium: tap through a script and check every die
shown against the script's JSON; the per-seat view; nothing loaded from the network."""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageChops

from cdp import Browser, require_chromium
from sheetgen.dice.api import make_script
from sheetgen.dice.formats import writer
from sheetgen.load.project import Project
from test_dice_project import make_project

pytestmark = pytest.mark.slow  # a headless browser

VISIBLE_DICE = """(function(){
  var out=[];
  [].forEach.call(document.querySelectorAll('.step'),function(step){
    if(step.hidden) return;
    [].forEach.call(step.querySelectorAll('.ev[data-event]'),function(ev){
      if(ev.offsetParent===null) return;
      [].forEach.call(ev.querySelectorAll('.roll'),function(roll){
        var dice=[].map.call(roll.querySelectorAll('svg.die'),function(d){
          var sym=document.querySelector(d.querySelector('use').getAttribute('href'));
          return [d.getAttribute('data-die'), d.getAttribute('data-face'),
                  sym.querySelector('rect').getAttribute('fill'),
                  sym.querySelectorAll('circle').length, d.getBoundingClientRect().width];
        });
        out.push([Number(step.getAttribute('data-step')), ev.getAttribute('data-event'),
                  Number(ev.getAttribute('data-seat')), dice]);
      });
    });
  });
  return out;
})()"""


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = Browser(require_chromium(), tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


def expected_dice(data: dict) -> list:
    """Every die the page must draw, per section: (section, event, seat, [(die, face)...])."""
    out = []
    for section in data["sections"]:
        for ev in section["events"]:
            for roll in ev["rolls"]:
                faces = [f for attempt in [*roll["rerolled"], roll["faces"]] for f in attempt]
                dice = roll["dice"] * (len(roll["rerolled"]) + 1)
                out.append((section["number"], ev["id"], ev["seat"],
                            [(d, str(f)) for d, f in zip(dice, faces)]))
    return out


def shown(browser) -> list:
    return browser.evaluate(VISIBLE_DICE)


def open_script(browser, tmp_path, game, players, seed):
    project = Project.at(make_project(tmp_path / "project"))
    script = make_script(project, game, players, seed=seed)
    page = tmp_path / f"{game}.html"
    page.write_text(writer("html")(script), encoding="utf-8")
    browser.open(page.as_uri())
    return json.loads(browser.evaluate(
        "document.getElementById('dice-script').textContent"))


@pytest.mark.parametrize("game, players, seed", [("reavers-of-midgard", 3, "page"),
                                                 ("rolling-thunder", 1, "page"),
                                                 ("roll-and-might", 2, 7)])
def test_tapping_through_shows_every_die_of_the_script(browser, tmp_path, game, players, seed):
    data = open_script(browser, tmp_path, game, players, seed)
    want = expected_dice(data)
    steps = browser.evaluate("document.querySelectorAll('.step').length")
    revealed_sections = {0}
    for tap in range(steps):
        got = shown(browser)
        sections_shown = {n for n in revealed_sections}
        expect = [w for w in want if w[0] in sections_shown]
        # Each visible die is the script's die and face, drawn in its colour with pips.
        assert [(g[1], g[2], [tuple(d[:2]) for d in g[3]]) for g in got] == \
            [(w[1], w[2], w[3]) for w in expect][:len(got)]
        for g in got:
            for die, face, fill, pips, width in g[3]:
                assert fill == data["dice"][die]["colour"]
                numeric = all(isinstance(f, int) for f in data["dice"][die]["faces"])
                if numeric and face in "123456":
                    assert pips == int(face)
                assert width >= 28  # phone-sized (thrown-away attempts are the small ones)
        if browser.evaluate("document.getElementById('next').disabled"):
            break
        browser.tap("#next")
        revealed_sections = {s["number"] for s in data["sections"]
                             if s["number"] == 0 or browser.evaluate(
                                 f"[].some.call(document.querySelectorAll('.step'),"
                                 f"function(x){{return !x.hidden && x.querySelector("
                                 f"'h2').textContent.indexOf({json.dumps(s['title'])})===0}})")}
    assert browser.evaluate("document.getElementById('next').disabled")
    assert len(shown(browser)) == len(want)  # every roll of the script was shown, in order
    assert browser.evaluate("document.getElementById('seed').textContent") == data["seed"]


def test_per_seat_view_and_offline(browser, tmp_path):
    data = open_script(browser, tmp_path, "reavers-of-midgard", 3, "seats")
    browser.tap("#next")
    everyone = shown(browser)
    assert {g[2] for g in everyone} == {0, 1, 2, 3}
    browser.evaluate("(function(){var s=document.getElementById('seat');s.value='2';"
                     "s.dispatchEvent(new Event('change'));return 1})()")
    seat2 = shown(browser)
    assert {g[2] for g in seat2} == {0, 2}
    assert seat2 == [g for g in everyone if g[2] in (0, 2)]
    deal_lines = browser.evaluate(
        "[].filter.call(document.querySelectorAll('[data-event=prophecy-deal] .line'),"
        "function(x){return x.offsetParent!==null}).map(function(x){return x.textContent})")
    (deal,) = [e for e in data["sections"][0]["events"] if e["id"] == "prophecy-deal"]
    assert deal_lines == [f"seat 2: {deal['groups'][1]['items'][0]}"]
    # Offline: nothing but in-page references.
    refs = browser.evaluate("[].map.call(document.querySelectorAll('[src],[href]'),"
                            "function(e){return e.getAttribute('src')||e.getAttribute('href')})")
    assert refs and all(r.startswith("#") for r in refs)
    # What a phone shows: the dice in their colours.
    shot = tmp_path / "phone.png"
    browser.evaluate("(function(){document.querySelector('[data-step=\"1\"]').scrollIntoView();"
                     "return 1})()")
    browser.screenshot(shot)
    colours = {c for _, c in Image.open(shot).convert("RGB").getcolors(1 << 20)}
    for die in ("crew-red", "crew-blue", "crew-yellow", "combat"):
        hex_colour = data["dice"][die]["colour"]
        assert tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)) in colours, die


def test_a_line_icon_face_stays_lines_on_the_page(browser, tmp_path):
    # issue 35: the page filled every icon's paths, so a line icon (fill="none", a black
    # stroke) printed as a filled disk where the die shows a ring
    root = make_project(tmp_path / "project")
    (root / "templates" / "icons").mkdir(parents=True)
    (root / "templates" / "icons" / "hammer.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 12 '
        'A8 8 0 1 0 20 12 A8 8 0 1 0 4 12" fill="none" stroke="#000" stroke-width="2"/></svg>')
    script = make_script(Project.at(root), "reavers-of-midgard", 3, seed="ring")
    html = writer("html")(script)
    start = html.index('<symbol id="d-crew-red-hammer"')
    symbol = html[html.index(">", start) + 1:html.index("</symbol>", start)]
    page = tmp_path / "face.html"
    page.write_text('<html><body style="margin:0"><svg width="380" height="380" '
                    f'viewBox="0 0 100 100">{symbol}</svg></body></html>', encoding="utf-8")
    browser.open(page.as_uri())
    shot = tmp_path / "face.png"
    browser.screenshot(shot)
    picture = Image.open(shot).convert("RGB")
    die = tuple(int(script.dice["crew-red"].colour[i:i + 2], 16) for i in (1, 3, 5))
    ink = (255, 255, 255) if 'stroke="#ffffff"' in symbol else (17, 17, 17)
    # the icon's 24 units span 66 of the die's 100 (from 17): its centre at 50, its ring of
    # radius 8 at 50 + 22
    # the die's square (x 1.5-98.5 of 100 with its outline), found by its pixels
    left, top, right, bottom = ImageChops.invert(picture.convert("L")).getbbox()
    unit = (right - left) / 97
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    centre = picture.getpixel((round(mid_x), round(mid_y)))
    ring = picture.getpixel((round(mid_x + 22 * unit), round(mid_y)))

    def near(a, b):
        return all(abs(x - y) <= 40 for x, y in zip(a, b))

    assert near(centre, die), (centre, die)
    assert near(ring, ink), (ring, ink)
