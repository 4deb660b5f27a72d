"""Re-roll rules on faces: which dice are watched, which are thrown again, and the checks
that refuse a rule that names no real die or face, or could never end."""

from __future__ import annotations

import json
import shlex

import pytest

from conftest import run_cli
from sheetgen.cli import main
from sheetgen.dice.api import make_script
from sheetgen.load.project import Project

RUNES = """\
players: {min: 1, max: 2}
rounds: 30
dice:
  rune: {name: Rune die, faces: [blank, blank, fehu, uruz]}
  d6: {name: d6, faces: [1, 2, 3, 4, 5, 6]}
each_round:
  - kind: roll
    id: runes
    label: Rune dice and a d6
    dice: [rune, rune, d6]
    reroll_while: RULE
"""


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


def game(tmp_path, rule: str) -> Project:
    folder = tmp_path / "data" / "runes"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Runes\n", encoding="utf-8")
    (folder / "dice.yaml").write_text(RUNES.replace("RULE", rule), encoding="utf-8")
    return Project.at(tmp_path)


def rolls(project):
    script = make_script(project, "runes", 1, seed="runes")
    return [r for s in script.sections for e in s.events for r in e.rolls]


def test_both_rune_dice_blank_rerolls_only_the_rune_dice(tmp_path):
    project = game(tmp_path, "{faces: [blank, blank], dice: [1, 2], reroll: watched}")
    seen = 0
    for roll in rolls(project):
        assert roll.faces[:2] != ["blank", "blank"]
        for attempt in roll.rerolled:
            assert attempt[:2] == ["blank", "blank"]
            assert attempt[2] == roll.faces[2]  # the d6 is not thrown again
        seen += bool(roll.rerolled)
    assert seen  # P(both blank) = 1/4: thirty rounds re-roll some


def test_any_face_rerolls_every_die_by_default(tmp_path):
    project = game(tmp_path, "{any: fehu, dice: [1, 2]}")
    changed = 0
    for roll in rolls(project):
        assert "fehu" not in roll.faces[:2]
        for attempt in roll.rerolled:
            assert "fehu" in attempt[:2]
        changed += any(a[2] != roll.faces[2] for a in roll.rerolled)
    assert changed  # 'reroll: all' throws the d6 again too


@pytest.mark.parametrize("rule, message", [
    ("{faces: [blank], dice: [1, 2]}", "one face per watched die (2), not 1"),
    ("{any: thurisaz}", "face 'thurisaz' is on none of the watched dice"),
    ("{any: 1, dice: [4]}", "position 4 is not one of 1-3"),
    ("{of_a_kind: 2, any: blank}", "exactly one of of_a_kind, faces or any"),
    ("{of_a_kind: 2, dice: [1, 2, 3]}", None),
])
def test_bad_rules_are_located_errors(tmp_path, rule, message):
    project = game(tmp_path, rule)
    result = run_cli("--project", str(project.root), "dice", "runes", "-n", "1", "-s", "x")
    if message is None:
        assert result.exit_code == 0  # two of a kind among three dice can be avoided
        return
    assert result.exit_code == 2 and message in result.output
    assert "dice.yaml:" in result.output


def test_a_rule_that_never_ends_is_refused(tmp_path):
    folder = tmp_path / "data" / "runes"
    project = game(tmp_path, "{any: blank, dice: [1]}")
    text = (folder / "dice.yaml").read_text()
    text = text.replace("[blank, blank, fehu, uruz]", "[blank, blank]")
    (folder / "dice.yaml").write_text(text)
    result = run_cli("--project", str(project.root), "dice", "runes", "-n", "1", "-s", "x")
    assert result.exit_code == 2 and "the re-roll never ends" in result.output


def help_examples(*command: str) -> list[list[str]]:
    text = run_cli(*command, "--help").output.replace("\\\n", " ")
    return [shlex.split(line)[1:] for line in text.splitlines()
            if line.strip().startswith("sheetgen ") and "GAME" not in line]


def test_every_help_example_runs(tmp_path, monkeypatch):
    from click.testing import CliRunner

    examples = help_examples("dice") + help_examples("odds")
    assert len(examples) >= 10
    for args in examples:
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, (args, result.output)


def test_a_kept_die_is_counted_once_in_the_summary(tmp_path):
    # 'reroll: watched' throws only the rune dice again: the d6 lies on the table through
    # every attempt and was rolled once per roll, however often the runes were re-rolled.
    project = game(tmp_path, "{faces: [blank, blank], dice: [1, 2], reroll: watched}")
    script = make_script(project, "runes", 1, seed="runes")
    every = [r for s in script.sections for e in s.events for r in e.rolls]
    attempts = sum(len(r.rerolled) for r in every)
    assert attempts  # some roll was re-rolled, so the two counts differ
    summary = script.summary()
    assert summary["d6"]["rolls"] == len(every) == 30
    assert summary["rune"]["rolls"] == 2 * (len(every) + attempts)
    # the d6's faces are the final faces, once each
    assert summary["d6"]["faces"] == {str(f): sum(r.faces[2] == f for r in every)
                                      for f in range(1, 7)}
    # the JSON output's summary is the same, and its rerolled attempts stay whole
    data = json.loads(run_cli("--project", str(project.root), "dice", "runes", "-n", "1",
                              "-s", "runes", "-f", "json").output)
    assert data["summary"]["d6"]["rolls"] == 30
    rerolled = [a for s in data["sections"] for e in s["events"] for r in e["rolls"]
                for a in r["rerolled"]]
    assert rerolled and all(len(a) == 3 for a in rerolled)


def test_reroll_all_counts_every_attempt_of_every_die(tmp_path):
    project = game(tmp_path, "{any: fehu, dice: [1, 2]}")
    script = make_script(project, "runes", 1, seed="runes")
    every = [r for s in script.sections for e in s.events for r in e.rolls]
    attempts = sum(len(r.rerolled) for r in every)
    assert attempts
    assert script.summary()["d6"]["rolls"] == len(every) + attempts
