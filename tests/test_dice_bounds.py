"""Bounded work and clean refusals at the dice commands' edges: `odds` refuses, before any
counting, an expression beyond a limit of sheetgen/base/limits.py (one line naming the limit,
exit 2), still answers large accepted ones exactly; arguments that are not UTF-8 and numbers
too long for Python's int() are one-line errors, never tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from math import comb, factorial, perm
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.dice.odds import chance, of_a_kind, parse
from sheetgen.base.limits import ODDS_MAX_DICE, ODDS_MAX_DIGITS, ODDS_MAX_VALUES

REPO = Path(__file__).resolve().parent.parent
HUGE = "1" * 5000  # past Python's 4,300-digit int() limit


def sheetgen(*args: str) -> tuple[int, str]:
    """Run ``sheetgen ARGS`` in this process; return the exit code and what it printed.

    An argument that was not UTF-8 on the command line reaches Python as lone surrogates
    (``b"\\xff"`` -> ``"\\udcff"``), so a str holding them is what the command receives.
    """
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception  # a clean exit, never an exception escaping the command
    return result.exit_code, result.output


def refused(done: tuple[int, str]) -> str:
    """Return the one error line of a refusal (exit 2, no traceback)."""
    code, output = done
    assert code == 2, output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    return lines[0]


@pytest.mark.parametrize("expression, values", [("200d1000 >= 5", "199,801"),
                                                ("20d1000 >= 5", "19,981")])
def test_odds_refuses_a_sum_with_too_many_values(expression, values):
    line = refused(sheetgen("odds", expression))
    assert f"takes up to {values} values" in line
    assert f"at most {ODDS_MAX_VALUES:,} (ODDS_MAX_VALUES)" in line


def test_odds_refuses_a_sum_whose_exact_table_is_too_big():
    # 2,001 values, but counts of 209 digits each (11^200 outcomes)
    line = refused(sheetgen("odds", "200d11 >= 1000"))
    assert "2,001 values of up to 209-digit counts (418,209 digits)" in line
    assert f"at most {ODDS_MAX_DIGITS:,} digits (ODDS_MAX_DIGITS)" in line


def test_odds_bounds_the_dice_of_all_terms_together():
    line = refused(sheetgen("odds", "+".join(["200d6"] * 10) + " >= 5"))
    assert f"2000 dice; sheetgen odds counts at most {ODDS_MAX_DICE} dice" in line
    assert "(ODDS_MAX_DICE)" in line


def test_odds_bounds_the_terms_of_a_sum():
    line = refused(sheetgen("odds", "+".join(["1"] * 1001) + " >= 3"))
    assert "1,001 terms; sheetgen odds takes at most 1,000 (ODDS_MAX_TERMS)" in line
    assert refused(sheetgen("odds", "+".join(["d1"] * 5000)))  # d1 is no die, still a term


@pytest.mark.parametrize("expression", [f"{HUGE} >= 3", f"2d6 >= {HUGE}", f"{HUGE}d6",
                                        f"2d{HUGE}", f"d{{1,{HUGE}}}", f"4d6 has {HUGE}-of-a-kind",
                                        f"4d6 has {HUGE} 6"])
def test_odds_numbers_past_the_int_limit_are_one_line_errors(expression):
    assert "a number has at most 15 digits (this one has 5000)" in refused(
        sheetgen("odds", expression))


def test_odds_refuses_a_die_of_too_many_listed_faces():
    assert "a die has at most 1000 faces" in refused(
        sheetgen("odds", "d{" + ",".join(["1"] * 1001) + "}"))


@pytest.mark.parametrize("option", ["--seed", "--secret", "--words"])
def test_arguments_that_are_not_utf8_are_one_line_errors(option):
    args = ["dice", "roll-and-raid", "-n", "2", option, "ab\udcffc"]
    if option == "--words":
        args += ["--seed", "odin"]
    if option == "--secret":
        args += ["--words", "thor"]
    line = refused(sheetgen(*args))
    assert line == f"error: {option[2:]}: not UTF-8 text (byte 0xff at character 3); " \
                   "give it as UTF-8"


def test_verify_with_a_secret_that_is_not_utf8():
    line = refused(sheetgen("dice", "verify", "roll-and-raid", "-n", "2", "--secret",
                            "\udced\udca0", "--commitment", "0" * 64))
    assert "not UTF-8 text (byte 0xed at character 1)" in line


def test_real_bytes_on_the_command_line():
    # the one test through a process: what the shell hands over is bytes, not text
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "sheetgen", "dice", "roll-and-raid", "-n", "2",
                           "--seed", b"\xff\xfe"], capture_output=True, cwd=REPO, env=env,
                          timeout=60)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == b"error: seed: not UTF-8 text (byte 0xff at character 1); " \
                          b"give it as UTF-8\n"


def exact_sum_at_least(n: int, sides: int, target: int) -> Fraction:
    """P(n d sides >= target) by inclusion-exclusion: the rolls summing to t or less number
    Σ_k (-1)^k C(n, k) C(t - sides k, n)."""
    t = target - 1
    below = sum((-1) ** k * comb(n, k) * comb(t - sides * k, n)
                for k in range(n + 1) if t - sides * k >= n)
    return 1 - Fraction(below, sides ** n)


@pytest.mark.parametrize("n, sides, target", [(10, 1000, 5000), (200, 6, 700), (3, 1000, 2800)])
def test_large_accepted_sums_are_exact(n, sides, target):
    q = parse(f"{n}d{sides} >= {target}")
    assert chance(q.dist, q.op, q.target) == exact_sum_at_least(n, sides, target)
    assert sum(q.dist.values()) == sides ** n and len(q.dist) == n * (sides - 1) + 1


def test_large_of_a_kind_is_exact():
    # 200d1000: no value twice is 1000 * 999 * ... * 801 of 1000^200 rolls
    assert of_a_kind(200, list(range(1, 1001)), 2) == 1 - Fraction(perm(1000, 200), 1000 ** 200)
    # 30d6 all showing one face at least 30 times: 6 of 6^30
    assert of_a_kind(30, list(range(1, 7)), 30) == Fraction(6, 6 ** 30)
    # 20 coins, 11 or more of a kind: always (pigeonhole), 10-10 split is the only miss
    assert of_a_kind(20, [0, 1], 11) == 1 - Fraction(factorial(20) // factorial(10) ** 2, 2 ** 20)
