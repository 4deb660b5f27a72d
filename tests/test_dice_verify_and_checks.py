"""``dice verify`` says what it checked; --balanced, ``show:`` patterns and validate's dice
check refuse what would silently go wrong."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from sheetgen.dice.seeds import commitment

SECRET = "a-revealed-secret-of-some-length"


pytestmark = pytest.mark.usefixtures("private_cache_dir")


@pytest.fixture
def root(copy_game):
    return copy_game("roll-and-raid", "ragnarocks")


def run(root, *args):
    return run_cli("--project", str(root), *args)


def script_digest(root, players: str) -> str:
    made = run(root, "dice", "roll-and-raid", "--secret", SECRET, "-n", players, "-f", "json")
    assert made.exit_code == 0, made.output
    return json.loads(made.output)["digest"]


def verify(root, *extra):
    return run(root, "dice", "verify", "roll-and-raid", "--commitment", commitment(SECRET),
               "--secret", SECRET, *extra)


def test_without_a_digest_verify_says_the_script_was_not_checked(root):
    result = verify(root, "-n", "5")  # the script was made for 3 players: nothing can tell
    assert result.exit_code == 0
    assert "ok: the secret matches the commitment" in result.output
    assert "NOT CHECKED: the script itself" in result.output
    assert "ok: the regenerated script" not in result.output


def test_strict_fails_without_a_digest(root):
    result = verify(root, "-n", "3", "--strict")
    assert result.exit_code == 2
    assert "--strict: the script was not checked (no --digest given)" in result.output


def test_strict_with_the_right_digest_passes_and_a_wrong_player_count_fails(root):
    digest = script_digest(root, "3")
    ok = verify(root, "-n", "3", "--strict", "--digest", digest)
    assert ok.exit_code == 0 and "ok: the regenerated script has the printed digest" in ok.output
    wrong = verify(root, "-n", "5", "--strict", "--digest", digest)
    assert wrong.exit_code == 2 and "digest differs" in wrong.output


@pytest.mark.parametrize("digits, accepted", [(8, False), (15, False), (16, True), (64, True)])
def test_a_digest_prefix_needs_16_hex_digits(root, digits, accepted):
    digest = script_digest(root, "3")
    result = verify(root, "-n", "3", "--digest", digest[:digits])
    assert (result.exit_code == 0) is accepted, result.output
    if not accepted:
        assert "give at least the first 16 hex digits" in result.output


def test_a_digest_that_is_not_hex_is_refused(root):
    result = verify(root, "-n", "3", "--digest", "z" * 20)
    assert result.exit_code == 2 and "at least the first 16 hex digits" in result.output


def test_balanced_is_refused_where_no_roll_is_balanced(root):
    result = run(root, "dice", "ragnarocks", "--seed", "x", "-n", "2", "--balanced")
    assert result.exit_code == 2
    assert "--balanced: ragnarocks's dice.yaml marks no roll 'balanced: true'" in result.output
    assert run(root, "dice", "roll-and-raid", "--seed", "x", "-n", "3",
               "--balanced").exit_code == 0


def test_a_show_pattern_naming_no_field_is_an_error_at_its_line(root):
    path = root / "data" / "roll-and-raid" / "dice.yaml"
    text = path.read_text(encoding="utf-8")
    old = 'show: ["{name} ({level})", "{name}"]'
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, 'show: ["{name} ({levle})", "{name}"]'), encoding="utf-8")
    for args in (("dice", "roll-and-raid", "--seed", "x", "-n", "3"),):
        result = run(root, *args)
        assert result.exit_code == 2, result.output
        assert f"data/roll-and-raid/dice.yaml:{line}: show '{{name}} ({{levle}})': no card of " \
               "raid-cards has a field 'levle'" in result.output, result.output


def test_an_empty_dice_file_is_blamed_at_its_first_line(root):
    (root / "data" / "ragnarocks" / "dice.yaml").write_text("", encoding="utf-8")
    result = run(root, "validate", "ragnarocks", "tokens")
    assert result.exit_code == 2
    assert "data/ragnarocks/dice.yaml:1: file: Input should be a valid dictionary" \
        in result.output, result.output
