"""Every random event of each game is scripted: Reavers' decks, stacks, Prophecy deal and
Crew-die supply; Roll & Might's names and face-down card; re-roll lines in order."""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import run_cli
from sheetgen.dice.api import make_script
from sheetgen.dice.decks import read_deck
from sheetgen.dice.formats import writer
from sheetgen.dice.formats.lines import roll_text
from sheetgen.dice.script import Roll
from sheetgen.project import Project
from test_dice_project import make_project

REAVERS_DECKS = {"reaver-deck": "reaver-cards", "village-deck": "village-spoils",
                 "keep-deck": "keep-spoils", "journey-deck": "journey-cards",
                 "sea-battle-deck": "sea-battle-cards", "prophecy-deck": "prophecy-cards"}


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return Project.at(make_project(tmp_path_factory.mktemp("coverage")))


def setup_events(script):
    return {e.id: e for e in script.sections[0].events}


@pytest.mark.parametrize("players", [2, 5])
def test_reavers_scripts_every_deck_stack_deal_and_supply(project, players):
    script = make_script(project, "reavers-of-midgard", players, seed="longship")
    setup = setup_events(script)
    game = project.game_dir("reavers-of-midgard")
    for step, deck in REAVERS_DECKS.items():
        _, cards = read_deck(game, deck)
        assert Counter(setup[step].items) == Counter(c.name for c in cards), step
    # The Prophecy deal takes the top of the Prophecy deck, one card per seat.
    deal = setup["prophecy-deal"]
    assert [g.items for g in deal.groups] == [[c] for c in setup["prophecy-deck"].items[:players]]
    assert f"continues with card {players + 1}" in deal.note
    # Territory tiles: one stack per type, each holding exactly its tiles.
    _, tiles = read_deck(game, "territory-tiles")
    stacks = {g.name: g.items for g in setup["territory-stacks"].groups}
    assert list(stacks) == ["Fjord Hamlet stack", "Forest Hold stack", "Sacred Grove stack",
                            "Highland Jarldom stack"]
    for name, items in stacks.items():
        mine = [t for t in tiles if f"{t.name} stack" == name]
        assert Counter(items) == Counter(t.fields["reward"].replace(":", "") for t in mine)
    # A supply pool of rolled Crew dice per seat and round; no round names a start player.
    for section in script.sections[1:]:
        assert section.first_player == 0 and "start player: by the rules" in section.title
        supply = [e for e in section.events if e.id == "crew-supply"]
        assert [e.seat for e in supply] == list(range(1, players + 1))
        assert all(len(e.rolls) == 6 and e.rolls[0].dice == ["crew-red", "crew-blue",
                                                              "crew-yellow"] for e in supply)
    text = writer("text")(script)
    assert "first player: Seat" not in text and "Round 6 (start player: by the rules)" in text


def test_reavers_decks_differ_between_seeds(project):
    orders = {tuple(setup_events(make_script(project, "reavers-of-midgard", 3, seed=s))
                    ["reaver-deck"].items) for s in range(4)}
    assert len(orders) == 4


def test_roll_and_might_solo_names_the_face_down_card(project):
    script = make_script(project, "roll-and-might", 1, seed="alone")
    deck = setup_events(script)["deck"].items
    for section in script.sections[1:]:
        (deal,) = [e for e in section.events if e.id == "hands"]
        assert [g.name for g in deal.groups] == ["seat 1", "seat 1 face down"]
        assert [len(g.items) for g in deal.groups] == [2, 1]
    first = script.sections[1].events[0].groups
    assert first[0].items == deck[:2] and first[1].items == [deck[2]]
    assert "seat 1 face down: " + deck[2] in writer("text")(script)
    many = make_script(project, "roll-and-might", 3, seed="alone")
    assert all(not g.name.endswith("face down") for s in many.sections[1:]
               for e in s.events for g in e.groups)


def test_reroll_lines_read_in_the_order_they_happen(project):
    script = make_script(project, "roll-and-might", 2, seed="x")
    roll = Roll(1, ["d6"] * 4, [1, 4, 5, 6], [[2, 2, 2, 6], [3, 3, 3, 3]], 16)
    assert roll_text(roll, script) == "2 2 2 6 -> re-rolled -> 3 3 3 3 -> re-rolled -> " \
                                      "1 4 5 6 = 16"


def test_quick_setup_flag_and_how_to_ask_for_a_mode(project):
    result = run_cli("--project", str(project.root), "dice", "ragnarocks", "-n", "2", "-s",
                     "q", "--quick-setup")
    assert result.exit_code == 0 and "face up:" in result.output
    assert "game mode: Quick setup" in result.output
    result = run_cli("--project", str(project.root), "dice", "roll-and-might", "-n", "2", "-s",
                     "q", "--quick-setup")
    assert result.exit_code == 2 and "unknown variant 'quick-setup'" in result.output


def test_a_reserve_that_can_never_fire_is_an_error(tmp_path):
    root = make_project(tmp_path)
    dice = root / "data/ragnarocks/dice.yaml"
    text = dice.read_text(encoding="utf-8")
    dice.write_text(text.replace("    where: {command: true}\n\nvariants:",
                                 "    where: {command: true}\n    reserve:\n"
                                 "      - {label: Odin, take: 2, if_revealed: odin}\n\n"
                                 "variants:"), encoding="utf-8")
    result = run_cli("--project", str(root), "dice", "ragnarocks", "-n", "4", "-s", "x")
    assert result.exit_code == 2 and "if_revealed: 'odin' is not a card" in result.output
    line = dice.read_text().splitlines().index("      - {label: Odin, take: 2, if_revealed: odin}")
    assert f"dice.yaml:{line + 1}:" in result.output
