"""``sheetgen dice`` and ``sheetgen odds`` through Click: outputs, commit and verify, and bad
input that must give a clear message and exit code 2 (never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.dice.seeds import SEED_WORDS, commitment
from test_dice_project import REPO, make_project


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("dice-cli"))


def run(root, *args):
    return CliRunner().invoke(main, ["--project", str(root), *args], catch_exceptions=False)


def test_script_text_and_json(root):
    text = run(root, "dice", "roll-and-raid", "--seed", "odin", "--players", "3")
    assert text.exit_code == 0, text.output
    assert "Round 16 (festival)" in text.output and "seed (revealed): odin" in text.output
    data = json.loads(run(root, "dice", "roll-and-raid", "-s", "odin", "-n", "3", "-f",
                          "json").output)
    assert data["digest"] in text.output and data["commitment"] == commitment("odin")


def test_every_format_to_a_file(root, tmp_path):
    digests = set()
    for fmt in ("text", "json", "csv", "html", "pdf"):
        out = tmp_path / f"script.{fmt}"
        result = run(root, "dice", "roll-and-might", "--seed", "42", "--players", "4",
                     "--format", fmt, "--out", str(out))
        assert result.exit_code == 0, result.output
        digests.add(result.output.split("digest ")[1][:16])
        assert out.stat().st_size > 500
    assert len(digests) == 1
    assert (tmp_path / "script.pdf").read_bytes().startswith(b"%PDF")


def test_no_seed_picks_three_norse_words(root):
    result = CliRunner().invoke(main, ["--project", str(root), "dice", "rolling-thunder",
                                       "--players", "2"])
    assert result.exit_code == 0
    seed = result.output.split("seed: ")[1].split()[0]
    words = seed.split("-")
    assert len(words) == 3 and set(words) <= set(SEED_WORDS)
    assert f"seed (revealed): {seed}" in result.output


def test_a_mistake_in_the_command_prints_no_seed(root):
    result = CliRunner().invoke(main, ["--project", str(root), "dice", "no-such-game"])
    assert result.exit_code == 2
    assert "unknown game 'no-such-game'" in result.output
    assert "seed:" not in result.output  # no seed for a script that was never written


def test_commit_then_verify(root):
    committed = run(root, "dice", "commit").output
    secret = committed.split("secret (keep private until the game ends): ")[1].split()[0]
    published = committed.split("commitment (publish now): ")[1].split()[0]
    assert len(secret) >= 20 and published == commitment(secret)
    script = json.loads(run(root, "dice", "reavers-of-midgard", "--secret", secret, "--words",
                            "odin thor", "--players", "4", "-f", "json").output)
    assert script["commitment"] == published and script["seed"] == f"{secret}|odin thor"
    ok = run(root, "dice", "verify", "reavers-of-midgard", "--commitment", published,
             "--secret", secret, "--words", "odin  thor", "--players", "4",
             "--digest", script["digest"][:16])
    assert ok.exit_code == 0 and "ok: the regenerated script has the printed digest" in ok.output
    wrong_secret = run(root, "dice", "verify", "reavers-of-midgard", "--commitment", published,
                       "--secret", secret + "x", "--words", "odin thor", "--players", "4")
    assert wrong_secret.exit_code == 2 and "does not match the commitment" in wrong_secret.output
    wrong_words = run(root, "dice", "verify", "reavers-of-midgard", "--commitment", published,
                      "--secret", secret, "--words", "loki", "--players", "4",
                      "--digest", script["digest"])
    assert wrong_words.exit_code == 2 and "digest differs" in wrong_words.output


def test_seed_with_words_commits_to_the_seed(root):
    a = json.loads(run(root, "dice", "ragnarocks", "-s", "secret", "--words", "a b", "-n", "2",
                       "-f", "json").output)
    assert a["seed"] == "secret|a b" and a["commitment"] == commitment("secret")


@pytest.mark.parametrize("args,message", [
    (("dice", "no-such-game", "--seed", "1", "--players", "2"), "unknown game 'no-such-game'"),
    (("dice", "roll-and-raid", "--seed", "1", "--players", "7"), "takes 2-6 players, not 7"),
    (("dice", "ragnarocks", "--seed", "1", "--players", "1"), "takes 2-6 players, not 1"),
    (("dice", "roll-and-raid", "--seed", "1"), "say how many with --players"),
    (("dice", "roll-and-raid", "--seed", "  ", "--players", "2"), "seed is empty"),
    (("dice", "verify", "roll-and-raid", "--commitment", "abc", "--secret", "s", "-n", "2"),
     "expected 64 hexadecimal digits"),
    (("odds", "2d6", ">=", "nine"), "compare with a whole number"),
    (("odds", "2d6+#"), "is not a dice term"),
    # Unicode digits are not ASCII digits: an Arabic-Indic three is not read as 3.
    (("odds", "\u0663d6 >= 2"), "is not a dice term"),
    (("odds", "2d6 >= \u0663"), "compare with a whole number"),
    (("odds", "2q6+1"), "unknown die 'q6'"),
    (("odds", "2d6", "has", "3-of-a-kind", "+", "1"), "not a dice term"),
    (("odds", "2d6+1d8", "has", "a", "pair"), "one kind of die"),
    (("odds", "3", "combat", ">=", "4"), "unknown die 'combat'"),
    (("odds", "--game", "nowhere", "2d6"), "unknown game"),
])
def test_bad_input_is_a_clear_error_with_exit_2(root, args, message):
    result = CliRunner().invoke(main, ["--project", str(root), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "error: " in result.output
    assert isinstance(result.exception, SystemExit)  # a clean exit, no traceback


def test_click_level_errors_exit_2(root):
    for args in (["dice", "roll-and-raid", "--players", "two"],
                 ["dice", "roll-and-raid", "-n", "2", "--format", "docx"]):
        assert CliRunner().invoke(main, ["--project", str(root), *args]).exit_code == 2


def test_broken_dice_yaml_points_at_the_lines(root, tmp_path):
    import shutil

    shutil.copytree(root / "data" / "roll-and-might", tmp_path / "data" / "roll-and-might")
    path = tmp_path / "data" / "roll-and-might" / "dice.yaml"
    original = path.read_text(encoding="utf-8")

    def errors(text):
        path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(main, ["--project", str(tmp_path), "dice", "roll-and-might",
                                           "-s", "1", "-n", "3"])
        assert result.exit_code == 2
        return {int(ln.split(":")[2]): ln for ln in result.output.splitlines()
                if "dice.yaml:" in ln}

    def line_of(text, needle):
        return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)

    # Shapes first (pydantic): both typos reported in one run, each at its own line.
    typo = original.replace("    rotate: true", "    rotate: true\n    colour: red")
    typo = typo.replace("reroll_while: {of_a_kind: 3}\n    when: \">= 2\"",
                        "reroll_while: {of_a_kind: three}\n    when: \">= 2\"")
    found = errors(typo)
    assert "Extra inputs are not permitted" in found[line_of(typo, "colour: red")]
    assert "of_a_kind" in found[line_of(typo, "of_a_kind: three")]
    # Then references: an unknown die and a count missing for some player counts.
    refs = original.replace("dice: [d6, d6, d6, d6]", "dice: [d6, d7, d6, d6]")
    refs = refs.replace("per_player: 3", "per_player: {2-5: 3}")
    found = errors(refs)
    assert "unknown die 'd7'" in found[line_of(refs, "d7")]
    assert "no count for 1 players" in found[line_of(refs, "per_player")]


def test_odds_values(root):
    assert "7/12" in run(root, "odds", "2d6+2", ">=", "9").output
    assert "7/72" in run(root, "odds", "4d6 has 3-of-a-kind").output
    table = run(root, "odds", "2d6").output
    assert "16.67%" in table and "36 equally likely outcomes" in table
    named = run(root, "odds", "--game", "reavers-of-midgard", "3 combat >= 5").output
    assert "1/2 " in named


def test_text_formats_never_import_reportlab(root):
    code = ("import sys; from click.testing import CliRunner; from sheetgen.cli import main\n"
            f"for f in ('text','json','csv','html'):\n"
            f"    r = CliRunner().invoke(main, ['--project', {str(root)!r}, 'dice', "
            f"'roll-and-raid', '-s', '1', '-n', '6', '-f', f]); assert r.exit_code == 0\n"
            "assert not [m for m in sys.modules if m.startswith('reportlab')], 'reportlab'\n"
            "import sheetgen.dice.cli\nprint('clean')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=60)
    assert done.stdout.strip() == "clean", done.stderr
