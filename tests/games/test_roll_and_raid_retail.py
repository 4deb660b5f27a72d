"""Roll & Raid at retail look (issue 24): every decision printed where a player needs it.

Each test names a decision of the issue; the rulings (R1-R12) are the Clarifications cards'
numbers, cited on the sheet and the aids.
"""

from __future__ import annotations

import math
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pypdf import PdfReader

from pdfcheck import drawn_shapes, ink_boxes, text_of, template_elements
from sheetgen.generate.games import load_game

MM = 72 / 25.4
PENCIL = 5 * MM  # the smallest space a pencil mark goes in


def test_the_game_text_rule_is_on(project):
    game = load_game(project, "roll-and-raid")
    assert game.spec.print_checks.min_game_text.on
    assert game.spec.print_checks.enforced


def test_great_hall_fills_an_inner_hex_and_counts_the_living(built):
    text = text_of(built("roll-and-raid", "clan-sheet", "a4"), [0])
    assert "Living" in text
    assert "A Viking dies: cross its outer hex (it stays used)" in text


def test_pencil_spaces_are_at_least_5_mm(project):
    from sheetgen.base.units import to_points

    elements = template_elements(project, "roll-and-raid-clan-sheet")
    hexes = [raw for raw in elements.values()  # the Fate die's key is no pencil space
             if raw.get("type") == "hex_cluster" and raw.get("writing_space")]
    assert len(hexes) == 9  # Great Hall, Harbor, Armory and six settlements
    for raw in hexes:  # the space a pencil fills: the inner hex, or the whole hex
        inner = float(raw.get("inner", 1)) * to_points(raw["size"]) * math.sqrt(3)
        assert inner >= PENCIL - 0.01, (raw["id"], inner / MM)
    assert all(float(elements[n]["inner"]) > 0 for n in ("great-hall", "harbor", "armory"))
    boxes = [raw for raw in elements.values() if raw.get("type") == "check_boxes"]
    assert boxes and all(to_points(raw["size"]) >= PENCIL for raw in boxes)
    tracks = [raw for raw in elements.values() if raw.get("type") == "track"]
    assert tracks and all(to_points(raw["space"]) >= PENCIL for raw in tracks)
    assert to_points(elements["living-box"]["h"]) >= PENCIL


def test_production_ladders_are_counted_in_fives(project):
    elements = template_elements(project, "roll-and-raid-clan-sheet")
    for name in ("wood-tracker", "metal-tracker", "villagers-tracker"):
        spaces = elements[name]["spaces"]
        assert len(spaces) == 20
        marked = {i + 1: s["text"] for i, s in enumerate(spaces) if s.get("text")}
        assert marked == {5: "5", 10: "10", 15: "15"}, name


def test_settlements_say_the_die_hex_is_no_house_and_shields_match(built):
    text = text_of(built("roll-and-raid", "clan-sheet", "a4"), [0])
    assert "all at once, not the gold hex" in text
    rulings = text_of(built("roll-and-raid", "clarifications", "a4"))
    assert "\"orange shield\" is the yellow shield (Y)" in rulings


def test_clan_boxes_take_shield_counts_with_the_conversion_beside_them(project, built):
    elements = template_elements(project, "roll-and-raid-clan-sheet")
    from sheetgen.base.units import to_points

    table, yellow = elements["shields-table"], elements["sum-yellow"]
    # the conversion table lies right under the Y, B, R boxes
    assert 0 < to_points(table["y"]) - to_points(yellow["y"]) < 10 * MM
    assert table["rows"][0][0] == "Y, B or R" and table["rows"][1][:4] == ["GP", 0, 1, 2]
    # the rule itself is on the Final scoring aid (issue 34 look: no rules prose on the sheet)
    aids = text_of(built("roll-and-raid", "reference", "a4"))
    assert "count each colour's shields, convert" in aids


def test_both_red_raid_dice_print_and_the_dice_deck_is_offered(project, built):
    game = load_game(project, "roll-and-raid")
    dice = next(c.model for c in game.components if c.model.id == "printable-dice")
    assert dice.contents() == (5, "dice")
    assert dice.copies == {"raid": 2}
    guide = text_of(built("roll-and-raid", "how-to-print", "a4"))
    assert "Balanced dice deck (2d6) (dice-deck-a4.pdf): 36 cards" in guide and \
        "Dice deck (optional)" in guide


def test_upgrades_have_words_and_letter_codes_and_a_lightning_mark(project, built):
    text = text_of(built("roll-and-raid", "clan-sheet", "a4"), [0])
    assert "Upgraded tools (permanent, a box per die)" in text
    assert "write S (ship), A (axe) or H (house) in an empty white hex." in text
    elements = template_elements(project, "roll-and-raid-clan-sheet")
    marks = [raw for name, raw in elements.items() if name and name.endswith("-marks")
             and raw.get("icon")]
    assert marks and {raw["icon"] for raw in marks} == {"symbol/use"}  # the bolt (game.yaml)


def test_every_ruling_is_printed_where_it_is_needed(built):
    rulings = text_of(built("roll-and-raid", "clarifications", "a4"))
    topics = ["Game length", "Start", "Great Hall", "Retreat", "Empty Raid deck", "Settlements",
              "Shields", "Clan score", "Raid dice", "Roll sheet", "Creatures with a roll sheet",
              "Specialized production"]
    for number, topic in enumerate(topics, 1):
        assert f"R{number} · {topic}." in rulings, topic
    sheet = text_of(built("roll-and-raid", "clan-sheet", "a4"), [0])
    aids = text_of(built("roll-and-raid", "reference", "a4"))
    assert "Cross out a space as each round starts" in sheet  # 16 spaces
    assert not re.search(r"\(R\d+\)", sheet)  # no rule codes on the sheet (issue 34 look)
    # the aids say each ruling in words where it is used; codes only on the Clarifications
    # (issue 34 reader: "the aids are a second rulebook with rule codes")
    assert not re.search(r"\bR\d+\b", aids)
    assert "every clan starts empty" in aids
    assert "your choice; with none of them, nothing" in aids
    assert "deck empty: play on with the cards left" in aids
    assert "Creatures still need real dice" in aids
    assert "8 Raid rolls a round" in rulings and "Roll real dice" in rulings


def test_the_script_says_what_to_do_when_raid_rolls_run_out(project):
    from conftest import run_cli

    result = run_cli("--project", str(project.root), "dice", "roll-and-raid", "--players", "3",
                     "--seed", "odin")
    assert result.exit_code == 0, result.output
    assert "past the 8th, roll real dice" in result.output
    assert result.output.count("Raid rolls (roll 1") == 3 * 16  # every seat, every round


def _forms(path) -> list[set[str]]:
    """Return, per page, the names of every form drawn on it (nested forms included)."""
    out = []
    for page in PdfReader(str(path)).pages:
        names: set[str] = set()

        def walk(resources, depth=0):
            for name, form in ((resources or {}).get("/XObject", {}) or {}).items():
                names.add(name)
                if depth < 4:
                    walk(form.get_object().get("/Resources"), depth + 1)

        walk(page["/Resources"])
        out.append(names)
    return out


def test_raid_card_fronts_picture_their_city_and_paris_its_crown(built):
    """Each front one picture; no invented category badge (issue 34); Paris's crown.

    The old category badges (church, treasure map, hill fort, market) may come back only as
    one city's own landmark: the design pass gave Cologne its market (a gate read as
    Dumbarton's and London's towers), so the test no longer bans the icon's name but the
    badge itself, a picture repeated across cards (every category held several)."""
    fronts = _forms(built("roll-and-raid", "raid-cards", "pod"))[::2]
    icons = [{n for n in page if n.startswith("/FormXob.icon-")} for page in fronts]
    # the card's chrome (costs, shields, Defense/GP badges) is on every front; the Creature
    # symbol and Paris's crown are marks, not pictures
    chrome = set.intersection(*icons) | {"/FormXob.icon-creature", "/FormXob.icon-crown"}
    pictures = [page - chrome for page in icons]
    assert [len(p) for p in pictures] == [1] * len(fronts), pictures
    assert len(set().union(*pictures)) == len(fronts)  # no picture on two cards
    badges = {"church", "treasure-map", "hill-fort", "market"}
    shown = [n.removeprefix("/FormXob.icon-") for page in pictures for n in page]
    assert all(shown.count(badge) <= 1 for badge in badges), shown
    assert "/FormXob.icon-crown" in fronts[-1]  # Paris, the last card
    assert not any(".art-fluent~" in n for page in fronts for n in page)


def test_creatures_are_heraldic_silhouettes_and_the_clan_sheet_carries_game_icons(built):
    """Issue 34 (readers): flat silhouettes on grey scenes read as placeholders, then the
    shaded Noto drawings that replaced them as smiling emoji. Each Creature is now a game-icons
    silhouette of its own in a heraldic roundel (no Noto drawing on the deck); the clan
    sheet's header keeps the three products as silhouettes."""
    creatures = _forms(built("roll-and-raid", "creature-cards", "pod"))[::2]
    pictures = {f"/FormXob.icon-{name}" for name in (
        "spiked-dragon-head", "octopus", "wolf-howl", "horse", "squirrel", "snake-spiral")}
    each = [page & pictures for page in creatures]
    assert [len(names) for names in each] == [1] * 6 and set().union(*each) == pictures
    assert not any(".art-noto~" in n or ".art-fluent~" in n for page in creatures for n in page)
    sheet = _forms(built("roll-and-raid", "clan-sheet", "a4"))[0]
    assert {"/FormXob.icon-ship", "/FormXob.icon-axe", "/FormXob.icon-house"} <= sheet
    assert not any(".art-fluent~" in n for n in sheet)


def test_settlements_stand_apart_and_the_last_festival_label_clears_the_panel(built):
    """The six settlements stand 1.8 mm or more apart (drawn bounds, outlines included; they
    were 0.8 mm), and the last festival's GP label 2.5 mm or more inside the Round tracker
    panel's outline (it was 1.6 mm)."""
    page = pdfium.PdfDocument(str(built("roll-and-raid", "clan-sheet", "pod")))[0]
    height = page.get_height()
    shapes = [(x0, height - y1, x1, height - y0) for x0, y0, x1, y1 in drawn_shapes(page)]
    band = [s for s in shapes  # the hexes of the settlement row, in the left half of the page
            if 227 * MM < s[1] and s[3] < 250 * MM and 3 * MM < s[2] - s[0] < 7 * MM
            and s[2] < 125 * MM]
    clusters: list[list[float]] = []
    for left, _, right, _ in sorted(band):
        if clusters and left <= clusters[-1][1] + 0.3 * MM:
            clusters[-1][1] = max(clusters[-1][1], right)
        else:
            clusters.append([left, right])
    assert len(clusters) == 6, clusters
    gaps = [(b[0] - a[1]) / MM for a, b in zip(clusters, clusters[1:])]
    assert min(gaps) >= 1.8, gaps
    panel = [s for s in shapes if s[2] - s[0] > 150 * MM and 70 * MM < s[1] < 82 * MM]
    outline = 0.4 * MM        # the section frame's stroke; its bounds reach one width past it
    inside = max(s[2] for s in panel) - 1.5 * outline
    chars = page.get_textpage()
    text = chars.get_text_range()
    last_gp = text.rfind("GP", 0, text.find("The first empty space counts as 1"))
    right = max(chars.get_charbox(i)[2] for i in (last_gp, last_gp + 1))
    assert (inside - right) / MM >= 2.5, (inside - right) / MM


def test_the_odds_card_note_stands_clear_of_the_frame(built):
    """The Raid odds card's last line (the re-roll in words: readers asked for no algebra)
    stands 2 mm or more above the frame's inner edge (it was 1.1 mm, its descenders nearly on
    the gold)."""
    page = pdfium.PdfDocument(str(built("roll-and-raid", "odds-card", "pod")))[0]
    frame = [s for s in drawn_shapes(page)       # the card's gold border (0.8 mm stroke)
             if 55 * MM < s[2] - s[0] < 65 * MM and s[3] - s[1] > 80 * MM]
    assert len(frame) == 1, frame
    inner = frame[0][1] + 1.5 * 0.8 * MM         # bounds reach one stroke width past its ink
    assert (ink_boxes(page, "70% → 91%.")[1] - inner) / MM >= 2


@pytest.mark.parametrize("profile", ["a4", "letter", "gutterfold-a4", "gutterfold-letter"])
def test_the_odds_cards_fill_their_sheet_one_per_player(built, project, profile):
    """The Raid odds card printed alone on a sheet of card (1 of the grid's 9 places, 1 of a
    gutterfold page's 4): it now prints once per player, for the rulebook's most, and no front
    page holds a card alone or an unfinished row."""
    players = load_game(project, "roll-and-raid").spec.players.max
    document = pdfium.PdfDocument(str(built("roll-and-raid", "odds-card", profile)))
    folded = profile.startswith("gutterfold")  # fronts and backs side by side on each page
    fronts = range(0, len(document), 1 if folded else 2)  # else backs on the even pages
    total = 0
    for index in fronts:
        chars = document[index].get_textpage()
        text = chars.get_text_range()
        starts = [i for i in range(len(text)) if text.startswith("Defense", i)]  # a card each
        boxes = [chars.get_charbox(i) for i in starts]
        rows: dict[int, int] = {}
        for box in boxes:
            rows[round(box[3] / MM)] = rows.get(round(box[3] / MM), 0) + 1
        assert len(boxes) >= 2, (index, len(boxes))
        assert len(set(rows.values())) == 1, rows  # every row as full as the first
        total += len(boxes)
    assert total == players == 6
    if not folded:
        assert len(fronts) == 1  # one sheet of card, two full rows of three


def test_the_god_trackers_note_fills_its_column(built):
    """The God trackers' rules under the two trackers end within 6 mm of the panel's frame and
    are set at 9 pt: at 7.7 pt they left 13 mm of the frame empty, a bare band beside the
    Point summary."""
    mm = 72 / 25.4
    page = pdfium.PdfDocument(str(built("roll-and-raid", "clan-sheet", "a4", copies=1)))[0]
    frame = [s for s in drawn_shapes(page)  # the God trackers' panel: right column, 140 mm tall
             if s[0] / mm > 155 and 135 < (s[3] - s[1]) / mm < 145]
    assert len(frame) == 1, frame
    last = ink_boxes(page, "Empty tracker: 0 GP.")
    gap = (last[1] - frame[0][1]) / mm
    assert 1 < gap < 6, gap
    chars = page.get_textpage()
    start = chars.get_text_range().find("Any die: write")
    assert pdfium_raw.FPDFText_GetFontSize(chars.raw, start) == pytest.approx(9, abs=0.05)


def test_each_festival_gp_label_sits_on_its_box_middle(built):
    """The "GP" after each festival's write-in box (rounds 4, 8, 12, 16) has its capitals
    centred on the box's middle line within 0.25 mm (they sat 0.8 mm high)."""
    mm = 72 / 25.4
    page = pdfium.PdfDocument(str(built("roll-and-raid", "clan-sheet", "a4", copies=1)))[0]
    height = page.get_height()
    boxes = sorted(s for s in drawn_shapes(page)  # the four festival boxes, 7.6 mm tall
                   if 88 < (height - s[3]) / mm < 95 and 7 < (s[3] - s[1]) / mm < 8)
    assert len(boxes) == 4, boxes
    chars = page.get_textpage()
    text = chars.get_text_range()
    for box in boxes:
        index = next(i for i in range(len(text) - 1) if text[i:i + 2] == "GP"
                     and 0 < chars.get_charbox(i)[0] - box[2] < 3 * mm)
        glyphs = [chars.get_charbox(i) for i in (index, index + 1)]
        middle = (min(g[1] for g in glyphs) + max(g[3] for g in glyphs)) / 2
        assert abs(middle - (box[1] + box[3]) / 2) / mm < 0.25
