"""The How-to-print page (print-guide generator) and the Clarifications aid, any game.

Roll & Raid is the worked example: its page is first in the print pack and its counts are read
from the components, so a deck that grows a card changes the page.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import run_cli
from pdfcheck import ink_boxes


def _text(path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(str(path)).pages)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_how_to_print_is_first_in_the_print_pack(project):
    result = run_cli("--project", str(project.root), "list")
    assert result.exit_code == 0, result.output
    raid = result.output[result.output.index("roll-and-raid"):]
    assert raid.index("how-to-print") < raid.index("clan-sheet"), result.output


def test_the_page_says_files_duplex_paper_copies_steps_and_counts(built):
    text = _flat(_text(built("roll-and-raid", "how-to-print", "a4")))
    # the files in print order, the clan sheet first
    order = [text.index(f"{n}. {title} ({name}-a4.pdf)") for n, (title, name) in
             enumerate([("Clan Sheet", "clan-sheet"), ("Raid cards", "raid-cards"),
                        ("Creature cards", "creature-cards"), ("Player aids", "reference")], 1)]
    assert order == sorted(order)
    assert "flip on long edge" in text and "short-edge" in text
    assert "Chartres shows \"4 players\"" in text  # what goes wrong otherwise
    assert "200-300 g/m² card" in text and "80-100 g/m² paper" in text
    assert "How many for your player count" in text and "36 (print 2×)" in text  # 2 x 18 aids
    assert "Cut each card on its own crop marks, two cuts per gap" in text
    # counts from the components: 48 Raid cards and Paris; 3 Resource and 2 Raid dice (the
    # rulebook's contents); the pad of 100 Clan sheets; 6 Creature cards
    assert "49 cards · Raid cards" in text
    assert "5 dice · Dice: 3 Resource" in text
    assert "100 sheets · Clan sheets" in text and "6 cards · Creature cards" in text
    assert "6 cards · Raid odds cards (1 per player)" in text  # the odds card per player


@pytest.mark.slow
def test_counts_follow_the_components_they_name(copy_game, private_cache_dir):
    root = copy_game("roll-and-raid")
    out = root / "out"
    args = ("--project", str(root), "build", "-q", "roll-and-raid", "how-to-print", "-p", "a4")
    assert run_cli(*args).exit_code == 0
    assert "49 cards · Raid cards" in _flat(_text(out / "roll-and-raid/how-to-print-a4.pdf"))
    deck = root / "data/roll-and-raid/raid-cards.yaml"
    text = deck.read_text()
    paris = "  - {id: paris, target: capital, name: Paris,"
    assert paris in text
    deck.write_text(text.replace(paris, paris.replace("{id: paris,", "{id: paris, count: 3,"), 1))
    # the incremental build sees the deck change (the guide reads every data file)
    assert run_cli(*args).exit_code == 0
    assert "51 cards · Raid cards" in _flat(_text(out / "roll-and-raid/how-to-print-a4.pdf"))
    odds = root / "data/roll-and-raid/odds-card.yaml"
    assert "\n  count: 6\n" in odds.read_text()
    odds.write_text(odds.read_text().replace("\n  count: 6\n", "\n  count: 1\n"))
    assert run_cli(*args).exit_code == 0
    text = _flat(_text(out / "roll-and-raid/how-to-print-a4.pdf"))
    # one card, not "1 cards"; the odds cards are needed one per player (needs:), said once
    assert "1 card per player · Raid odds cards" in text and "(2 players)" not in text


def test_an_unknown_component_is_an_error_at_its_line(copy_game):
    root = copy_game("roll-and-raid")
    guide = root / "data/roll-and-raid/how-to-print.yaml"
    text = guide.read_text().replace("component: odds-card", "component: odds-cards")
    guide.write_text(text)
    result = run_cli("--project", str(root), "validate", "roll-and-raid", "how-to-print")
    assert result.exit_code == 2, result.output
    assert "how-to-print.yaml:" in result.output
    assert "'odds-cards' is not one of this game's components" in result.output


def test_a_copies_row_of_another_width_is_an_error_at_the_table(copy_game):
    root = copy_game("roll-and-might")
    guide = root / "data/roll-and-might/how-to-print.yaml"
    text = guide.read_text()
    # the game computes its table (needs:); a typed one in its place, row 2 a cell too long
    start, end = text.index("    needs:"), text.index("    steps:")
    typed = ('    copies:\n      - [Players, Score sheets, Legends, Turn aids, Dice]\n'
             '      - ["1 (solo)", 1, "1 a game", "Solo Turn", 3, 9]\n'
             '      - [2, 2, 1, 2, 4]\n')
    text = text[:start] + typed + text[end:]
    line = text[:text.index("    copies:")].count("\n") + 1
    guide.write_text(text)
    for command in ("validate", "build"):
        result = run_cli("--project", str(root), command, "roll-and-might", "how-to-print")
        assert result.exit_code == 2, result.output
        assert (f"how-to-print.yaml:{line}: items_from: options: copies: row 2 has 6 cells; "
                "the header row (row 1) has 5") in result.output
        assert "Traceback" not in result.output


def test_clarifications_are_numbered_and_marked_as_this_editions(built):
    pdf = PdfReader(str(built("roll-and-raid", "clarifications", "pod")))
    fronts = [_flat(page.extract_text()) for page in pdf.pages[::2]]
    # the seal before each ruling is keyed in a band on every card (s15 reader: one band on
    # the first card and a lone seal on the others read as two designs)
    assert fronts and all("This edition's rulings" in f for f in fronts)
    numbers = [int(n) for f in fronts for n in re.findall(r"R(\d+) ·", f)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 12


def _header_centres(page, headings: list[str]) -> tuple[list[float], float]:
    """Return the x centre of each of a table's headings, found on one line of the page (the
    first line holding them all), and that line's bottom."""
    chars = page.get_textpage()
    text = chars.get_text_range()
    lines: dict[int, dict[str, float]] = {}
    bottoms: dict[int, float] = {}
    for heading in headings:
        for found in re.finditer(re.escape(heading), text):
            boxes = [chars.get_charbox(i) for i in range(found.start(), found.end())]
            boxes = [b for b in boxes if b[2] > b[0]]
            line = round(max(b[3] for b in boxes))
            lines.setdefault(line, {})[heading] = (boxes[0][0] + boxes[-1][2]) / 2
            bottoms[line] = min(b[1] for b in boxes)
    line = next((y for y, found in sorted(lines.items(), reverse=True)
                 if len(found) == len(headings)), None)
    assert line is not None, f"no line of the page holds the headings {headings}"
    return [lines[line][h] for h in headings], bottoms[line]


def _column(page, index: int, centres: list[float], below: float, above: float) -> list[str]:
    """Return the cells of column ``index`` of a table (a column runs halfway to its
    neighbours' heading ``centres``), row by row, between PDF y ``below`` and ``above``."""
    left = (centres[index - 1] + centres[index]) / 2 if index else \
        centres[0] - (centres[1] - centres[0]) / 2
    right = (centres[index] + centres[index + 1]) / 2 if index + 1 < len(centres) else \
        centres[-1] + (centres[-1] - centres[-2]) / 2
    chars, found = page.get_textpage(), []
    for i in range(chars.count_chars()):
        x0, y0, x1, y1 = chars.get_charbox(i)
        if x1 > x0 and left < (x0 + x1) / 2 < right and below < (y0 + y1) / 2 < above:
            found.append(((y0 + y1) / 2, i))
    rows: list[list[int]] = []
    last = None
    for middle, i in sorted(found, key=lambda pair: (-pair[0], pair[1])):
        if last is None or last - middle > 3:  # a new row: 3 pt or more lower
            rows.append([])
            last = middle
        rows[-1].append(i)
    return [chars.get_text_range(min(r), max(r) - min(r) + 1).strip() for r in rows]


def test_the_copies_table_counts_an_odds_card_per_player(built):
    """The odds cards print one per player (6), but the copies table had no column for them:
    it now has an "Odds cards" column whose count in every row is that row's player count
    (computed from needs: since issue 34, as the Clan sheets' column)."""
    page = pdfium.PdfDocument(str(built("roll-and-raid", "how-to-print", "a4")))[0]
    headings = ["Players", "Clan sheets", "Odds cards", "Dice", "Player aids"]
    centres, header_bottom = _header_centres(page, headings)
    notes_top = ink_boxes(page, "Clan sheets: file")[3]  # the table's key under it
    players = _column(page, 0, centres, notes_top, header_bottom)
    odds = _column(page, headings.index("Odds cards"), centres, notes_top, header_bottom)
    sheets = _column(page, headings.index("Clan sheets"), centres, notes_top, header_bottom)
    assert players == ["1", "2", "3", "4", "5", "6"], players
    assert odds == players and sheets == players, (odds, sheets)



def _guide_options(**changes):
    from sheetgen.generate.print_guide import PrintGuideOptions

    options = {"files": [{"component": "dice"}], "duplex": "d", "duplex_wrong": "w",
               "paper": "p", "steps": ["s"],
               "needs": [{"label": "Dice", "component": "dice", "per_player": 2,
                          "extra": {1: 1}}],
               "checklist": [{"label": "Dice", "component": "dice"}]}
    options.update(changes)
    return PrintGuideOptions.model_validate(options)


def test_copies_per_player_count_are_computed_from_the_pieces_a_copy_prints():
    from sheetgen.generate.print_guide import Count, Counted, print_guide

    counts = Counted({"dice": Count(4, "dice", "Dice")}, (1, 2, 3, 4))
    page = print_guide(_guide_options(), counts)[0]
    # 1 player: 2 + 1 = 3 dice (1 copy of 4); 3 players 6 (2 copies); 4 players 8 (2 copies)
    assert page["copies"] == [["Players", "Dice"], ["1", 3], ["2", 4], ["3", "6 (print 2×)"],
                              ["4", "8 (print 2×)"]]
    assert page["checklist"][0]["counted"] == ("**4** dice (1-2 players), "
                                               "**8** dice (3-4 players)")


def test_a_checklist_line_may_count_the_pieces_made_as_the_copies_table_does():
    # fresh reader (Rolling Thunder): the copies table said 5/7/9/12 dice and the checklist
    # the 8/16 the copies print; made: true counts what each player count makes, as the table
    from sheetgen.base.errors import OptionError
    from sheetgen.generate.print_guide import Count, Counted, print_guide

    counts = Counted({"dice": Count(4, "dice", "Dice")}, (1, 2, 3, 4))
    made = _guide_options(checklist=[{"label": "Dice", "component": "dice", "made": True}])
    assert print_guide(made, counts)[0]["checklist"][0]["counted"] == (
        "**3** dice (1 player), **4** (2 players), **6** (3 players), **8** (4 players)")
    # player counts that make as many share a group; a component with no needs: column
    # has nothing to count by player count
    twice = _guide_options(needs=[{"label": "Dice", "component": "dice", "per_game": 5}],
                           checklist=[{"label": "Dice", "component": "dice", "made": True}])
    assert print_guide(twice, counts)[0]["checklist"][0]["counted"] == "**5** dice (1-4 players)"
    lone = _guide_options(checklist=[{"label": "Pad", "component": "pad", "made": True}])
    with pytest.raises(OptionError, match="made: counts the pieces of a needs: column"):
        print_guide(lone, Counted({"dice": Count(4, "dice", "Dice"),
                                   "pad": Count(50, "sheets", "Pad")}, (1, 2)))


def test_a_guide_gives_copies_typed_or_computed_never_both_or_neither():
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="copies: .* or needs:"):
        _guide_options(copies=[["Players", "Dice"], [1, 1]])
    with pytest.raises(ValidationError, match="copies: .* or needs:"):
        _guide_options(needs=[])


def test_needs_without_the_games_player_counts_is_an_error():
    from sheetgen.generate.print_guide import Count, Counted, print_guide
    from sheetgen.base.errors import OptionError

    with pytest.raises(OptionError, match="players"):
        print_guide(_guide_options(), Counted({"dice": Count(4, "dice", "Dice")}, ()))


def test_a_whole_copy_per_player_is_computed_from_the_player_count():
    # issue 34: the tables kept walking to the one Clarifications deck; copies_per_player: 1
    # prints the whole deck (3 cards a copy) once per player
    from sheetgen.generate.print_guide import Count, Counted, print_guide

    counts = Counted({"clarifications": Count(3, "cards", "Clarifications")}, (2, 3, 4, 5))
    options = _guide_options(
        files=[{"component": "clarifications"}],
        needs=[{"label": "Clarifications", "component": "clarifications",
                "copies_per_player": 1}],
        checklist=[{"label": "Clarifications", "component": "clarifications"}])
    page = print_guide(options, counts)[0]
    assert page["copies"] == [["Players", "Clarifications"], ["2", "6 (print 2×)"],
                              ["3", "9 (print 3×)"], ["4", "12 (print 4×)"],
                              ["5", "15 (print 5×)"]]
    # said once for every count, not a group per player count (a line wrapping onto three
    # pushed the checklist's rows apart)
    assert page["checklist"][0]["counted"] == "**3** cards per player"


@pytest.mark.parametrize("kind,values,default", [
    ("cards", {"front": "f", "items": [{"id": "a", "count": 3}]}, "cards"),
    ("tokens", {"front": "f", "shape": "round", "items": [{"id": "a", "count": 3}]},
     "tokens"),
    ("dice", {"items": [{"id": f"f{n}"} for n in range(6)]}, "dice"),
    ("sheet", {"template": "t", "items": [{"id": "a"}]}, "sheets"),
    ("board", {"sides": [{"id": "a", "template": "t"}]}, "boards"),
])
def test_every_kind_lets_the_guide_call_its_pieces_by_their_name(kind, values, default):
    # issue 34: Reavers' tiles and tokens were "cards"; pieces_called names them, for every
    # kind (a sheet's pad, a board and dice used to ignore it)
    from sheetgen.load.component_models import MODELS

    model = MODELS[kind]
    base = {"id": "x", "title": "X", "kind": kind, **values}
    assert model.model_validate(base).contents()[1] == default
    assert model.model_validate({**base, "pieces_called": "tiles"}).contents()[1] == "tiles"


@pytest.mark.parametrize("game, key", [
    ("roll-and-raid", "Player aids: file 4, 18 per game, 18 more at 4-6 players. "
                      "Clarifications: file 5, a full set per player."),
    ("rolling-thunder", "Dice to make: file 2, 3 per player, 2 more at 1 player, 1 more at 2 "
                        "players."),
    ("roll-and-might", "Aids: file 4, a Turn and a Scoring aid per player, 6 more to share "
                       "(3 solo)."),
    ("ragnarocks", "Aids: file 4, 18 per game.")])
def test_every_copies_column_heading_is_explained_in_players_words(built, game, key):
    """Readers met an "Aids" column they could not place and build jargon on every file line
    (issue 34): the key under the copies table names each column's file and what it counts,
    and no line says "(or -letter.pdf)" or "N =" any more."""
    # pypdf puts a space where a bold run ends before its colon
    text = re.sub(r" ([:,.])", r"\1", _flat(_text(built(game, "how-to-print", "a4"))))
    assert key in text, text
    assert "or -letter.pdf" not in text and "N =" not in text and "pod file" not in text
    # each file opens with what it is, then its file name
    assert re.search(r"\b1\. [A-Z][\w ]+ \([a-z-]+-a4\.pdf\): \d+ ", text), text
