"""Roll & Might at the table (issue 34, "Roll & Might (5)"): each finding of the five-player
table, decided on the printed page and read back from the PDFs (text and boxes with pypdf and
pypdfium2, pictures rasterised where a picture matters)."""

from __future__ import annotations

import re

import pypdfium2 as pdfium

from conftest import REPO
from pdfcheck import (body_text_sizes, drawn_shapes, ink_boxes, page_chars, render, text_box,
                      text_of)

MM = 72 / 25.4
GAME = "roll-and-might"


def _flat(text: str) -> str:
    """Return extracted text without the spaces a bold span leaves before punctuation and
    after an opening bracket ("( edition ruling R1 ," reads "(edition ruling R1,")."""
    return re.sub(r"\s+([.,;:)])", r"\1", re.sub(r"\(\s+", "(", text))


def _page_texts(path) -> list[str]:
    """Return each page's text, spaces folded."""
    pdf = pdfium.PdfDocument(str(path))
    return [re.sub(r"\s+", " ", pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]


def _colour_page(path, index: int, dpi: float = 100):
    """Rasterise page ``index`` of ``path`` in colour (RGB) at ``dpi``."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def _legend_faces(built) -> tuple[pdfium.PdfPage, pdfium.PdfPage]:
    """Return the pod Legend's first table face and first solo face."""
    pdf = pdfium.PdfDocument(str(built(GAME, "legend", "pod")))
    texts = _page_texts(built(GAME, "legend", "pod"))
    table = next(i for i, t in enumerate(texts) if "SOLO LEGEND" not in t)
    solo = next(i for i, t in enumerate(texts) if "SOLO LEGEND" in t)
    return pdf[table], pdf[solo]


def test_a_die_face_matching_two_legend_dice_has_a_ruling_where_it_is_used(built):
    rulings = " ".join(text_of(built(GAME, "clarifications", "a4")).split())
    # reader finding 3 (session 12): a player's question and a plain answer
    assert "R11 · One die face, two Legend dice? It still fills just one spot: in either " \
        "die's location, you choose." in rulings.replace("’", "'")
    # the Turn aid's step 6, on its front with the whole turn (the fronts page), in plain
    # words and no code, marked with the seal its foot keys to the Clarifications; no aid
    # back repeats R11 (reader finding 2: rulings live once)
    front = text_of(built(GAME, "reference", "a4"), [0]).replace("’", "'")
    assert "Fill a spot in that die's location." in front and "R11" not in front
    assert "R11" not in text_of(built(GAME, "reference", "a4"))
    table, _solo = _legend_faces(built)
    legend = re.sub(r"\s+", " ", table.get_textpage().get_text_range())
    # the Legend prints the ruling's words, so it cites no code (issue 34)
    assert "One face, two dice? One spot, either location." in legend.replace("’", "'")


def test_the_draft_is_this_editions_ruling_against_rulebook_step_4(built):
    rulings = " ".join(text_of(built(GAME, "clarifications", "a4")).split()).replace("’", "'")
    assert "R1 · How often do we pass?" in rulings
    # the ruling against the rulebook's step 4, in a player's words, and the cards' mark
    # reader finding 8 (session 14: the note about the rulebook contradicting itself read as
    # an editor's note): a plain rule, still naming the step it replaces
    assert "The last card is never passed: this replaces step 4's second pass, as the " \
        "rulebook's own example plays." in rulings
    assert "This edition's rulings, for the questions the rulebook leaves open" in rulings
    turn = _flat(text_of(built(GAME, "reference", "a4"), [0]))  # step 5, on the aid's front
    # design pass (session 13, "the R1 passing ruling reads as contradicting the rulebook"):
    # step 5 says, under the seal, that the last card is not passed
    assert "5 Keep 1 of the 2 you get. Discard the other. No 2nd pass." in " ".join(turn.split())
    assert "R1 ·" not in text_of(built(GAME, "reference", "a4"))  # once: Clarifications


def test_the_score_sheet_has_a_tie_break_box_for_the_filled_spots(built):
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    label = ink_boxes(page, "Tie: more filled spots wins")  # R2's words, no code
    middle = (label[1] + label[3]) / 2
    boxes = [s for s in drawn_shapes(page) if s[0] > label[2] and s[1] < middle < s[3]
             and s[0] - label[2] < 60 * MM and 10 * MM < s[2] - s[0] < 130 * MM
             and s[3] - s[1] >= 7.5 * MM]  # the A4 sheet (reader finding 1, session 12)
    assert boxes, "no write-in box beside the tie-break label"


def test_step_3_is_right_for_every_player_count_and_the_legend_has_a_set_aside_space(built):
    turn = " ".join(_flat(text_of(built(GAME, "reference", "a4"), [0])).split())
    assert "3 Place 1 die on each Legend space. In turn order. The 4th: set aside." in turn
    table, _solo = _legend_faces(built)
    title = ink_boxes(table, "SET ASIDE")
    spaces = [s for s in drawn_shapes(table) if s[3] < title[1]
              and 21 * MM < s[2] - s[0] < 30.5 * MM and 21 * MM < s[3] - s[1] < 30.5 * MM]
    assert spaces, "no die space under SET ASIDE"
    # reader finding 4 (session 12): one player count a line, the numbers bold
    legend = re.sub(r"\s+", " ", table.get_textpage().get_text_range())
    assert "Who places a die? 2 players: first, other, first 3 players: one each 4-5 players: " \
        "the first three" in legend


def test_the_table_legend_has_no_solo_boxes_and_solo_has_a_legend_of_its_own(built):
    texts = _page_texts(built(GAME, "legend", "pod"))
    table = [t for t in texts if "SOLO LEGEND" not in t and "LEGEND" in t]
    solo = [t for t in texts if "SOLO LEGEND" in t]
    assert len(table) == 1 and len(solo) == 1
    for text in table:
        assert "Solo" not in text and "solo" not in text and "1 or 2" not in text
        assert "Roll 4 dice" in text
    for text in solo:
        assert "Legend’s armies" in text and "3 or 4 →" in text and "WEST army" in text
        assert "Roll 3 dice" in text
    assert len(_page_texts(built(GAME, "legend", "a4"))) == 1  # one page of two A5 Legends


def test_west_comes_before_east_on_the_legend_as_on_the_sheet(built):
    sheet = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    assert ink_boxes(sheet, "WEST ARMY")[2] < ink_boxes(sheet, "EAST ARMY")[0]  # West left
    table, solo = _legend_faces(built)
    for face in (table, solo):
        # the Army space's line reads WEST first, left of EAST on the same line (reader
        # finding 4, session 12: large numbers, a symbol and one word each)
        west, east = ink_boxes(face, "WEST"), ink_boxes(face, "EAST")
        assert west[2] < east[0] and abs(west[1] - east[1]) < 1 * MM
    # the solo armies: West's boxes above East's
    assert ink_boxes(solo, "WEST army")[1] > ink_boxes(solo, "EAST army")[3]


def test_the_army_ladder_counts_are_explained(built):
    sheet = text_of(built(GAME, "score-sheet", "pod"), [0])
    assert "5 · 10 · 15 · 16" not in sheet and "16 max" not in sheet
    # reader finding 1 (session 14): the cap in the column's head (R7's words), each row of
    # four counted beside it
    assert sheet.count("· 16 spots") == 2 and "(R7)" not in sheet
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    text, boxes = page_chars(page)
    for side in ("WEST ARMY", "EAST ARMY"):
        head = text_box(text, boxes, side)
        counts = [text_box(text, boxes, f"\n{n}\r", text.find(side)) for n in (4, 8, 12, 16)]
        tops = [c[3] for c in counts]
        assert tops == sorted(tops, reverse=True) and tops[0] < head[1], side
        pitch = [(a - b) / MM for a, b in zip(tops, tops[1:])]
        assert max(pitch) - min(pitch) < 0.3, pitch   # one row of four spots each
    assert "R7 · How big can an army get? 16 spots, the most 8 turns can fill." in \
        " ".join(text_of(built(GAME, "clarifications", "a4")).split())


def test_the_script_deals_as_ruling_r4_says(project, built):
    from conftest import run_cli

    result = run_cli("--project", str(project.root), "dice", GAME, "--players", "4",
                     "--seed", "odin")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seats numbered clockwise" in out
    turns = re.findall(r"== Turn \d+ \(first player: Seat (\d)\) ==\nCards dealt \(in order\):"
                       r"\n  seat (\d):", out)
    assert len(turns) == 8
    # in every turn, whoever is first player, the cards go to seat 1 first ...
    assert {seat for _first, seat in turns} == {"1"}
    assert {first for first, _seat in turns} != {"1"}
    assert "Dealt seat 1 first, then clockwise, whoever is first player (ruling R4)" in out
    # ... which is what ruling R4 says at the table, in players' words: Seat 1, not turn 1's
    # first player (the script's first player is Seat 3 here, and a reader caught the
    # ruling saying "the player who went first in turn 1" against the roll sheet)
    assert [first for first, _seat in turns][0] != "1"
    # reader finding 6 (look 6.3): the roll sheet's random first player (Seat 4 here) read
    # as against R4; R4 now says the first player may be any seat and deals from Seat 1, and
    # the script's first-player line says the cards are dealt from Seat 1 all the same
    rulings = " ".join(text_of(built(GAME, "clarifications", "a4")).split())
    assert "R4 · Who gets cards first? Number the seats clockwise, starting anywhere. Whoever " \
        "is first player deals 3 cards at a time, always from Seat 1, then clockwise." \
        in rulings.replace("\u00a0", " ")
    assert "turn 1's first player" not in rulings
    assert re.search(r"First player, at random \(seats numbered clockwise; passes clockwise "
                     r"each turn; cards are dealt from Seat 1 all the same\): Seat [2-4]", out)


def test_one_scoring_aid_per_player(built):
    aids = text_of(built(GAME, "reference", "a4"))
    assert aids.count("Scoring After 8 turns · the Legend") == 5
    assert aids.count("The Turn 1 Deal 3 cards to each player.") == 5


def test_the_whole_turn_is_on_one_face_and_the_aid_backs_are_a_back(built):
    """Reader pass (6.8/10): the turn was split front 1-4 / back 5-7, so a player flipped the
    aid mid-turn. Steps 1-7 share the front, at rules size, down the card. Reader finding 2
    (look 6.3): the aids' backs repeated the Clarifications' rulings (R1, R11, who places)
    and carried the scoring and solo steps, so no two backs matched. Every aid's back is now
    the one back design: the game's name and "Player aid" over a scroll, nothing else; the
    rulings are printed once, on the Clarifications, and each aid's rules are on its front."""
    path = built(GAME, "reference", "a4")
    texts = _page_texts(path)
    fronts = texts[0]
    turn = fronts.split("The Turn")[1]
    for step in range(1, 8):
        assert f" {step} " in turn[: turn.index("8 turns, then score")], step
    # the turn's text reaches below the card's middle: its lowest line under 60 mm of 88 mm
    page = pdfium.PdfDocument(str(path))[0]
    low = ink_boxes(page, "8 turns, then score")
    card_top = ink_boxes(page, "The Turn")[3]
    assert (card_top - low[1]) / MM > 55
    # every back page: only the back design's words, once per card
    for back in texts[1::2]:
        words = back.split(" · a4 ")[0] if " · a4 " in back else back
        cards = words.count("ROLL & MIGHT")
        assert cards >= 1, back
        rest = re.sub(r"ROLL & MIGHT|Player aids|Player aid|Roll & Might|[^ ]*page \d/\d|"
                      r"Icons: game-icons\.net, CC BY 3\.0|Fonts: SIL OFL 1\.1|"
                      r"backs \(print long-edge duplex\)|Scenes: CC0|a4|·", "", back)
        assert not rest.strip(), rest
    for ruling in ("R1", "R11", "Who places", "Strength", "Re-roll that die", "Compare"):
        assert ruling not in " ".join(texts[1::2]), ruling
    # the solo turn's eight steps and the army comparisons are on the fronts
    assert "5 Re-roll it to the empty space." in " ".join(texts[0::2])
    assert "West against left player's East, East against right player's West." in \
        " ".join(texts[0::2]).replace("’", "'")


def test_aid_and_clarifications_backs_are_unlike_the_deck_back(built):
    """The deck's back is a woven blue-grey with the keep; the aids' backs are cream
    parchment, so a card of either kind is told apart face down at a glance. Issue 34 (Look):
    every back is light (the deck's was a solid dark slate full bleed that ate home-printer
    ink). Reader finding 5 (look 6.8): the Clarifications' backs looked like the aids'; the
    Clarifications are one-sided A6 cards now, no back at all: one page, nothing on its
    reverse."""
    def band(component):
        path = built(GAME, component, "pod")
        image = _colour_page(path, 1)  # the first card's back, whole
        pixels = list(image.get_flattened_data())
        return [sum(p[i] for p in pixels) / len(pixels) for i in range(3)]

    deck = band("cards")
    # reader finding 9 (session 15: the light grey lattice read "washed-out, dull"): the
    # deck's back is the castle's saturated blue, clearly blue and darker than the cream aids
    assert deck[2] > deck[0] + 30, deck         # blue
    red, green, blue = band("reference")
    assert (red + green + blue) / 3 > 150       # light parchment
    assert red - blue > 15, (red, blue)          # cream, unlike the deck's blue-grey
    rulings = _page_texts(built(GAME, "clarifications", "a4"))
    assert len(rulings) == 1 and rulings[0].count("CLARIFICATIONS") == 3  # fronts only
    assert "ROLL & MIGHT" not in rulings[0]  # no back design anywhere in the file


def test_the_how_to_print_page_names_no_build_option_and_computes_its_counts(built):
    page = text_of(built(GAME, "how-to-print", "a4"))
    # no build option (the tool's own roll-sheet line may name its dice command, in words)
    assert "sheetgen build" not in page and "sheetgen dice" not in page
    assert "--" not in page
    # the copies table, computed: 5 players need 5 sheets, 1 Legend, 16 aids (a Turn and a
    # Scoring aid each, First Player, Symbol key, Setup, Two Cards, the two examples) and the
    # 4 Clarifications cards (twelve rulings once and the table's own, one page; reader
    # finding 2); solo 5 aids (Solo Turn and Scoring, Symbol key, Setup, Two Cards)
    assert "Players Sheets Legends Aids Rulings" in page
    assert "1 1 1 5 4" in page and "5 5 1 16 4" in page


def test_one_picture_per_idea_with_a_key(project, built):
    """The game's symbols are each keyed on the Symbol key aid, and the Throne Room card no
    longer draws the First Player's crown: its medallion and the First Player emblem differ."""
    from sheetgen.generate.games import load_game

    game = load_game(project, GAME)
    assert game.spec.symbol_key == "reference"
    aids = text_of(built(GAME, "reference", "a4"))
    for label, meaning in [("Army", "West and East armies"), ("Throne Room", "Castle die 4-6"),
                           ("Market", "Six stalls, by number"), ("First player",
                                                                 "Deals, places first")]:
        assert f"{label} {meaning}" in aids, label
    pictures = {symbol.icon for symbol in game.spec.symbols.values()}
    assert len(pictures) == len(game.spec.symbols)  # one picture, one idea


def test_each_named_card_has_its_own_picture(built):
    """Look: six cards of a guild shared one picture (every Market card the money bag). Each
    front now draws a picture of its own in a scene (cards.csv picture, scene). Reader finding
    7 (session 12: the Noto crown, shield and bread were not praised): the picture is a
    game-icons silhouette in a medallion, the card's symbol (the sun over W for West, E for East,
    swords, tower, throne, castle, die) or its ware: no Noto drawing on the deck. Cards of
    different names never show the same icons; cards of one name share theirs."""
    from test_roll_and_might_retail import _forms

    path = built(GAME, "cards", "pod")
    texts = _page_texts(path)[::2]
    noto = {p.stem for p in (REPO / "templates" / "art" / "noto").glob("*.svg")}
    forms = _forms(path)[::2]
    assert not [n for page in forms for n in page if ".art-" in n
                and n.split(".art-")[1].rsplit("-", 1)[0] in noto]
    icons = [frozenset(n.split(".icon-")[1] for n in page if ".icon-" in n) for page in forms]
    names: dict[str, set] = {}
    for text, art in zip(texts, icons):
        name = re.search(r"(ARMY|CASTLE|MARKET|WILD DIE|SPARE)\s*(WEST OR EAST|WEST|EAST|TOWER OR "
                         r"THRONE ROOM|TOWER|THRONE ROOM|STALLS [0-9, -]+)?", text).group(0)
        names.setdefault(" ".join(name.split()), set()).add(art)
    assert len(names) == 13  # 5 Market, 4 Castle (2 named Tower), 3 Army, Wild Die, Spare
    assert all(len(arts) == 1 for arts in names.values()), names
    # reader finding 5 (session 14): the Wild Die's picture is a drawn blank die with a "?",
    # no icon (the d6 icon's five pips read as a 5); the Spare's a blank
    assert names.pop("WILD DIE") == {frozenset()} and names.pop("SPARE") == {frozenset()}
    each = [next(iter(arts)) for arts in names.values()]
    assert len(set(each)) == len(each)  # no two names share a picture
    pictures = {name: next(iter(arts)) for name, arts in names.items()}
    assert "sun-west" in pictures["ARMY WEST"] and "sun-east" in pictures["ARMY EAST"]
    assert {"bread", "wheat", "grapes", "apple", "amphora"} <= set().union(*pictures.values())
    # one style: no Fluent colour art on the deck's fronts or backs
    assert not [n for page in _forms(path) for n in page if "fluent" in n]


def test_each_card_picture_stands_in_a_scene_of_its_own(built):
    """Issue 34 (Look: a lone silhouette on a plain panel read as a prototype): each card's
    piece stands in a composed scene, a layered backdrop tinted in its location's colour filling
    the picture beside it: the scene beside the piece is no flat panel, the armies' fields
    differ (West at sunset, East at sunrise), the five Market cards each show their own
    stretch of the market, and a Spare card's picture is a blank to write on."""
    path = built(GAME, "cards", "pod")
    texts = _page_texts(path)
    dpi, bleed = 100, 3.175

    def window(index, left_mm, right_mm):
        image = _colour_page(path, index, dpi)
        box = [round((v + bleed) * dpi / 25.4) for v in (left_mm, 26, right_mm, 38)]
        return image.crop(box)

    def spread(crop):
        grey = list(crop.convert("L").get_flattened_data())
        mean = sum(grey) / len(grey)
        return (sum((g - mean) ** 2 for g in grey) / len(grey)) ** 0.5

    def differ(one, two):
        pairs = zip(one.convert("L").get_flattened_data(), two.convert("L").get_flattened_data())
        return sum(abs(a - b) for a, b in pairs) / (one.width * one.height)

    fronts = {}
    for index in range(0, len(texts), 2):
        name = re.search(r"(ARMY|CASTLE|MARKET|WILD DIE|SPARE)\s*(WEST OR EAST|WEST|EAST|TOWER OR "
                         r"THRONE ROOM|TOWER|THRONE ROOM|STALLS [0-9, -]+)?", texts[index])
        fronts.setdefault(" ".join(name.group(0).split()), index)
    for name, index in fronts.items():
        left, right = window(index, 1, 12), window(index, 51.5, 62.5)
        if name == "SPARE":
            assert spread(window(index, 20, 57)) < 2, name   # a blank to write on
            continue
        # layers of a scene (sky, hills, walls, stalls), not one flat colour
        assert spread(left) > 6 and spread(right) > 6, (name, spread(left), spread(right))
        colours = {tuple(v // 24 for v in p) for crop in (left, right)
                   for p in crop.get_flattened_data()}
        assert len(colours) >= 3, (name, len(colours))
    def light(crop):
        grey = list(crop.convert("L").get_flattened_data())
        return sum(grey) / len(grey)

    # West's fields (at sunset) and East's (at sunrise) are not one picture
    west, east = fronts["ARMY WEST"], fronts["ARMY EAST"]
    assert differ(window(west, 1, 12), window(east, 1, 12)) > 3 or \
        differ(window(west, 51.5, 62.5), window(east, 51.5, 62.5)) > 3
    markets = [index for name, index in fronts.items() if name.startswith("MARKET")]
    assert len(markets) == 5
    stretches = [(window(index, 1, 12), window(index, 51.5, 62.5)) for index in markets]
    for a in range(5):
        for b in range(a + 1, 5):
            assert max(differ(stretches[a][k], stretches[b][k]) for k in (0, 1)) > 3, (a, b)


def _corner_text(page, left_mm, top_mm, right_mm, bottom_mm) -> str:
    """Return the text inside a box of a pod card face (mm from the trim's top left; the pod
    page carries 1/8 in of bleed)."""
    bleed = 3.175
    height = page.get_height()
    return page.get_textpage().get_text_bounded(
        (left_mm + bleed) * MM, height - (bottom_mm + bleed) * MM,
        (right_mm + bleed) * MM, height - (top_mm + bleed) * MM).split()


def test_every_card_has_a_corner_index_a_fanned_hand_reads(project, built):
    """Every card carries a corner index in its top left corner (the corner a fanned hand
    shows): its location's symbol and (Army, Market) its side or stalls. Reader finding 3
    (session 14: "the location tab repeated upside down in the die half, the die number in the
    top tab"): each half carries one kind of information, so the index holds no die number
    and the die half no location: its bottom right corner holds no text. The Wild Die's
    index is its "?"; a Spare card's a blank square to write in. Session 15 (reader finding
    1: a fanned hand showed the location, not the die): the die face's pips stand in a small
    die under the index (the Wild Die's a "?")."""
    from sheetgen.dice.decks import read_deck

    cards = [{"id": c.id, **c.fields} for c in read_deck(project.game_dir(GAME), "cards")[1]]
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    for k, card in enumerate(cards):
        page = pdf[2 * k]
        top_left = _corner_text(page, 0, 3, 14.5, 27)
        bottom_right = _corner_text(page, 49, 62, 63.5, 86)
        assert bottom_right == [], (card["id"], bottom_right)
        if card["location"] == "Spare":  # a blank square, above the SPARE name
            assert _corner_text(page, 0, 3, 13, 18) == [], card["id"]
            continue
        if card["location"] == "Wild Die":  # its pennant's "?" and its die badge's "?"
            assert top_left == ["?", "?"], top_left
            continue
        side = {"West": "W", "East": "E"}.get(card["detail"], "W·E") \
            if card["location"] == "Army" else card["detail"]
        expect = [side] if card["location"] in ("Army", "Market") else []
        assert top_left == expect, (card["id"], top_left)
    # the symbol of the location in the index: one icon form per location symbol
    from test_roll_and_might_retail import _forms

    fronts = _forms(built(GAME, "cards", "pod"))[::2]
    symbol = {"Army": "swords", "Market": "market"}
    for card, forms in zip(cards, fronts):
        if card["location"] in symbol:
            assert f"/FormXob.icon-{symbol[card['location']]}" in forms, card["id"]
        if card["location"] == "Wild Die":  # no five-pip die anywhere on the Wild Die
            assert not [n for n in forms if n.endswith(".icon-d6")], forms


def test_west_and_east_cards_read_across_the_table(project, built):
    """Reader finding 4 (session 14): Army West and East differed only by a tiny arrow in an
    identical sun. Their picture carries a large W or E (a capital 8 mm tall and more, drawn
    in the symbol since session 15) under the sun, in the medallion, which is centred on the
    card and clear of the corner pennant."""
    from sheetgen.dice.decks import read_deck

    cards = [{"id": c.id, **c.fields} for c in read_deck(project.game_dir(GAME), "cards")[1]]
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    bleed = 3.175
    for k, card in enumerate(cards):
        page = pdf[2 * k]
        text, boxes = page_chars(page)
        shapes = drawn_shapes(page)
        if card["location"] == "Spare":
            continue
        # (pdfium's bounds reach past the 1.1 mm gold stroke: 31 mm reads 32-33.2)
        medallion = [s for s in shapes if 32.6 * MM < s[2] - s[0] < 34 * MM
                     and 31.6 * MM < s[3] - s[1] < 34 * MM]
        assert len(medallion) == 1, card["id"]
        centre = ((medallion[0][0] + medallion[0][2]) / 2) / MM - bleed
        assert abs(centre - 63.5 / 2) < 0.3, (card["id"], centre)
        pennant = [s for s in shapes if 10.5 * MM < s[2] - s[0] < 12 * MM
                   and s[0] < 8 * MM and s[1] > page.get_height() - 25 * MM]
        assert pennant and max(p[2] for p in pennant) < medallion[0][0], card["id"]
        if card["location"] == "Army" and card["detail"] in ("West", "East"):
            # session 15 (finding 4): the letter is drawn in the West or East symbol itself,
            # white under the sun's horizon: its white rows, in the medallion's middle strip
            # under its centre (clear of the white ring), span 8 mm and more
            x0, y0, x1, y1 = medallion[0]
            scale = 300 / 72
            image = page.render(scale=scale).to_pil().convert("L")
            middle = (x0 + x1) / 2
            strip = image.crop((round((middle - 4 * MM) * scale),
                                round((page.get_height() - (y0 + y1) / 2 + 1.8 * MM) * scale),
                                round((middle + 4 * MM) * scale),
                                round((page.get_height() - y0 - 3 * MM) * scale)))
            rows = [y for y in range(strip.height)
                    if max(strip.getpixel((x, y)) for x in range(strip.width)) > 230]
            assert rows and (rows[-1] - rows[0]) / scale / MM >= 8, (card["id"], rows[:3])


def test_cards_say_nothing_twice_and_show_their_number_big(built):
    """Reader finding 1 (look 6.8): "matches a Legend die showing 4" and "LOCATION · fill a spot
    here" printed on card after card. The card says it once, nowhere: the Two Cards aid keys
    how a card is read; each card shows its die face 21 mm tall and its number beside it, a
    numeral 10 mm tall or more in its location's colour."""
    deck = text_of(built(GAME, "cards", "a4"))
    for repeated in ("matches", "LOCATION ·", "DIE FACE", "a spot in"):
        assert repeated not in deck, repeated
    aids = _flat(text_of(built(GAME, "reference", "a4")))
    assert "Use the other card's die face (its bottom): if a Legend die shows that number" in aids
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    texts = _page_texts(built(GAME, "cards", "pod"))
    fronts = [i for i in range(0, len(pdf), 2) if "SPARE" not in texts[i]]
    assert len(fronts) == 15
    for index in fronts:
        page = pdf[index]
        text, boxes = page_chars(page)
        # the tallest glyph on the face: the die's number, beside the die in the die half
        tall = max(range(len(text)), key=lambda k: boxes[k][3] - boxes[k][1])
        height = (boxes[tall][3] - boxes[tall][1]) / MM
        if "WILD DIE" in texts[index]:
            assert "ANY" in texts[index]
            continue
        assert text[tall].isdigit() and height >= 10, (index, text[tall], round(height, 1))
        # the die face, 21 mm, the lowest such shape (an Army West or East card's 22 mm
        # picture, session 15, is in the top half)
        die = sorted((s for s in drawn_shapes(page) if abs((s[2] - s[0]) / MM - 21) < 1.5
                      and abs((s[3] - s[1]) / MM - 21) < 1.5), key=lambda s: s[1])
        assert die, index
        assert boxes[tall][0] > die[0][2] and boxes[tall][1] < die[0][3], index  # beside it


def test_spare_cards_print_blank_and_marked_and_how_to_print_says_so(built):
    """Decided: three blank Spare cards print with the deck's back, marked SPARE on their
    face, with a blank to write the lost card's location, a blank index square and an empty
    die; the How-to-print page says what they are and to keep them out of the deck."""
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    texts = _page_texts(built(GAME, "cards", "pod"))
    spares = [i for i, t in enumerate(texts) if "SPARE" in t]
    assert len(spares) == 3
    for index in spares:
        page = pdf[index]
        # reader finding 6 (session 14: "the band says the same thing 3 times"): its name
        # and one line
        assert " ".join(texts[index].split()) == \
            "SPARE For a lost card: copy its location and die here."
        shapes = drawn_shapes(page)
        blank = [s for s in shapes if 40 * MM < s[2] - s[0] < 46 * MM
                 and 30 * MM < s[3] - s[1] < 36 * MM]
        squares = [s for s in shapes if 7 * MM < s[2] - s[0] < 8.5 * MM
                   and 7 * MM < s[3] - s[1] < 8.5 * MM]
        assert len(blank) == 1 and len(squares) == 1, index
        # the die is empty: no pip (a 5.4 mm disc) is drawn
        assert not [s for s in shapes if 5 * MM < s[2] - s[0] < 6 * MM
                    and 5 * MM < s[3] - s[1] < 6 * MM], index
        # the blank for the location is white: write on it in pencil
        image = render(built(GAME, "cards", "pod"), index, dpi=100)
        scale = 100 / 72
        x0, y1 = blank[0][0] * scale, image.height - blank[0][1] * scale
        x1, y0 = blank[0][2] * scale, image.height - blank[0][3] * scale
        inner = image.convert("L").crop((int(x0) + 6, int(y0) + 6, int(x1) - 6, int(y1) - 6))
        assert inner.getextrema()[0] > 240, index
    guide = text_of(built(GAME, "how-to-print", "a4"))
    assert "The blank cards marked SPARE are not in the deck: keep them apart; when a card is " \
        "lost, write its location and draw its die face on a Spare" in " ".join(guide.split())
    assert "blank Spares kept apart" in guide


def test_the_score_sheet_is_symbol_led_and_its_walls_of_text_are_on_the_scoring_aid(built):
    """The score sheet's explanatory prose (the castle notes, the market note, a two-line wall
    of army scoring at 8.5 pt) is symbol-led: each note opens on the symbols the Symbol key
    aid keys, and the army comparison in full, with two players and an example, is on every
    player's Scoring aid. The sheet holds fewer words (226 before)."""
    from test_roll_and_might_retail import _forms

    path = built(GAME, "score-sheet", "pod")
    sheet = " ".join(text_of(path, [0]).split())
    assert len(sheet.split()) <= 215
    for wall in ("Army strength = spots + tower bonus. West vs", "Castle die 1-3: any tower.",
                 "Market die: the stall of its number. Market card:",
                 "Castle die 4-6 · 3 points when all five are filled"):
        assert wall not in sheet, wall
    for line in ("1-3 → any", "THRONE ROOM 4-6 →", "die → the stall of its number",
                 "Armies: your West against the left neighbour's East, your East against the "
                 "right neighbour's West. Larger: 2 pts · Larger by 4 or more: 3 pts · Solo: by "
                 "3 or more"):
        assert line in sheet.replace("’", "'"), line
    # the notes' symbols are drawn inline: castle, tower, throne, market and army pictures
    forms = {n.split(".icon-")[1] for n in _forms(path)[0] if ".icon-" in n}
    assert forms >= {"castle", "tower", "throne", "market", "swords"}
    page = pdfium.PdfDocument(str(path))[0]
    note = ink_boxes(page, "1-3 → any")
    towers = [s for s in drawn_shapes(page) if note[0] - 6 * MM < s[0] < note[0]
              and note[1] - 1 * MM < s[1] < note[3]]
    assert towers, "no symbol opens the towers note"
    scoring = " ".join(text_of(built(GAME, "reference", "a4")).split()).replace("’", "'")
    assert scoring.count("Armies filled spots + tower bonus. West against left player's East, "
                         "East against right player's West. Larger: 2. Larger by 4+: 3. 2 "
                         "players: your opponent is both.") == 5


def test_a_ruling_prints_where_it_is_cited_and_codes_only_where_looked_up(project, built):
    """A component that cites a ruling code prints the ruling's words on the same card; the
    sheet, the Legend and the deck print the words and no code; the Turn aid, where a player
    looks a ruling up mid-turn, marks steps 5 and 6 with the Clarifications' seal, keyed to
    the Clarifications in its foot; the rulings print once, there (reader finding 2: the aids'
    backs repeated R1 and R11)."""
    import yaml

    rulings = {}
    data = yaml.safe_load((project.game_dir(GAME) / "clarifications.yaml").read_text())
    for item in data["items"]:
        for n, entry in enumerate(item.get("rulings", []), item["first"]):
            rulings[f"R{n}"] = " ".join(entry["ruling"].replace("\u00a0", " ").split())

    def flat(path):
        return " ".join(_flat(text_of(path)).replace("\u00a0", " ").replace("’", "'").split())

    for component in ("score-sheet", "legend", "cards"):
        assert not re.findall(r"\bR\d+\b", flat(built(GAME, component, "a4"))), component
    aids = flat(built(GAME, "reference", "a4"))
    assert not re.findall(r"\bR\d+\b", aids)
    for code in ("R1", "R11"):
        assert aids.count(rulings[code]) == 0, code  # once, on the Clarifications
    assert aids.count("8 turns, then score · a ruling") == 5
    sheet = flat(built(GAME, "score-sheet", "a4"))
    assert "Tie: more filled spots wins" in sheet  # R2's words, where the tie is written
    legend = flat(built(GAME, "legend", "a4"))
    assert "One face, two dice? One spot, either location." in legend


def test_the_qps_edition_builds_and_passes_its_checks(project, checked):
    """Every text ~40 % longer (the pseudo-edition qps) still fits its box at its role's size,
    in every component of the game and every profile: the How-to-print page, the score
    sheet, the Legend, the deck, the Player aids (the Symbol key's meanings wrap onto a second
    line) and the Clarifications."""
    from sheetgen.generate.games import load_game

    components = [c.model.id for c in load_game(project, GAME).components]
    assert len(components) == 6
    result = checked(GAME, "--edition", "qps")
    assert result.exit_code == 0, result.output
    # 21: the Clarifications, one-sided sheets now, have no gutterfold outputs
    assert "21 outputs checked: 21 pass, 0 fail" in result.output
    for component in components:
        assert f"roll-and-might/{component}-qps-a4.pdf" in result.output, component


def test_every_print_check_is_on_and_the_pencil_spaces_are_writing_spaces(project):
    """Issue 34: the role-size, symbol, writing-space and seam checks are all on for this
    game (none switched off or loosened), and the sheet's pencil spaces are declared writing
    spaces; `sheetgen check` passes on every output of every profile of an enforcing game,
    with no face problem, in tests/games/test_shipped_print_checks.py (one run per game)."""
    from pdfcheck import template_elements
    from sheetgen.generate.games import load_game

    checks = load_game(project, GAME).spec.print_checks
    assert checks.mode == "enforce" and checks.seams is True and checks.writing_ink == 0.25
    assert checks.role_text.on and checks.role_text.rules.size == 8.0
    assert checks.min_game_text.on
    sheet = template_elements(project, "roll-and-might-score-sheet")
    pencil = [e for e in sheet.values() if e.get("type") in ("check_boxes", "write_in")]
    assert len(pencil) >= 30 and all(e.get("writing_space") for e in pencil)
    # the sum, tie and record boxes are plain boxes a pencil writes in
    assert all(sheet[name].get("writing_space") for name in ("tie-box", "solo-box", "sum-west"))


def test_step_6_says_show_your_cards_in_players_words(built):
    """Issue 34: a reader found the Turn aid's "All reveal" unclear. Step 6 says what a player
    does (rulebook step 6: "in turn order, players reveal their remaining two cards"), each
    step its own paragraph led by its verb, and the First Player card says the same word."""
    aids = " ".join(text_of(built(GAME, "reference", "a4"), [0]).split())
    assert "All reveal" not in aids
    assert "6 Show your 2 cards, in turn order." in aids
    for step in ("1 Deal 3", "2 Roll 4", "3 Place 1", "4 Pass Keep", "5 Keep 1", "6 Show",
                 "7 End Pass"):
        assert aids.count(step) >= 5, step       # on each player's Turn aid
    assert "In step 6 you show your cards first." in " ".join(
        _flat(text_of(built(GAME, "reference", "a4"))).split())


def test_the_aids_and_rulings_fill_their_pages(built):
    """Issue 34 (half-empty sheets): the aids' last page printed 5 cards of 9 and the
    Clarifications 3 of 9. Setup, Two Cards Two Halves and the rulebook's example in two cards
    fill the aids' pages (18 cards, two full pages); the Clarifications print three sets."""
    aids = pdfium.PdfDocument(str(built(GAME, "reference", "a4")))
    fronts = [" ".join(aids[i].get_textpage().get_text_range().split()) for i in (0, 2)]
    assert len(aids) == 4   # two pages of nine fronts, each with its backs
    assert fronts[0].count("The Turn") == 5 and fronts[1].count("Symbols") == 1
    last = fronts[1]
    for title in ("Setup", "Two Cards, Two Halves", "Example · 1", "Example · 2"):
        assert title in last, title
    assert "Each player: a score sheet and a pencil." in last
    assert "Mary shows Army (West) with a 1 and Army with a 3." in last
    assert "Stall 6 is complete: 1 point at the end." in last
    # Two Cards, Two Halves draws two small cards: the first's top and the second's bottom
    # ringed (a gold ring 21 mm wide on each card)
    rings = [s for s in drawn_shapes(aids[2]) if 22.5 * MM < s[2] - s[0] < 23.5 * MM
             and 14.5 * MM < s[3] - s[1] < 16 * MM]
    assert len(rings) == 2, rings
    rulings = _page_texts(built(GAME, "clarifications", "a4"))[0]
    assert rulings.count("R1 · How often do we pass?") == 1
    assert rulings.count("R11 · One die face, two Legend dice?") == 1


def test_the_score_sheet_castle_is_drawn_towers_and_walls(built):
    """Issue 34 (Look): the sheet's castle is drawn as a castle the player fills in: each of
    the four towers a stone body round its three boxes (white windows on the stone), a
    crenellated hall between the inner towers on a plinth across the castle (session 15,
    reader finding 2: one piece, tests/games/test_roll_and_might_s15_look.py)."""
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    shapes = drawn_shapes(page)
    # (pdfium's bounds reach past a stroke's ink: an 11 x 34.6 mm body reads 12.1 x 35.7;
    # the A4 sheet, reader finding 1 of session 12)
    bodies = [s for s in shapes if 11.5 * MM < s[2] - s[0] < 12.6 * MM
              and 35 * MM < s[3] - s[1] < 36.5 * MM]
    assert len(bodies) == 4, bodies
    boxes = [s for s in shapes if 8.4 * MM < s[2] - s[0] < 9.3 * MM
             and 8.4 * MM < s[3] - s[1] < 9.3 * MM]
    for body in bodies:   # three tower boxes stand inside each body
        inside = [b for b in boxes if body[0] < b[0] and b[2] < body[2]
                  and body[1] < b[1] and b[3] < body[3]]
        assert len(inside) == 3, body
    image = render(built(GAME, "score-sheet", "pod"), 0, dpi=100)
    scale = 100 / 72
    body = bodies[0]
    # the stone is tinted (not the paper), the window inside it white
    stone = image.getpixel((round((body[0] + 1.0 * MM) * scale),
                            round(image.height - (body[1] + body[3]) / 2 * scale)))
    assert 200 < stone < 250, stone
    walls = [s for s in shapes if 48 * MM < s[2] - s[0] < 53 * MM
             and 22 * MM < s[3] - s[1] < 27 * MM]
    assert walls, "no hall between the inner towers"


def test_the_card_scenes_are_credited_once_in_each_footer(built):
    """The card scenes (our CC0 drawings, templates/art/might) are credited on every deck page,
    once: the footer printed "Scenes: CC0" nine times, once per scene file drawn."""
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "a4")))
    for index in range(len(pdf)):
        lines = pdf[index].get_textpage().get_text_range().splitlines()
        footer = next(line for line in lines if "Fonts: SIL OFL 1.1" in line)
        parts = [part.strip() for part in footer.split("·")]
        assert parts.count("Scenes: CC0") == 1, footer
        assert len(parts) == len(set(parts)), footer


def test_the_army_margin_is_one_number_per_mode_as_the_rulebook_says(built):
    """A reader found the score sheet's "by 4+" against the Solo aid's "3 or more". The
    rulebook is clear and gives both: "at least four larger" with 2-5 players, "at least three
    larger" in its solo scoring. Every page names the margin with its mode: the sheet (used
    solo too) prints both, the Solo Scoring aid 3+ and why, the Scoring aid 4 or more, and
    ruling R12 says both are right."""
    sheet = " ".join(text_of(built(GAME, "score-sheet", "pod"), [0]).split())
    # reader finding 6 (session 15): "larger by 4+ 3" read as "4 + 3"; each margin in words
    assert "Larger: 2 pts · Larger by 4 or more: 3 pts · Solo: by 3 or more, against the " \
        "Legend's." in sheet.replace("’", "'")
    assert "4+ 3" not in sheet
    aids = _page_texts(built(GAME, "reference", "pod"))
    solo = next(t for t in aids if t.startswith("Solo Scoring"))
    assert "Larger: 2. Larger by 3+: 3." in solo
    assert "4+" not in solo and "3 or more" not in solo and "4 or more" not in solo
    table = next(t for t in aids if t.startswith("Scoring "))
    assert "Larger: 2. Larger by 4+: 3." in table and "3+" not in table
    rulings = " ".join(text_of(built(GAME, "clarifications", "a4")).split())
    assert "R12 · How much bigger for 3 points? 4 or more; solo, 3 or more. Both numbers are " \
        "the rulebook's." in rulings.replace("’", "'")


def test_the_legend_count_agrees_on_the_how_to_print_page(built):
    """A reader found the Legends counted "1" in the copies table and "4 sheets" in the file
    list and the checklist: the file is one sheet of two A5 Legends (reader finding 4). Its
    pieces are called legends (legend.yaml pieces_called), so the file list and the checklist
    count the Legends the page prints, read from the Legend PDF here."""
    legend = _page_texts(built(GAME, "legend", "a4"))
    assert len(legend) == 1
    printed = len(re.findall(r"\bLEGEND\b", legend[0]))
    assert printed == 2   # the table's Legend and the Solo Legend, on one sheet
    guide = " ".join(text_of(built(GAME, "how-to-print", "a4")).split())
    assert f"Legend (legend-a4.pdf): {printed} legends," in guide
    assert f"{printed} legends · Legends (1 for the table, 1 solo)" in guide
    assert "sheets · Legends" not in guide and "Legend, 4 sheets" not in guide
    rows = re.search(r"Players Sheets Legends Aids Rulings ((?:\d+ ){25})", guide + " ")
    cells = rows.group(1).split()
    assert [cells[5 * n + 2] for n in range(5)] == ["1"] * 5   # a game uses 1 Legend


def test_the_turn_card_is_icon_led_steps_one_idea_a_line(built):
    """A reader found the Turn cards walls of text. The front is seven numbered steps, each
    opening on a gold roundel with its picture, its words beside it, short sentences at 9 pt
    (never under 8), one idea a line; no ruling code on the front (the seal marks the two
    steps this edition rules, keyed in the foot band; the back prints them)."""
    path = built(GAME, "reference", "pod")
    page = pdfium.PdfDocument(str(path))[0]
    raw = page.get_textpage().get_text_range()
    assert raw.startswith("The Turn")
    lines = [line.strip() for line in raw.splitlines() if line.strip()][1:-1]
    assert len(lines) >= 14, lines   # 7 steps on 15 lines
    assert max(len(line) for line in lines) <= 40, lines
    for sentence in re.split(r"(?<=[.?])\s+", " ".join(lines)):
        assert len(sentence.split()) <= 8, sentence
    assert not re.findall(r"\bR\d+\b", raw)
    assert "8 turns, then score · a ruling" in raw
    # seven roundels down the card's left, one beside each step's first words
    discs = sorted((s for s in drawn_shapes(page) if 6 * MM < s[2] - s[0] < 6.5 * MM
                    and 6 * MM < s[3] - s[1] < 6.5 * MM), key=lambda s: -s[3])
    assert len(discs) == 7, discs
    assert max(s[0] for s in discs) - min(s[0] for s in discs) < 0.2 * MM
    text, boxes = page_chars(page)
    for step, (disc, verb) in enumerate(zip(discs, ("Deal", "Roll", "Place", "Pass", "Keep",
                                                    "Show", "End")), 1):
        label = text_box(text, boxes, f"{step} {verb}")
        assert label[0] > disc[2] and disc[1] < (label[1] + label[3]) / 2 < disc[3], step
    # rules text at 9 pt, never under 8 (the band's key is a note)
    bleed = 3.175 * MM
    sizes = body_text_sizes(path, 14 * MM, 77 * MM, bleed)[0]
    assert sizes and min(sizes) >= 8 and max(sizes) == 9, sizes


def test_the_scoring_and_solo_aids_are_icon_led_lines_too(built):
    """Issue 34 (walls of text): the Scoring, Solo Turn and Solo Scoring fronts are set like
    the Turn card: a gold roundel with the thing's symbol opening each line of rules (towers,
    throne room, armies, stalls; the solo steps 1-4), rules at 9 pt, one idea a line."""
    path = built(GAME, "reference", "pod")
    texts = _page_texts(path)
    pdf = pdfium.PdfDocument(str(path))
    bleed = 3.175 * MM
    sizes = body_text_sizes(path, 18 * MM, 70 * MM, bleed)
    for title, opening, count in (
            # design pass: a worked example, so the aid is full (6 lines)
            ("Scoring", "Towers 1 point each full tower. All 4 full: +3.", 6),
            ("Solo Turn", "1 Deal yourself 2 cards, 1 more face down, unseen.", 7),
            ("Solo Scoring", "Throne Room all 5 filled: 3 points.", 5)):
        index = next(i for i, t in enumerate(texts) if t.startswith(title + " "))
        assert opening in texts[index], title
        discs = [s for s in drawn_shapes(pdf[index]) if 6 * MM < s[2] - s[0] < 6.5 * MM
                 and 6 * MM < s[3] - s[1] < 6.5 * MM]
        assert len(discs) == count, (title, len(discs))
        assert min(sizes[index // 2]) >= 8, (title, sizes[index // 2])


def test_the_card_picture_is_the_hero_full_bleed_with_no_cream_margin(built):
    """Reader finding 1 (look 6.3): the card pictures were thin 43 x 12.5 mm strips inside a
    cream margin round a framed card. Every front is full bleed now: no cream paper shows
    within 2 mm of the trim on any side, the scene runs across the card's whole width over its
    top 40 mm, the piece stands in it 20 mm or more across (it was 11 mm), and a banner of
    the location's colour carries the name across the full width (one accent per card
    type)."""
    path = built(GAME, "cards", "pod")
    texts = _page_texts(path)
    dpi, bleed = 100, 3.175
    px = dpi / 25.4
    paper = (250, 246, 238)
    accents = {"ARMY": (0xa3, 0x32, 0x2a), "CASTLE": (0x3f, 0x5a, 0x7a),
               "MARKET": (0x3a, 0x7a, 0x3a), "WILD DIE": (0x6a, 0x3d, 0x8f)}

    def near(pixel, colour, tolerance=24):
        return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))

    seen = set()
    for index in range(0, len(texts), 2):
        name = re.search(r"ARMY|CASTLE|MARKET|WILD DIE|SPARE", texts[index]).group(0)
        if name == "SPARE":
            continue
        seen.add(name)
        image = _colour_page(path, index, dpi)

        def at(x_mm, y_mm):
            return image.getpixel((round((x_mm + bleed) * px), round((y_mm + bleed) * px)))

        # no cream margin: a ring 1.5 mm inside the trim, every 2 mm, is never the paper
        # (over the picture and the banner: the die half below is plain paper, reader
        # finding 2 of session 12, tested on its own)
        ring = [(x, 1.5) for x in range(2, 62, 2)] + \
            [(x, y) for y in range(2, 56, 2) for x in (1.5, 62)]
        cream = [(x, y) for x, y in ring if near(at(x, y), paper, 6)]
        assert not cream, (index, name, cream[:4])
        # the scene spans the width: its layers (not one flat colour) on either side of the
        # piece, from the card's left edge to its right edge
        for side in ((0.5, 1, 2, 3, 4, 5, 6, 7, 8), (55, 56, 57, 58, 59, 60, 61, 62, 63)):
            strip = {tuple(v // 16 for v in at(x, y)) for x in side for y in range(25, 40)}
            assert len(strip) >= 2, (index, name, side[0], strip)
        # the banner of the location's colour, edge to edge, under the picture
        for x in (0.5, 31.75, 63):
            assert near(at(x, 55.8), accents[name]), (index, name, x, at(x, 55.8))
        # the piece (reader finding 7: a shaded colour drawing, no flat silhouette): its
        # colours (saturated, or its dark outlines) span 20 mm or more of the picture's middle,
        # right of the corner index, over the pale mist of the scene
        coloured = [(x / 2, y / 2, at(x / 2, y / 2)) for x in range(32, 96) for y in range(8, 72)]
        spots = [(x, y) for x, y, p in coloured if max(p) - min(p) > 50 or max(p) < 70]
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) if spots else 0
        assert len(spots) > 300 and span >= 20, (index, name)
    assert seen == set(accents)


def test_the_licence_credits_are_on_the_how_to_print_page_not_on_a_play_aid(built):
    """Reader finding 3 (look 6.3): the Scoring aids printed the licence lines (icons, fonts,
    scenes) under the scoring, on a card players read during play. The credits are the
    How-to-print page's; no aid card prints them (the page's own margin slug stays)."""
    credits = "Icons: game-icons.net (Lorc, Delapouite and others), CC BY 3.0"
    guide = " ".join(text_of(built(GAME, "how-to-print", "a4")).split())
    assert credits in guide and "SIL Open Font License 1.1" in guide
    aids = " ".join(text_of(built(GAME, "reference", "a4")).split())
    assert "Lorc" not in aids and "Open Font License" not in aids and "CC0 1.0" not in aids
    # the Scoring aid ends on its last rule
    scoring = aids.split("Scoring After 8 turns · the Legend")[1]
    assert scoring.lstrip().startswith("Towers 1 point each full tower.")
    assert "Still equal: you share the win." in scoring[:520]


def test_the_legend_foot_is_three_icon_led_steps(built):
    """Reader finding 4 (look 6.3): the Legend's foot was one run-on paragraph (roll, re-roll,
    location, die face, at least one spot, the Wild Die). It is three steps across the foot,
    each opening beside its picture, one idea a line: roll, the location card, the die-face
    card (with the Wild Die)."""
    pdf = pdfium.PdfDocument(str(built(GAME, "legend", "pod")))
    for index in range(len(pdf)):
        page = pdf[index]
        raw = page.get_textpage().get_text_range()
        flat = " ".join(raw.split())
        assert "never two required" not in flat and "roll them all again. One card" not in flat
        solo = "SOLO LEGEND" in raw
        steps = ("Roll 3 dice." if solo else "Roll 4 dice.", "One card’s",
                 "Other card’s die face")
        lines = [line.strip() for line in raw.splitlines() if line.strip()]
        foot = [line for line in lines if line.startswith(steps)]
        assert len(foot) == 3, (index, foot)
        assert "Wild Die card: any face." in flat and "At least 1 spot if you can." in flat
        # each step stands beside its own picture, left of its first word, on the same line
        shapes = drawn_shapes(page)
        for step in steps:
            words = ink_boxes(page, step)
            middle = (words[1] + words[3]) / 2
            icons = [s for s in shapes if s[2] <= words[0] and words[0] - s[2] < 6 * MM
                     and s[1] < middle < s[3] + 3 * MM and 5 * MM < s[2] - s[0] < 10 * MM]
            assert icons, (index, step)
        # one idea a line: no foot line over 40 characters
        after = lines[lines.index(foot[0]):]
        assert max(len(line) for line in after) <= 40, after


def test_the_solo_legend_armies_say_one_thing_and_no_second_scale(built):
    """Reader finding 5 (look 6.3): the solo "Two scales" box set the third die's boxes
    (3-4 West, 1-2 East) against the ARMY space's scale (4-6 West, 1-3 East) and confused.
    The column is now the Legend's own armies: a title that says whose they are, a row per
    army with its numbers, and one line for the rest (5 or 6, or a full row: no box) and one
    for the end (your West fights its East); the ARMY space's scale is not repeated there."""
    pdf = pdfium.PdfDocument(str(built(GAME, "legend", "pod")))
    solo = [pdf[i] for i in range(len(pdf))
            if "SOLO LEGEND" in pdf[i].get_textpage().get_text_range()]
    assert solo
    for page in solo:
        flat = " ".join(page.get_textpage().get_text_range().split())
        assert "Two scales" not in flat and "The ARMY space uses" not in flat
        assert "Legend’s armies" in flat
        assert "5 or 6, or a full row: no box." in flat
        assert "At the end your West fights its East, your East its West." in flat
        # the note sits under the two rows of boxes, in the right column
        title = ink_boxes(page, "Legend’s armies")
        note = ink_boxes(page, "5 or 6,")
        east = ink_boxes(page, "1 or 2 → EAST")
        assert note[3] < east[1] < title[1] and abs(note[0] - title[0]) < 12 * MM
        # the solo turn's step 5, on the Legend where the die is placed (reader finding 4)
        assert "then re-roll it onto the empty space" in flat
        assert "Then re-roll that die and place it on the empty space (solo step 5)." in flat


def test_the_two_halves_aid_draws_the_cards_as_the_deck_prints_them(built):
    """Next worst thing after the reader's findings: the Two Cards, Two Halves aid drew the
    deck's old cards (a cream card, a solid colour top) after the deck went full bleed. Its
    two small cards now read like the deck's: the picture in the location's mist with the
    symbol in its colour, a banner of that colour under it, the die half plain paper."""
    path = built(GAME, "reference", "a4")
    texts = _page_texts(path)
    index = next(i for i, t in enumerate(texts) if "Two Cards, Two Halves" in t)
    page = pdfium.PdfDocument(str(path))[index]
    image = _colour_page(path, index, 150)
    scale = 150 / 72
    height = page.get_height()

    def at(box, dx_mm, dy_mm):
        """The pixel dx mm right of a text's centre and dy mm above its top."""
        x = ((box[0] + box[2]) / 2 + dx_mm * MM) * scale
        y = (height - box[3] - dy_mm * MM) * scale
        return image.getpixel((round(x), round(y)))

    def near(pixel, colour):
        return all(abs(a - b) <= 20 for a, b in zip(pixel, colour))

    # (pdfium reads the bold span of "its location" without its space)
    for words, mist, accent in (("itslocation", (0xe4, 0xc5, 0xbd), (0xa3, 0x32, 0x2a)),
                                ("its die face", (0xcb, 0xcf, 0xd1), (0x3f, 0x5a, 0x7a))):
        box = ink_boxes(page, words)
        assert near(at(box, -7, 23.5), mist), (words, at(box, -7, 23.5))   # the picture
        assert near(at(box, -7, 17), accent), (words, at(box, -7, 17))      # the banner
        # the die half plain paper, as the deck now prints it (reader finding 2, session 12)
        assert near(at(box, -7, 3), (0xfa, 0xf6, 0xee)), (words, at(box, -7, 3))


def test_each_score_sits_beside_what_it_scores(built):
    """Reader finding 3 (look 6.8): every points box away from what it scores. Each army
    column ends with its strength, the neighbour's and its points; the towers' and the throne
    room's points in the castle's scoring strip under the drawing, the market's in its panel;
    the foot adds them up. Reader findings 1-2 (session 14): the castle's boxes are on one grid,
    the strip's Points boxes level with the armies' "their" and "Points" rows, and every
    Points box of the castle and the market the same width."""
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    text, boxes = page_chars(page)
    castle, market = text_box(text, boxes, "Castle"), text_box(text, boxes, "Market stalls")
    stall, scoring = text_box(text, boxes, "Stall 1"), text_box(text, boxes, "Scoring after")
    points = [text_box(text, boxes, "Points", at) for at in
              [m.start() for m in re.finditer("Points", text)]]
    assert len(points) == 5  # West, towers, throne, East, market
    in_castle = [p for p in points if market[3] < p[1] < castle[1]]
    in_market = [p for p in points if stall[3] > p[3] > scoring[3]]
    assert len(in_castle) == 4 and len(in_market) == 1, points
    towers = text_box(text, boxes, "WEST TOWERS")
    east = text_box(text, boxes, "EAST TOWERS")
    middle = [p for p in in_castle if towers[2] < p[0] < east[0]]
    assert len(middle) == 2  # the towers' and the throne room's, in the strip
    rows = sorted({round(p[1] / MM, 1) for p in in_castle})
    assert len(rows) == 2, rows  # the strip's rows level with the armies' Points and "their"
    versus = text_box(text, boxes, "their East")
    assert any(abs(versus[1] - p[1]) < 1 * MM for p in middle)
    # the write-in boxes right of each Points label: one width everywhere
    shapes = drawn_shapes(page)
    widths = set()
    for p in points:
        right = [s for s in shapes if s[0] > p[2] and s[1] < (p[1] + p[3]) / 2 < s[3]
                 and s[0] - p[2] < 30 * MM and s[2] - s[0] > 10 * MM]
        box = min(right, key=lambda s: s[0])
        widths.add(round((box[2] - box[0]) / MM, 1))
    assert len(widths) == 1, widths
    assert "Tower bonus" not in text  # a full tower is its own record
    assert text.count("= Strength") == 2 and "spots + full towers, this side" in text
    sheet = " ".join(text.split()).replace("’", "'")
    assert "Armies: your West against the left neighbour's East" in sheet
    assert "West East Towers Throne Market TOTAL" in sheet
    army = text_box(text, boxes, "Armies:")
    assert army[3] < scoring[1]
    guide = " ".join(text_of(built(GAME, "how-to-print", "a4")).split())
    assert "1 · Roll sheet (optional: your player count's, file 6)" in guide


def test_the_turn_boxes_are_empty_with_their_numbers_above(built):
    """Reader finding 2 (session 14): the turn boxes held big numerals, no clean place to
    tick. The eight boxes are empty; each number is printed small above its box, centred."""
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    text, boxes = page_chars(page)
    label = text_box(text, boxes, "Turn")
    row = [s for s in drawn_shapes(page) if s[1] < (label[1] + label[3]) / 2 < s[3]
           and 8 * MM < s[2] - s[0] < 9.5 * MM and 8 * MM < s[3] - s[1] < 9.5 * MM]
    assert len(row) == 8, row
    start = text.find("\n", text.find("Turn"))
    for n, box in zip(range(1, 9), sorted(row)):
        number = text_box(text, boxes, str(n), start)
        start = text.find(str(n), start) + 1
        assert number[1] > box[3], n                                # above the box
        assert abs((number[0] + number[2]) / 2 - (box[0] + box[2]) / 2) < 1 * MM, n
        assert number[3] - number[1] < 3 * MM, n                    # small
        inner = [i for i, (c, b) in enumerate(zip(text, boxes)) if c.strip() and b
                 and box[0] < b[0] < box[2] and box[1] < b[1] < box[3]]
        assert not inner, n                                         # nothing in the box


def test_the_castle_labels_head_their_columns_on_one_line(built):
    """Reader finding 2 (session 14): WEST/EAST TOWERS were not centred over their towers.
    Five heads on one line, each centred on what it heads: the armies, the tower pairs (on
    their stone bodies) and the throne room between."""
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    text, boxes = page_chars(page)
    shapes = drawn_shapes(page)
    bodies = sorted(s for s in shapes if 11.5 * MM < s[2] - s[0] < 12.6 * MM
                    and 35 * MM < s[3] - s[1] < 36.5 * MM)  # session 15's towers
    assert len(bodies) == 4
    heads = [text_box(text, boxes, name) for name in
             ("WEST ARMY", "WEST TOWERS", "THRONE ROOM", "EAST TOWERS", "EAST ARMY")]
    assert len({round(h[1] / MM) for h in heads}) == 1, heads   # one line
    for head, pair in ((heads[1], bodies[:2]), (heads[3], bodies[2:])):
        centre = (pair[0][0] + pair[1][2]) / 2
        # the label's ink includes its sun icon (3 mm) on one side
        assert abs((head[0] + head[2]) / 2 - centre) < 2.5 * MM, (head, centre)


# --- Session 12 reader findings (look 6.8 twice against Welcome To...) -------------------------


def test_the_score_sheet_is_a4_with_writing_boxes_of_7_5_mm_and_more(built):
    """Reader finding 1 (session 12): the score sheet was A5, its boxes 5.6 mm, where Welcome
    To's are generous. It is an A4 page now, one sheet a page, every spot a player fills 7.5 mm
    or more: 32 army spots, 12 tower spots, 5 throne spots and 12 stall spots."""
    from pypdf import PdfReader

    path = built(GAME, "score-sheet", "pod")
    box = PdfReader(str(path)).pages[0].trimbox
    assert abs(float(box.width) / MM - 210) < 1 and abs(float(box.height) / MM - 297) < 1
    page = pdfium.PdfDocument(str(path))[0]
    spots = [s for s in drawn_shapes(page) if 7.5 * MM <= s[2] - s[0] < 10 * MM
             and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.3 * MM]
    assert len(spots) >= 32 + 12 + 5 + 12, len(spots)
    # the sum boxes under the foot's labels too: 7.5 mm tall and more (the sums 12 mm)
    text, boxes = page_chars(page)
    total = text_box(text, boxes, "TOTAL")
    under = [s for s in drawn_shapes(page) if s[3] < total[1] and s[3] > total[1] - 20 * MM
             and s[2] - s[0] > 15 * MM]
    assert len(under) >= 6 and all(s[3] - s[1] >= 7.5 * MM for s in under), under
    assert max(s[3] - s[1] for s in under) >= 12 * MM
    guide = " ".join(text_of(built(GAME, "how-to-print", "a4")).split())
    assert "One A4 sheet to a page" in guide and "Two sheets to a page" not in guide


def test_the_die_half_is_plain_paper_and_colour_means_the_location(built):
    """Reader finding 2 (session 12): the die half of each card was tinted in its own card's
    location colour, which confused (a die face has no location). Colour means the location
    only: each front's die face and number are plain paper and ink (in a panel framed in the
    card's colour, session 15), and the Legend and the Two Cards aid key it."""
    path = built(GAME, "cards", "pod")
    texts = _page_texts(path)
    dpi, bleed = 100, 3.175
    px = dpi / 25.4
    paper = (250, 246, 238)
    fronts = [i for i in range(0, len(texts), 2) if "SPARE" not in texts[i]]
    assert len(fronts) == 15
    for index in fronts:
        image = _colour_page(path, index, dpi)

        def at(x_mm, y_mm, image=image):
            return image.getpixel((round((x_mm + bleed) * px), round((y_mm + bleed) * px)))

        # reader finding 1 (session 15: "a pip square on empty cream"): the die half is a
        # paper panel framed in the card's own colour (the banner's, down the sides and foot);
        # the die face inside it is paper and ink
        for x, y in ((5, 62), (5, 83), (31, 61), (58, 72), (40, 84)):
            pixel = at(x, y)
            assert all(abs(a - b) <= 6 for a, b in zip(pixel, paper)), (index, x, y, pixel)
        banner = at(1, 50)
        for x, y in ((1, 72), (31, 87.5), (62.5, 72)):
            pixel = at(x, y)
            assert all(abs(a - b) <= 6 for a, b in zip(pixel, banner)), (index, x, y, pixel)
        # the number beside the die: its darkest pixels are ink (grey), not a location colour
        crop = image.crop((round(30 * px), round(66 * px), round(47 * px), round(84 * px)))
        dark = [p for p in crop.getdata() if sum(p) < 200]
        assert len(dark) > 200, index
        assert all(max(p) - min(p) < 30 for p in dark), index
    table, _solo = _legend_faces(built)
    legend = re.sub(r"\s+", " ", table.get_textpage().get_text_range()).replace("’", "'")
    assert "Colour = a card's location; its white half is a die face." in legend
    aids = " ".join(text_of(built(GAME, "reference", "a4")).split())
    assert "Colour is the location; the plain half is only a die face." in aids


def test_the_clarifications_ask_a_players_question_and_answer_it_plainly(built):
    """Reader finding 3 (session 12): the Clarifications spoke in a legalistic voice ("R1 ·
    Step 4. Keep 1 of 3 ..."). Each ruling is now a question a player asks, then a plain
    answer; the cards still say they are this edition's rulings, not the publisher's."""
    rulings = " ".join(text_of(built(GAME, "clarifications", "a4")).split()).replace("’", "'")
    heads = re.findall(r"R(\d+) · ([^?]{3,40})\?", rulings)
    assert [int(n) for n, _ in heads] == list(range(1, 13)), heads
    assert rulings.count("This edition's rulings, for the questions the rulebook leaves open") \
        == 3
    for legal in ("this edition follows", "Rulebook step 4 says", "Seat 1 anyone", "Both are the"):
        assert legal not in rulings, legal
    assert "we follow the example" not in rulings  # a rule, not an editor's note (s14 #8)


def test_the_legend_reads_as_a_reference_card_numbers_first(built):
    """Reader finding 4 (session 12): the Legend read as a form. Each die space is framed in its
    location's colour, its band titled, and what the die means printed as large numbers (17
    pt, 4 mm and taller) each with its symbol and one word, West first: 4-6 WEST, 1-3 EAST,
    1-3 ANY TOWER, 4-6 THRONE ROOM, 1-6 STALL OF THAT NUMBER."""
    from test_roll_and_might_retail import _forms

    for face in _legend_faces(built):
        text, boxes = page_chars(face)
        flat = " ".join(text.split())
        # session 13: each army word points its way (← WEST, EAST →)
        for words in ("4-6 ← WEST 1-3 EAST →", "1-3 ANY TOWER 4-6 THRONE ROOM",
                      "1-6 STALL OF THAT NUMBER"):
            assert words in flat, words
        number = text_box(text, boxes, "4-6")
        rule = text_box(text, boxes, "STALL")
        assert number[3] - number[1] >= 4 * MM > 1.5 * (rule[3] - rule[1])
    forms = _forms(built(GAME, "legend", "pod"))
    for page in forms:
        icons = {n.split(".icon-")[1] for n in page if ".icon-" in n}
        assert {"sun-west", "sun-east", "tower", "throne", "market"} <= icons, icons
    # the die spaces are framed in their location's colour (army, castle, market); reader
    # finding 11 (session 15) found the mist tiles read as blurred halos: the frame is crisp
    table, _solo = _legend_faces(built)
    image = table.render(scale=100 / 72).to_pil().convert("RGB")
    die = ink_boxes(table, "ARMY")  # the Army band; its die space is left of it
    y = round((table.get_height() - (die[1] + die[3]) / 2) * 100 / 72)
    row = [image.getpixel((x, y)) for x in range(round(die[0] * 100 / 72))]
    red = [p for p in row if p[0] > p[2] + 60]  # the army's red frame, both sides
    mist = [p for p in row if p[0] > p[2] + 20 and min(p) > 150]  # no pale red halo
    assert len(red) >= 2 and len(mist) <= 4, row  # a frame's antialiased edge, no tile


def test_west_and_east_are_sunset_and_sunrise_everywhere_with_a_key(built):
    """Reader finding 6 (session 12): a shield for West and a horse for East were arbitrary.
    West is the setting sun, East the rising sun, on the Army cards, the score sheet's armies
    and towers, both Legends and the Symbol key, which names them; session 15 (finding 4):
    each sun stands over its letter, W or E (sun-west, sun-east)."""
    from test_roll_and_might_retail import _forms

    texts = _page_texts(built(GAME, "cards", "pod"))
    fronts = _forms(built(GAME, "cards", "pod"))
    for index in range(0, len(texts), 2):
        icons = {n.split(".icon-")[1] for n in fronts[index] if ".icon-" in n}
        side = re.search(r"ARMY\s+(WEST OR EAST|WEST|EAST)", texts[index])
        if side and side.group(1) in ("WEST", "EAST"):
            assert {"WEST": "sun-west", "EAST": "sun-east"}[side.group(1)] in icons, index
        else:
            assert not {"sun-west", "sun-east"} & icons, index
    sheet = {n.split(".icon-")[1] for n in _forms(built(GAME, "score-sheet", "pod"))[0]
             if ".icon-" in n}
    assert {"sun-west", "sun-east"} <= sheet
    aids = " ".join(text_of(built(GAME, "reference", "a4")).split())
    assert "West Sunset side, your left" in aids and "East Sunrise side, your right" in aids


def test_the_roll_sheet_uses_its_page_two_slips_to_a_row(built):
    """Reader finding 5 (session 12): the roll sheet's right half was empty (one column of
    slips, four dice each). dice.yaml sets `sheet: columns: 2`: the setup and the turns go
    two to a row on one page, their dice 15.5 mm or larger (44 pt and up), the right half
    holding as many dice as the left; a re-rolled turn, too wide for a column, takes a row of
    its own."""
    from sheetgen.dice.roll_sheets import roll_sheet_pdfs
    from sheetgen.load.project import Project

    a4 = (595.2756, 841.8898)
    pdf = pdfium.PdfDocument(roll_sheet_pdfs(Project.at(REPO), GAME, 5, [a4])[0])
    assert len(pdf) == 1
    page = pdf[0]
    width = page.get_width()
    dice = [s for s in drawn_shapes(page) if 15.5 * MM <= s[2] - s[0] < 20 * MM
            and abs((s[2] - s[0]) - (s[3] - s[1])) < 1]
    left = [s for s in dice if s[2] < width / 2]
    right = [s for s in dice if s[0] > width / 2]
    assert len(dice) >= 8 * 4 and len(right) >= 12 and len(left) >= 12, (len(left), len(right))
    text = " ".join(page.get_textpage().get_text_range().split())
    for turn in range(1, 9):
        assert f"Turn {turn} (first player: Seat" in text
