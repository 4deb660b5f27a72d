"""Game modes in dice.yaml: Roll & Raid's Destination: Paris puts Paris under the Raid deck."""

from __future__ import annotations

import pytest

from conftest import REPO, run_cli
from sheetgen.dice.api import make_script, verify_script
from sheetgen.dice.formats import writer
from sheetgen.base.errors import UserError
from sheetgen.load.project import Project


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


def raid_deck(script):
    (event,) = [e for s in script.sections for e in s.events if e.id == "raid-deck"]
    face_up = next(g for g in event.groups if g.name == "face up").items
    return event.items, face_up


@pytest.mark.parametrize("players", range(2, 7))
def test_paris_lies_under_the_deck(players):
    project = Project.at(REPO)
    normal = make_script(project, "roll-and-raid", players, seed="paris")
    paris = make_script(project, "roll-and-raid", players, seed="paris", variant="paris")
    order, face_up = raid_deck(paris)
    assert order[-1] == "Paris"
    assert order[:-1] == raid_deck(normal)[0]  # the same shuffle, Paris added underneath
    assert len(face_up) == {6: 5}.get(players, players)
    assert "Destination: Paris" in paris.game_name
    assert paris.digest != normal.digest


def test_solo_is_the_rulebooks_destination_paris():
    # The rulebook's only solitaire game is Destination: Paris: --players 1 plays it, and
    # its first lines say so; the script is the one --variant paris gives.
    project = Project.at(REPO)
    solo = make_script(project, "roll-and-raid", 1, seed="paris")
    asked = make_script(project, "roll-and-raid", 1, seed="paris", variant="paris")
    assert solo.digest == asked.digest and solo.variant == "paris"
    order, face_up = raid_deck(solo)
    assert order[-1] == "Paris" and len(face_up) == 2 and len(order) == 10
    head = writer("text")(solo).splitlines()
    assert head[0].startswith("Roll & Raid (Destination: Paris): roll sheet for 1 player")
    # the mode line speaks of one player alone (issue 34: not of cooperative play)
    assert head[1].startswith("Game mode: Destination: Paris") and "alone" in head[1]
    assert "cooperative" not in head[1]


def test_verify_needs_the_same_variant():
    project = Project.at(REPO)
    script = make_script(project, "roll-and-raid", 2, secret="s3cret", variant="paris")
    commitment = script.commitment
    assert verify_script(project, "roll-and-raid", 2, commitment, "s3cret",
                         digest=script.digest, variant="paris").digest == script.digest
    with pytest.raises(UserError):
        verify_script(project, "roll-and-raid", 2, commitment, "s3cret", digest=script.digest)


def test_unknown_variant_and_bad_variant_are_located_errors(copy_game):
    result = run_cli("dice", "roll-and-raid", "-n", "2", "-s", "x", "--variant", "rome")
    assert result.exit_code == 2 and "unknown variant 'rome'" in result.output
    assert "paris" in result.output
    root = copy_game("roll-and-raid")
    dice = root / "data/roll-and-raid/dice.yaml"
    text = dice.read_text()
    dice.write_text(text.replace("      raid-deck:\n        bottom",
                                 "      raid-dek:\n        bottom"))
    line = text[: text.index("  paris:\n    title")].count("\n") + 1
    result = run_cli("--project", str(root), "dice", "roll-and-raid", "-n", "2", "-s", "x")
    assert result.exit_code == 2
    assert f"dice.yaml:{line}" in result.output and "unknown step(s) ['raid-dek']" in result.output
