"""Commands that messages suggest keep the user's --project and the subcommand they ran."""

from __future__ import annotations

import pytest

from conftest import run_cli
from sheetgen.api import validate
from sheetgen.base.errors import UserError
from sheetgen.load.project import Project


@pytest.mark.parametrize("subcommand", ["build", "validate", "check"])
def test_the_profile_hint_keeps_project_and_subcommand(copy_game, subcommand):
    root = copy_game("roll-and-raid")
    result = run_cli("--project", str(root), subcommand, "roll-and-raid", "printable-dice",
                     "raid-cards", "-p", "pod")
    assert result.exit_code == 2
    assert (f"(for the components that take it: sheetgen --project {root} {subcommand} "
            "roll-and-raid raid-cards -p pod)") in result.output


def test_pointers_to_other_commands_keep_the_project(tmp_path):
    game = tmp_path / "data" / "iconic"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: iconic\nname: Iconic\ncomponents: [deck]\n")
    (game / "deck.yaml").write_text("id: deck\ntitle: Deck\nkind: cards\nfront: mark\n"
                                    "items: [{name: One}]\n")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "mark.yaml").write_text(
        "width: 63.5mm\nheight: 88.9mm\nelements:\n"
        "  - {type: icon, icon: dragn, x: 10mm, y: 10mm, w: 20mm, h: 20mm}\n")
    result = run_cli("--project", str(tmp_path), "validate", "iconic")
    assert result.exit_code == 2
    assert "unknown icon 'dragn'; did you mean 'dragon'" in result.output
    assert f"`sheetgen --project {tmp_path} reference` draws every icon" in result.output
    plain = run_cli("validate", "iconic", cwd=tmp_path)
    assert "`sheetgen reference` draws every icon" in plain.output  # no --project given


def test_the_python_api_suggests_plain_commands_after_a_cli_run(copy_game):
    root = copy_game("roll-and-raid")
    run_cli("--project", str(root), "validate", "roll-and-raid", "printable-dice", "-p", "pod")
    with pytest.raises(UserError) as caught:
        validate(Project.at(root), ["roll-and-raid"], profiles=["pod"],
                 component_ids=["printable-dice", "raid-cards"])
    assert "sheetgen build roll-and-raid raid-cards -p pod" in str(caught.value.problems)
