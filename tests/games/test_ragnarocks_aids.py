"""Ragnarocks player aids: the rulebook's open points are decided on paper, once per player."""

from __future__ import annotations

from pypdf import PdfReader

from pdfcheck import page_texts


def aid_text(built) -> str:
    return " ".join(" ".join(page.split()) for page in
                    page_texts(built("ragnarocks", "reference", "a4")))


def test_setup_lists_the_pieces_and_the_random_colour(built):
    text = aid_text(built)
    assert "40 Runestones, 3 Ivory and 3 Red Vikings, 6 Settled markers; 32 Mythology cards" in text
    assert "Ivory at random" in text


def test_turn_and_scoring_close_the_rulebook_gaps_for_both_players(built):
    text = aid_text(built)
    # a move is at least one hex (else "skip your turn" could never apply to Move); the
    # rulebook names no tie rule. Design pass (session 13, "rulings printed 3 times"): each
    # aid states the rule as played; the ruling (its reason) is on the Clarifications only
    assert text.count("1 or more hexes") == 2
    assert text.count("Most points wins; equal points share the win.") == 2


# ---- issue 25: every ruling the printout adds is marked as this edition's, where it is needed

def test_each_added_rule_is_printed_as_this_editions_ruling(built):
    text = aid_text(built)
    # design pass (session 13, the reader: "rulings are printed 3 times"): every ruling
    # prints once, on the Clarifications, marked as this edition's; the aids say the rule
    # as played (the table's setup aid: Ivory first, no tree stand; each team aid: the
    # shared Vikings) and carry no ruling tab
    assert text.count("Ivory goes first.") == 1
    assert text.count("No tree stand: the Runestones in a pile within reach, the board "
                      "flat.") == 1
    assert text.count("A team shares its colour's 3 Vikings.") == 2
    for ruling in ("No tree stand insert.", "Tie.", "Move.", "Team game.", "Before Ivory chooses",
                   "Empty supply", "Side B, Mímir's Well."):
        assert ruling not in text, ruling
    rulings = " ".join(" ".join(p.extract_text().split())
                       for p in PdfReader(built("ragnarocks", "clarifications", "a4")).pages)
    for ruling in ("R1 · First turn.", "R5 · No tree stand insert.", "R8 · Team game.",
                   "R6 · Side B, Mímir's Well."):
        assert rulings.count(ruling) == 1, ruling
    board = " ".join(" ".join(p.split()) for p in page_texts(built("ragnarocks", "board", "pod")))
    # session 14 (the reader: "edition notes on the components", "a seal mid-sentence"): the
    # board marks its rulings by the seal and the ruling's code at the end of their paragraph,
    # no editor's prose; side B, this edition's design, by R6
    assert "Ivory goes first. R1" in board and "a tie is shared. R2" in board
    assert "(R2)" not in board and "not in the rulebook" not in board
    assert "edge hexes (Selkolla, Njord). R6" in board  # side B's origin


def test_setup_without_the_tree_stand_insert(built):
    text = aid_text(built)
    assert text.count("For the table · no tree stand insert") == 1
    assert "the Runestones in a pile within reach, the board flat" in text


def test_one_team_aid_per_team_and_one_setup_aid(built):
    text = aid_text(built)
    assert text.count("Team Game") == 2      # two teams
    assert text.count("Setup & Pieces") == 1  # read once, by the table, at setup


def test_team_aid_shares_vikings_and_shows_the_2v2_order(built):
    text = aid_text(built)
    assert text.count("A team shares its colour's 3 Vikings") == 2  # the rule as played
    # the first eight turns of each split, a column each (issue 34: an aid well filled)
    table = ("2 vs. 2 2 vs. 3 3 vs. 3 1 Ivory 1 Ivory 1 Ivory 1 2 Red 1 Red 1 Red 1 3 Ivory 2 "
             "Ivory 2 Ivory 2 4 Red 2 Red 2 Red 2 5 Ivory 1 Ivory 1 Ivory 3 6 Red 1 Red 3 Red 3 "
             "7 Ivory 2 Ivory 2 Ivory 1 8 Red 2 Red 1 Red 1")
    assert text.count(table) == 2
    # whose power is active: the player's own, until their teammate's next turn starts
    assert text.count("on Red 1's turn in 2 vs. 2, Red 1's and Ivory 2's powers are active") == 2


def test_the_game_text_rule_is_on(project):
    # issue 25: every Ragnarocks output passes min_game_text (the check runs at every build,
    # enforced, so the golden build proves the outputs pass)
    from sheetgen.generate.games import load_game
    game = load_game(project, "ragnarocks")
    assert game.spec.print_checks.min_game_text.on
    assert game.spec.print_checks.enforced


def test_how_to_print_comes_first_and_clarifications_list_every_ruling(built, project):
    from sheetgen.generate.games import load_game
    game = load_game(project, "ragnarocks")
    assert game.spec.components[0] == "how-to-print"
    guide = " ".join(page_texts(built("ragnarocks", "how-to-print", "a4"), [0])[0].split())
    for words in ("board-a4.pdf", "tokens-a4.pdf", "clarifications-a4.pdf", "flip on long edge",
                  "52 tokens", "32 cards", "18 cards", "fold on line 1"):
        assert words in guide, words
    text = " ".join(" ".join(p.split()) for p in page_texts(built("ragnarocks", "clarifications",
                                                                   "a4")))
    for number, topic in enumerate(("First turn", "Tie", "Empty supply", "Move",
                                    "No tree stand insert", "Side B, Mímir's Well",
                                    "Hildisvini", "Team game", "Odin's command cards",
                                    "Gullinbursti", "The game always ends", "Tyr"), start=1):
        assert f"R{number} · {topic}." in text, topic
    assert "Ivory goes first" in text and "Equal points share the win" in text
    assert "Teammates share their colour's 3 Vikings" in text


def _drawn(reader, page_index: int, kind: str = "icon") -> dict[str, int]:
    """Return how many times each icon (or colour-art) form is drawn by the face on a page."""
    import re
    from collections import Counter

    face = next(iter(reader.pages[page_index]["/Resources"]["/XObject"].values())).get_object()
    calls = re.findall(rb"/FormXob\." + kind.encode() + rb"-([^\s]+) Do", face.get_data())
    return Counter(name.decode() for name in calls)


def test_each_aid_title_is_flanked_by_its_picture_and_standees_show_the_viking(built):
    # issue 25 look pass, issue 34's one style: a game-icons picture either side of each aid's
    # title, no colour emoji; the Viking symbol on both halves of every standee
    reader = PdfReader(built("ragnarocks", "reference", "pod"))
    pictures = []
    for index in range(0, len(reader.pages), 2):  # fronts; backs between them
        assert not _drawn(reader, index, "art")
        drawn = _drawn(reader, index)
        flanking = [name for name, count in drawn.items() if count >= 2]
        assert flanking, drawn  # one picture, twice
        pictures.append(flanking[0])
    # every aid has its own picture (issue 34: one aid per idea, the Mythology draft with a
    # played card, the powers with the crystal ball)
    assert len(set(pictures)) == 11, pictures   # session 12: and the Board's compass
    standees = PdfReader(built("ragnarocks", "standees", "a4"))
    forms = standees.pages[0]["/Resources"]["/XObject"]
    for face in forms.values():
        data = face.get_object().get_data()
        assert data.count(b"FormXob.icon-viking Do") == 2  # the front half and the back half
        assert b"FormXob.art-" not in data
