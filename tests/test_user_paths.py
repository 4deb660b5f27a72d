"""Names and paths a user writes never leave their folder and never end in a traceback.

A variant is a name (a file of the game's variants/ folder or a game mode of its dice.yaml),
never a path; every file path built from user text refuses NUL, absolute paths, '..' and
names no file system takes, at the path:line of the text.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from conftest import run_cli
from sheetgen.base.errors import UserError
from sheetgen.load.project import user_path

pytestmark = pytest.mark.usefixtures("private_cache_dir")

OTHER_GAMES_VARIANT = "../../roll-and-might/variants/short-game"


def refused(result, where: str, *words: str) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert re.search(rf"^error: \S*{re.escape(where)}", result.output, re.M), result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


def variant_commands(root: Path, variant: str) -> dict[str, tuple[str, ...]]:
    secret = "odin"
    commitment = hashlib.sha256(secret.encode()).hexdigest()
    out = str(root / "out")
    return {
        "build": ("build", "roll-and-raid", "raid-cards", "-p", "a4", "-q", "--out", out,
                  "--variant", variant),
        "dice": ("dice", "roll-and-raid", "--seed", "s", "--players", "2", "--variant", variant),
        "dice verify": ("dice", "verify", "roll-and-raid", "--players", "2", "--secret", secret,
                        "--commitment", commitment, "--variant", variant),
        "diff": ("diff", "roll-and-raid", variant),
        "diff a b": ("diff", "roll-and-raid", "harsh-winter", variant),
    }


@pytest.mark.parametrize("command", ["build", "dice", "dice verify", "diff", "diff a b"])
@pytest.mark.parametrize("variant", [OTHER_GAMES_VARIANT, "/etc/passwd", "ABSOLUTE",
                                     "harsh-winter/../harsh-winter", "x" * 5000, ""])
def test_a_variant_is_a_name_of_the_game_never_a_path(copy_game, command, variant):
    root = copy_game("roll-and-raid", "roll-and-might")
    if variant == "ABSOLUTE":  # a readable variant file of another game, by its full path
        variant = str(root / "data/roll-and-might/variants/short-game")
    args = variant_commands(root, variant)[command]
    output = refused(run_cli("--project", str(root), *args),
                     "data/roll-and-raid/variants: unknown variant")
    # both kinds of name are listed: the variant files and the game modes of dice.yaml
    assert "variant files (variants/): harsh-winter;" in output, output
    assert "game modes of dice.yaml: creatures, paris" in output, output
    assert "Short game" not in output
    assert not (root / "out").exists()


def test_a_misspelt_variant_gets_the_close_name(copy_game):
    root = copy_game("roll-and-raid")
    output = refused(run_cli("--project", str(root), "dice", "roll-and-raid", "--seed", "s",
                             "--players", "2", "--variant", "harsh-wintr"),
                     "variants: unknown variant 'harsh-wintr'; did you mean 'harsh-winter'?")
    assert "creatures, paris" in output


@pytest.mark.parametrize("variant", ["harsh-winter", "paris"])
def test_both_kinds_of_variant_name_still_work(copy_game, variant):
    root = copy_game("roll-and-raid")
    result = run_cli("--project", str(root), "dice", "roll-and-raid", "--seed", "s",
                     "--players", "2", "--variant", variant)
    assert result.exit_code == 0, result.output
    # the mode is named in players' words, never as the option that builds it
    assert "Game mode: " in result.output and "--variant" not in result.output


def _edit(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


@pytest.mark.parametrize("parent", ["../../roll-and-might/variants/short-game", "nope"])
def test_a_variant_extends_only_a_variant_of_its_game(copy_game, parent):
    root = copy_game("roll-and-raid", "roll-and-might")
    file = root / "data/roll-and-raid/variants/harsh-winter.yaml"
    text = file.read_text(encoding="utf-8")
    file.write_text(f"extends: {parent}\n" + text, encoding="utf-8")
    refused(run_cli("--project", str(root), "validate", "roll-and-raid"),
            "data/roll-and-raid/variants/harsh-winter.yaml:1: unknown variant",
            "game modes of dice.yaml: creatures, paris")


LONG_EXTENDS = "extends: " + "word " * 5000 + "\n"


@pytest.mark.parametrize("command", [("validate", "ragnarocks"),
                                     ("build", "ragnarocks", "mythology-cards", "-q"),
                                     ("check", "ragnarocks", "mythology-cards")])
@pytest.mark.parametrize("extends", [LONG_EXTENDS, "extends: ../templates/mythology-front\n",
                                     "extends: /etc/passwd\n", 'extends: "a\\0b"\n'])
def test_a_template_extends_a_template_name(copy_game, command, extends):
    root = copy_game("ragnarocks")
    (root / "templates").mkdir()
    (root / "templates/long-front.yaml").write_text(extends, encoding="utf-8")
    _edit(root / "data/ragnarocks/mythology-cards.yaml", "front: mythology-front",
          "front: long-front")
    out = () if command[0] == "validate" else ("--out", str(root / "out"))
    refused(run_cli("--project", str(root), *command, *out),
            "templates/long-front.yaml:1: template name", "is not a file name in templates/")
    assert not (root / "out").exists()


@pytest.mark.parametrize("game", ["../data/ragnarocks", "/etc", "x" * 5000, "a\0b"])
def test_a_game_is_a_name(copy_game, game):
    root = copy_game("ragnarocks")
    result = run_cli("--project", str(root), "build", game, "-q", "--out", str(root / "out"))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "game" in result.output and not (root / "out").exists()


@pytest.mark.parametrize("text, reason", [
    ("a\0b.png", "it holds a NUL character"),
    ("/etc/hostname", "an absolute path"),
    ("../secret.png", "'..' leaves the folder"),
    ("art/../../secret.png", "'..' leaves the folder"),
    ("a/" * 600 + "x.png", "over 1000 characters"),
    ("w" * 256, "a part over 255 bytes"),
    ("é" * 128, "a part over 255 bytes"),  # 256 bytes in UTF-8
    ("", "it is empty"),
])
def test_user_path_refuses_at_the_users_line(tmp_path, text, reason):
    with pytest.raises(UserError) as caught:
        user_path(tmp_path, text, (tmp_path / "deck.yaml", 7), "image")
    (problem,) = caught.value.problems
    assert problem.line == 7 and problem.path.endswith("deck.yaml")
    assert problem.message.startswith("image ") and reason in problem.message


@pytest.mark.parametrize("text", ["art/odin.png", "w" * 250, "./x.csv", "a b/c..d.png"])
def test_user_path_keeps_a_name_below_its_folder(tmp_path, text):
    assert user_path(tmp_path, text, ("x", 1), suffix=".yaml") == tmp_path / f"{text}.yaml"
