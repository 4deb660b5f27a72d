"""Roll & Raid at the table (issue 34, "Roll & Raid (solo, Paris)"): each finding of the solo
Destination: Paris table, decided on the page and read back from the built PDFs (pypdf text,
pypdfium2 glyph sizes, drawn shapes and fill colours), never from the YAML.
"""

from __future__ import annotations

import io
import re
from collections import Counter

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pypdf import PdfReader

from conftest import REPO, run_cli
from sheetgen.dice.roll_sheets import roll_sheet_pdfs
from sheetgen.generate.games import load_game
from pdfcheck import drawn_shapes, page_bounds, page_chars, page_texts, text_box, text_of

MM = 72 / 25.4
A4 = (595.2756, 841.8898)
GAME = "roll-and-raid"


def _sizes(page, needle: str) -> set[float]:
    """Return the font sizes (points, as printed) of the characters of ``needle`` on a
    pypdfium2 page."""
    text, _boxes = page_chars(page)
    found = _find(text, needle)
    assert found, f"{needle!r} is not on the page"
    chars = page.get_textpage()
    return {round(pdfium_raw.FPDFText_GetFontSize(chars.raw, i), 2)
            for i in range(found.start(), found.end()) if not text[i].isspace()}


def _find(text: str, needle: str):
    """Return the match of ``needle`` in a page's text, its spaces optional (a line break may
    stand for one, and a bold word may run into the next)."""
    return re.search(r"\s*".join(re.escape(word) for word in needle.split()), text)


def _sheet(built):
    return pdfium.PdfDocument(str(built(GAME, "clan-sheet", "a4", copies=1)))[0]


def test_production_trackers_print_a_worked_counting_example(built):
    """Does the first empty space count as 1? Yes: the band says so and a worked example
    under the trackers counts a Wood 3 and, with two spaces crossed, a Wood 4."""
    text = text_of(built(GAME, "clan-sheet", "a4", copies=1), [0])
    assert "The first empty space counts as one" in text
    assert "nothing crossed, a Wood 3 counts spaces 1-2-3: the" in text
    assert "Spaces 1-2 crossed, a Wood 4 counts 3-4-5-6" in text
    assert "Every product reached or passed is yours." in text
    page = _sheet(built)
    chars, boxes = page_chars(page)
    example = text_box(chars, boxes, "Example:")
    villagers = text_box(chars, boxes, "Villagers")
    improved = text_box(chars, boxes, "The last two hexes")
    # under the last tracker, above the line on the last space (PDF y grows upwards)
    assert example[3] < villagers[1] and improved[3] <= example[1] + 0.5
    assert min(_sizes(page, "Example: nothing crossed")) >= 8.5


def test_solo_tally_takes_the_lower_half_of_the_creatures_panel(built):
    """A solo player has no Creatures: the panel's lower half is the Destination: Paris tally,
    a pencil box per raid (10, Paris the last) and a Result box, under the Creatures GP row."""
    page = _sheet(built)
    height = page.get_height()
    chars, boxes = page_chars(page)
    title = text_box(chars, boxes, "Solo · Paris")
    creatures = text_box(chars, boxes, "Write its GP")
    result = text_box(chars, boxes, "Result")
    assert _find(chars, "Cross a box per raid; the 10th is Paris")
    assert creatures[1] > title[3]  # the Creatures row above, the tally below
    left, right = title[0] - 2 * MM, title[0] + 36 * MM
    squares = {(round(x0 / MM, 1), round((height - y1) / MM, 1))
               for x0, y0, x1, y1 in drawn_shapes(page)
               if left < x0 and x1 < right and result[3] < y0 and y1 < title[1]
               and 5.5 * MM < x1 - x0 < 6.8 * MM and 5.5 * MM < y1 - y0 < 6.8 * MM}
    assert len(squares) == 10, sorted(squares)
    assert min(_sizes(page, "Cross a box per raid")) >= 8.5


def test_raid_cards_print_no_invented_city_category(built):
    """Issue 34 (reader): the city categories (Monastery "Low walls", Far shore, Fortress,
    Trading town) had no game effect in the rulebook and confused readers: no front prints
    one, nor does the Symbols sheet; Paris keeps its crown."""
    words = ("Monastery", "Low walls", "Far shore", "Fortress", "Trading town", "Many Vikings")
    texts = page_texts(built(GAME, "raid-cards", "pod"))
    fronts = [re.sub(r"\s+", " ", text) for text in texts[::2]]
    assert len(fronts) == 49
    assert not [w for text in fronts for w in words if w in text]
    key = text_of(built(GAME, "symbol-key", "a4"), [0])
    assert not [w for w in words if w in key] and "Paris Raided last" in key


def test_results_band_for_solo_has_no_cooperative_flavour(built):
    """The Paris · Results card serves solo and co-op: the 120-149 band no longer says
    "Cooperation has been the key"."""
    text = text_of(built(GAME, "reference", "a4"))
    assert "Solo 120-149 · Co-op 100-129: The Norse line will run strong in Paris" in text
    assert "Cooperation" not in text


def test_solo_aid_points_at_the_tally(built):
    text = text_of(built(GAME, "reference", "a4"))
    assert "Cross a box of your Clan sheet's Solo · Paris tally per raid" in text


def test_script_and_ruling_say_unused_raid_rolls_are_skipped(project, built):
    """A round without a raid leaves its 8 Raid rolls unused: the script's label and ruling
    R10 say to skip them (the next round starts at its own roll 1)."""
    result = run_cli("--project", str(project.root), "dice", GAME, "--players", "1",
                     "--variant", "paris", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert result.output.count("no raid this round: skip them") == 16
    rulings = text_of(built(GAME, "clarifications", "a4"))
    assert "No raid that round: skip them all." in rulings


def test_great_hall_harbor_and_armory_each_have_their_own_tint(built):
    """Three identical white hex blocks: each store now fills its hexes with its own light
    tint (read from the fill colour of the hex paths under each store's title)."""
    page = _sheet(built)
    chars, boxes = page_chars(page)
    tints = {}
    for title in ("The Great Hall", "The Harbor", "The Armory"):
        box = text_box(chars, boxes, title.upper()) if title.upper() in chars else \
            text_box(chars, boxes, title)
        fills = Counter()
        for obj in page.get_objects(max_depth=8):
            if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
                continue
            x0, y0, x1, y1 = page_bounds(obj)
            if not (box[0] - 8 * MM < x0 and x1 < box[0] + 62 * MM
                    and box[1] - 45 * MM < y0 and y1 < box[1] - 8 * MM
                    and 6 * MM < x1 - x0 < 7.5 * MM):
                continue
            r, g, b, a = (pdfium_raw.c_uint(), pdfium_raw.c_uint(), pdfium_raw.c_uint(),
                          pdfium_raw.c_uint())
            if pdfium_raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a):
                fills[(r.value, g.value, b.value)] += 1
        assert fills, title
        tints[title] = fills.most_common(1)[0][0]
    assert len(set(tints.values())) == 3, tints
    assert (255, 255, 255) not in tints.values(), tints
    # light: a pencil mark reads on each (every channel 200 or more)
    assert all(min(rgb) >= 200 for rgb in tints.values()), tints


RULES = ("Recruit: fill an inner hex", "Store: fill an inner hex", "Spend: cross its outer hex",
         "Cross out a space as each round starts", "Festival:", "The first empty space",
         "The last two hexes are one space", "Spend a Resource or Fate die",
         "Intensive production: Improved", "Specialized production: write",
         "Ritual: write", "Upgraded tools (permanent", "Berserker substances (permanent)",
         "A settlement's bonus crosses", "A hex per", "Production or Raiding",
         "Gold hex: once", "Expansion: a refill", "Cross a box per raid",
         "Any die: write its value")


def test_rule_text_on_the_sheet_is_at_least_8_pt(built):
    """Every rule a player reads on the Clan sheet during play is 8.5 pt (Alegreya Sans'
    capitals 1.9 mm; they were 7.7 pt)."""
    page = _sheet(built)
    small = {rule: min(_sizes(page, rule)) for rule in RULES}
    assert all(size >= 8.5 for size in small.values()), small


def test_how_to_print_copies_are_computed_per_player_count(built):
    """The copies table is computed: a Clan sheet per player, the 5 dice, and the aid set (as
    many cards as the built aids file holds) twice from 4 players up."""
    aids = pdfium.PdfDocument(str(built(GAME, "reference", "pod")))
    cards = len(aids) // 2  # pod: each front followed by its back
    text = re.sub(r"\s+", " ", text_of(built(GAME, "how-to-print", "a4")))
    assert f"Player aids (reference-a4.pdf): {cards} cards" in text
    assert f"{2 * cards} (print 2×)" in text
    assert f"{cards} cards (1-3 players), {2 * cards} cards (4-6 players) · Player aids" in text
    assert "48 Raid cards" not in text  # the notes carry no typed counts


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["es", "de"])
def test_every_edition_passes_the_print_checks(edition, checked):
    """The Spanish and German editions build and pass every print check (role sizes, fit,
    contrast) in every profile, A4 included (the run test_editions_games.py checks too)."""
    result = checked(GAME, "--edition", edition)
    assert result.exit_code == 0, result.output[-3000:]
    assert "fail" in result.output and " 0 fail" in result.output


@pytest.mark.slow
def test_the_pseudo_edition_fits_every_component(project, checked):
    """qps (text ~40 % longer) passes every print check on every component of this game, the
    Player aids included (issue 33): each long aid is now two cards, so its body fits at the
    rules floor of 7.6 pt (it needed 6.85 pt on one card) and the scoring tables' label column
    holds "[GP]" at 7.7 pt."""
    components = load_game(project, GAME).spec.components
    result = checked(GAME, "--edition", "qps", "-p", "a4")
    assert result.exit_code == 0, result.output[-3000:]
    assert f"{len(components)} outputs checked: {len(components)} pass, 0 fail" in result.output
    for component in components:
        assert f"roll-and-raid/{component}-qps-a4.pdf" in result.output, component


AIDS = ["Setup", "The Raid deck", "A round", "1 · Production", "1.3 · Spend the dice", "Fate dice",
        "2 · Raiding", "2.3 Raid · 3 Cleanup", "Sacrifices", "Upgrades", "Final scoring",
        "Creatures", "Paris · Solo", "Solo · The end", "Paris · Cooperative",
        "Taking Paris", "Paris · Results", "Game variants"]


def test_player_aids_are_two_full_sheets_of_text_you_read_at_arms_length(built):
    """The aids were walls of small text (7.7-8 pt, six of them too long for a longer
    language): one step of play per card now, 18 cards filling two sheets of nine, and the
    rules read at 9 pt or more (the Paris results card keeps its rulebook texts at 7.7 pt)."""
    path = built(GAME, "reference", "a4")
    document = pdfium.PdfDocument(str(path))
    assert len(document) == 4  # two sheets of fronts, each with its backs
    fronts = [document[0], document[2]]
    titles = []
    for page in fronts:
        text = page.get_textpage().get_text_range()
        titles += [t for t in dict.fromkeys(AIDS) if t.upper() in text.upper()]
    assert set(titles) == set(AIDS)
    first, second = (re.sub(r"\s+", " ", p.get_textpage().get_text_range()) for p in fronts)
    assert "Prepare the Raid deck" in first and "Game variants".upper() in second.upper()
    samples = {0: ["Keep the Raid cards whose back", "Cross out the next Round-tracker",
                   "Production tracker of the die", "by a product stored next to it",
                   "Number the Raid cards", "Roll the 2 Raid dice", "refill the Raid cards"],
               1: ["shuffle the 6 Creature cards", "the Raid deck for 1 player",
                   "At most one raid per round", "raid every card of the deck",
                   "when only Paris is left", "leave the Raid dice out"]}
    for index, needles in samples.items():
        for needle in needles:
            assert min(_sizes(fronts[index], needle)) >= 9, needle


def test_rulings_are_said_in_words_and_come_with_a_set_per_player(built):
    """The aids cited rulings by code ("(R4)"): a reader called them "a second rulebook with
    rule codes". The Clan sheet and the aids now say each ruling in words where it is used
    and print no code (the codes live on the Clarifications only), and the How-to-print asks
    for a whole set of Clarifications per player (the copies table's Clarifications column),
    so no player walks to one."""
    sheet = text_of(built(GAME, "clan-sheet", "a4", copies=1), [0])
    aids = text_of(built(GAME, "reference", "a4"))
    rulings = re.sub(r"\s+", " ", text_of(built(GAME, "clarifications", "a4")))
    assert not re.search(r"\bR\d+\b", sheet + aids)
    assert all(f"R{n} · " in rulings for n in range(1, 13))
    guide = re.sub(r"\s+", " ", text_of(built(GAME, "how-to-print", "a4")))
    cards = int(re.search(r"Clarifications \(clarifications-a4\.pdf\): (\d+) cards",
                          guide).group(1))
    assert "Clarifications" in guide.split("How many for your player count")[1][:400]
    for players in (2, 4, 6):
        assert f"{players * cards} (print {players}×)" in guide, players


def test_every_picture_printed_is_a_symbol_on_the_symbols_sheet(built):
    """One picture per idea, with a key: every icon drawn on any Roll & Raid component (the
    shared How-to-print page aside) is drawn on the Symbols sheet too, which keys 35 ideas
    with 35 different pictures (issue 34: the four invented city categories are gone); no
    Fluent emoji is left on the game's components. The one
    exception is keyed on its own component (issue 34: "in that component's legend or in the
    game's Symbol key aid"): the Clarifications' ruling seal, keyed once on their first card.
    Illustrations are not symbols: the scene backdrops (templates/art/scenes) and each Raid
    card's landmark, the one picture drawn on that card alone (a card a page of the pod
    build, its back included)."""
    scenes = {path.stem for path in (REPO / "templates" / "art" / "scenes").glob("*.svg")}

    def illustration(name):
        return name.startswith("/FormXob.art-") and \
            name.removeprefix("/FormXob.art-").rsplit("-", 1)[0] in scenes

    per_card = Counter(name for page in _drawn_forms(built(GAME, "raid-cards", "pod"))
                       for name in page if name.startswith("/FormXob.icon-"))
    landmarks = {name for name, pages in per_card.items() if pages == 1}
    assert len(landmarks) == 49, sorted(landmarks)

    def pictures(path):
        names = set()
        for page in PdfReader(str(path)).pages:
            def walk(resources, depth=0):
                for name, form in ((resources or {}).get("/XObject", {}) or {}).items():
                    if name.startswith(("/FormXob.icon-", "/FormXob.art-")) \
                            and not illustration(name) and name not in landmarks:
                        names.add(name)
                    if depth < 4:
                        walk(form.get_object().get("/Resources"), depth + 1)
            walk(page["/Resources"])
        return names

    key = pictures(built(GAME, "symbol-key", "a4"))
    assert len(key) == 35 and not any("art-fluent" in name for name in key), sorted(key)
    text = re.sub(r"\s+", " ", text_of(built(GAME, "symbol-key", "a4")))
    for label in ("Viking", "Villagers die", "Use Cross out one per use", "Paris Raided last",
                  "Battle GP", "Jörmungandr", "Clarifications"):
        assert label in text, label
    keyed_on_itself = {"clarifications": ("/FormXob.icon-edition-seal",
                                          "This edition's rulings")}
    for component in ("clan-sheet", "raid-cards", "creature-cards", "reference",
                      "clarifications", "odds-card", "dice-deck"):
        drawn = pictures(built(GAME, component, "a4"))
        own = set()
        if component in keyed_on_itself:
            picture, words = keyed_on_itself[component]
            assert picture in drawn, component
            printed = re.sub(r"\s+", " ", text_of(built(GAME, component, "a4")))
            assert printed.count(words) >= 1, (component, words)  # s15: on every card
            own = {picture}
        assert drawn and drawn <= key | own, (component, sorted(drawn - key))


def test_icons_in_the_production_trackers_print_light_under_a_pencil(built):
    """Pencil spaces (writing_space: true, checked by writing_ink): the ships, axes and
    houses in the Production trackers' spaces print in a mid gray, not the ink black, so a
    pencil cross reads over them (every filled shape there is at least #707070 light)."""
    page = _sheet(built)
    height = page.get_height()
    chars, boxes = page_chars(page)
    wood = text_box(chars, boxes, "Wood")
    example = text_box(chars, boxes, "Example:")
    top, bottom = wood[3] + 3 * MM, example[3]
    darkest, count, grays = 255, 0, 0
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
            continue
        x0, y0, x1, y1 = page_bounds(obj)
        if not (31 * MM < x0 and x1 < 201 * MM and bottom < y0 and y1 < top):
            continue
        r, g, b, a = (pdfium_raw.c_uint(), pdfium_raw.c_uint(), pdfium_raw.c_uint(),
                      pdfium_raw.c_uint())
        mode, stroke = pdfium_raw.c_int(), pdfium_raw.c_int()
        pdfium_raw.FPDFPath_GetDrawMode(obj.raw, mode, stroke)
        if mode.value and pdfium_raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a):
            darkest = min(darkest, r.value, g.value, b.value)
            count += 1
            grays += (r.value, g.value, b.value) == (0x70, 0x70, 0x70)
    assert count > 40 and grays >= 12 and height, (count, grays)  # 12 product icons at least
    assert darkest >= 0x70, darkest


def test_no_tool_words_on_the_aids_and_rulings(built):
    """Players get a roll sheet, not a command line: the Setup aid and rulings R10-R11 call
    the pre-rolled dice the roll sheet."""
    aids = re.sub(r"\s+", " ", text_of(built(GAME, "reference", "a4")))
    rulings = re.sub(r"\s+", " ", text_of(built(GAME, "clarifications", "a4")))
    for text in (aids, rulings):
        assert "sheetgen dice" not in text and "--variant" not in text
    assert "Roll sheet (optional): every round's dice, rolled in advance" in aids
    assert "R10 · Roll sheet." in rulings and "R11 · Creatures with a roll sheet." in rulings


def test_ruling_r11_names_only_the_roll_sheets_the_pack_prints(built):
    """R11 sent Creatures players to a "roll sheet made for Creatures" the pack never ships
    (its roll sheets are roll-sheet-Np-*.pdf, dice only): R11 and the Setup aid now say the
    printed sheets hold the dice only and Creatures take real dice; the How-to-print lists
    no other roll sheet."""
    rulings = re.sub(r"\s+", " ", text_of(built(GAME, "clarifications", "a4")))
    aids = re.sub(r"\s+", " ", text_of(built(GAME, "reference", "a4")))
    guide = re.sub(r"\s+", " ", text_of(built(GAME, "how-to-print", "a4")))
    assert "R11 · Creatures with a roll sheet. The printed roll sheets hold the dice only." \
        in rulings
    assert "Creatures still need real dice." in aids
    for text in (rulings, aids, guide):
        assert "made for Creatures" not in text and "Creatures version" not in text
    # one line names them: the first and last file of the range
    assert guide.count("Roll sheets (") == 1
    assert "Roll sheets (roll-sheet-1p-a4.pdf … roll-sheet-6p-a4.pdf)" in guide


def _drawn_forms(path) -> list[set[str]]:
    """Return, per page, the names of the forms it draws (nested forms included)."""
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


def test_every_raid_card_has_a_picture_of_its_own(project, built):
    """The 48 cities and Paris shared five target pictures (a reader: "no illustration"):
    each front now draws its city's own landmark, a silhouette no other card and no symbol
    uses, standing on a scene backdrop (sea and islands, cliffs, a river plain, hills...),
    which fills the picture under the name band (read from the pod PDF, a card a page, and
    rasterised)."""
    symbols = {spec.icon for spec in load_game(project, GAME).spec.symbols.values()}
    path = built(GAME, "raid-cards", "pod")
    fronts = _drawn_forms(path)[::2]
    assert len(fronts) == 49
    landmarks, scenes = [], []
    for names in fronts:
        icons = {n.removeprefix("/FormXob.icon-") for n in names if n.startswith("/FormXob.icon-")}
        art = {n.removeprefix("/FormXob.art-").rsplit("-", 1)[0] for n in names
               if n.startswith("/FormXob.art-")}
        landmarks.append(icons - symbols)
        scenes.append(art - {"shadow", "halo"})
    assert all(len(own) == 1 for own in landmarks), landmarks
    assert len(set().union(*landmarks)) == 49  # no two cards share a landmark
    assert all(len(scene) == 1 for scene in scenes), scenes
    assert len(set().union(*scenes)) >= 8
    assert {"pisa-tower", "scallop", "fleur-de-lys"} <= set().union(*landmarks)
    # the picture under the band is drawn, not blank parchment: many tones in its rows
    page = pdfium.PdfDocument(str(path))[0]
    image = page.render(scale=300 / 72).to_pil().convert("RGB")
    bleed = 3.175
    box = [round((v + bleed) * 300 / 25.4) for v in (6, 17, 57, 31)]  # x0, y0, x1, y1 mm
    tones = {pixel for _, pixel in image.crop(box).getcolors(1 << 24)}
    assert len(tones) > 200, len(tones)


def test_every_creature_stands_in_a_roundel_on_a_scene_of_its_own(built):
    """The six Creatures sat on flat washed medallions, then were smiling Noto emoji on a
    ground shadow: each is now a white silhouette in a round heraldic disc of its kind's colour,
    ringed in gold, before its own scene (the dragon's cave, the Kraken's storm, the wolf's
    mountains, Sleipnir's sky, Ratatoskr's forest, Jörmungandr's sea); no ground shadow."""
    path = built(GAME, "creature-cards", "pod")
    fronts = _drawn_forms(path)[::2]
    scenes = [{n.removeprefix("/FormXob.art-").rsplit("-", 1)[0] for n in names
               if n.startswith("/FormXob.art-")} for names in fronts]
    assert scenes == [{"cave"}, {"storm"}, {"mountains"}, {"sky"}, {"forest"}, {"sea"}]
    assert all("/FormXob.icon-creature" in names for names in fronts)
    document = pdfium.PdfDocument(str(path))
    for index in range(0, len(document), 2):
        page = document[index]
        height = page.get_height()
        discs = [(x0, y0, x1, y1) for x0, y0, x1, y1 in drawn_shapes(page)
                 if 25 * MM < x1 - x0 < 28.5 * MM and 25 * MM < y1 - y0 < 28.5 * MM
                 and (height - y1) / MM < 25]
        # s15 reader ("a stock icon in a medallion reads as clip-art"): no gold-ringed roundel
        # any more, the creature stands large in its scene: its size and the ring's absence
        # are measured in tests/games/test_roll_and_raid_s15_look.py (a creature drawn round,
        # the wolf's moon, is a disc of its own)
        del discs


def test_raid_card_pictures_mean_places_and_cast_no_stains(built):
    """A reader: "Iona an open book, Armagh a blob, black oval shadows": the fronts draw no
    ground shadow any more, and the objects that stood for a place (a book, a standing stone,
    a quill, grapes, an olive, an amphora, a bell, a horseman, a cloak, a round table, a barrel)
    are buildings or signs of the place: Iona's abbey church, Armagh's graveyard of crosses,
    Cádiz's temple column, Lisbon's citadel..."""
    fronts = _drawn_forms(built(GAME, "raid-cards", "pod"))[::2]
    drawn = set().union(*fronts)
    assert not any(n.startswith("/FormXob.art-shadow") for n in drawn)
    objects = {"open-book", "standing-stone", "quill-ink", "grapes", "olive", "amphora",
               "ringing-bell", "horseman", "cloak", "round-table", "barrel"}
    assert not {f"/FormXob.icon-{name}" for name in objects} & drawn
    assert "/FormXob.icon-abbey-church" in fronts[1]  # Iona, card 2
    assert "/FormXob.icon-graveyard" in fronts[5]  # Armagh, card 6


@pytest.mark.parametrize("component", ["raid-cards", "reference", "creature-cards"])
def test_card_backs_are_light_for_a_home_printer(built, component):
    """Readers called the backs heavy: solid level colours and a near-black grey in full
    bleed. Each back is now a light wash under a coloured frame: three quarters or more of
    its pixels are light (luminance 190 or more of 255)."""
    document = pdfium.PdfDocument(str(built(GAME, component, "pod")))
    for index in (1, len(document) - 1):  # the first and the last back
        grey = document[index].render(scale=50 / 72).to_pil().convert("L")
        light = sum(count for count, value in grey.getcolors(256) if value >= 190)
        assert light / (grey.width * grey.height) >= 0.75, (component, index)


def _used(page, dpi: int = 100) -> float:
    """Return the share of a pod card face's body (19 mm down to the frame's foot, 84 mm), cut
    in 3 mm bands across the text column, whose band holds ink (a glyph, a rule, a cell, a
    picture): a card whose text stops half-way scores about one half."""
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    px, bleed = dpi / 25.4, 3.175
    left, right = round((bleed + 5) * px), round((bleed + 58.5) * px)
    bands = [(top, min(top + 3, 84)) for top in range(19, 84, 3)]
    used = 0
    for top, bottom in bands:
        crop = image.crop((left, round((bleed + top) * px), right, round((bleed + bottom) * px)))
        used += sum(count for count, value in crop.getcolors(256) if value < 170) >= 3
    return used / len(bands)


def test_no_player_aid_is_half_empty(built):
    """Ten of the eighteen aids were under 60 % used (a text stopping half-way down the card):
    each now carries what a player needs under its text, a worked example (the Wood tracker
    counted twice), a table (the dice, the rounds' seasons, the Solo tally), a picture (the
    Raid deck from the side, the lone longship, the joined clans before Paris) or lines to
    write a house variant on; every aid front has ink in 60 % or more of its body's bands."""
    document = pdfium.PdfDocument(str(built(GAME, "reference", "pod")))
    fronts = [document[i] for i in range(0, len(document), 2)]
    assert len(fronts) == 18
    used = {f"{i} {page.get_textpage().get_text_range().splitlines()[0]}": round(_used(page), 2)
            for i, page in enumerate(fronts)}
    assert all(share >= 0.6 for share in used.values()), used
    assert sum(used.values()) / len(used) >= 0.75, used
    text = re.sub(r"\s+", " ", text_of(built(GAME, "reference", "a4")))
    assert "Spaces 1-2 crossed, a Wood 4" in text and "Your Clan sheet tally" in text


def test_the_house_rulings_card_is_not_named_where_it_is_not_printed(built):
    """The Game variants aid sent a table to "your table's House rulings card", which the A4
    Clarifications never print (it only completes a gutterfold row): the aid now names no such
    card and prints its own ruled lines under "Your own" to write the house variant on."""
    aids = re.sub(r"\s+", " ", text_of(built(GAME, "reference", "a4")))
    rulings = text_of(built(GAME, "clarifications", "a4"))
    assert "House rulings" not in rulings  # not printed on A4...
    assert "House rulings" not in aids  # ...so not named
    assert "agree on it before the game and write it on the lines below" in aids
    document = pdfium.PdfDocument(str(built(GAME, "reference", "pod")))
    variants = next(document[i] for i in range(0, len(document), 2)
                    if "GAME VARIANTS" in document[i].get_textpage().get_text_range().upper())
    height = variants.get_height()
    rules = [(x0, y0, x1, y1) for x0, y0, x1, y1 in drawn_shapes(variants)
             if x1 - x0 > 45 * MM and y1 - y0 < 0.5 * MM and (height - y1) / MM > 50]
    assert len(rules) >= 3, rules


def test_raid_card_badges_leave_the_picture_free(built):
    """The Defense and Battle GP badges hung over the picture's foot and hid half of it: on
    every front they now sit in a row under the picture, below the landmark (the two white
    24 mm badges' tops under the lowest of the picture's forms)."""
    document = pdfium.PdfDocument(str(built(GAME, "raid-cards", "pod")))
    for index in range(0, len(document), 2):
        page = document[index]
        height = page.get_height()
        forms = [page_bounds(obj) for obj in page.get_objects(max_depth=2)
                 if obj.type == pdfium_raw.FPDF_PAGEOBJ_FORM]
        # the landmark (in a 27 mm box; a watchtower's ink is narrow, a bridge's low)
        picture = [(x0, y0, x1, y1) for x0, y0, x1, y1 in forms
                   if 14 * MM < max(x1 - x0, y1 - y0) < 30 * MM and (height - y1) / MM < 45]
        badges = [(x0, y0, x1, y1) for x0, y0, x1, y1 in drawn_shapes(page)
                  if 23 * MM < x1 - x0 < 25 * MM and 8.5 * MM < y1 - y0 < 10.5 * MM]
        assert len(badges) == 2 and picture, (index, badges, picture)
        picture_foot = min(y0 for _, y0, _, _ in picture)
        assert all(y1 <= picture_foot + 0.2 * MM for _, _, _, y1 in badges), index


def test_the_fate_note_names_a_printed_aid(built):
    """The Clan sheet's Fate die note sent the player to a "Production aid", whose title is
    "1 · Production", while the Fate rule is on the "Fate dice" aid: the note names the Fate
    dice aid, whose title the aids print; both call the Fate dice the gold hexes (the aid said
    "white dice", the sheet "gold hex": fresh reader, session 14)."""
    sheet = re.sub(r"\s+", " ", text_of(built(GAME, "clan-sheet", "a4", copies=1), [0]))
    aids = text_of(built(GAME, "reference", "a4"))
    # s15 reader ("a stray note ... (Fate dice aid)"): the gold hex is keyed in a panel of its
    # own, "Fate die", the aid's title word
    assert "Gold hex: once" in sheet and "Production aid" not in sheet
    assert "FATE DICE" in aids.upper()
    assert "gold hex" in sheet and "gold dice hexes of your Clan sheet" in re.sub(r"\s+", " ", aids)
    assert "white dice" not in aids.lower()


def test_no_two_raid_cards_share_a_look_alike_picture(built):
    """A reader: "Lisbon = Bayeux, Tours = Nottingham (same icon)": game-icons' keep and
    locked-fortress, keep-gate and medieval-gate (and tower and stone-tower, rampart and
    defensive-wall) are the same drawing under two names. Read from the printed pictures:
    the landmark's ink (the pixels in the card's level colour) of no two cards overlaps by
    70 % or more (intersection over union), Paris aside (a gold landmark)."""
    levels = {(0x24, 0x39, 0x1b), (0x46, 0x29, 0x0a), (0x43, 0x13, 0x1d)}  # the levels' inks
    document = pdfium.PdfDocument(str(built(GAME, "raid-cards", "pod")))
    dpi, bleed = 60, 3.175
    px = dpi / 25.4
    masks: dict[str, set] = {}
    for index in range(0, len(document), 2):
        page = document[index]
        name = f"{index // 2 + 1} " + " ".join(page.get_textpage().get_text_range().split()[:3])
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        crop = image.crop([round((v + bleed) * px) for v in (5, 16.5, 58.5, 42)])
        pixels = np.asarray(crop, dtype=np.int16)  # rows x columns x RGB
        # a pixel is ink when its summed distance to some level colour is under 45
        ink = np.min([np.abs(pixels - np.array(level)).sum(axis=2) for level in levels],
                     axis=0) < 45
        if int(ink.sum()) > 40 and "Paris" not in name:  # Paris draws its landmark in gold
            masks[name] = ink
    assert len(masks) == 48, sorted(masks)
    names = sorted(masks)
    both = {(a, b): (int((masks[a] & masks[b]).sum()), int((masks[a] | masks[b]).sum()))
            for i, a in enumerate(names) for b in names[i + 1:]}
    alike = [(a, b, round(inter / union, 2)) for (a, b), (inter, union) in both.items()
             if inter >= 0.7 * union]
    assert not alike, alike



def _fill_colours(page, min_w: float, max_w: float, min_h: float, max_h: float) -> set[str]:
    """Return the fill colours (#rrggbb) of the paths of a page min_w..max_w wide and
    min_h..max_h tall (mm)."""
    import ctypes
    found = set()
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
            continue
        x0, y0, x1, y1 = page_bounds(obj)
        if min_w * MM < x1 - x0 < max_w * MM and min_h * MM <= y1 - y0 < max_h * MM:
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            if pdfium_raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a):
                found.add(f"#{r.value:02x}{g.value:02x}{b.value:02x}")
    return found


def _stroke_colours(page, min_w: float, max_w: float, min_h: float, max_h: float) -> set[str]:
    """Return the stroke colours (#rrggbb) of the paths a pypdfium2 page draws whose bounds
    are min_w..max_w wide and min_h..max_h tall (mm)."""
    import ctypes
    found = set()
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
            continue
        x0, y0, x1, y1 = page_bounds(obj)
        if min_w * MM < x1 - x0 < max_w * MM and min_h * MM <= y1 - y0 < max_h * MM:
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            if pdfium_raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a):
                found.add(f"#{r.value:02x}{g.value:02x}{b.value:02x}")
    return found


def test_raid_and_creature_pictures_are_large_and_framed_in_their_type_colour(project, built):
    """The pictures were small windows: a Raid card's picture is now 32 mm tall with a 27 mm
    landmark (its ink 19 mm or more; its box was 18 mm), a Creature's 28 mm with a 26 mm
    roundel round the creature (22 mm or more), each framed in its type's colour
    (a Raid card's level, a Creature's kind), read from the pod PDFs' drawn frames."""
    palette = {k: v.lower() for k, v in load_game(project, GAME).spec.colors.items()}
    for component, height, kinds, art in (
            ("raid-cards", 32, ("level-i", "level-ii", "level-iii", "paris"), 19),
            ("creature-cards", 28, ("bid", "offering"), 22)):
        document = pdfium.PdfDocument(str(built(GAME, component, "pod")))
        seen = set()
        for index in range(0, len(document), 2):
            page = document[index]
            frame = _stroke_colours(page, 55, 59.5, height, height + 3)
            frame &= {palette[k] for k in kinds}
            assert len(frame) == 1, (component, index, frame)
            seen |= frame
            forms = [page_bounds(obj) for obj in page.get_objects(max_depth=2)
                     if obj.type == pdfium_raw.FPDF_PAGEOBJ_FORM]
            # the landmark or the roundel: its drawn ink's larger side
            widest = max(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in forms
                         if (page.get_height() - y1) / MM < 45 and x1 - x0 < 40 * MM)
            assert widest >= art * MM, (component, index, widest / MM)
        assert seen == {palette[k] for k in kinds}, (component, seen)


def test_each_deck_has_a_back_of_its_own(project, built):
    """Six near-identical maroon backs for different decks: each deck's back now has its own
    frame colour (none a Raid level's), its own title printed in capitals in a band at the
    top, and its own symbol (the odds card a defense castle, the dice deck the dice), read
    from the pod PDFs' backs."""
    palette = {k: v.lower() for k, v in load_game(project, GAME).spec.colors.items()}
    levels = {palette[k] for k in ("level-i", "level-ii", "level-iii", "paris")}
    frames, titles, symbols = {}, {}, {}
    for component in ("reference", "creature-cards", "clarifications", "odds-card",
                      "dice-deck"):
        path = built(GAME, component, "pod")
        back = pdfium.PdfDocument(str(path))[1]
        # s15 reader (a frame near the trim shows a duplex shift): the deck's colour is its
        # title band, running through the bleed
        frames[component] = _fill_colours(back, 68, 71, 14, 20)
        titles[component] = back.get_textpage().get_text_range().splitlines()[0].strip()
        chars, boxes = page_chars(back)
        title = text_box(chars, boxes, titles[component])
        assert (back.get_height() - title[3]) / MM < 3.175 + 16, component  # in the top band
        symbols[component] = {n for n in _drawn_forms(path)[1] if n.startswith("/FormXob.icon")}
    assert all(len(colour) == 1 for colour in frames.values()), frames
    assert len(set().union(*frames.values())) == 5, frames
    assert not set().union(*frames.values()) & levels, frames
    assert len(set(titles.values())) == 5, titles
    assert titles["creature-cards"] == "CREATURES" and titles["reference"] == "PLAYER AID"
    assert len({frozenset(s) for s in symbols.values()}) == 5, symbols


def test_licence_credits_print_on_how_to_print_not_on_a_play_aid(built):
    """The Setup aid carried the fonts' and icons' licence lines: a play aid now prints no
    licence; the How-to-print page carries the full credits block, and so does the Symbols
    key (in a print-on-demand file, which has no page footers)."""
    aids = re.sub(r"\s+", " ", text_of(built(GAME, "reference", "pod")))
    guide = re.sub(r"\s+", " ", text_of(built(GAME, "how-to-print", "a4")))
    key = re.sub(r"\s+", " ", text_of(built(GAME, "symbol-key", "pod")))  # no page footer
    for licence in ("CC BY 3.0", "SIL Open Font License", "CC0 1.0"):
        assert licence not in aids and licence in guide, licence
    # the key draws icons and type, no scene: their licences
    assert "CC BY 3.0" in key and "SIL Open Font License" in key


def test_the_clan_sheet_is_icon_led_with_a_point_summary_table(built):
    """A reader: the Clan sheet "reads as a form": prose boxes, "(R3)"-style rule codes and a
    cramped point summary. The sheet prints no rule code; each store says what to do in two
    numbered steps led by the product's symbol; the Point summary is one table, the seven
    scores side by side (a symbol and a word over a box to write in, FINAL last, framed
    bold), and the sentence explaining it moved to the Final scoring aid."""
    path = built(GAME, "clan-sheet", "a4", copies=1)
    text = re.sub(r"\s+", " ", text_of(path, [0]))
    assert not re.search(r"\(R\d+\)", text), re.findall(r"\(R\d+\)", text)
    for step in ("1 Recruit: fill an inner hex next to", "2 A Viking dies: cross its outer hex",
                 "1 Store: fill an inner hex next to", "2 Spend: cross its outer hex"):
        assert step in text, step
    assert "take your shield counts" not in text
    page = _sheet(built)
    chars, boxes = page_chars(page)
    start = chars.lower().index("point summary")
    summary = text_box(chars, boxes, chars[start:start + 13])
    heads = [text_box(chars, boxes, word, start) for word in
             ("Sacrifices", "Upgrades", "Battle", "Creatures", "Gods", "Clan", "FINAL")]
    # the seven headers on one line under the section title, left to right
    below = [b for b in heads if b[3] < summary[1]]
    assert len(below) == 7 and max(b[1] for b in below) - min(b[1] for b in below) < 1 * MM
    assert [b[0] for b in below] == sorted(b[0] for b in below)
    # FINAL's box to write in, framed bold, right under its header
    final = heads[-1]
    frames = [s for s in drawn_shapes(page) if 19 * MM < s[2] - s[0] < 25 * MM
              and 6 * MM < s[3] - s[1] < 10.5 * MM and s[0] < final[0] < s[2]
              and 0 <= final[1] - s[3] < 3 * MM]
    assert frames, final


def test_the_printable_dice_are_one_full_page(built):
    """The printable dice took two A4 pages, the second 85 % blank around one small reference
    card. The pack is now one page: the five nets and the five sticker rows (each face with
    its pips and letter), the page filled from its heading to the last sticker row, three
    quarters of its height or more."""
    path = built(GAME, "printable-dice", "a4")
    reader = PdfReader(str(path))
    assert len(reader.pages) == 1
    text = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    for die in ("Wood", "Metal", "Villagers", "Raid die 1/2", "Raid die 2/2"):
        assert f"{die}: 16 mm cube" in text and f"{die}: stickers" in text, die
    assert "page 2" not in text
    image = pdfium.PdfDocument(str(path))[0].render(scale=50 / 72).to_pil().convert("L")
    width = image.width
    inked = [y for y in range(image.height)
             if min(image.crop((round(width * 0.05), y, round(width * 0.95), y + 1))
                    .tobytes()) < 128]
    assert (max(inked) - min(inked)) / image.height >= 0.75, (min(inked), max(inked))


@pytest.mark.parametrize("players", [1, 3])
def test_raid_rolls_print_under_the_fold_after_the_raids_are_chosen(project, players):
    """Issue 34 (reader): the slips showed every seat's Raid rolls at the start of the round,
    before anyone chose where to raid. A pause now keeps them back: on the print pack's roll
    sheet the words telling the table to choose end the round's slip, after the Resource
    dice, and the Raid rolls are the next slip ("Round 1, continued"), hidden in the
    face-down stack (a tab under a fold would need a cover as high as its many rolls)."""
    page = pdfium.PdfDocument(roll_sheet_pdfs(project, GAME, players, [A4])[0])[0]
    chars, boxes = page_chars(page)
    resources = text_box(chars, boxes, "Resource dice")
    choose = text_box(chars, boxes, "Choose where to raid now")
    slip = text_box(chars, boxes, "Round 1, continued")
    rolls = text_box(chars, boxes, "Raid rolls")
    # PDF y grows upwards: Resource dice, the pause, the next slip's title, the Raid rolls
    assert resources[1] > choose[3] and choose[1] > slip[3] and slip[1] > rolls[3]
    assert "fold under" not in "".join(chars)


def test_the_solo_roll_sheet_speaks_of_solo_play(project):
    """Issue 34 (reader): the 1-player roll sheet said "cooperative with 2-6 players"."""
    pdf = roll_sheet_pdfs(project, GAME, 1, [A4])[0]
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Playing alone: 2 Raid cards face up; raid 10 cities" in " ".join(text.split())
    assert "cooperative" not in text.lower()


def test_clan_sheet_chrome_is_light_and_its_text_is_8_pt_or_more(built):
    """A reader: "black bars and ~7 pt type". The region titles are ink capitals over a brown
    rule (no band filled dark: no wide, 6 mm tall shape with dark pixels under a title), every
    character on the sheet is 8 pt or more, and the round legend ends with "summer", not a
    stray "·"."""
    page = _sheet(built)
    chars = page.get_textpage()
    sizes = {round(pdfium_raw.FPDFText_GetFontSize(chars.raw, i), 2)
             for i in range(chars.count_chars()) if chars.get_text_range(i, 1).strip()}
    assert min(sizes) >= 8, sorted(sizes)
    image = page.render(scale=100 / 72).to_pil().convert("L")
    px = 100 / 25.4
    for top in (20, 73, 103, 150, 218, 255):  # the title rows, mm from the page top
        band = image.crop((round(40 * px), round((top + 1.5) * px),
                           round(56 * px), round((top + 4.5) * px)))
        dark = sum(n for n, v in band.getcolors(256) if v < 80)
        assert dark < 0.2 * band.width * band.height, top
    text, _ = page_chars(page)
    legend = _find(text, "winter")
    after = text[legend.end():legend.end() + 12]
    assert after.split()[0] == "summer" and "·" not in after, after


def test_fate_die_hexes_are_gold_and_keyed(project, built):
    """A reader: the Fate-die hex looks like a house space. Each die hex (Harbor, Armory and
    the six settlements) is shaded the gold fate-hex tone around its white die, and the sheet
    keys it: "Fate die (gold hex)" and "not the gold hex"."""
    gold = load_game(project, GAME).spec.colors["fate-hex"].lstrip("#")
    rgb = tuple(int(gold[i:i + 2], 16) for i in (0, 2, 4))
    page = _sheet(built)
    text = re.sub(r"\s+", " ", page.get_textpage().get_text_range())
    assert "Gold hex: once" in text and "not the gold hex" in text  # s15: its own key panel
    image = page.render(scale=100 / 72).to_pil().convert("RGB")
    px = 100 / 25.4
    # the settlements' row (229-245 mm) and the Harbor/Armory (34-69 mm): count gold clusters
    def gold_pixels(box):
        crop = image.crop([round(v * px) for v in box])
        return sum(n for n, c in crop.getcolors(1 << 20)
                   if sum(abs(a - b) for a, b in zip(c, rgb)) < 30)
    assert gold_pixels((74.5, 34, 136, 69)) > 200  # the Harbor's two die hexes
    assert gold_pixels((140, 34, 201, 69)) > 200  # the Armory's
    for left in (10, 24, 41, 57, 77, 96):  # each settlement has its gold die hex
        assert gold_pixels((left, 229, left + 21, 245)) > 50, left
    assert gold_pixels((9, 33, 70, 70)) == 0  # the Great Hall has no die


@pytest.mark.parametrize("players, most", [(6, 11), (1, 4)])
def test_roll_sheets_print_numerals_on_smaller_dice_in_fewer_pages(project, players, most):
    """A reader: the roll sheets grew to 16 A4 pages for 6 players when every die became
    30 pt or more. The game's dice.yaml `sheet:` prints its 768 Raid rolls on 20 pt dice with
    numerals (pips at that size would be 1.3 mm): 11 pages at 6 players (a slip is never
    cut across two pages since s14); every die's numeral is printed (a digit 1-6 drawn in
    each die) and 1.9 mm tall or more, as rules text's capitals."""
    pdf = roll_sheet_pdfs(project, GAME, players, [A4])[0]
    document = pdfium.PdfDocument(pdf)
    assert len(document) <= most, len(document)
    page = document[min(1, len(document) - 1)]
    chars = page.get_textpage()
    heights = []
    for i in range(chars.count_chars()):
        glyph = chars.get_text_range(i, 1)
        if glyph in "123456" and glyph and \
                pdfium_raw.FPDFTextObj_GetTextRenderMode(  # not the invisible said text
                    pdfium_raw.FPDFText_GetTextObject(chars.raw, i)) != 3:
            x0, y0, x1, y1 = chars.get_charbox(i)
            # a face's numeral: the die-face template's number, scaled down (its font size,
            # unscaled, above any text of the sheet's own: 11.5 pt at most)
            if pdfium_raw.FPDFText_GetFontSize(chars.raw, i) > 15:
                heights.append((y1 - y0) / MM)
    assert len(heights) > 50, len(heights)  # the dice's numerals
    # as tall as the capitals of rules text (issue 34: 1.9 mm)
    assert min(heights) >= 1.9, sorted(heights)[:5]


def test_dice_deck_cards_explain_their_dots(built):
    """A fresh reader (session 14): the row of dots under each dice-deck total was never
    explained, and a grey production line repeated on every card. Each front now says what
    the dots count, and a 7 (six ways to roll it) shows six dots, a 2 or a 12 one."""
    path = built(GAME, "dice-deck", "a4")
    fronts = [" ".join(t.split()) for t in page_texts(path, [0, 2, 4, 6])]
    # s15 reader ("the same two-line footnote on all 36 cards"): the dots are told once, on
    # the How-to-print checklist; each card says what its total beats
    cards = sum(t.count("Beats a Defense of") for t in fronts)
    assert cards == 36, cards
    guide = " ".join(" ".join(page_texts(built(GAME, "how-to-print", "a4"))).split())
    assert "its dots: the ways to roll it" in guide
    assert not any("draw instead of rolling" in t for t in fronts)
    page = pdfium.PdfDocument(str(path))[0]
    dots = [s for s in drawn_shapes(page)           # the white dots: 2.4 mm discs
            if abs((s[2] - s[0]) / MM - 2.4) < 0.15 and abs((s[3] - s[1]) / MM - 2.4) < 0.15]
    # the first page's nine cards: totals 2, 3, 4, 5, 6, 7, 3, 4, 5 (dice 1-1 .. 1-6, 2-1 ..)
    assert len(dots) == 1 + 2 + 3 + 4 + 5 + 6 + 2 + 3 + 4, len(dots)


def test_bid_creatures_say_everyone_loses_their_own_bid(built):
    """A fresh reader (session 14): "all lose that many" was unclear (that many of what, as
    whom?) and Fenrir's text ran to three lines. A bid Creature now says each player loses
    their own bid, in two lines on every bid card."""
    text = " ".join(text_of(built(GAME, "creature-cards", "a4"), [0]).split())
    assert text.count("each loses their bid") == 3 and "all lose that many" not in text


def test_raid_backs_show_their_level_s_landscape(built):
    """A fresh reader (session 14): the backs of every deck were one template, a wordmark,
    an icon and a rune line. A Raid card's back now shows its level's own landscape around the
    level's numeral (I the coast, II the rivers, III the far shores) and no longer repeats
    the wordmark: the scene bands of a level I and a level III back differ."""
    path = built(GAME, "raid-cards", "pod")
    texts = page_texts(path, [1, 95])
    assert all("RAID LEVEL" in t and "ROLL & RAID" not in t for t in texts), texts
    def band(index):  # the scene band beside the disc (pod: one face a page, 3.175 mm bleed)
        image = pdfium.PdfDocument(str(path))[index].render(scale=50 / 72).to_pil()
        px = 50 / 25.4
        crop = image.convert("L").crop((round((3.175 + 4) * px), round((3.175 + 34) * px),
                                        round((3.175 + 18) * px), round((3.175 + 65) * px)))
        return np.asarray(crop, dtype=float)
    level_i, level_iii = band(1), band(95)
    assert level_i.std() > 4 and level_iii.std() > 4          # a picture, not a flat wash
    assert abs(level_i - level_iii).mean() > 8                  # two different landscapes


def test_a_raid_card_back_says_its_player_count_and_more(project, built):
    """s15 reader: the backs read "1 PLAYERS". A card is in every game of its number of
    players or more (the Setup aid: equal to or lower than the number of players), so the back
    prints "N+" over PLAYERS; the Destination: Paris card has no count. Read from the pod file
    (each front followed by its back)."""
    model = load_game(project, GAME).component("raid-cards").model
    cards = [{**model.defaults, **item.fields()} for item in model.items]
    assert all(item.count == 1 for item in model.items)
    document = pdfium.PdfDocument(str(built(GAME, "raid-cards", "pod")))
    assert len(document) == 2 * len(cards)
    for index, card in enumerate(cards):
        back = re.sub(r"\s+", " ", document[2 * index + 1].get_textpage().get_text_range())
        if card.get("players") is None:
            assert "PLAYERS" not in back, card["name"]
        else:
            assert f"{card['players']}+ PLAYERS" in back, (card["name"], back)
