"""The How-to-print page (print-guide generator) and the Clarifications aid, any game.

Roll & Raid is the worked example: its page is first in the print pack and its counts are read
from the components, so a deck that grows a card changes the page.
"""

from __future__ import annotations

import re

from pypdf import PdfReader

from conftest import run_cli


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
    order = [text.index(f"{n}. {name}-a4.pdf") for n, name in
             enumerate(["clan-sheet", "raid-cards", "creature-cards", "reference"], 1)]
    assert order == sorted(order)
    assert "flip on long edge" in text and "short-edge" in text
    assert "Chartres shows \"4 players\"" in text  # what goes wrong otherwise
    assert "200-300 g/m² card" in text and "80-100 g/m² paper" in text
    assert "Copies per player count" in text and "1 (solo)" in text
    assert "Cut the card sheets along the crop marks" in text
    # counts from the components: 48 Raid cards and Paris; 3 Resource and 2 Raid dice (the
    # rulebook's contents); the pad of 100 Clan sheets; 6 Creature cards
    assert "49 cards · Raid cards" in text
    assert "5 dice · Dice: 3 Resource" in text
    assert "100 sheets · Clan sheets" in text and "6 cards · Creature cards" in text
    assert "6 cards · Raid odds cards (1 per player)" in text  # the odds card per player


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
    assert "1 card · Raid odds cards" in text  # one card, not "1 cards"


def test_an_unknown_component_is_an_error_at_its_line(copy_game):
    root = copy_game("roll-and-raid")
    guide = root / "data/roll-and-raid/how-to-print.yaml"
    text = guide.read_text().replace("component: odds-card", "component: odds-cards")
    guide.write_text(text)
    result = run_cli("--project", str(root), "validate", "roll-and-raid", "how-to-print")
    assert result.exit_code == 2, result.output
    assert "how-to-print.yaml:" in result.output
    assert "'odds-cards' is not one of this game's components" in result.output


def test_clarifications_are_numbered_and_marked_as_this_editions(built):
    pdf = PdfReader(str(built("roll-and-raid", "clarifications", "pod")))
    fronts = [_flat(page.extract_text()) for page in pdf.pages[::2]]
    assert fronts and all("Edition ruling · not the publisher's" in f for f in fronts)
    numbers = [int(n) for f in fronts for n in re.findall(r"R(\d+) ·", f)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 12
