"""Variants: ``fields:`` reaches the values of a sheet's or a template's fields, ``settings:``
mappings merge key by key as item fields do, and ``sheetgen diff`` lists the dice changes."""

import json
import shutil

from pypdf import PdfReader

from conftest import REPO, run_cli

TEMPLATE = """width: 148mm
height: 105mm
fields:
  rounds: 8
  scoring: {win: 3, draw: 1}
elements:
  - {id: rounds, type: text, x: 10mm, y: 10mm, w: 120mm, h: 10mm, size: 12,
     text: "Rounds: {{ rounds }}"}
  - {id: scoring, type: text, x: 10mm, y: 30mm, w: 120mm, h: 10mm, size: 12,
     text: "Win {{ scoring.win }} draw {{ scoring.draw }}"}
"""


def _game(root):
    game = root / "data" / "tally"
    (game / "variants").mkdir(parents=True)
    (root / "templates").mkdir()
    (root / "templates" / "tally-sheet.yaml").write_text(TEMPLATE)
    (game / "game.yaml").write_text("id: tally\nname: Tally\ncomponents: [sheet]\n")
    (game / "sheet.yaml").write_text("id: sheet\ntitle: Tally sheet\nkind: sheet\n"
                                     "template: tally-sheet\nglue_edge: none\n")
    return game


def _text(pdf) -> str:
    return PdfReader(pdf).pages[0].extract_text()


def test_a_fields_change_reaches_a_sheets_template_values(tmp_path):
    game = _game(tmp_path)
    (game / "variants" / "short.yaml").write_text(
        "title: Short\nchanges:\n  sheet:\n    fields: {rounds: 6, scoring: {win: 4}}\n")
    out = tmp_path / "out"
    for extra in ([], ["--variant", "short"]):
        result = run_cli("--project", str(tmp_path), "build", "-q", "tally", "-p", "a4",
                         "--out", str(out), *extra)
        assert result.exit_code == 0, result.output
    base = _text(out / "tally" / "sheet-a4.pdf")
    assert "Rounds: 8" in base and "Win 3 draw 1" in base
    short = _text(out / "tally" / "variants" / "short" / "sheet-a4.pdf")
    assert "Rounds: 6" in short and "Rounds: 8" not in short
    assert "Win 4 draw 1" in short  # a mapping merges: draw keeps the template's 1
    assert "VARIANT short" in short


def test_a_fields_change_to_a_field_nothing_uses_is_reported_at_its_line(tmp_path):
    game = _game(tmp_path)
    (game / "variants" / "typo.yaml").write_text(
        "title: Typo\nchanges:\n  sheet:\n    fields:\n      rounds: 6\n      rouns: 5\n")
    result = run_cli("--project", str(tmp_path), "validate", "tally")
    assert result.exit_code == 2
    assert ("variants/typo.yaml:6: fields: unknown field of sheet 'rouns'; did you mean "
            "'rounds'?") in result.output


def test_settings_mappings_merge_key_by_key(tmp_path):
    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    (tmp_path / "data" / "roll-and-raid" / "variants" / "special.yaml").write_text(
        "title: Special\nchanges:\n  raid-cards:\n    settings: {defaults: {special: true}}\n")
    result = run_cli("--project", str(tmp_path), "diff", "roll-and-raid", "special",
                     "--format", "json")
    assert result.exit_code == 0, result.output
    (settings,) = json.loads(result.output)["settings"]
    # the other default (creature: false) stays: only the named key changes
    assert settings["fields"] == {"defaults.special": [False, True]}


def test_diff_lists_a_variants_dice_changes():
    text = run_cli("diff", "roll-and-might", "short-game").output
    assert any(line.split() == ["~", "dice", "(rules)", "rounds", "8", "->", "6"]
               for line in text.splitlines()), text
    paris = json.loads(run_cli("diff", "roll-and-raid", "paris", "--format", "json").output)
    steps = {c["item"]: c["fields"] for c in paris["dice"]}
    assert steps["raid-deck"]["bottom"] == [[], ["paris"]]
    assert steps["(rules)"] == {"players.min": [2, 1]}
    creatures = json.loads(run_cli("diff", "roll-and-raid", "creatures", "--format",
                                   "json").output)
    assert {c["item"]: c["fields"]["step"] for c in creatures["dice"]} == {
        "creature-deck": ["(none)", "shuffle"], "offering": ["(none)", "roll"]}
    harsh = json.loads(run_cli("diff", "roll-and-raid", "harsh-winter", "--format",
                               "json").output)
    assert harsh["dice"] == [] and harsh["changed"]  # cards only: no dice change listed


def test_diff_shows_a_variants_fields_as_written_with_the_templates_old_value(tmp_path):
    # issue 35 gap 11: it showed "(settings) defaults {} -> (none)" and the old value "(none)"
    game = _game(tmp_path)
    (game / "variants" / "short.yaml").write_text(
        "title: Short\nchanges:\n  sheet:\n    fields: {rounds: 6, scoring: {win: 4}}\n")
    result = run_cli("--project", str(tmp_path), "diff", "tally", "short")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()[2:]]
    assert rows == [["~", "sheet", "(fields)", "fields.rounds", "8", "->", "6"],
                    ["~", "sheet", "(fields)", "fields.scoring", '{"win":', "3,", '"draw":',
                     "1}", "->", '{"win":', "4,", '"draw":', "1}"]], result.output
    shown = json.loads(run_cli("--project", str(tmp_path), "diff", "tally", "short",
                               "--format", "json").output)
    (settings,) = shown["settings"]
    assert settings["fields"] == {"fields.rounds": [8, 6],
                                  "fields.scoring": [{"win": 3, "draw": 1},
                                                     {"win": 4, "draw": 1}]}
