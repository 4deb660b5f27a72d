"""Roll-and-write sheets as notepads: page sizes, copies, text, ink per region, pads, ink saver."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import REPO
from pdfcheck import MM, placements, render, walk
from sheetgen.base.units import to_points
from sheetgen.load.yamlload import load_yaml

# (game, component, template, sheet size in mm, default copies, sheets per A4 page, per Letter)
SHEETS = [
    ("roll-and-raid", "clan-sheet", "roll-and-raid-clan-sheet", (210, 297), 100, 1, 1),
    ("rolling-thunder", "play-sheet", "rolling-thunder-play-sheet", (297, 210), 50, 1, 1),
    # an A4 page a sheet (reader finding 1 of session 12: A5 boxes were small)
    ("roll-and-might", "score-sheet", "roll-and-might-score-sheet", (210, 297), 50, 1, 1),
    # one page of two A5 Legends (R6; reader finding 4: A6 read small)
    ("roll-and-might", "legend", "roll-and-might-legend", (210, 148), 2, 2, 2),
]
# Sheets of more than one face (items): the Roll & Might Legend prints the table's Legend,
# then the Solo Legend (issue 34). Each face: its page in the pod PDF and the elements that ink it.
FACES = {"legend": {0: ["die-1", "die-2", "die-3", "aside-die", "who-note"],
                    1: ["die-1", "solo-east", "solo-west", "solo-note"]}}
PADS = [s for s in SHEETS if s[1] not in FACES]  # one face, as many copies as asked
# Home pages are turned to landscape where that prints the sheets upright (as a player holds
# them): a landscape sheet, two portrait A5 side by side (two landscape A5, the Legend, stand
# one above the other on a portrait page).
LANDSCAPE_PAGE = {"play-sheet"}
IDS = [s[1] for s in SHEETS]
BLEED = 3 * MM
SAFE = 5 * MM          # nothing printed closer than this to the trim (printer margins)
GLUE = {"clan-sheet": 8, "play-sheet": 8, "score-sheet": 11, "legend": 6}

# Every region's title and the numbers a player needs, as extractable text.
TEXTS = {
    "clan-sheet": ["ROLL & RAID", "Name your Clan", "The Great Hall", "The Harbor", "The Armory",
                   "Round tracker", "Festival", "Production trackers", "Wood", "Metal",
                   "Villagers", "Upgrades", "Intensive production", "Specialized production",
                   "Ritual", "Upgraded tools", "Berserker substances", "Altar",
                   "+2", "Re-roll", "Settlements", "Creatures GP", "God trackers", "NJORD", "TYR",
                   "10 GP", "15 GP", "20 GP", "Point summary", "Sacrifices", "Clan",
                   "Battle", "FINAL", "16", "24", "10+", "11+", "+3",
                   "Creatures", "Empty tracker: 0 GP", "Fate die", "Write its GP", "Solo · Paris"],
    "play-sheet": ["ROLLING THUNDER", "RED", "BLUE", "YELLOW", "Turn a die to any #", "-1", "-3",
                   "-5", "WODEN", "FRIGG", "THOR", "SIF", "LOKI", "Runestone network",
                   "Valhalla", "Scoring", "God points", "Troll points",
                   "Runestone points", "Biggest fire", "TOTAL", "+3", "10",
                   "Next seat clockwise", "R · RED SECTOR",
                   "B · BLUE SECTOR", "Y · YELLOW SECTOR", "LEFT", "RIGHT", "colour + column",
                   "your Thunder", "free strikes", "Turn a die: circled",
                   "Valhalla V:", "Any unmarked square, icons too.",
                   "tie: most Trolls struck", "column of 3", "LEFT's Thunder"],
    "score-sheet": ["ROLL & MIGHT", "Turn", "Castle", "WEST ARMY", "EAST ARMY", "WEST TOWERS",
                    "EAST TOWERS", "Towers", "Strength", "their East",
                    "Solo: your record to beat (not scored)",
                    "THRONE ROOM", "Market stalls", "Stall 6", "Scoring after 8 turns",
                    "All four: +3", "5+ full stalls: +3", "Points", "TOTAL", "= Strength"],
    "legend": ["LEGEND", "ARMY", "CASTLE", "MARKET", "1-3", "4-6", "WEST", "EAST", "SET ASIDE",
               "Who places", "Wild Die"],
}
# Elements whose box must carry ink (one per region at least).
REGIONS = {
    "clan-sheet": ["great-hall", "harbor", "armory", "rounds", "wood-tracker", "metal-tracker",
                   "villagers-tracker", "up-intensive-marks", "altar", "creatures-1", "s1", "s6",
                   "njord-tracker", "tyr-tracker", "upgrades-table", "shields-table", "summary",
                   "sum-njord", "sum-tyr", "sum-yellow", "sum-blue", "sum-red", "sum-final-frame"],
    "play-sheet": ["rounds", "turn-die", "dice",
                   "dice-triangle", "sectors", "head-red", "head-blue", "head-yellow",
                   "trolls-red", "trolls-blue", "trolls-yellow", "woden", "loki",
                   "runes-red", "runes-columns", "valhalla-example", "valhalla-circle",
                   "woden-medallion", "loki-power", "fire",
                   "score-turn-die", "score-total"],
    "score-sheet": ["turns", "title-band", "west-army", "east-army", "west-tower-1",
                    "east-tower-2", "towers-note", "throne-room", "stall-1", "stall-6",
                    "west-strength", "east-strength", "solo-best", "score-total"],
}


def element_boxes(template: str) -> dict[str, tuple[float, float, float, float]]:
    """Return each element's (x, y, w, h) in points, y from the top, read from the template."""
    raw = load_yaml(REPO / "templates" / f"{template}.yaml")
    width, height = (to_points(raw[k]) for k in ("width", "height")) if "width" in raw else (
        None, None)
    out = {}
    for e in raw["elements"]:
        if "id" in e and "w" in e:
            out[e["id"]] = (to_points(e["x"], width), to_points(e["y"], height),
                            to_points(e["w"], width), to_points(e.get("h", 0), height))
    return out


@pytest.mark.parametrize("game,comp,template,size,copies,per_a4,per_letter", SHEETS, ids=IDS)
def test_pod_page_boxes_text_and_default_copies(built, game, comp, template, size, copies,
                                                per_a4, per_letter):
    reader = PdfReader(built(game, comp, "pod"))
    assert len(reader.pages) == copies
    page = reader.pages[0]
    w, h = size[0] * MM + 2 * BLEED, size[1] * MM + 2 * BLEED
    assert [round(float(v), 1) for v in page.mediabox] == [0, 0, round(w, 1), round(h, 1)]
    assert [round(float(v), 1) for v in page.bleedbox] == [0, 0, round(w, 1), round(h, 1)]
    assert [round(float(v), 1) for v in page.trimbox] == [round(BLEED, 1), round(BLEED, 1),
                                                          round(w - BLEED, 1), round(h - BLEED, 1)]
    text = " ".join(page.extract_text().split())  # a phrase may wrap
    missing = [t for t in TEXTS[comp] if t not in text]
    assert not missing, missing
    # one form per face, referenced by every copy
    names = {p.name for i in range(len(reader.pages)) for p in placements(reader, i)}
    assert len(names) == len(FACES.get(comp, [0]))


@pytest.mark.parametrize("game,comp,template,size,copies,per_a4,per_letter", PADS,
                         ids=[s[1] for s in PADS])
def test_home_pads_fit_as_many_as_possible_with_copies(built, game, comp, template, size, copies,
                                                       per_a4, per_letter):
    for profile, per_page, paper in (("a4", per_a4, (595.3, 841.9)),
                                     ("letter", per_letter, (612.0, 792.0))):
        reader = PdfReader(built(game, comp, profile, copies=5))
        assert len(reader.pages) == -(-5 // per_page)
        page = paper[::-1] if comp in LANDSCAPE_PAGE else paper
        assert [round(float(v), 1) for v in reader.pages[0].mediabox[2:]] == list(page)
        placed = [p for i in range(len(reader.pages)) for p in placements(reader, i)]
        assert len(placed) == 5 and len({p.name for p in placed}) == 1
        # every sheet upright: drawn without a turn, so its glue edge is the page's top side
        turns = [ctm[1:3] for op, _, ctm, _ in walk(reader.pages[0], reader) if op == "Do"]
        assert turns and all(abs(b) < 1e-6 and abs(c) < 1e-6 for b, c in turns), turns


@pytest.mark.parametrize("game,comp,template,size,copies,per_a4,per_letter", SHEETS, ids=IDS)
def test_every_region_has_ink_and_nothing_leaves_the_safe_area(built, game, comp, template, size,
                                                               copies, per_a4, per_letter):
    path = built(game, comp, "pod", copies=1)
    dpi = 50
    s = dpi / 72
    boxes = element_boxes(template)
    for page, regions in FACES.get(comp, {0: REGIONS.get(comp, [])}).items():
        _inked_and_safe(render(path, page, dpi), s, boxes, regions, comp, size)


def _inked_and_safe(image, s, boxes, regions, comp, size) -> None:
    """Check each region of a face's image has ink and nothing lies outside the safe area."""
    for region in regions:
        x, y, w, h = boxes[region]
        crop = image.crop((int((BLEED + x) * s), int((BLEED + y) * s),
                           int((BLEED + x + w) * s), int((BLEED + y + h) * s)))
        dark = sum(crop.histogram()[:200]) / max(1, crop.width * crop.height)
        assert dark > 0.01, f"{comp}: region {region} has no ink"
    # outside the safe area (and inside the glue strip) every pixel is paper
    left, top = int((BLEED + SAFE) * s) - 1, int((BLEED + GLUE[comp] * MM) * s) - 1
    right = int((BLEED + size[0] * MM - SAFE) * s) + 1
    bottom = int((BLEED + size[1] * MM - SAFE) * s) + 1
    pixels = image.load()
    stray = [(px, py) for py in range(image.height) for px in range(image.width)
             if not (left <= px <= right and top <= py <= bottom) and pixels[px, py] < 235]
    assert not stray, f"{comp}: ink outside the safe area at {stray[:5]}"


@pytest.mark.parametrize("game,comp,template", [s[:3] for s in SHEETS[:2]], ids=IDS[:2])
def test_pad_of_100_costs_under_1kb_per_extra_sheet(built, game, comp, template):
    for profile in ("pod", "a4"):
        one = built(game, comp, profile, copies=1).stat().st_size
        hundred = built(game, comp, profile, copies=100).stat().st_size
        assert hundred <= one + 99 * 1024, (profile, one, hundred)


def test_ink_saver_lightens_fills(built):
    normal = render(built("rolling-thunder", "play-sheet", "pod", copies=1), 0)
    saver = render(built("rolling-thunder", "play-sheet", "pod", copies=1, ink_saver=True), 0)
    s = 50 / 72
    x, y, w, h = element_boxes("rolling-thunder-play-sheet")["head-red"]
    band = (int((BLEED + x) * s), int((BLEED + y) * s), int((BLEED + x + w) * s),
            int((BLEED + y + h) * s))  # the red sector's header band

    def mean(img, box):
        crop = img.crop(box)
        return sum(i * n for i, n in enumerate(crop.histogram())) / (crop.width * crop.height)

    assert mean(saver, band) > mean(normal, band) + 40
    whole = (0, 0, normal.width, normal.height)
    assert mean(saver, whole) > mean(normal, whole)


def test_sheet_faces_are_deterministic(built, tmp_path):
    from sheetgen.api import BuildOptions, build
    from sheetgen.load.project import Project

    first = built("roll-and-might", "legend", "pod", copies=2).read_bytes()
    again = build(Project.at(REPO), "roll-and-might", ["legend"],
                  BuildOptions(profiles=["pod"], out_dir=tmp_path, copies=2))[0].read_bytes()
    assert first == again
