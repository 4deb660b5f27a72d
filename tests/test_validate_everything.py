"""`sheetgen validate` checks every file a build or a dice script reads: dice.yaml, variants."""

import shutil

from conftest import REPO, run_cli


def test_validate_reports_dice_yaml_and_variant_mistakes_in_one_run(tmp_path):
    game = tmp_path / "data" / "roll-and-might"
    shutil.copytree(REPO / "data" / "roll-and-might", game)
    assert run_cli("--project", str(tmp_path), "validate", "roll-and-might").exit_code == 0
    dice = game / "dice.yaml"
    dice.write_text(dice.read_text().replace("rounds: 8", "rounds: eight"))
    (game / "variants" / "typo.yaml").write_text(
        "title: Typo\nchanges:\n  cards:\n    army-wst-1: {die: 2}\n")
    result = run_cli("--project", str(tmp_path), "validate", "roll-and-might")
    assert result.exit_code == 2
    assert "dice.yaml:" in result.output and "rounds" in result.output
    assert "variants/typo.yaml:4: unknown item of cards 'army-wst-1'; did you mean " \
           "'army-west-1'" in result.output
    assert "Traceback" not in result.output
