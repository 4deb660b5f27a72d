"""Every random event of each game is scripted: Reavers' decks, stacks, Prophecy deal and
Crew-die supply; Roll & Might's names and face-down card; re-roll lines in order; Roll &
Raid's Creature deck and offering rolls (the Creatures mode) and solo Destination: Paris."""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import run_cli
from sheetgen.dice.api import make_script
from sheetgen.dice.decks import read_deck
from sheetgen.dice.formats import writer
from sheetgen.dice.formats.lines import roll_text
from sheetgen.dice.script import Roll
from sheetgen.load.project import Project
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
        # icon markup reads as words, and markup before its own word is dropped
        assert Counter(items) == Counter(t.fields["reward"].replace(":troll: ", "")
                                         .replace(":", "") for t in mine)
    assert stacks["Forest Hold stack"].count("1 Troll trophy") == 2
    assert not any("troll Troll" in item for items in stacks.values() for item in items)
    # A supply pool of rolled Crew dice per seat and round; no round names a start player.
    for section in script.sections[1:]:
        assert section.first_player == 0 and "start player: by the rules" in section.title
        supply = [e for e in section.events if e.id == "crew-supply"]
        assert [e.seat for e in supply] == list(range(1, players + 1))
        assert all(len(e.rolls) == 6 and e.rolls[0].dice == ["crew-red", "crew-blue",
                                                              "crew-yellow"] for e in supply)
    text = writer("text")(script)
    assert "first player: Seat" not in text and "Round 6 (start player: by the rules)" in text


def test_reavers_decks_list_refill_orders_of_the_whole_deck(project):
    import yaml

    rules = yaml.safe_load((project.game_dir("reavers-of-midgard") / "dice.yaml").read_text())
    wanted = {s["id"]: s.get("refill_orders", 0) for s in rules["setup"]}
    script = make_script(project, "reavers-of-midgard", 5, seed="longship")
    setup = setup_events(script)
    for step in REAVERS_DECKS:
        event = setup[step]
        refills = [g for g in event.groups if g.name.startswith("refill")]
        assert [g.name for g in refills] == [f"refill {k}" for k in
                                             range(1, wanted[step][5] + 1)], step
        # each refill is the whole deck again, in a new order
        assert all(Counter(g.items) == Counter(event.items) for g in refills), step
        assert len({tuple(event.items), *(tuple(g.items) for g in refills)}) == \
            1 + len(refills), step
        assert "stack its discard pile in the order of the next refill list" in event.note
    assert not [g for g in setup_events(make_script(project, "reavers-of-midgard", 2,
                                                    seed="longship"))["reaver-deck"].groups
                if g.name.startswith("refill")]  # 2 players never empty the Reaver deck
    text = writer("text")(script)
    lines = text.splitlines()
    start = lines.index("Reaver deck (top card first):")
    assert [ln.split(":")[0] for ln in lines[start + 1:start + 4]] == \
           ["  order", "  refill 1", "  refill 2"]


def test_refill_orders_need_one_deck(tmp_path):
    root = make_project(tmp_path)
    dice = root / "data/reavers-of-midgard/dice.yaml"
    text = dice.read_text(encoding="utf-8")
    old = "    show: \"{reward}\"\n"
    assert text.count(old) == 1
    dice.write_text(text.replace(old, old + "    refill_orders: 1\n"), encoding="utf-8")
    result = run_cli("--project", str(root), "dice", "reavers-of-midgard", "-n", "3", "-s", "x")
    assert result.exit_code == 2 and "separate stacks have none" in result.output
    line = dice.read_text().splitlines().index("    refill_orders: 1")
    assert f"dice.yaml:{line + 1}:" in result.output


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
    assert roll_text(roll, script) == "2 2 2 6 → re-rolled → 3 3 3 3 → re-rolled → " \
                                      "1 4 5 6 = 16"


def test_quick_setup_flag_and_how_to_ask_for_a_mode(project):
    result = run_cli("--project", str(project.root), "dice", "ragnarocks", "-n", "2", "-s",
                     "q", "--quick-setup")
    assert result.exit_code == 0 and "face up:" in result.output
    assert "Game mode: Quick setup" in result.output
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


@pytest.mark.parametrize("players", [2, 6])
def test_roll_and_raid_creatures_mode_names_every_creature_once(project, players):
    script = make_script(project, "roll-and-raid", players, seed="fenrir", variant="creatures")
    setup = setup_events(script)
    _, creatures = read_deck(project.game_dir("roll-and-raid"), "creature-cards")
    assert len(creatures) == 6
    order = setup["creature-deck"].items
    # every printed Creature card exactly once, named with its kind
    assert sorted(order) == sorted(f"{c.name} ({c.fields['kind']})" for c in creatures)
    assert len(set(order)) == 6
    # one offering roll of one Raid die per offering Creature, named in deck order, for
    # every seat, in setup
    offerings = [x for x in order if x.endswith("(offering)")]
    assert len(offerings) == sum(c.fields["kind"] == "offering" for c in creatures) == 3
    rolls = [e for e in script.sections[0].events if e.id == "offering"]
    assert [e.seat for e in rolls] == list(range(1, players + 1))
    assert all(e.items == offerings and len(e.rolls) == 3 and
               all(r.dice == ["raid"] and len(r.faces) == 1 and 1 <= r.faces[0] <= 6
                   for r in e.rolls) for e in rolls)
    text = writer("text")(script)
    first = rolls[0].rolls[0].faces[0]
    assert f"  1. {offerings[0]}: {first}" in text
    assert "Game mode: Creatures" in text
    assert text.index("Creature deck") < text.index("Offering rolls") < text.index("== Round 1")
    # the rounds are the normal game's: Resource dice and Raid rolls, nothing added
    base = make_script(project, "roll-and-raid", players, seed="fenrir")
    assert [[e.id for e in s.events] for s in script.sections[1:]] == \
           [[e.id for e in s.events] for s in base.sections[1:]]
    assert setup["raid-deck"].items == setup_events(base)["raid-deck"].items


def test_creatures_stay_out_of_the_base_game_and_destination_paris(project):
    for players, variant in ((4, None), (1, None), (3, "paris")):
        script = make_script(project, "roll-and-raid", players, seed="x", variant=variant)
        ids = {e.id for s in script.sections for e in s.events}
        assert not ids & {"creature-deck", "offering"}, (players, variant)
    assert make_script(project, "roll-and-raid", 1, seed="x").variant == "paris"


def test_creatures_solo_is_refused_with_the_solo_mode_named(project):
    result = run_cli("--project", str(project.root), "dice", "roll-and-raid", "-n", "1", "-s",
                     "x", "--variant", "creatures")
    assert result.exit_code == 2
    assert ("roll-and-raid (--variant creatures) takes 2-6 players, not 1; for 1 use "
            "--variant paris") in result.output


def test_a_step_mode_must_be_a_game_mode_of_the_file(tmp_path):
    root = make_project(tmp_path)
    dice = root / "data/roll-and-raid/dice.yaml"
    text = dice.read_text(encoding="utf-8")
    assert text.count("\n    modes: [creatures]\n") == 2
    dice.write_text(text.replace("\n    modes: [creatures]\n", "\n    modes: [creaturs]\n", 1),
                    encoding="utf-8")
    result = run_cli("--project", str(root), "dice", "roll-and-raid", "-n", "4", "-s", "x")
    assert result.exit_code == 2 and "modes: 'creaturs' is not a game mode" in result.output
    line = dice.read_text().splitlines().index("    modes: [creaturs]")
    assert f"dice.yaml:{line + 1}:" in result.output


def test_icon_markup_before_its_own_word_is_said_once():
    from sheetgen.dice.labels import plain_text

    assert plain_text("1 :troll: Troll trophy") == "1 Troll trophy"
    assert plain_text(":viking: Vikings") == "Vikings"
    assert plain_text("2 :food: and 1 :triquetra:") == "2 food and 1 triquetra"
    assert plain_text(":two-hammers: two hammers") == "two hammers"
    assert plain_text(":troll:Troll") == "trollTroll"  # no space: both kept
    assert plain_text(":troll: Trol") == "troll Trol"
    assert plain_text(":kraken: \u212aRAKEN") == "kraken \u212aRAKEN"  # not ASCII: kept


def test_lists_with_commas_in_their_items_use_semicolons(project):
    text = writer("text")(make_script(project, "reavers-of-midgard", 3, seed="longship"))
    (hamlets,) = [ln for ln in text.splitlines() if ln.startswith("  Fjord Hamlet stack: ")]
    assert "rolled; " in hamlets or hamlets.endswith("rolled")
    assert hamlets.count("; ") == 9  # ten tiles
    forest = [ln for ln in text.splitlines() if ln.startswith("  Forest Hold stack: ")][0]
    assert forest.count(", ") == 9 and "; " not in forest


def test_a_reserve_is_listed_after_the_order_it_comes_from(project, tmp_path):
    # Ragnarocks' own data no longer has a reserve under a full order (issue 34, R9: Odin's
    # two command cards are set aside first, a step of their own), so a copy gives its
    # Mythology order one, as the data had it before the ruling
    root = make_project(tmp_path)
    dice = root / "data/ragnarocks/dice.yaml"
    text = dice.read_text(encoding="utf-8")
    old = "    deck: mythology-cards\n  # Team game:"
    assert text.count(old) == 1
    dice.write_text(text.replace(old, "    deck: mythology-cards\n    reserve:\n"
                                 "      - {label: Odin's command cards, take: 4,"
                                 " where: {command: true}}\n  # Team game:"), encoding="utf-8")
    lines = writer("text")(make_script(Project.at(root), "ragnarocks", 2,
                                       seed="ivory")).splitlines()
    order = next(i for i, ln in enumerate(lines) if ln.startswith("  order: "))
    odin = next(i for i, ln in enumerate(lines) if ln.startswith("  Odin's command cards"))
    assert order < odin
    raid = writer("text")(make_script(project, "roll-and-raid", 3, seed="x")).splitlines()
    up = next(i for i, ln in enumerate(raid) if ln.startswith("  face up: "))
    assert raid[up + 1].startswith("  order: 1. ")


def test_per_card_rolls_need_an_earlier_deck(tmp_path):
    root = make_project(tmp_path)
    dice = root / "data/roll-and-raid/dice.yaml"
    text = dice.read_text(encoding="utf-8")
    old = "per_card: {from: creature-deck,"
    assert text.count(old) == 1
    dice.write_text(text.replace(old, "per_card: {from: territory,"), encoding="utf-8")
    result = run_cli("--project", str(root), "dice", "roll-and-raid", "-n", "4", "-s", "x")
    assert result.exit_code == 2 and "from: 'territory' is not an earlier shuffle" in result.output
