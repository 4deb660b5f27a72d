"""Roll & Might at retail look (issue 24): every decision printed where a player needs it.

Each test names a decision of the issue; the rulings (R1-R10) are the Clarifications cards'
numbers, cited on the score sheet, the aids, the Legend page and the dice script.
"""

from __future__ import annotations


from pypdf import PdfReader

from pdfcheck import template_elements, text_of
from sheetgen.generate.games import load_game
from sheetgen.base.units import to_points

MM = 72 / 25.4
PENCIL = 5 * MM  # the smallest space a pencil mark goes in


def test_the_game_text_rule_is_on_and_how_to_print_comes_first(project):
    game = load_game(project, "roll-and-might")
    assert game.spec.print_checks.min_game_text.on
    assert game.spec.print_checks.enforced
    ids = [c.model.id for c in game.components]
    assert ids[0] == "how-to-print" and "clarifications" in ids


def test_every_ruling_is_numbered_on_the_clarifications_aid(built):
    rulings = " ".join(text_of(built("roll-and-might", "clarifications", "a4")).split())
    # reader finding 3 (session 12: "a legalistic voice"): each ruling a player's question
    topics = ["How often do we pass?", "A tie?", "Only two of you?", "Who gets cards first?",
              "A card with no side or part?", "How many Legends?", "How big can an army get?",
              "Solo: the cards you used?", "The first player marker?",
              "What are the Spare cards for?", "One die face, two Legend dice?",
              "How much bigger for 3 points?"]
    for number, topic in enumerate(topics, 1):
        assert rulings.count(f"R{number} · {topic} ") == 1, topic  # once (reader finding 2)
    assert "The last card is never passed" in rulings
    # each card says whose rulings they are, under its title (reader finding 2: one copy)
    assert rulings.count("This edition's rulings, for the questions the rulebook leaves open") \
        == 3


def test_step_4_and_the_dealing_order_are_on_the_turn_aid(built):
    aids = text_of(built("roll-and-might", "reference", "a4"), [0, 1]).replace("( ", "(")
    aids = aids.replace(" ,", ",").replace(" )", ")")
    # issue 34 (the Turn card's steps in plain words, no codes): step 5 on the front, marked
    # with the Clarifications' seal; R1 in full once, on the Clarifications (reader finding 2:
    # the aids' backs no longer repeat it). The dealing order (R4) is the Clarifications'.
    # (session 13: step 5 says the ruling in its words, "No 2nd pass", to fit the qps edition)
    assert "Discard the other. No 2nd pass." in aids and "R1 ·" not in aids
    assert "R1 · How often do we pass?" in text_of(built("roll-and-might", "clarifications",
                                                         "a4"))
    assert "1 Deal 3 cards to each player." in aids
    # issue 34: the Scoring aid prints R3's and R2's words, so it cites no code
    assert "2 players: your opponent is both." in " ".join(aids.split())
    assert "Tie more filled spots wins. Still equal: you share the win." \
        in " ".join(aids.split())


def test_the_script_says_each_seat_takes_its_listed_cards(project):
    from conftest import run_cli

    result = run_cli("--project", str(project.root), "dice", "roll-and-might", "--players", "2",
                     "--seed", "odin")
    assert result.exit_code == 0, result.output
    assert "Dealt seat 1 first, then clockwise, whoever is first player (ruling R4)" \
        in result.output


def test_scoring_area_has_the_tie_breaker_two_players_and_a_solo_record_apart(project, built):
    sheet = text_of(built("roll-and-might", "score-sheet", "a4"), [0])
    assert "Tie: more filled spots wins" in sheet
    # the army comparison in full on the sheet, two players in words (R3)
    assert "Two players: your opponent is both neighbours." in " ".join(sheet.split())
    assert "Solo: your record to beat (not scored)" in sheet
    elements = template_elements(project, "roll-and-might-score-sheet")
    total = elements["score-total"]
    # reader finding 2 (session 14: "the Tie box unclear"): the tie and the record boxes stand
    # under the total, as wide as it, in that order
    for name in ("tie-box", "solo-box"):
        box = elements[name]
        assert to_points(box["x"]) == to_points(total["x"]), name
        assert to_points(box["w"]) == to_points(total["w"]), name
    assert to_points(total["y"]) < to_points(elements["tie-box"]["y"]) \
        < to_points(elements["solo-box"]["y"])


def test_army_grids_are_four_by_four_and_score_in_one_aligned_column(project):
    """Reader finding 1 (session 14): a 3 x 5 grid and a lone "16 max" box, and Strength /
    their East / Points boxes of three widths. Each army is a 4 x 4 grid, its running count
    (4, 8, 12, 16) beside each row, over one column of three equal boxes."""
    elements = template_elements(project, "roll-and-might-score-sheet")
    for side in ("west", "east"):
        rows = [raw for name, raw in elements.items() if name and name.startswith(f"{side}-army")
                and raw["type"] == "check_boxes"]
        assert [raw["count"] for raw in rows] == [4, 4, 4, 4]  # 16 spots (R7)
        assert len({to_points(raw["x"]) for raw in rows}) == 1
        assert all(to_points(raw["size"]) >= PENCIL for raw in rows)
        assert [elements[f"{side}-count-{n}"]["text"] for n in (1, 2, 3, 4)] == \
            ["4", "8", "12", "16"]
        # reader finding 3: no tower-bonus boxes away from the towers
        assert f"{side}-tower-bonus" not in elements
        column = [elements[box] for box in (f"{side}-strength", f"{side}-versus", f"score-{side}")]
        for key in ("x", "w", "label_width"):
            assert len({to_points(raw[key]) for raw in column}) == 1, (side, key)
        assert to_points(column[0]["x"]) == to_points(elements[f"{side}-army"]["x"])
    boxes = [raw for raw in elements.values() if raw.get("type") == "check_boxes"]
    assert boxes and all(to_points(raw["size"]) >= PENCIL for raw in boxes)


def test_one_legend_page_and_the_print_pack_counts(project, built):
    game = load_game(project, "roll-and-might")
    legend = next(c.model for c in game.components if c.model.id == "legend")
    # one A4 page of two A5 Legends (reader finding 4: A6 read small): the table's, the solo
    assert sum(item.count for item in legend.items) == 2
    assert len(PdfReader(str(built("roll-and-might", "legend", "a4"))).pages) == 1
    guide = text_of(built("roll-and-might", "how-to-print", "a4"))
    assert "two A5 Legends: the Legend for the table" in guide and "the Solo Legend" in guide
    assert "two-sided: flip on long edge" in guide


def test_cards_name_army_and_castle_as_the_rulebook(built):
    deck = text_of(built("roll-and-might", "cards", "a4"))
    assert "either side" not in deck and "any part" not in deck
    assert "WEST OR EAST" in deck and "TOWER OR THRONE ROOM" in deck  # you choose (R5)


def test_the_deck_pages_are_full_and_spares_stay_out_of_the_script(project, built):
    from sheetgen.dice.decks import read_deck

    _, cards = read_deck(project.game_dir("roll-and-might"), "cards")
    assert len(cards) == 18 == 2 * 9  # two full pages of nine
    deck = text_of(built("roll-and-might", "cards", "a4"))
    assert deck.count("SPARE") == 3 and deck.count("For a lost card") == 3
    from conftest import run_cli

    result = run_cli("--project", str(project.root), "dice", "roll-and-might", "--players", "5",
                     "--seed", "spare")
    assert result.exit_code == 0 and "Spare" not in result.output


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


def test_card_fronts_and_sheet_headers_carry_the_games_silhouettes(built):
    """Issue 34 (Look, one style): game-icons.net silhouettes in the game's palette, no Fluent
    colour art: the location's symbol in every front's corner index, the card's own picture
    and scene, and the symbols in the sheet's header and the Legend's title."""
    fronts = _forms(built("roll-and-might", "cards", "pod"))[::2]
    icons = [{n.split(".icon-")[1] for n in page if ".icon-" in n} for page in fronts]
    assert len(icons) == 18
    # the Wild Die's picture is a drawn "?" die, not the five-pip d6 (reader finding 5)
    assert set().union(*icons) >= {"swords", "castle", "tower", "throne", "market"}
    assert "d6" not in set().union(*icons)
    assert "crown" not in set().union(*icons)  # the First Player's picture, not the Throne's
    sheet = _forms(built("roll-and-might", "score-sheet", "a4"))[0]
    legend = _forms(built("roll-and-might", "legend", "a4"))[0]
    assert {n.split(".icon-")[1] for n in sheet if ".icon-" in n} >= {"swords", "castle", "market"}
    assert {n.split(".icon-")[1] for n in legend if ".icon-" in n} >= {"castle", "d6"}
    for page in [*fronts, sheet, legend]:
        assert not [n for n in page if "fluent" in n], page


def test_the_rulings_print_once_on_four_a6_cards_at_one_size(project, built):
    """Reader finding 2 (look 6.8): three copies of the three cards filled a card sheet by
    repetition. The twelve rulings print once, four to an A6 card, and the fourth card is the
    table's own ruled lines: one A4 page, every card's rulings at one size, 11 pt or more (the
    poker cards printed them at 9.5; the 16 pt title apart)."""
    pdf = PdfReader(str(built("roll-and-might", "clarifications", "a4")))
    assert len(pdf.pages) == 1
    pod = PdfReader(str(built("roll-and-might", "clarifications", "pod")))
    assert len(pod.pages) == 4  # one-sided: four cards, no backs (reader finding 5)
    rulings = []
    for page in pod.pages[:3]:
        sizes = set()

        def visit(text, cm, tm, font, size, sizes=sizes):
            if text.strip() and ":" not in text and 9.5 < size * abs(tm[0] * cm[0]) < 14:
                sizes.add(round(size * abs(tm[0] * cm[0]), 2))

        page.extract_text(visitor_text=visit)
        rulings.append(sizes)
    every = set().union(*rulings)
    assert min(every) >= 11 and max(every) - min(every) <= 0.5, rulings
